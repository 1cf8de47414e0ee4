// R7 and R8 through the model's table function: which units a leader may order, read from tokens.
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES } from '../../../src/rules/cr';
import { orderableUnits, orderRadius } from '../../../src/rules/cr/reach';
import type { Scene, Token } from '../../../src/table/model';

/** Gridless table in inches, 70 px per inch, 1" round bases. */
const INCH: Scene = { pixelsPerCell: 70, unitsPerCell: 1, unitName: 'in', grid: 'none', measurement: 'euclidean' };
const inch = (v: number) => v * 70;
const fig = (id: string, unit: string, x: number, y = 0, side = 'A', role: Token['role'] = 'figure'): Token => ({
  id,
  name: id,
  center: { x: inch(x), y: inch(y) },
  footprint: { width: 70, height: 70 },
  layer: 'objects',
  visible: true,
  side,
  unit,
  role,
  baseSize: { value: 1, unit: 'in' },
});
/** The leader stands in unit LU (two figures, right edge at x = 1.5"); a unit `gap` inches to the right. */
const leaderUnit = [fig('L', 'LU', 0, 0, 'A', 'leader'), fig('Lf', 'LU', 1)];
const unitAt = (u: string, gap: number, y = 0, side = 'A') => [fig(`${u}a`, u, 1.5 + gap + 0.5, y, side), fig(`${u}b`, u, 1.5 + gap + 1.5, y, side)];
const rules = DEFAULT_HOUSE_RULES;

describe('units a leader may order (cr reach)', () => {
  it('R7: direct orders reach U1 at 0.8" but not U2 at 1.5"; his own unit always', () => {
    const table = { scene: INCH, tokens: [...leaderUnit, ...unitAt('U1', 0.8), ...unitAt('U2', 1.5, 5)] };
    const reach = orderableUnits(table, 'L', { kind: 'direct' }, rules);
    expect(reach.map((r) => r.unit)).toEqual(['LU', 'U1']);
    expect(reach[1]).toMatchObject({ distance: 0.8, from: 'Lf', to: 'U1a' });
  });

  it('R8: a signal with a 3 reaches every friendly unit within 3" (3" exactly included), no enemy, nothing beyond', () => {
    const tokens = [...leaderUnit, ...unitAt('A1', 0.5), ...unitAt('T', 3, 4), ...unitAt('O', 3.2, -4), ...unitAt('E', 1, 8, 'B').map((t) => ({ ...t, center: { x: t.center.x, y: inch(2) } }))];
    // T is 3" along and 4" aside of the leader's unit: its distance is more than 3". Put T level instead.
    const level = tokens.map((t) => (t.unit === 'T' ? { ...t, center: { x: t.center.x, y: 0 } } : t));
    const reach = orderableUnits({ scene: INCH, tokens: level }, 'L', { kind: 'signal', die: 3 }, rules);
    expect(reach.map((r) => r.unit)).toEqual(['LU', 'A1', 'T']);
    expect(reach.find((r) => r.unit === 'T')!.distance).toBe(3);
    expect(orderableUnits({ scene: INCH, tokens: level }, 'L', { kind: 'signal', die: 6 }, rules).map((r) => r.unit)).toContain('O');
  });

  it('the signal unit is a house rule: 3 cm is shorter than 3 inches', () => {
    const table = { scene: INCH, tokens: [...leaderUnit, ...unitAt('U1', 1)] };
    expect(orderRadius({ kind: 'signal', die: 3 }, { signalUnit: 'cm' })).toEqual({ value: 3, unit: 'cm' });
    expect(orderableUnits(table, 'L', { kind: 'signal', die: 3 }, { signalUnit: 'cm' }).map((r) => r.unit)).toEqual(['LU', 'U1']);
    expect(orderableUnits(table, 'L', { kind: 'signal', die: 2 }, { signalUnit: 'cm' }).map((r) => r.unit)).toEqual(['LU']);
  });

  it('a leader token that is missing or in no unit orders nobody', () => {
    expect(orderableUnits({ scene: INCH, tokens: leaderUnit }, 'nobody', { kind: 'direct' }, rules)).toEqual([]);
  });
});
