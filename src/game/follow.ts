import { ok, refuse, type Result } from './result';
import type { RuleSystem } from './system';
import type { EventLog } from './log';

/** A state is kept every this many events: moving the cursor back replays at most this many. */
const CHECKPOINT = 64;

/**
 * Follows one game from one version of its log to the next, for a view that receives the log again
 * after each change (a copy: nothing is shared by identity): the events both versions share are
 * recognised by their content and not replayed; only what changed is, and each event's line of
 * history (`describe`) is made once. A different game (other settings, another log) starts again.
 */
export class LogFollower<S, E, C, L> {
  /** The settings and the window followed (a view's window: where it starts, and its base by identity). */
  private config = '';
  private base: unknown = undefined;
  private events: readonly E[] = [];
  private texts: string[] = [];
  /** States after `i` events, every CHECKPOINT (0 included), and the lines of history, one per event. */
  private checkpoints = new Map<number, S>();
  private lines: L[] = [];
  private at: { cursor: number; state: S } | null = null;

  constructor(
    private readonly system: RuleSystem<S, E, C>,
    private readonly describe: (before: S, event: E, after: S) => L,
  ) {}

  /**
   * The state at the log's cursor and the history up to it. Of a window (the end of a long log, as
   * a view holds it): from its base, with one line per event held, numbered from its offset.
   */
  follow(game: { readonly config: C; readonly log: EventLog<E> }): { replayed: Result<S>; history: L[] } {
    const window = game.log.window;
    const config = `${window?.offset ?? 0} ${JSON.stringify(game.config)}`;
    const base = window?.base ?? null;
    const { events, cursor } = game.log;
    // Events the view kept from one version to the next are the same objects: compared by identity first.
    const texts: string[] = new Array<string>(events.length);
    const same = this.events;
    for (let i = 0; i < events.length; i++)
      texts[i] = same[i] === events[i] && this.texts[i] !== undefined ? this.texts[i]! : JSON.stringify(events[i]);
    let shared = 0;
    if (config === this.config && base === this.base) {
      const n = Math.min(texts.length, this.texts.length);
      while (shared < n && texts[shared] === this.texts[shared]) shared++;
    } else {
      this.config = config;
      this.base = base;
      this.checkpoints = new Map([[0, base !== null ? (base as S) : this.system.initialState(game.config)]]);
      this.lines = [];
      this.at = null;
    }
    this.texts = texts;
    this.events = events;
    // What the two versions do not share is forgotten.
    for (const k of this.checkpoints.keys()) if (k > shared) this.checkpoints.delete(k);
    this.lines.length = Math.min(this.lines.length, shared);
    if (this.at && this.at.cursor > shared) this.at = null;

    // Start from the last known state at or before the cursor (the state at the cursor before, or a checkpoint).
    let from = Math.floor(cursor / CHECKPOINT) * CHECKPOINT;
    while (!this.checkpoints.has(from)) from -= CHECKPOINT;
    let i = from;
    let state: S = this.checkpoints.get(from) as S;
    if (this.at && this.at.cursor <= cursor && this.at.cursor > from) ({ cursor: i, state } = this.at);
    // Lines are made up to the furthest event the log holds at or before the cursor, once.
    for (; i < cursor; i++) {
      const event = events[i]!;
      const next = this.system.apply(state, event);
      if (!next.ok) {
        this.at = null;
        return {
          replayed: refuse('log-event-refused', { index: i, code: next.error.code }),
          history: this.lines.slice(0, i),
        };
      }
      if (this.lines.length === i) this.lines.push(this.describe(state, event, next.value));
      state = next.value;
      if ((i + 1) % CHECKPOINT === 0) this.checkpoints.set(i + 1, state);
    }
    this.at = { cursor, state };
    return { replayed: ok(state), history: this.lines.slice(0, cursor) };
  }
}
