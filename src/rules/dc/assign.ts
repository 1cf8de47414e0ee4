/**
 * The dice of a command assigned to its units so that the most units are activated (a unit is
 * activated by a die at or above its threshold: 4, or 6 when it is fragile). The player may still
 * reassign them; this is what the popup offers first.
 *
 * Greedy on sorted values: the lowest die that still activates a unit goes to the unit with the
 * lowest threshold not yet activated. A die that activates a unit activates every unit of a lower
 * threshold, so giving the small dice to the easy units never costs a success (an exchange argument;
 * checked against every assignment in test/unit/dc/assign.test.ts). Units left without a success
 * take the dice left over, in order, so that each shows what it got.
 */
export function bestAssignment(dice: readonly number[], needs: readonly number[]): (number | null)[] {
  const byDie = dice.map((_, i) => i).sort((a, b) => dice[a]! - dice[b]! || a - b);
  const byNeed = needs.map((_, i) => i).sort((a, b) => needs[a]! - needs[b]! || a - b);
  const out: (number | null)[] = needs.map(() => null);
  const used = new Set<number>();
  let next = 0;
  for (const die of byDie) {
    if (next < byNeed.length && dice[die]! >= needs[byNeed[next]!]!) {
      out[byNeed[next]!] = die;
      used.add(die);
      next++;
    }
  }
  const left = byDie.filter((d) => !used.has(d)).reverse();
  for (let unit = 0; unit < needs.length; unit++) if (out[unit] === null && left.length) out[unit] = left.shift()!;
  return out;
}

/** How many units an assignment activates. */
export const successes = (
  dice: readonly number[],
  needs: readonly number[],
  assign: readonly (number | null)[],
): number => assign.filter((die, unit) => die !== null && dice[die]! >= needs[unit]!).length;
