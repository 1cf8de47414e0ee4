import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRoller, parseManualDice, seededRoller } from '../../../src/dice';

describe('fairRoller', () => {
  it('gives every face exactly equally often over a uniform stream of integers below the rejection limit', () => {
    let next = 0;
    const roller = fairRoller(() => next++);
    const counts = [0, 0, 0, 0, 0, 0];
    for (const face of roller.roll(6, 6000)) counts[face - 1]!++;
    expect(counts).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
  });

  it('rejects the top of the 32-bit range instead of folding it onto low faces', () => {
    // 2^32 mod 6 = 4: the four highest values would favour faces 1–4, so they are drawn again.
    const stream = [2 ** 32 - 1, 2 ** 32 - 4, 5];
    const roller = fairRoller(() => stream.shift()!);
    expect(roller.roll(6, 1)).toEqual([6]);
    expect(stream).toEqual([]);
  });

  it('always lands on a face', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 100 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 50, maxLength: 50 }),
        (sides, values) => {
          let i = 0;
          // Fall back to 0 if a long run of rejections exhausts the sample (0 is never rejected).
          const roller = fairRoller(() => values[i++] ?? 0);
          for (const face of roller.roll(sides, 10))
            expect(face >= 1 && face <= sides && Number.isInteger(face)).toBe(true);
        },
      ),
    );
  });

  it('refuses impossible dice', () => {
    expect(() => fairRoller(() => 0).roll(1, 1)).toThrow(RangeError);
    expect(() => fairRoller(() => 0).roll(6, -1)).toThrow(RangeError);
  });
});

describe('seededRoller', () => {
  it('repeats the same rolls for the same seed, and stays on the faces', () => {
    expect(seededRoller(42).roll(10, 20)).toEqual(seededRoller(42).roll(10, 20));
    expect(seededRoller(42).roll(10, 20)).not.toEqual(seededRoller(43).roll(10, 20));
    for (const face of seededRoller(7).roll(8, 1000)) expect(face >= 1 && face <= 8).toBe(true);
  });
});

describe('parseManualDice', () => {
  it('reads dice separated by spaces or commas, with 0 as the 10 of a d10', () => {
    expect(parseManualDice(' 7, 6 2 ', 10, 3)).toEqual({ ok: true, value: [7, 6, 2] });
    expect(parseManualDice('0', 10, 1)).toEqual({ ok: true, value: [10] });
    expect(parseManualDice('4 7', 8, { min: 1, max: 3 })).toEqual({ ok: true, value: [4, 7] });
  });

  it('says what is wrong with a bad entry', () => {
    expect(parseManualDice('3 x', 6, 2)).toEqual({
      ok: false,
      error: { code: 'dice-not-a-number', params: { value: 'x' } },
    });
    expect(parseManualDice('7', 6, 1)).toEqual({
      ok: false,
      error: { code: 'die-out-of-range', params: { value: 7, sides: 6 } },
    });
    expect(parseManualDice('0', 6, 1)).toEqual({
      ok: false,
      error: { code: 'die-out-of-range', params: { value: 0, sides: 6 } },
    });
    expect(parseManualDice('1 2 3 4', 8, { min: 1, max: 3 })).toEqual({
      ok: false,
      error: { code: 'dice-count', params: { count: 4, min: 1, max: 3 } },
    });
    expect(parseManualDice('1.5', 6, 1).ok).toBe(false);
  });
});
