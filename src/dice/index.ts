import { ok, refuse, type Result } from '../game/result';
import { mulberry32 } from '../random/seeded';

/**
 * Dice for every rule system. Rolls are made when an action is created (in the popup, from the
 * player's choice of source) and the results travel inside the event, so that replaying a game's
 * log never rolls again. Three sources: a fair roller over the platform's cryptographic random
 * numbers (the default), a seeded roller for tests, and dice entered by players who roll real ones.
 */
export interface DiceRoller {
  /** `count` dice of `sides` faces, each in 1…sides. */
  roll(sides: number, count: number): number[];
}

/** A uniform random integer in [0, 2^32), e.g. from crypto.getRandomValues. */
export type RandomUint32 = () => number;

const TWO_32 = 2 ** 32;

function checkDice(sides: number, count: number): void {
  if (!Number.isInteger(sides) || sides < 2 || sides > 1000)
    throw new RangeError(`a die needs 2 to 1000 sides, not ${sides}`);
  if (!Number.isInteger(count) || count < 0 || count > 10_000)
    throw new RangeError(`roll 0 to 10,000 dice, not ${count}`);
}

/** Fair dice: rejection sampling, so that no face is favoured by the modulo (2^32 is not a multiple of 6). */
export function fairRoller(random: RandomUint32): DiceRoller {
  return {
    roll(sides, count) {
      checkDice(sides, count);
      const limit = TWO_32 - (TWO_32 % sides);
      return Array.from({ length: count }, () => {
        let x = random();
        while (x >= limit) x = random();
        return 1 + (x % sides);
      });
    },
  };
}

/** Reproducible dice for tests and demonstrations. Not for play. */
export function seededRoller(seed: number): DiceRoller {
  const next = mulberry32(seed);
  return {
    roll(sides, count) {
      checkDice(sides, count);
      return Array.from({ length: count }, () => 1 + Math.floor(next() * sides));
    },
  };
}

/**
 * Dice typed by a player ("3 5 6", "3,5,6"). On a d10 a "0" is the 10 face, as printed on the dice.
 * `count` fixes how many dice are expected; a range allows "roll fewer dice by choice".
 */
export function parseManualDice(
  input: string,
  sides: number,
  count: number | { min: number; max: number },
): Result<number[]> {
  const words = input.split(/[\s,;]+/).filter((w) => w !== '');
  const values: number[] = [];
  for (const word of words) {
    if (!/^\d{1,4}$/.test(word)) return refuse('dice-not-a-number', { value: word.slice(0, 12) });
    let value = Number(word);
    if (sides === 10 && value === 0) value = 10;
    if (value < 1 || value > sides) return refuse('die-out-of-range', { value, sides });
    values.push(value);
  }
  const { min, max } = typeof count === 'number' ? { min: count, max: count } : count;
  if (min === max && values.length !== min) return refuse('dice-count-exact', { count: values.length, expected: min });
  if (values.length < min || values.length > max) return refuse('dice-count', { count: values.length, min, max });
  return ok(values);
}
