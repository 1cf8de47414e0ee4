// Guarded reads of Roll20's internals, for the scripts that run in the page's own world
// (roll20-page.ts and roll20-ledgers.ts, both in roll20-page.js): Roll20's objects have no types and
// may be missing or odd, so every access is tried and falls back to nothing.
/* eslint-disable @typescript-eslint/no-explicit-any -- Roll20's internals have no types; every read is guarded. */
export type Any = any;

export const safe = <T>(f: () => T): T | undefined => {
  try {
    return f();
  } catch {
    return undefined;
  }
};
/** A Backbone model's attribute (`get`, else `attributes`). */
export const get = (m: Any, k: string): unknown =>
  safe(() => (typeof m?.get === 'function' ? m.get(k) : m?.attributes?.[k]));
/** Text of at most `max` characters (a finite number as its text; anything else empty). */
export const str = (x: unknown, max: number): string =>
  typeof x === 'string' ? x.slice(0, max) : typeof x === 'number' && Number.isFinite(x) ? String(x) : '';
/** A Backbone collection's models (none if it is not one). */
export const modelsOf = (c: Any): Any[] => {
  const m = safe(() => c?.models);
  return Array.isArray(m) ? m : [];
};
