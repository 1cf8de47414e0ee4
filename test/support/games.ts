// Helpers for the rule systems' property tests, which play many random games: cheap checks, so that
// ten thousand games per system fit in the CI run.
import { expect } from 'vitest';
import { replay, type EventLog } from '../../src/game/log';
import type { RuleSystem } from '../../src/game/system';

/**
 * How many random games each rule system's main property test plays: 10,000 in CI (`npm test`).
 * `PROPERTY_GAMES=500 npx vitest …` gives a quicker local run.
 */
export const GAMES = Number(process.env.PROPERTY_GAMES ?? 10_000);

/**
 * Freezes a state and everything in it, so that a rule that alters the state it was given throws at
 * once (far cheaper than a copy and a comparison around every event). What is already frozen (shared
 * with the previous state) is not walked again.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}

/** Throws `what` unless `condition` holds (an `expect` per event is too slow for 10,000 games). */
export function check(condition: boolean, what: string | (() => string)): asserts condition {
  if (!condition) throw new Error(typeof what === 'string' ? what : what());
}

/**
 * Undo and replay are exact: the log folded up to each cursor in `at` (and to its end) gives the
 * state the game had there (`states[k]`: the state after k accepted events).
 */
export function expectReplays<S, E, C>(
  system: RuleSystem<S, E, C>,
  config: C,
  log: EventLog<E>,
  states: readonly S[],
  at: readonly number[],
): void {
  const cursors = new Set([...at.map((k) => k % (log.events.length + 1)), log.events.length]);
  for (const cursor of cursors)
    expect(replay(system, config, { ...log, cursor })).toEqual({ ok: true, value: states[cursor] });
}
