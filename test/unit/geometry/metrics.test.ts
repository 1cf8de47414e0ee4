// Golden tables: distances per metric as Roll20 and Owlbear measure them (roll20.md §6,
// owlbear.md §4), hex lattices for both orientations, unit conversion through the scene scale.
import { describe, expect, it } from 'vitest';
import { axisDistance, effectiveMetric, withinRange } from '../../../src/geometry/metrics';
import { hexDistance, hexLine, hexRound, hexToPixel, hexesWithin, pixelToHex } from '../../../src/geometry/hex';
import {
  IncompatibleUnitsError,
  InvalidScaleError,
  convertLength,
  fromCells,
  toCells,
} from '../../../src/geometry/units';
import { distanceBetween } from '../../../src/geometry/within';
import type { Measurement, Scene } from '../../../src/table/model';
import { token } from './helpers';

const SQ = (measurement: Measurement): Scene => ({
  pixelsPerCell: 70,
  unitsPerCell: 5,
  unitName: 'ft',
  grid: 'square',
  measurement,
});

// dx, dy (cells) → euclidean, chebyshev (foure), manhattan, alternating (threefive), in cells.
const GOLDEN: [number, number, number, number, number, number][] = [
  [0, 0, 0, 0, 0, 0],
  [1, 0, 1, 1, 1, 1],
  [1, 1, Math.SQRT2, 1, 2, 1],
  [2, 2, 2 * Math.SQRT2, 2, 4, 3],
  [3, 3, 3 * Math.SQRT2, 3, 6, 4],
  [4, 4, 4 * Math.SQRT2, 4, 8, 6],
  [3, 1, Math.sqrt(10), 3, 4, 3],
  [5, 2, Math.sqrt(29), 5, 7, 6],
  [0, 7, 7, 7, 7, 7],
];

describe('square-grid metrics (golden)', () => {
  it.each(GOLDEN)('Δ(%i,%i): euclid %f, chebyshev %i, manhattan %i, alternating %i', (dx, dy, e, c, m, a) => {
    const A = token({ id: 'a', x: 35, y: 35 });
    const B = token({ id: 'b', x: 35 + dx * 70, y: 35 - dy * 70 });
    expect(distanceBetween(A, B, SQ('euclidean'), 'cell')).toBeCloseTo(e, 12);
    expect(distanceBetween(A, B, SQ('chebyshev'), 'cell')).toBe(c);
    expect(distanceBetween(A, B, SQ('manhattan'), 'cell')).toBe(m);
    expect(distanceBetween(A, B, SQ('alternating'), 'cell')).toBe(a);
  });

  it('alternating diagonals in feet run 5, 15, 20, 30 (Roll20 threefive)', () => {
    const A = token({ id: 'a', x: 0, y: 0 });
    expect(
      [1, 2, 3, 4].map((k) => distanceBetween(A, token({ id: 'b', x: 70 * k, y: 70 * k }), SQ('alternating'), 'ft')),
    ).toEqual([5, 15, 20, 30]);
  });

  it('alternating forgives float noise just under a whole cell', () => {
    expect(axisDistance('alternating', 3, 1.9999999999999)).toBe(4);
  });

  it('gridless scenes always measure straight lines; hex grids count steps unless euclidean', () => {
    expect(effectiveMetric({ grid: 'none', measurement: 'chebyshev' })).toBe('euclidean');
    expect(effectiveMetric({ grid: 'hex-flat', measurement: 'chebyshev' })).toBe('hex');
    expect(effectiveMetric({ grid: 'hex-pointy', measurement: 'euclidean' })).toBe('euclidean');
    expect(effectiveMetric({ grid: 'square', measurement: 'hex' })).toBe('chebyshev');
  });

  it('base edge to base edge: euclidean gap between circles; grid metrics shrink each axis gap', () => {
    const a = token({ id: 'a', x: 0, y: 0, size: 70 });
    const b = token({ id: 'b', x: 210, y: 140, size: 70 });
    expect(distanceBetween(a, b, SQ('euclidean'), 'cell', 'edge')).toBeCloseTo(Math.sqrt(13) - 1, 12);
    expect(distanceBetween(a, b, SQ('chebyshev'), 'cell', 'edge')).toBe(2);
    expect(distanceBetween(a, b, SQ('manhattan'), 'cell', 'edge')).toBe(3);
    // Overlapping bases are at distance 0, never negative.
    expect(distanceBetween(a, token({ id: 'c', x: 10, y: 0, size: 70 }), SQ('euclidean'), 'cell', 'edge')).toBe(0);
  });

  it('tie rule: exactly at the radius is in, float noise tolerated, a hair beyond is out', () => {
    expect(withinRange(10, 10)).toBe(true);
    expect(withinRange(0.1 + 0.2, 0.3)).toBe(true);
    expect(withinRange(10.0001, 10)).toBe(false);
  });
});

