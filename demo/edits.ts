// The player's own changes to the demo board (the board's events, the panels' buttons): each one step of
// the page's history (./history.ts), a whole drag one step from where the figure was picked up. The
// table (./table.ts) shows and saves what they make.
import {
  moveToken,
  removeToken,
  setDead,
  setScene,
  snap,
  stepFrom,
  turnToken,
  type DemoBoard,
  type Step,
} from '../src/adapters/demo/model';
import type { BoardShow } from '../src/board/visibility';
import type { Scene } from '../src/table/model';
import { History } from './history';

/** How many changes the page's own history keeps. */
const HISTORY = 100;

/** What the edits need of the table. */
export interface EditedTable {
  board(): DemoBoard | null;
  selected(): string | null;
  /** Shows a board: drawn, the panels told, saved soon. */
  commit(board: DemoBoard, selected: string | null): void;
  /** Draws a board while a figure is held: the panels untold, nothing saved (`save`: saved after all). */
  preview(board: DemoBoard, save?: boolean): void;
}

export class Edits {
  private readonly history = new History<DemoBoard>(HISTORY);
  /** The board as a drag found it: one history step for the whole drag. */
  private dragFrom: DemoBoard | null = null;
  /** A figure is held: the panels wait for the drop, and saves and other tabs' boards for it too. */
  dragging = false;

  constructor(private readonly table: EditedTable) {}

  /** A change made by the player on this page: shown at once, saved soon, and one step of its history. */
  change(board: DemoBoard, selected = this.table.selected(), from = this.table.board()): void {
    if (board === this.table.board() && selected === this.table.selected()) return;
    if (from && board !== from) this.history.remember(from);
    this.table.commit(board, selected);
  }

  /** Another scene, or another tab's board: this page's history no longer leads back to its boards. */
  forget(): void {
    this.history.clear();
  }

  /** Takes back the last change made on this page (a move, a figure added, removed, killed, a setting); false if none. */
  undo(): boolean {
    const board = this.table.board();
    const before = board && !this.dragging ? this.history.undo(board) : undefined;
    if (before) this.restore(before);
    return before !== undefined;
  }

  /** Plays again the change the last undo took back; false if none. */
  redo(): boolean {
    const board = this.table.board();
    const after = board && !this.dragging ? this.history.redo(board) : undefined;
    if (after) this.restore(after);
    return after !== undefined;
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  private restore(board: DemoBoard): void {
    const selected = this.table.selected();
    this.table.commit(board, board.tokens.some((t) => t.id === selected) ? selected : null);
  }

  drag(id: string, x: number, y: number): void {
    const board = this.table.board();
    if (!board) return;
    this.dragFrom ??= board;
    this.dragging = true;
    this.table.preview(moveToken(board, id, x, y));
  }

  drop(id: string, x: number, y: number): void {
    const board = this.table.board();
    const from = this.dragFrom;
    this.dragging = false;
    this.dragFrom = null;
    if (!board) return;
    const at = snap(board.scene, { x, y });
    // The drag has moved it already (unsaved, panels untold): now they are, in one step of the history.
    const was = from?.tokens.find((t) => t.id === id);
    if (from && was && (was.x !== at.x || was.y !== at.y)) this.history.remember(from);
    this.table.commit(moveToken(board, id, at.x, at.y), this.table.selected());
  }

  /** A drag given up (a second finger came down to pinch): the figure back where it stood, nothing to undo. */
  undrag(id: string): void {
    const board = this.table.board();
    const was = this.dragFrom?.tokens.find((t) => t.id === id);
    this.dragging = false;
    this.dragFrom = null;
    // (A save put off while the figure was held is made now.)
    if (board && was) this.table.preview(moveToken(board, id, was.x, was.y), true);
  }

  /** R / Shift+R on a token: turned 15° clockwise or back, one step of the history. */
  turn(id: string, degrees: number): void {
    const board = this.table.board();
    if (board) this.change(turnToken(board, id, degrees), id);
  }

  step(id: string, step: Step): void {
    const board = this.table.board();
    const t = board?.tokens.find((x) => x.id === id);
    if (!board || !t) return;
    const at = stepFrom(board.scene, t, step);
    this.change(moveToken(board, id, at.x, at.y), id);
  }

  remove(id: string): void {
    const board = this.table.board();
    const selected = this.table.selected();
    if (board) this.change(removeToken(board, id), selected === id ? null : selected);
  }

  kill(id: string, dead: boolean): void {
    const board = this.table.board();
    if (board) this.change(setDead(board, id, dead));
  }

  setScene(change: Partial<Scene>): void {
    const board = this.table.board();
    if (board) this.change(setScene(board, change));
  }

  /** What the board shows: every figure, the side whose turn it is, or only the figures hovered, focused or selected (kept with the board). */
  setShow(show: BoardShow): void {
    const board = this.table.board();
    if (board && (board.show ?? 'all') !== show) this.change({ ...board, show });
  }
}
