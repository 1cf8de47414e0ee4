import { describe, expect, it } from 'vitest';
import { formatInteger, formatSigned, MINUS, parseInteger } from '../../../popup/format';

describe('numbers in the popup', () => {
  it('write a negative number with the minus sign U+2212, never a hyphen', () => {
    expect(formatSigned(-1)).toBe('\u22121');
    expect(formatSigned(3)).toBe('+3');
    expect(formatSigned(0)).toBe('0');
    expect(formatInteger(-12)).toBe(`${MINUS}12`);
    expect(formatInteger(4)).toBe('4');
  });
  it('read what a player types with either sign, and nothing else', () => {
    expect(parseInteger('−1')).toBe(-1);
    expect(parseInteger(' -2 ')).toBe(-2);
    expect(parseInteger('+3')).toBe(3);
    for (const bad of ['', '1.5', '--1', 'x', '1e2']) expect(parseInteger(bad)).toBeNaN();
  });
});
