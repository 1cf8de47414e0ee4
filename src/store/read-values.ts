// The checks every reader of storage shares: the sizes past which a stored value is damage (each value
// is checked for size before it is walked), and a stored value put in a problem's words, whatever it is.
import { MAX_EVENTS } from './load';

/** Sizes past which a stored value is damage, checked before the value is walked. */
export const READ_LIMITS = {
  /** A header stored as text (only damage does that) is parsed up to this many characters. */
  headerChars: 2_000_000,
  /** Fields of a header, games in its list. */
  headerKeys: 32,
  games: 32,
  events: MAX_EVENTS,
  notices: 100,
  recent: 1_000,
  /** Keys a header names as no longer used (a write's removal that failed): more than any one write removes. */
  superseded: 10_000,
} as const;

/** Appends one by one: a list of any length is never spread into a call (an engine's limit on arguments). */
export function pushAll<T>(target: T[], items: Iterable<T>): void {
  for (const x of items) target.push(x);
}
export const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
export const isCount = (x: unknown, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= max;

/**
 * A stored value as a few characters of a problem's words: any value at all, since a damaged store may
 * hold an object whose own `toString` is not a function, which `String()` would throw on.
 */
export const said = (x: unknown, max: number): string =>
  (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' || x === null || x === undefined
    ? String(x)
    : Array.isArray(x)
      ? 'a list'
      : typeof x === 'object'
        ? 'an object'
        : typeof x
  ).slice(0, max);
