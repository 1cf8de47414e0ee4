// The demo page's own history of the player's changes (Ctrl+Z, Ctrl+Y): the boards before each change,
// and after each undo. Pure: the page (./edits.ts) says what changed; nothing here reads the board.

export class History<T> {
  private past: T[] = [];
  private future: T[] = [];

  /** `limit`: how many changes it keeps (the oldest goes first). */
  constructor(private readonly limit: number) {}

  /** A change made from `before`: one step back, and nothing left to redo. */
  remember(before: T): void {
    this.past = [...this.past.slice(-(this.limit - 1)), before];
    this.future = [];
  }

  /** One step back from `now`: what to show (undefined: nothing to undo). */
  undo(now: T): T | undefined {
    const before = this.past.at(-1);
    if (before === undefined) return undefined;
    this.past = this.past.slice(0, -1);
    this.future = [...this.future, now];
    return before;
  }

  /** The step the last undo took back, from `now` (undefined: nothing to redo). */
  redo(now: T): T | undefined {
    const after = this.future.at(-1);
    if (after === undefined) return undefined;
    this.future = this.future.slice(0, -1);
    this.past = [...this.past, now];
    return after;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Another scene, or another tab's board: the changes no longer lead back to what is shown. */
  clear(): void {
    this.past = [];
    this.future = [];
  }
}
