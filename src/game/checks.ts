import { ok, refuse, type Result } from './result';

/*
 * Value checks every rule system makes on what players type, in one place so that a name or a count
 * is judged the same way everywhere.
 */

/** A whole number within [min, max] (rejects NaN, fractions, strings). */
export const isWholeIn = (n: unknown, min: number, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** Trimmed text of at most `max` characters, empty only where allowed; refused as `name-invalid`. */
export function checkText(raw: unknown, max: number, allowEmpty = false): Result<string> {
  if (typeof raw !== 'string') return refuse('name-invalid', { max });
  const trimmed = raw.trim();
  if ((!allowEmpty && trimmed.length === 0) || trimmed.length > max) return refuse('name-invalid', { max });
  return ok(trimmed);
}
