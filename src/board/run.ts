// One board, computed the same way on every tabletop and in the scenario runner: the tabletop's
// table bound to the game (bind.ts), then the active system's view of it.
import { pixelToHex } from '../geometry/hex';
import type { Table } from '../table/model';
import { TableBinder } from './bind';
import { Departures } from './departures';
import { orientationOf } from './draw';
import type { BoardInput, BoardView, BoundTable, PiecePlace } from './model';
import type { AnyBoard } from './system';

export interface BoardRun {
  readonly bound: BoundTable;
  readonly view: BoardView;
  /** Tokens seen leaving the table since the runner started, with the piece each stood for then (./departures.ts). */
  readonly departed: ReadonlyMap<string, string | null>;
}

/**
 * Keeps what a board needs between two moves: the binder's cache, the checked facts (a move does
 * not re-check the facts, an input change does) and the tokens seen leaving.
 */
export class BoardRunner {
  private readonly binder = new TableBinder();
  private readonly departures = new Departures();
  private checked: { input: BoardInput; board: AnyBoard; facts: unknown } | null = null;
  private last: BoundTable | null = null;
  private ticks: { readonly system: string; readonly ticks: readonly string[] } | null = null;

  /** The pieces the popup has ticked for a choice of `system` not sent yet (SystemBoard.view): read while that system is the game's. */
  setTicks(system: string, ticks: readonly string[]): void {
    this.ticks = { system, ticks };
  }

  run(board: AnyBoard, table: Table, input: BoardInput): BoardRun {
    if (!this.checked || this.checked.input !== input || this.checked.board !== board) {
      // Facts that do not pass their system's check (a damaged store): the view runs on the system's defaults.
      this.checked = { input, board, facts: board.parseFacts(input.facts) ?? board.defaultFacts };
    }
    const bound = this.binder.bind(table, input.binding, input.pieces);
    this.departures.update(bound, this.last);
    this.last = bound;
    const ticks = this.ticks?.system === input.system ? this.ticks.ticks : [];
    return { bound, view: board.view(bound, this.checked.facts, ticks), departed: this.departures.departed };
  }
}

/** Where each linked piece stands: its tokens and, on a hex map, their hexes. */
export function placesOf(bound: BoundTable): Map<string, PiecePlace> {
  const hex = bound.scene.grid === 'hex-pointy' || bound.scene.grid === 'hex-flat';
  const out = new Map<string, { tokens: string[]; hexes: PiecePlace['hexes'][number][] }>();
  for (const t of [...bound.tokens, ...bound.lost]) {
    if (!t.piece) continue;
    const place = out.get(t.piece.id) ?? out.set(t.piece.id, { tokens: [], hexes: [] }).get(t.piece.id)!;
    place.tokens.push(t.id);
    if (hex)
      place.hexes.push(
        pixelToHex(
          t.center,
          bound.scene.pixelsPerCell,
          orientationOf(bound.scene),
          bound.scene.hexOrigin,
          bound.scene.hexPitch,
        ),
      );
  }
  return out;
}
