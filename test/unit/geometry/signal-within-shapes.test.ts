// Command-roll R7–R8 (units within 1" / the signal die of the leader's unit), within-radius
// queries, and the outlines overlays draw.
import { describe, expect, it } from 'vitest';
import { rangeShape } from '../../../src/geometry/shapes';
import { unitsWithin } from '../../../src/geometry/signal';
import { createRangeQuery } from '../../../src/geometry/within';
import type { Scene } from '../../../src/table/model';
import { CM_TABLE, token } from './helpers';

/** Gridless table in inches, 70 px per inch. */
const INCH: Scene = { pixelsPerCell: 70, unitsPerCell: 1, unitName: 'in', grid: 'none', measurement: 'euclidean' };
const inch = (v: number) => v * 70;
const BASE = { value: 1, unit: 'in' };
/** A 2-figure unit whose nearest base edge is `gap` inches right of the leader unit's edge at x = 1.5". */
const unitAt = (u: string, gap: number) => [
  token({ id: `${u}a`, x: inch(1.5 + gap + 0.5), y: 0, unit: u, baseSize: BASE }),
  token({ id: `${u}b`, x: inch(1.5 + gap + 1.5), y: 0, unit: u, baseSize: BASE }),
];
const leaderUnit = [
  token({ id: 'L', x: 0, y: 0, unit: 'LU', role: 'leader', baseSize: BASE }),
  token({ id: 'Lf', x: inch(1), y: 0, unit: 'LU', baseSize: BASE }),
];

describe("command roll: reach from the leader's unit", () => {
  it('R7: direct orders within 1": U1 at 0.8" yes, U2 at 1.5" no', () => {
    const r = unitsWithin(
      [
        ...leaderUnit,
        ...unitAt('U1', 0.8),
        ...unitAt('U2', 1.5).map((t) => ({ ...t, center: { x: t.center.x, y: inch(5) } })),
      ],
      INCH,
      'LU',
      { value: 1, unit: 'in' },
    );
    expect(r.find((u) => u.unit === 'U1')).toMatchObject({ within: true, distance: 0.8, from: 'Lf', to: 'U1a' });
    expect(r.find((u) => u.unit === 'U2')!.within).toBe(false);
  });

  it('R8: signal with a 3 reaches every unit within 3" (3" exactly included)', () => {
    // A at 0.5" (reached); B 2" along but 3" aside: its nearest base edge is 3.24" away.
    const t = [
      ...leaderUnit,
      ...unitAt('A', 0.5),
      ...unitAt('B', 2).map((x) => ({ ...x, center: { x: x.center.x, y: inch(3) } })),
    ];
    const r = unitsWithin(t, INCH, 'LU', { value: 3, unit: 'in' });
    expect(r.map((u) => [u.unit, u.within])).toEqual([
      ['A', true],
      ['B', false],
    ]);
    const tied = unitsWithin([...leaderUnit, ...unitAt('T', 3)], INCH, 'LU', { value: 3, unit: 'in' });
    expect(tied[0]).toMatchObject({ unit: 'T', within: true, distance: 3 });
    const out = unitsWithin([...leaderUnit, ...unitAt('O', 3.2)], INCH, 'LU', { value: 3, unit: 'in' });
    expect(out[0]).toMatchObject({ unit: 'O', within: false, distance: 3.2 });
  });

  it('works on a square grid where 1 cell = 1 inch, in cm too', () => {
    const grid: Scene = { ...INCH, grid: 'square', measurement: 'chebyshev' };
    const r = unitsWithin([...leaderUnit, ...unitAt('U1', 0.8)], grid, 'LU', { value: 2.54, unit: 'cm' });
    expect(r[0]).toMatchObject({ unit: 'U1', within: true });
    expect(r[0]!.distance).toBeCloseTo(0.8 * 2.54, 9);
  });
});

describe('within-radius queries', () => {
  it('lists tokens within R of a leader, nearest first, ties included', () => {
    const t = [
      token({ id: 'L', x: 0, y: 0, role: 'leader' }),
      token({ id: 'a', x: 100, y: 0 }),
      token({ id: 'b', x: 0, y: 50 }),
      token({ id: 'c', x: 0, y: -100 }),
      token({ id: 'd', x: 101, y: 0 }),
    ];
    const q = createRangeQuery(t, CM_TABLE, 'centre', { value: 10, unit: 'cm' });
    expect(q.within('L', { value: 10, unit: 'cm' })).toEqual([
      { id: 'b', index: 2, distance: 5 },
      { id: 'a', index: 1, distance: 10 },
      { id: 'c', index: 3, distance: 10 },
    ]);
    expect(q.within('L', { value: 100, unit: 'mm' }, (x) => x.id !== 'a').map((h) => h.id)).toEqual(['b', 'c']);
    expect(q.within('L', { value: 1, unit: 'm' }).map((h) => h.id)).toEqual(['b', 'a', 'c', 'd']);
  });
});

describe('range shapes', () => {
  it('circle for euclidean, grown by the leader base when edge to edge', () => {
    expect(rangeShape('euclidean', 2, 70)).toEqual({ kind: 'circle', radius: 140 });
    expect(rangeShape('euclidean', 2, 70, { baseRadius: 0.5 })).toEqual({ kind: 'circle', radius: 175 });
  });

  it('square, diamond, stepped octagon, hexagon', () => {
    const sq = rangeShape('chebyshev', 2, 70);
    expect(sq).toMatchObject({ kind: 'square' });
    if (sq.kind !== 'circle')
      expect(new Set(sq.points.map((p) => `${Math.abs(p.x)},${Math.abs(p.y)}`))).toEqual(
        new Set(['140,0', '140,140', '0,140']),
      );
    const di = rangeShape('manhattan', 1, 10);
    if (di.kind !== 'circle')
      expect(di.points).toEqual([
        { x: 10, y: 0 },
        { x: 0, y: 10 },
        { x: -10, y: 0 },
        { x: 0, y: -10 },
      ]);
    const oct = rangeShape('alternating', 2, 1);
    expect(oct.kind).toBe('octagon');
    // Cells within 2 (5-10-5): offsets (2,1) yes, (2,2) no → the outline passes between them.
    if (oct.kind !== 'circle')
      expect(oct.points.filter((p) => p.x >= 0 && p.y >= 0)).toEqual([
        { x: 2.5, y: 0 },
        { x: 2.5, y: 0.5 },
        { x: 2.5, y: 1.5 },
        { x: 1.5, y: 1.5 },
        { x: 1.5, y: 2.5 },
        { x: 0, y: 2.5 },
      ]);
    const hex = rangeShape('hex', 2, 70, { orientation: 'flat' });
    if (hex.kind !== 'circle') expect(hex.points).toHaveLength(6);
  });

  it('square inflated by the base radius on both axes', () => {
    const sq = rangeShape('chebyshev', 2, 1, { baseRadius: 0.5 });
    if (sq.kind !== 'circle') expect(Math.max(...sq.points.map((p) => p.x))).toBe(2.5);
  });
});
