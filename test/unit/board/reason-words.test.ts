import { describe, expect, it } from 'vitest';
import { reasonText } from '../../../src/i18n/reasons';

describe('reasonText', () => {
  it('words a distance with at most two decimals, whatever the engine measured', () => {
    expect(reasonText({ code: 'out-of-range', params: { by: 14.615493, unit: 'cm', nearest: 'A' } })).toEqual({ key: 'board_reason_out_of_range', subs: [14.62, 'cm', 'A'] });
    expect(reasonText({ code: 'out-of-range', params: { by: 2, unit: 'cm', nearest: '3.14159' } }).subs).toEqual([2, 'cm', '3.14159']);
  });
});
