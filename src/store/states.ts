import { sharedPrefix, type EventLog } from '../game/log';
import { ok, refuse, type Result } from '../game/result';
import type { AnyRuleSystem } from '../game/system';
import type { SystemId } from '../rules/ids';

/** A state is kept every this many events: an undo replays at most this many. */
export const CHECKPOINT = 64;

interface Entry {
  readonly config: unknown;
  readonly events: readonly unknown[];
  readonly cursor: number;
  readonly state: unknown;
  /** The state after `index` events, for index a multiple of CHECKPOINT (0 included). */
  readonly checkpoints: Map<number, unknown>;
}

/**
 * Each game's state at its cursor, kept between requests so that a request costs what it changes,
 * not the length of the game: an append applies one event, an undo replays from the last checkpoint.
 * It follows logs by identity (the store keeps its event objects from one version of a log to the
 * next); anything else it does not recognise is replayed from the start.
 */
export class GameStates {
  private readonly entries = new Map<SystemId, Entry>();

  /** The state of `game` at its cursor; a log the rules refuse says which event. */
  stateOf(
    system: SystemId,
    rules: AnyRuleSystem,
    game: { readonly config: unknown; readonly log: EventLog<unknown> },
  ): Result<unknown> {
    const { events, cursor } = game.log;
    const known = this.entries.get(system);
    if (known && known.config === game.config && known.events === events && known.cursor === cursor)
      return ok(known.state);
    const checkpoints =
      known && known.config === game.config
        ? known.checkpoints
        : new Map<number, unknown>([[0, rules.initialState(game.config)]]);
    // Checkpoints past the events this log shares with the known one are stale.
    const shared = known && known.config === game.config ? sharedPrefix(known.events, events) : 0;
    for (const k of checkpoints.keys()) if (k > shared) checkpoints.delete(k);
    if (!checkpoints.has(0)) checkpoints.set(0, rules.initialState(game.config));
    // Start from the known state when it stands on the shared part before the cursor; else from the nearest checkpoint.
    let from = Math.floor(Math.min(cursor, shared) / CHECKPOINT) * CHECKPOINT;
    while (!checkpoints.has(from)) from -= CHECKPOINT;
    let at = from;
    let state = checkpoints.get(from);
    if (known && known.config === game.config && known.cursor <= Math.min(cursor, shared) && known.cursor > from) {
      at = known.cursor;
      state = known.state;
    }
    for (; at < cursor; at++) {
      const next = rules.apply(state, events[at]);
      if (!next.ok) return refuse('log-event-refused', { index: at, code: next.error.code });
      state = next.value;
      if ((at + 1) % CHECKPOINT === 0) checkpoints.set(at + 1, state);
    }
    this.entries.set(system, { config: game.config, events, cursor, state, checkpoints });
    return ok(state);
  }

  /**
   * The state after the first `index` events of `game` (at most its cursor): from the checkpoint
   * before it, so that it costs at most CHECKPOINT events. A view's window starts from it.
   */
  stateAt(
    system: SystemId,
    rules: AnyRuleSystem,
    game: { readonly config: unknown; readonly log: EventLog<unknown> },
    index: number,
  ): Result<unknown> {
    const current = this.stateOf(system, rules, game);
    if (!current.ok) return current;
    const entry = this.entries.get(system)!;
    if (index === entry.cursor) return current;
    if (index > entry.cursor || index < 0) return refuse('log-event-refused', { index });
    let from = Math.floor(index / CHECKPOINT) * CHECKPOINT;
    while (!entry.checkpoints.has(from)) from -= CHECKPOINT;
    let state = entry.checkpoints.get(from);
    for (let at = from; at < index; at++) {
      const next = rules.apply(state, entry.events[at]);
      if (!next.ok) return refuse('log-event-refused', { index: at, code: next.error.code });
      state = next.value;
      if ((at + 1) % CHECKPOINT === 0) entry.checkpoints.set(at + 1, state);
    }
    return ok(state);
  }

  /**
   * Takes the checkpoints the store made while checking `game` as it read it (every CHECKPOINT
   * events, 0 included), so that the first request after a start replays at most CHECKPOINT events.
   */
  seed(
    system: SystemId,
    game: { readonly config: unknown; readonly log: EventLog<unknown> },
    checkpoints: ReadonlyMap<number, unknown>,
  ): void {
    if (!checkpoints.has(0)) return;
    this.entries.set(system, {
      config: game.config,
      events: game.log.events,
      cursor: 0,
      state: checkpoints.get(0),
      checkpoints: new Map(checkpoints),
    });
  }

  /** Forgets every game (the store was read again from storage). */
  clear(): void {
    this.entries.clear();
  }
}