describe('hex lattices (golden)', () => {
  const ppc = 70;
  const R = 70 / Math.sqrt(3);
  const roll20Pointy = { x: 35, y: R }; // Roll20 `hex` first centre (roll20.md §6.3)

  it('pointy tops: column pitch 70, row pitch 1.5·R, odd rows shifted right', () => {
    expect(hexToPixel({ q: 1, r: 0 }, ppc, 'pointy', roll20Pointy)).toEqual({ x: 105, y: R });
    const p = hexToPixel({ q: 0, r: 1 }, ppc, 'pointy', roll20Pointy);
    expect(p.x).toBeCloseTo(70, 9);
    expect(p.y).toBeCloseTo(R + 60.6218, 3);
    expect(pixelToHex({ x: 70, y: R + 60.62 }, ppc, 'pointy', roll20Pointy)).toEqual({ q: 0, r: 1 });
  });

  it('flat tops (Roll20 hexr): column pitch 1.5·R, row pitch 70', () => {
    const p = hexToPixel({ q: 1, r: 0 }, ppc, 'flat');
    expect(p.x).toBeCloseTo(60.6218, 3);
    expect(p.y).toBeCloseTo(35, 9);
    expect(hexToPixel({ q: 0, r: 1 }, ppc, 'flat').y).toBeCloseTo(70, 9);
  });

  it.each([
    ['pointy', 0, 0, 3, -3, 3],
    ['pointy', 0, 0, 2, 1, 3],
    ['pointy', 1, -1, -2, 2, 3],
    ['flat', 0, 0, -4, 0, 4],
    ['flat', 2, 2, -1, 1, 4],
  ] as const)('%s: (%i,%i) → (%i,%i) is %i steps, also through pixels', (o, q1, r1, q2, r2, d) => {
    expect(hexDistance({ q: q1, r: r1 }, { q: q2, r: r2 })).toBe(d);
    const scene: Scene = {
      pixelsPerCell: ppc,
      unitsPerCell: 1,
      unitName: 'hex',
      grid: o === 'pointy' ? 'hex-pointy' : 'hex-flat',
      measurement: 'hex',
    };
    const a = hexToPixel({ q: q1, r: r1 }, ppc, o);
    const b = hexToPixel({ q: q2, r: r2 }, ppc, o);
    // A token off its hex's centre (by a third of a cell) still stands in that hex.
    const A = token({ id: 'a', x: a.x + 20, y: a.y - 10 });
    const B = token({ id: 'b', x: b.x - 15, y: b.y + 12 });
    expect(distanceBetween(A, B, scene, 'hex')).toBe(d);
    expect(distanceBetween(A, B, scene, 'cell')).toBe(d);
  });

  it('pixel ↔ axial round-trips for many hexes', () => {
    for (const o of ['pointy', 'flat'] as const)
      for (const h of hexesWithin({ q: 2, r: -1 }, 4))
        expect(pixelToHex(hexToPixel(h, 50, o, { x: 7, y: 9 }), 50, o, { x: 7, y: 9 })).toEqual(h);
  });

  it('hexesWithin(n) holds 3n(n+1)+1 hexes; hexLine steps one hex at a time', () => {
    expect(hexesWithin({ q: 0, r: 0 }, 3)).toHaveLength(37);
    const line = hexLine({ q: 0, r: 0 }, { q: 4, r: -2 });
    expect(line).toHaveLength(5);
    for (let k = 1; k < line.length; k++) expect(hexDistance(line[k - 1]!, line[k]!)).toBe(1);
    expect(hexRound(-0.4, 0.1)).toEqual({ q: 0, r: 0 });
  });
});

describe('units through the scene scale', () => {
  const inch: Scene = { pixelsPerCell: 70, unitsPerCell: 1, unitName: 'in', grid: 'square', measurement: 'euclidean' };
  const fiveCm: Scene = { pixelsPerCell: 50, unitsPerCell: 5, unitName: 'cm', grid: 'none', measurement: 'euclidean' };
  const hexScene: Scene = {
    pixelsPerCell: 70,
    unitsPerCell: 1,
    unitName: 'hex',
    grid: 'hex-pointy',
    measurement: 'hex',
  };

  it('converts real units, cells and scene-named units', () => {
    expect(toCells({ value: 10, unit: 'cm' }, fiveCm)).toBe(2);
    expect(toCells({ value: 10, unit: 'cm' }, inch)).toBeCloseTo(3.937007874, 9);
    expect(toCells({ value: 1, unit: '"' }, inch)).toBe(1);
    expect(toCells({ value: 3, unit: 'hex' }, hexScene)).toBe(3);
    expect(toCells({ value: 3, unit: 'cell' }, hexScene)).toBe(3);
    expect(toCells({ value: 30, unit: 'ft' }, { ...inch, unitsPerCell: 5, unitName: 'ft' })).toBe(6);
    expect(toCells({ value: 1.524, unit: 'm' }, { ...inch, unitsPerCell: 5, unitName: 'feet' })).toBeCloseTo(1, 12);
    expect(fromCells(2, 'mm', fiveCm)).toBe(100);
    expect(convertLength(1, 'in', 'mm')).toBe(25.4);
  });

  it('throws a typed error for incompatible units and unusable scales', () => {
    expect(() => toCells({ value: 10, unit: 'cm' }, hexScene)).toThrow(IncompatibleUnitsError);
    expect(() => toCells({ value: 10, unit: 'cm' }, { ...inch, unitName: 'custom' })).toThrow(
      expect.objectContaining({ code: 'incompatible-units', requested: 'cm', sceneUnit: 'custom' }),
    );
    expect(() => toCells({ value: 1, unit: 'cm' }, { ...fiveCm, unitsPerCell: 0 })).toThrow(InvalidScaleError);
  });
});
