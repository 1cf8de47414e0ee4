// Reading the writers' keys, its pure first steps (src/shared-game/writers.ts), tested by a table of
// cases on Owlbear's key names: which key names what, and how writers are budgeted per player.
import { describe, expect, it } from 'vitest';
import { OWLBEAR_KEYS as K } from '../../../src/adapters/owlbear/keys';
import { budgetWriters, sortKeys } from '../../../src/shared-game/writers';

const page = (seq: number) => ({ v: 1, scene: 's', done: 0, ops: [{ seq }] });

describe('sortKeys', () => {
  it('each key by what it names: pages in their place, return keys, signatures; other keys of the game ignored', () => {
    const metadata = {
      [K.page('a.bg', 0)]: page(1),
      [K.page('a.bg', 2)]: page(3),
      [K.returned!('b.bg')]: { ops: [] },
      [K.signature!('a.bg')]: { sig: 'x' },
      [K.head]: { gen: 1 },
    };
    const sorted = sortKeys(metadata, K, 3, []);
    expect([...sorted.groups.keys()]).toEqual(['a.bg']);
    expect(sorted.groups.get('a.bg')).toEqual({
      holder: 'a',
      keys: [K.page('a.bg', 0), K.page('a.bg', 1), K.page('a.bg', 2)],
      values: [page(1), null, page(3)],
    });
    expect(sorted.returned.get('b.bg')?.key).toBe(K.returned!('b.bg'));
    expect(sorted.signatures.get('a.bg')?.value).toEqual({ sig: 'x' });
    expect(sorted.dropped).toEqual([]);
  });

  it('empty signatures and return keys are none', () => {
    const sorted = sortKeys({ [K.signature!('a.bg')]: null, [K.returned!('a.bg')]: null }, K, 3, []);
    expect(sorted.signatures.size + sorted.returned.size).toBe(0);
  });

  it('keys no writer writes: said, the first 8 by name and the rest counted, and every one that holds something a stranger', () => {
    const metadata = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [`${K.page('x.bg', 0)}.junk${i}`, { ops: [1] }]),
    );
    metadata[`${K.page('x.bg', 0)}.empty`] = { ops: [] };
    const sorted = sortKeys(metadata, K, 3, []);
    expect(sorted.strangers.size).toBe(11);
    expect(sorted.dropped).toHaveLength(9);
    expect(sorted.dropped[8]!.problem).toBe('3 more keys no writer writes: not played');
  });

  it('a writer this client played, his keys deleted outright: read as empty pages (what it holds of him may be written back)', () => {
    const sorted = sortKeys({}, K, 2, ['gone.bg']);
    expect(sorted.groups.get('gone.bg')).toEqual({
      holder: 'gone',
      keys: [K.page('gone.bg', 0), K.page('gone.bg', 1)],
      values: [null, null],
    });
  });
});

describe('budgetWriters', () => {
  const limits = { writersPerPlayer: 2, writers: 3 };
  const players: Record<string, string> = { 'a1.bg': 'A', 'a2.bg': 'A', 'a3.bg': 'A', 'b1.bg': 'B', 'c1.bg': 'C' };
  const playerOf = (w: string) => players[w];

  it("each player's first tab before anyone's second: one player's many tabs never crowd another out", () => {
    const answer = budgetWriters(['a1.bg', 'a2.bg', 'a3.bg', 'b1.bg', 'c1.bg'], playerOf, limits, 'me.bg');
    expect(answer.map((x) => x.writer)).toEqual(['a1.bg', 'b1.bg', 'c1.bg', 'a2.bg', 'a3.bg']);
    expect(answer.map((x) => x.refused)).toEqual([
      null,
      null,
      null,
      'more than 3 writers',
      'more than 2 tabs of one player (not played)',
    ]);
  });

  it('a holder not at the table comes last and counts against no one', () => {
    const answer = budgetWriters(['zz.bg', 'a1.bg'], playerOf, limits, 'me.bg');
    expect(answer).toEqual([
      { writer: 'a1.bg', refused: null },
      { writer: 'zz.bg', refused: null },
    ]);
  });

  it("this client's own writer takes its place among its player's tabs, but is never refused nor counted in all", () => {
    const own: Record<string, string> = { ...players, 'me.bg': 'B' };
    const answer = budgetWriters(
      ['a1.bg', 'b1.bg', 'c1.bg', 'me.bg'],
      (w) => own[w],
      { writersPerPlayer: 1, writers: 3 },
      'me.bg',
    );
    expect(answer).toEqual([
      { writer: 'a1.bg', refused: null },
      { writer: 'b1.bg', refused: null },
      { writer: 'c1.bg', refused: null },
      { writer: 'me.bg', refused: null },
    ]);
  });
});
