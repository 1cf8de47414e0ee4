// Bases as they stand: the gap between two bases against a brute-force reference worked out here
// (each base drawn as a polygon from its footprint and rotation, the gap the least distance between
// their edges), and the worked cases a player checks with a ruler.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseGap, baseOf, type BaseShape } from '../../../src/geometry/bases';
import { distanceBetween } from '../../../src/geometry/within';
import type { Scene, Token } from '../../../src/table/model';

/** 1 px = 1 cell: the gaps below are read in pixels. */
const PX: Scene = { pixelsPerCell: 1, unitsPerCell: 1, unitName: 'cell', grid: 'none', measurement: 'euclidean' };

const tok = (x: number, y: number, width: number, height: number, rotation = 0): Token => ({
  id: `${x},${y}`,
  name: 'f',
  center: { x, y },
  footprint: { width, height },
  rotation,
  layer: 'objects',
  visible: true,
  side: 'A',
  unit: 'u',
  role: 'figure',
});

type P = { x: number; y: number };

type Shape = { disc: P; r: number } | { poly: P[] };

/** The base as a disc, or as a box by its corners turned by the rotation (y grows downwards). */
function shapeOf(t: Token, shape: BaseShape): Shape {
  const { width: w, height: h } = t.footprint;
  const { x, y } = t.center;
  // `auto`: a box whose sides differ by 2% or less is square, read as its disc.
  if (shape === 'round' || (shape === 'auto' && Math.abs(w - h) <= 0.02 * Math.max(w, h)))
    return { disc: { x, y }, r: Math.min(w, h) / 2 };
  const a = ((t.rotation ?? 0) * Math.PI) / 180;
  return {
    poly: [
      [1, 1],
      [-1, 1],
      [-1, -1],
      [1, -1],
    ].map(([u, v]) => ({
      x: x + ((u! * w) / 2) * Math.cos(a) - ((v! * h) / 2) * Math.sin(a),
      y: y + ((u! * w) / 2) * Math.sin(a) + ((v! * h) / 2) * Math.cos(a),
    })),
  };
}

const segPoint = (a: P, b: P, p: P): number => {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
};
const cross = (o: P, a: P, b: P) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
const inside = (poly: P[], p: P): boolean => {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const c = cross(poly[i]!, poly[(i + 1) % poly.length]!, p);
    if (c === 0) continue;
    if (sign === 0) sign = Math.sign(c);
    else if (Math.sign(c) !== sign) return false;
  }
  return true;
};
const segmentsCross = (a: P, b: P, c: P, d: P) =>
  cross(a, b, c) * cross(a, b, d) < 0 && cross(c, d, a) * cross(c, d, b) < 0;

/** The least distance between two convex polygons, 0 when they touch or overlap. */
function polyGap(A: P[], B: P[]): number {
  if (A.some((p) => inside(B, p)) || B.some((p) => inside(A, p))) return 0;
  let best = Infinity;
  for (let i = 0; i < A.length; i++) {
    const a1 = A[i]!;
    const a2 = A[(i + 1) % A.length]!;
    for (let j = 0; j < B.length; j++) {
      const b1 = B[j]!;
      const b2 = B[(j + 1) % B.length]!;
      if (segmentsCross(a1, a2, b1, b2)) return 0;
      best = Math.min(best, segPoint(a1, a2, b1), segPoint(b1, b2, a1));
    }
  }
  return best;
}

/** A point's distance to a convex polygon, 0 inside it. */
const pointGap = (poly: P[], p: P): number =>
  inside(poly, p) ? 0 : Math.min(...poly.map((a, i) => segPoint(a, poly[(i + 1) % poly.length]!, p)));

function bruteGap(A: Shape, B: Shape): number {
  if ('disc' in A && 'disc' in B) return Math.max(0, Math.hypot(A.disc.x - B.disc.x, A.disc.y - B.disc.y) - A.r - B.r);
  if ('disc' in A) return Math.max(0, pointGap((B as { poly: P[] }).poly, A.disc) - A.r);
  if ('disc' in B) return Math.max(0, pointGap(A.poly, B.disc) - B.r);
  return polyGap(A.poly, B.poly);
}

