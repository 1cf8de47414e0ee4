// What a client writes to put the keys right (src/shared-game/heal.ts), a pure step tested by a table of
// cases: the keys as read, what the client wants them to hold, and the writes in their order.
import { describe, expect, it } from 'vitest';
import { SYNC_TIMING } from '../../../src/shared-game/policy';
import { differs, pace, retryDelay, writesFor, type Wanted } from '../../../src/shared-game/heal';

const NOTHING: Wanted = { checkpoint: null, scene: null, signature: null, pages: [], returns: [], writeBacks: [] };
const page = (...seqs: number[]) => ({ v: 1, scene: 's', done: 0, ops: seqs.map((seq) => ({ seq })) });

describe('writesFor', () => {
  it('keys that hold what is wanted: nothing to write', () => {
    const raw = { id: 's', 'a/0': page(1), 'a/1': null, head: { gen: 2 }, 'part.0': 'xyz' };
    const wanted: Wanted = {
      ...NOTHING,
      checkpoint: { parts: [['part.0', 'xyz']], head: ['head', { gen: 2 }], unlisted: [] },
      scene: ['id', 's'],
      pages: [
        ['a/0', page(1)],
        ['a/1', null],
      ],
    };
    expect(writesFor(raw, wanted)).toEqual([]);
  });

  it('the checkpoint first, parts before its head, then the rest in order; the unlisted parts emptied last', () => {
    const raw = { 'part.old': 'zzz', 'part.gone': null };
    const wanted: Wanted = {
      checkpoint: {
        parts: [
          ['part.0', 'abc'],
          ['part.1', 'def'],
        ],
        head: ['head', { gen: 3 }],
        unlisted: ['part.old', 'part.gone'],
      },
      scene: ['id', 's'],
      signature: ['a/sig', { k: 1 }],
      pages: [['a/0', page(4)]],
      returns: [['ret/b', { ops: [2] }]],
      writeBacks: [{ pages: [['c/0', page(7)]], signature: ['c/sig', { k: 2 }] }],
    };
    expect(writesFor(raw, wanted).map(([key]) => key)).toEqual([
      'part.0',
      'part.1',
      'head',
      'id',
      'a/sig',
      'a/0',
      'ret/b',
      'c/0',
      'c/sig',
      'part.old',
    ]);
  });

  it('a page emptied where it holds something; left alone where it is already null or absent', () => {
    const raw = { 'a/0': page(1), 'a/1': null };
    const wanted: Wanted = {
      ...NOTHING,
      pages: [
        ['a/0', null],
        ['a/1', null],
        ['a/2', null],
      ],
    };
    expect(writesFor(raw, wanted)).toEqual([['a/0', null]]);
  });

  it('a signature emptied only where the key holds more than an empty page', () => {
    expect(writesFor({ 'a/sig': { ops: [] } }, { ...NOTHING, signature: ['a/sig', null] })).toEqual([]);
    expect(writesFor({ 'a/sig': { s: 1 } }, { ...NOTHING, signature: ['a/sig', null] })).toEqual([['a/sig', null]]);
  });

  it('values compared as canonical JSON: the same page with its fields in another order is not written again', () => {
    const raw = { 'a/0': { ops: [{ seq: 1 }], done: 0, scene: 's', v: 1 } };
    expect(writesFor(raw, { ...NOTHING, pages: [['a/0', page(1)]] })).toEqual([]);
  });
});

describe('differs', () => {
  it("a part's text against another value or text", () => {
    expect(differs('abc', 'abc')).toBe(false);
    expect(differs('abc', 'abd')).toBe(true);
    expect(differs({ a: 1 }, 'abc')).toBe(true);
    expect(differs(undefined, null)).toBe(false);
    expect(differs(undefined, 'x')).toBe(true);
  });
});

describe('pace', () => {
  it('the same writes wait their time, unless forced; other writes go at once', () => {
    const first = pace(null, '[1]', 0, 0, false)!;
    expect(first.retryAt).toBe(SYNC_TIMING.patience);
    expect(pace(first, '[1]', SYNC_TIMING.patience - 1, 0, false)).toBeNull();
    expect(pace(first, '[1]', SYNC_TIMING.patience - 1, 0, true)).not.toBeNull();
    expect(pace(first, '[2]', 1, 0, false)).not.toBeNull();
    expect(pace(first, '[1]', SYNC_TIMING.patience, 0, false)).not.toBeNull();
  });

  it('after refusals: 1, 2, 4, 8 s, never more than maxBackoff', () => {
    expect([1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual(
      [1000, 2000, 4000, 8000, 8000, 8000].map((ms) => Math.min(ms, SYNC_TIMING.maxBackoff)),
    );
  });
});
