// Désastre Colonial unit-choice vectors (desastre-colonial.md): the Desharbes layout, the
// derived vectors, and blocked paths (enemy units block, a lone enemy leader does not).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockedAt,
  checkDcChoice,
  dcEligibility,
  detourLength,
  NotHexGridError,
} from '../../../src/rules/dc/activation';
import { hexDistance, hexKey, hexToPixel, type Hex } from '../../../src/geometry/hex';
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
  it('an enemy unit on the line blocks; the blocking hex and what stands there are reported', () => {
    const r = checkDcChoice(desharbes, ['u'], [desharbes, target, at('x', { q: 2, r: 0 }, 'enemy', 'NAT')], HEX, 3);
    expect(r.units[0]!.reasons).toEqual([{ code: 'path-blocked', hex: { q: 2, r: 0 }, by: 'x' }]);
  });

  it('a lone enemy leader does not block; an enemy leader with his unit does', () => {
    const lone = [desharbes, target, at('chief', { q: 1, r: 0 }, 'staffN', 'NAT', 'leader')];
    expect(checkDcChoice(desharbes, ['u'], lone, HEX, 3).ok).toBe(true);
    const withUnit = [...lone, at('warrior', { q: 1, r: 0 }, 'band', 'NAT')];
    expect(checkDcChoice(desharbes, ['u'], withUnit, HEX, 3).units[0]!.reasons).toEqual([
      { code: 'path-blocked', hex: { q: 1, r: 0 }, by: 'warrior' },
    ]);
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

describe('Désastre Colonial path readings: straight line (default) or around enemy units (house rule)', () => {
  // Zouaves 2 hexes away behind Warriors at (1,0); Spahis 3 hexes away along a row behind Tirailleurs at (-2,0).
  const t = [
    desharbes,
    at('z', { q: 2, r: 0 }, 'zouaves'),
    at('s', { q: -3, r: 0 }, 'spahis'),
    at('w', { q: 1, r: 0 }, 'warriors', 'NAT'),
    at('x', { q: -2, r: 0 }, 'tirailleurs', 'NAT'),
  ];

  it('straight line: both are blocked, each at the first enemy hex on the line', () => {
    expect(checkDcChoice(desharbes, ['zouaves'], t, HEX, 3).units[0]!.reasons).toEqual([
      { code: 'path-blocked', hex: { q: 1, r: 0 }, by: 'w' },
    ]);
    expect(checkDcChoice(desharbes, ['spahis'], t, HEX, 3, Infinity, 'straight-line').units[0]!.reasons).toEqual([
      { code: 'path-blocked', hex: { q: -2, r: 0 }, by: 'x' },
    ]);
  });

  it('around enemies: a detour of at most R hexes will do; none, and the reason names the radius', () => {
    expect(checkDcChoice(desharbes, ['zouaves'], t, HEX, 3, Infinity, 'around-enemies').ok).toBe(true);
    expect(checkDcChoice(desharbes, ['spahis'], t, HEX, 3, Infinity, 'around-enemies').units[0]!.reasons).toEqual([
      { code: 'no-detour', radius: 3 },
    ]);
    // With a radius of 4 the way round the Tirailleurs (4 hexes) is short enough.
    expect(checkDcChoice(desharbes, ['spahis'], t, HEX, 4, Infinity, 'around-enemies').ok).toBe(true);
    const e = dcEligibility(desharbes, t, HEX, 3, 'around-enemies');
    expect(e.map((u) => [u.unit, u.ok])).toEqual([
      ['zouaves', true],
      ['spahis', false],
    ]);
  });

  it('around enemies: out of range says so alone; a lone enemy leader never blocks the way round', () => {
    const far = [desharbes, at('f', { q: 4, r: 0 }, 'far')];
    expect(checkDcChoice(desharbes, ['far'], far, HEX, 3, Infinity, 'around-enemies').units[0]!.reasons).toEqual([
      { code: 'out-of-range', by: 1, unit: 'hex', distance: 4 },
    ]);
    // Every neighbour of the leader held: by enemy units, the unit is cut off; by lone enemy leaders, not.
    const ring = [
      { q: 1, r: 0 },
      { q: 1, r: -1 },
      { q: 0, r: -1 },
      { q: -1, r: 0 },
      { q: -1, r: 1 },
      { q: 0, r: 1 },
    ];
    const unit = at('u', { q: 2, r: 0 }, 'u');
    const units = [desharbes, unit, ...ring.map((h, i) => at(`e${i}`, h, `band${i}`, 'NAT'))];
    expect(checkDcChoice(desharbes, ['u'], units, HEX, 3, Infinity, 'around-enemies').units[0]!.reasons).toEqual([
      { code: 'no-detour', radius: 3 },
    ]);
    const leaders = [desharbes, unit, ...ring.map((h, i) => at(`c${i}`, h, `staff${i}`, 'NAT', 'leader'))];
    expect(checkDcChoice(desharbes, ['u'], leaders, HEX, 3, Infinity, 'around-enemies').ok).toBe(true);
  });

  it('detourLength: shortest length of a path avoiding blocking hexes, ends excepted, or null beyond the limit', () => {
    const o = { q: 0, r: 0 };
    expect(detourLength(o, [o], new Set(), 0)).toBe(0);
    expect(detourLength(o, [{ q: 2, r: 0 }], new Set(), 3)).toBe(2);
    expect(detourLength(o, [{ q: 2, r: 0 }], new Set([hexKey({ q: 1, r: 0 })]), 3)).toBe(3);
    expect(detourLength(o, [{ q: 2, r: 0 }], new Set([hexKey({ q: 1, r: 0 })]), 2)).toBeNull();
    // The unit's own hex may hold an enemy too (ends are never blocking).
    expect(detourLength(o, [{ q: 1, r: 0 }], new Set([hexKey({ q: 1, r: 0 })]), 1)).toBe(1);
  });

  it('property: the way round never refuses what the straight line accepts, and a detour is never shorter than the distance', () => {
    const hex = fc.record({ q: fc.integer({ min: -4, max: 4 }), r: fc.integer({ min: -4, max: 4 }) });
    fc.assert(
      fc.property(hex, fc.array(hex, { maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (target, enemies, radius) => {
        const blocking = new Set(enemies.map(hexKey));
        const o = { q: 0, r: 0 };
        const distance = hexDistance(o, target);
        const length = detourLength(o, [target], blocking, radius);
        if (length !== null) expect(length).toBeGreaterThanOrEqual(distance);
        if (distance <= radius && blockedAt(o, target, blocking) === null) expect(length).toBe(distance);
        const tokens = [desharbes, at('u', target, 'u'), ...enemies.map((h, i) => at(`e${i}`, h, `band${i}`, 'NAT'))];
        if (target.q === 0 && target.r === 0) return;
        const line = checkDcChoice(desharbes, ['u'], tokens, HEX, radius, Infinity, 'straight-line');
        const round = checkDcChoice(desharbes, ['u'], tokens, HEX, radius, Infinity, 'around-enemies');
        if (line.ok) expect(round.ok).toBe(true);
        if (!round.ok)
          expect(round.units[0]!.reasons.map((r) => r.code)).toEqual(
            distance > radius ? ['out-of-range'] : ['no-detour'],
          );
      }),
      { numRuns: 2000 },
    );
  });
});