const arbBase = fc.record({
  x: fc.integer({ min: -200, max: 200 }),
  y: fc.integer({ min: -200, max: 200 }),
  w: fc.integer({ min: 10, max: 120 }),
  h: fc.integer({ min: 10, max: 120 }),
  rotation: fc.integer({ min: -360, max: 720 }),
});

describe('the gap between two bases as they stand', () => {
  it('is the least distance between their outlines, for discs, squares and oblong boxes turned any way', () => {
    fc.assert(
      fc.property(arbBase, arbBase, fc.constantFrom<BaseShape>('auto', 'round', 'box'), (s, t, shape) => {
        const a = tok(s.x, s.y, s.w, s.h, s.rotation);
        const b = tok(t.x, t.y, t.w, t.h, t.rotation);
        const got = baseGap(
          baseOf(a, PX, shape),
          baseOf(b, PX, shape),
          b.center.x - a.center.x,
          b.center.y - a.center.y,
        );
        expect(got).toBeCloseTo(bruteGap(shapeOf(a, shape), shapeOf(b, shape)), 9);
        // And the same either way round.
        expect(
          baseGap(baseOf(b, PX, shape), baseOf(a, PX, shape), a.center.x - b.center.x, a.center.y - b.center.y),
        ).toBeCloseTo(got, 9);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a 2×1 base turned a quarter as the 1×2 box it is (Roll20's 140×70 cavalry)", () => {
    // Two cavalry bases nose to tail down the table, 100 px between them: turned, their long sides run down.
    const a = tok(0, 0, 140, 70, 90);
    const b = tok(0, 240, 140, 70, 90);
    expect(distanceBetween(a, b, PX, 'cell', 'edge', 'box')).toBeCloseTo(100, 9);
    // As the disc inside the box (the old reading), 170 px; unturned boxes, 170 px too.
    expect(distanceBetween(a, b, PX, 'cell', 'edge', 'round')).toBeCloseTo(170, 9);
    expect(distanceBetween(tok(0, 0, 140, 70), tok(0, 240, 140, 70), PX, 'cell', 'edge', 'box')).toBeCloseTo(170, 9);
    // `auto` reads an oblong box as a box, a square one as its disc.
    expect(distanceBetween(a, b, PX, 'cell', 'edge', 'auto')).toBeCloseTo(100, 9);
    expect(distanceBetween(tok(0, 0, 50, 50, 45), tok(100, 0, 50, 50, 45), PX, 'cell', 'edge', 'auto')).toBeCloseTo(
      50,
      9,
    );
    // A square turned 45° as a box: corner to corner, 100 − 2 × 25√2.
    expect(distanceBetween(tok(0, 0, 50, 50, 45), tok(100, 0, 50, 50, 45), PX, 'cell', 'edge', 'box')).toBeCloseTo(
      100 - 50 * Math.SQRT2,
      9,
    );
  });

  it('on a square grid counts the cells the box covers: the grid-aligned box that holds it', () => {
    const grid: Scene = { ...PX, grid: 'square', measurement: 'chebyshev' };
    // A 2×1 box turned 45° spans 53.0 px each way; two of them 200 px apart, centre to centre, along x.
    const half = (140 / 2 + 70 / 2) * Math.SQRT1_2;
    expect(distanceBetween(tok(0, 0, 140, 70, 45), tok(200, 0, 140, 70, 45), grid, 'cell', 'edge', 'box')).toBeCloseTo(
      200 - 2 * half,
      9,
    );
    // Turned a quarter, the long side runs along y: 200 − 70 along x.
    expect(distanceBetween(tok(0, 0, 140, 70, 90), tok(200, 0, 140, 70, 90), grid, 'cell', 'edge', 'box')).toBeCloseTo(
      130,
      9,
    );
  });

  it('reads nonsense rotations as none, and a declared round base over any box', () => {
    expect(baseOf(tok(0, 0, 140, 70, Number.NaN), PX, 'box')).toMatchObject({ round: false, ex: 70, ey: 35 });
    expect(baseOf({ ...tok(0, 0, 140, 70, 90), baseSize: { value: 25, unit: 'cell' } }, PX, 'box')).toMatchObject({
      round: true,
      hw: 12.5,
    });
  });
});
