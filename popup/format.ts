/*
 * Numbers as the popup writes them. A negative number takes the real minus sign (U+2212, as wide as
 * the plus sign, never cut from its digit or read as a hyphen); what a player types may use either.
 */

export const MINUS = '\u2212';

/** "+2", "−1", "0": a modifier. */
export const formatSigned = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `${MINUS}${-n}` : '0');

/** "−1", "3": a value that may be negative. */
export const formatInteger = (n: number): string => (n < 0 ? `${MINUS}${-n}` : String(n));

/**
 * The whole number a player typed ("−1", "-1", "+2", " 3 "), or NaN: the rules then say what is
 * wrong with it.
 */
export function parseInteger(raw: string): number {
  const typed = raw.trim().replace(MINUS, '-').replace(/^\+/, '');
  return /^-?\d+$/.test(typed) ? Number(typed) : Number.NaN;
}
