// canonicalJson is JSON.stringify with every object's keys sorted (property): the same text whatever
// order the keys came in, and JSON that parses back to the value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/game/json';

/** Whether every object in the text lists its keys in sorted order (read back with a reviver, which sees them as written). */
const sortedThroughout = (text: string): boolean => {
  let ok = true;
  JSON.parse(text, function (this: Record<string, unknown>, key, value: unknown) {
    void key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const keys = Object.keys(value);
      // Integer-like keys come first in any object: compare the rest, as written.
      const named = keys.filter((k) => !/^(0|[1-9]\d*)$/.test(k));
      ok &&= named.every((k, i) => i === 0 || named[i - 1]! < k);
    }
    return value;
  });
  return ok;
};

const shuffled = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(shuffled);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, shuffled(v)]),
  );
};

describe('canonicalJson (property)', () => {
  it('gives the same text whatever order the keys came in: JSON.stringify’s, keys sorted', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(sortedThroughout(canonicalJson(value))).toBe(true);
        expect(canonicalJson(value).length).toBe(JSON.stringify(value).length);
        expect(canonicalJson(shuffled(value))).toBe(canonicalJson(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves out what JSON leaves out, as JSON.stringify does', () => {
    expect(canonicalJson({ b: 1, a: undefined, c: [undefined, NaN, -0, Infinity] })).toBe(
      JSON.stringify({ b: 1, c: [null, null, 0, null] }),
    );
    expect(canonicalJson(undefined)).toBe('null');
  });
});
