// What a browser keeps of its earlier connections (src/shared-game/kept.ts), tested by a table of cases:
// how far a kept connection's actions may already be in the game, and what is noted as it is seen.
import { describe, expect, it } from 'vitest';
import { keptAfterSaving, keptCut, noteLanded, type KeptSigned } from '../../../src/shared-game/kept';

const kept = (over: Partial<KeptSigned> = {}): KeptSigned => ({ writer: 'w.bg', pages: [], signature: null, ...over });

describe('keptCut', () => {
  it('a connection the checkpoint covers: as far as it covers him', () => {
    expect(keptCut(kept({ landed: 9, covered: 2 }), { covers: { 'w.bg': 5 }, gen: 3 }, null, () => true)).toBe(5);
  });

  it('one it forgot: as far as its line says it held him; one its line never held goes back whole', () => {
    expect(keptCut(kept({ covered: 2 }), { covers: {}, gen: 3 }, 7, () => true)).toBe(7);
    expect(keptCut(kept({ covered: 2, landed: 4 }), { covers: {}, gen: 3 }, 'never', () => true)).toBe(0);
  });

  it('a line that cannot say: as far as this browser saw him covered…', () => {
    expect(keptCut(kept({ covered: 2, landed: 4, landedGen: 2 }), { covers: {}, gen: 3 }, null, () => true)).toBe(2);
    expect(keptCut(kept({ covered: 2, landed: 4, landedGen: 1 }), { covers: {}, gen: 3 }, null, () => false)).toBe(2);
  });

  it('…or as far as it saw him land, once his keys are empty two checkpoints after it last saw uncovered actions of his (they may have been folded in and forgotten)', () => {
    expect(keptCut(kept({ covered: 2, landed: 4, landedGen: 1 }), { covers: {}, gen: 3 }, null, () => true)).toBe(4);
    expect(keptCut(kept({ covered: 2, landed: 4 }), { covers: {}, gen: 0 }, null, () => true)).toBe(4);
  });

  it('reads his keys only where the answer hangs on them (8 key reads a kept connection, every read)', () => {
    const asked = { n: 0 };
    const empty = () => (asked.n++, true);
    keptCut(kept({ landed: 9 }), { covers: { 'w.bg': 5 }, gen: 3 }, null, empty);
    keptCut(kept({ landed: 9 }), { covers: {}, gen: 3 }, 7, empty);
    keptCut(kept({ landed: 9, landedGen: 2 }), { covers: {}, gen: 3 }, null, empty);
    expect(asked.n).toBe(0);
    keptCut(kept({ landed: 9, landedGen: 1 }), { covers: {}, gen: 3 }, null, empty);
    expect(asked.n).toBe(1);
  });
});

describe('noteLanded', () => {
  it('nothing new: the same entry (nothing to save)', () => {
    const k = kept({ landed: 4, covered: 4, landedGen: 2 });
    expect(noteLanded(k, 4, 4, 5)).toBe(k);
    expect(noteLanded(k, 3, 3, 5)).toBe(k);
  });

  it('uncovered actions of his seen under a newer checkpoint: that checkpoint noted, the most seen kept', () => {
    expect(noteLanded(kept({ landed: 4, covered: 4, landedGen: 2 }), 3, 1, 5)).toEqual(
      kept({ landed: 4, covered: 4, landedGen: 5 }),
    );
  });

  it('actions on the table no checkpoint covers: noted, with the checkpoint played then', () => {
    expect(noteLanded(kept({ landed: 2, covered: 2 }), 5, 2, 3)).toEqual(kept({ landed: 5, covered: 2, landedGen: 3 }));
  });

  it('covered since: noted, the checkpoint of the last uncovered sight kept', () => {
    expect(noteLanded(kept({ landed: 5, covered: 2, landedGen: 3 }), 5, 5, 4)).toEqual(
      kept({ landed: 5, covered: 5, landedGen: 3 }),
    );
  });

  it('never back: what was seen stays the most seen', () => {
    expect(noteLanded(kept({ landed: 5, covered: 2, landedGen: 3 }), 6, 1, 2)).toEqual(
      kept({ landed: 6, covered: 2, landedGen: 3 }),
    );
  });
});

describe('keptAfterSaving', () => {
  const page = (seq: number) => ({ v: 2, scene: 's', done: 0, ops: [{ seq }] });
  const conn = (writer: string, seq: number, covered?: number) =>
    kept({ writer, pages: seq ? [page(seq)] : [], ...(covered !== undefined ? { covered } : {}) });
  const writers = (list: readonly KeptSigned[]) => list.map((k) => k.writer);

  it.each([
    // saved, kept before (newest first), max → writers kept
    ['a new one goes first', conn('e', 1), [conn('d', 1), conn('c', 1)], 4, ['e', 'd', 'c']],
    ['one saved again moves first, once', conn('c', 2), [conn('d', 1), conn('c', 1)], 4, ['c', 'd']],
    [
      'past the limit, the oldest whose actions were all seen covered goes',
      conn('e', 1),
      [conn('d', 1), conn('c', 1, 1), conn('b', 1, 1), conn('a', 1)],
      4,
      ['e', 'd', 'c', 'a'],
    ],
    [
      'one with no action has nothing to write back either',
      conn('e', 1),
      [conn('d', 1), conn('c', 0), conn('b', 1), conn('a', 1)],
      4,
      ['e', 'd', 'b', 'a'],
    ],
    [
      'one covered only in part stays',
      conn('e', 2),
      [conn('d', 2, 1), conn('c', 2, 1), conn('b', 2, 1), conn('a', 2, 1)],
      4,
      ['e', 'd', 'c', 'b'],
    ],
    [
      'with every one still holding actions, the oldest goes',
      conn('e', 1),
      [conn('d', 1), conn('c', 1), conn('b', 1), conn('a', 1)],
      4,
      ['e', 'd', 'c', 'b'],
    ],
  ])('%s', (_, saved, before, max, after) => {
    expect(writers(keptAfterSaving(before, saved, max))).toEqual(after);
  });
});
