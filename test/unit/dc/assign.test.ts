// Désastre Colonial: the dice of a command assigned to its units for the most activations, checked
// against every possible assignment (each die to at most one unit, each unit at most one die).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestAssignment, successes } from '../../../src/rules/dc';

/** The most units any assignment activates, by trying them all. */
function bruteForce(dice: readonly number[], needs: readonly number[]): number {
  let best = 0;
  const free = dice.map(() => true);
  const walk = (unit: number, count: number) => {
    if (unit === needs.length) {
      best = Math.max(best, count);
      return;
    }
    walk(unit + 1, count); // no die for this unit
    for (let d = 0; d < dice.length; d++) {
      if (!free[d]) continue;
      free[d] = false;
      walk(unit + 1, count + (dice[d]! >= needs[unit]! ? 1 : 0));
      free[d] = true;
    }
  };
  walk(0, 0);
  return best;
}

const runs = Number(process.env.PROPERTY_GAMES ?? 10_000) >= 10_000 ? 2000 : 300;

describe('Désastre Colonial: the best assignment of the dice', () => {
  it('3 4 1 5 for a fragile unit (6) and two steady ones (4): the 4 and the 5 activate both steady units', () => {
    // The old suggestion (hardest unit first, else the largest die) spent the 5 on the fragile unit,
    // which no die activates: one success where two were possible.
    const dice = [3, 4, 1, 5];
    const assign = bestAssignment(dice, [6, 4, 4]);
    expect(successes(dice, [6, 4, 4], assign)).toBe(2);
    expect(bruteForce(dice, [6, 4, 4])).toBe(2);
    expect([assign[1], assign[2]].map((d) => dice[d!]).sort()).toEqual([4, 5]);
  });

  it('the worked example: 5 and 6 activate both units (0 and 1 loss)', () => {
    const dice = [1, 6, 3, 5];
    const assign = bestAssignment(dice, [4, 4]);
    expect(assign.map((d) => dice[d!])).toEqual([5, 6]);
  });

  it('a 6 goes to the fragile unit when a 4 serves the steady one', () => {
    const dice = [6, 4];
    const assign = bestAssignment(dice, [4, 6]);
    expect(assign).toEqual([1, 0]);
    expect(successes(dice, [4, 6], assign)).toBe(2);
  });

  it('activates as many units as the best of all assignments, with each die used once (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 5 }),
        (dice, needs) => {
          const assign = bestAssignment(dice, needs);
          const given = assign.filter((d): d is number => d !== null);
          expect(new Set(given).size).toBe(given.length);
          expect(given.every((d) => d >= 0 && d < dice.length)).toBe(true);
          // Every unit gets a die while dice remain.
          expect(given.length).toBe(Math.min(dice.length, needs.length));
          expect(successes(dice, needs, assign)).toBe(bruteForce(dice, needs));
        },
      ),
      { numRuns: runs },
    );
  });
});
