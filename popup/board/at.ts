// The one record the board section's parts read, built once in BoardSection: each part takes it as one
// prop where every one of them took the same seven.
import type { Binding, Piece } from '../../src/board/model';
import type { BoardSummary } from '../../src/board/summary';
import type { SystemId } from '../../src/rules/ids';
import type { StoredGame } from '../../src/store/root';
import type { Send, useTr } from '../context';

export type Tr = ReturnType<typeof useTr>;

/** The live board and the game on screen, as the board section's parts see them. */
export interface BoardAt {
  /** What the tab's board shows now. */
  readonly summary: BoardSummary;
  /** The game's pieces a token can stand for (none when its log does not replay). */
  readonly pieces: readonly Piece[];
  /** Which token stands for which piece, and which board side for which game side. */
  readonly binding: Binding;
  readonly system: SystemId;
  readonly game: StoredGame<SystemId>;
  readonly send: Send;
  /** A game side by the name a player knows it by; '' for none. */
  readonly sideName: (side: string | null) => string;
  readonly tr: Tr;
}
