// Désastre Colonial unit-choice vectors (desastre-colonial.md): the Desharbes layout, the
// derived vectors, and blocked paths (enemy units block, a lone enemy leader does not).
import { describe, expect, it } from 'vitest';
import { checkDcChoice, dcEligibility, NotHexGridError } from '../../../src/rules/dc/activation';
import { hexToPixel, type Hex } from '../../../src/geometry/hex';
import type { Scene, Token, TokenRole } from '../../../src/table/model';
import { token } from '../geometry/helpers';

const HEX: Scene = { pixelsPerCell: 70, unitsPerCell: 1, unitName: 'hex', grid: 'hex-pointy', measurement: 'hex' };
const at = (id: string, h: Hex, unit: string | null, side = 'FR', role: TokenRole = 'figure'): Token => {
  const p = hexToPixel(h, 70, 'pointy');
  return token({ id, x: p.x, y: p.y, unit, side, role });
};

// Desharbes at (0,0); four infantry on one side of the radius-3 ring, all 3 hexes from him,
// the ends 3 apart; cavalry 3 from Desharbes and 3 from the rightmost infantry.
const desharbes = at('Desharbes', { q: 0, r: 0 }, 'staff', 'FR', 'leader');
const layout = [
  desharbes,
  at('i1', { q: 0, r: -3 }, 'inf1'),
  at('i2', { q: 1, r: -3 }, 'inf2'),
  at('i3', { q: 2, r: -3 }, 'inf3'),
  at('i4', { q: 3, r: -3 }, 'inf4'),
  at('cav', { q: 3, r: 0 }, 'cav'),
];

describe('Désastre Colonial choice (Desharbes 4D8/3)', () => {
  it('step 1: may command all four infantry (4 dice)', () => {
    const r = checkDcChoice(desharbes, ['inf1', 'inf2', 'inf3', 'inf4'], layout, HEX, 3, 4);
    expect(r.ok).toBe(true);
    expect(r.units.map((u) => u.distance)).toEqual([3, 3, 3, 3]);
  });

  it('step 2: the two leftmost are adjacent → reroll condition holds', () => {
    const r = checkDcChoice(desharbes, ['inf1', 'inf2'], layout, HEX, 3, 4);
    expect(r).toMatchObject({ ok: true, allAdjacent: true });
  });

  it('step 3: rightmost infantry + cavalry, 3 dice: valid, not adjacent → no reroll', () => {
    const r = checkDcChoice(desharbes, ['inf4', 'cav'], layout, HEX, 3, 3);
    expect(r).toMatchObject({ ok: true, allAdjacent: false });
  });

  it('step 5: a single unit never allows the reroll', () => {
    expect(checkDcChoice(desharbes, ['inf3'], layout, HEX, 3, 2).allAdjacent).toBe(false);
  });

  it('derived: a 3D8/3 leader may not command 4 units', () => {
    const r = checkDcChoice(desharbes, ['inf1', 'inf2', 'inf3', 'inf4'], layout, HEX, 3, 3);
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([{ code: 'too-many-units', count: 4, max: 3 }]);
  });

  it('derived: a unit 4 hexes away from a radius-3 leader is refused', () => {
    const far = [...layout, at('far', { q: 4, r: 0 }, 'far')];
    const r = checkDcChoice(desharbes, ['far'], far, HEX, 3);
    expect(r.ok).toBe(false);
    expect(r.units[0]!.reasons).toEqual([{ code: 'out-of-range', by: 1, unit: 'hex', distance: 4 }]);
  });

  it('derived: two units 5 hexes apart under a radius-4 leader are refused', () => {
    const t = [desharbes, at('a', { q: -2, r: -1 }, 'a'), at('b', { q: 3, r: -1 }, 'b')];
    const r = checkDcChoice(desharbes, ['a', 'b'], t, HEX, 4);
    expect(r.ok).toBe(false);
    expect(r.units[0]!.reasons).toEqual([{ code: 'spread-too-wide', other: 'b', distance: 5, max: 4 }]);
  });

  it('no unit chosen: refused (the initiative is conceded)', () => {
    expect(checkDcChoice(desharbes, [], layout, HEX, 3).errors).toEqual([{ code: 'no-units' }]);
  });

  it('needs a hex grid', () => {
    expect(() => checkDcChoice(desharbes, ['inf1'], layout, { ...HEX, grid: 'square' }, 3)).toThrow(NotHexGridError);
  });
});

describe('Désastre Colonial blocked paths', () => {
  const target = at('u', { q: 3, r: 0 }, 'u');
  it('an enemy unit on the line blocks; the blocking hex is reported', () => {
    const r = checkDcChoice(desharbes, ['u'], [desharbes, target, at('x', { q: 2, r: 0 }, 'enemy', 'NAT')], HEX, 3);
    expect(r.units[0]!.reasons).toEqual([{ code: 'path-blocked', hex: { q: 2, r: 0 } }]);
  });

  it('a lone enemy leader does not block; an enemy leader with his unit does', () => {
    const lone = [desharbes, target, at('chief', { q: 1, r: 0 }, 'staffN', 'NAT', 'leader')];
    expect(checkDcChoice(desharbes, ['u'], lone, HEX, 3).ok).toBe(true);
    const withUnit = [...lone, at('warrior', { q: 1, r: 0 }, 'band', 'NAT')];
    expect(checkDcChoice(desharbes, ['u'], withUnit, HEX, 3).units[0]!.reasons).toEqual([{ code: 'path-blocked', hex: { q: 1, r: 0 } }]);
  });

  it('friendly units and enemies off the line do not block', () => {
    const t = [desharbes, target, at('f', { q: 1, r: 0 }, 'friend'), at('x', { q: 1, r: 1 }, 'enemy', 'NAT')];
    expect(checkDcChoice(desharbes, ['u'], t, HEX, 3).ok).toBe(true);
  });

  it('a line along a hexside is blocked only if both sides are', () => {
    // (0,0) → (1,1) runs exactly between (1,0) and (0,1).
    const unit = at('u', { q: 1, r: 1 }, 'u');
    const oneSide = [desharbes, unit, at('x', { q: 1, r: 0 }, 'enemy', 'NAT')];
    expect(checkDcChoice(desharbes, ['u'], oneSide, HEX, 3).ok).toBe(true);
    const otherSide = [desharbes, unit, at('y', { q: 0, r: 1 }, 'enemy', 'NAT')];
    expect(checkDcChoice(desharbes, ['u'], otherSide, HEX, 3).ok).toBe(true);
    const both = [...oneSide, at('y', { q: 0, r: 1 }, 'enemy2', 'NAT')];
    expect(checkDcChoice(desharbes, ['u'], both, HEX, 3).units[0]!.reasons[0]!.code).toBe('path-blocked');
  });

  it('eligibility lists every friendly unit with its reasons (to grey out while picking)', () => {
    const t = [...layout, at('far', { q: -4, r: 0 }, 'far')];
    const e = dcEligibility(desharbes, t, HEX, 3);
    expect(e.filter((u) => u.ok).map((u) => u.unit)).toEqual(['inf1', 'inf2', 'inf3', 'inf4', 'cav']);
    expect(e.find((u) => u.unit === 'far')!.ok).toBe(false);
  });
});
