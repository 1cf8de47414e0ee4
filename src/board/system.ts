// What a rule system gives the board: its view of a bound table, and the checks on the facts it
// reads back from storage. Each system's `src/rules/<id>/board.ts` exports one; tabletops run them
// through src/rules/boards.ts without ever loading the system's rules.
import type { BoardView, BoundTable } from './model';

export interface SystemBoard<F> {
  readonly id: string;
  /** The facts before any game exists (the system's default way of measuring, no roster). */
  readonly defaultFacts: F;
  /** Facts read back from storage: checked, since a store can be damaged; null when unusable. */
  parseFacts(raw: unknown): F | null;
  /**
   * The system's view of a bound table. Never throws: an unusable scale is reported as `error`.
   * `ticks`: the pieces the player has ticked in the popup for a choice not sent yet (Désastre
   * Colonial's units for a command), so that the board follows the choice as it is made.
   */
  view(table: BoundTable, facts: F, ticks?: readonly string[]): BoardView;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- registries hold boards of different fact types
export type AnyBoard = SystemBoard<any>;
