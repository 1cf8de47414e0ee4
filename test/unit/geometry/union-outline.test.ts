// The outline of a union of range shapes, against the shapes themselves: a point inside any shape
// is inside the outline's loops, a point outside every shape is outside them (away from the edges,
// where an arc written as a polyline may differ by a hair).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rangeShape, type RangeShape } from '../../../src/geometry/shapes';
import { unionOutline, type PlacedShape } from '../../../src/geometry/union-outline';
import type { Vec2 } from '../../../src/table/model';
import { winding } from '../../support/rings';

/** Signed distance from p to a shape's edge: negative inside. */
function signed(s: PlacedShape, p: Vec2): number {
  if (s.shape.kind === 'circle') return Math.hypot(p.x - s.x, p.y - s.y) - s.shape.radius;
  const pts = s.shape.points.map((q) => ({ x: q.x + s.x, y: q.y + s.y }));
  let inside = false;
  let d = Infinity;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const a = pts[j]!;
    const b = pts[i]!;
    if (a.y > p.y !== b.y > p.y && p.x < a.x + ((p.y - a.y) * (b.x - a.x)) / (b.y - a.y)) inside = !inside;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
    d = Math.min(d, Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy));
  }
  return inside ? -d : d;
}

const shapeOf = (kind: 'circle' | 'square' | 'diamond' | 'octagon' | 'hexagon', r: number): RangeShape =>
  rangeShape(
    kind === 'circle'
      ? 'euclidean'
      : kind === 'square'
        ? 'chebyshev'
        : kind === 'diamond'
          ? 'manhattan'
          : kind === 'octagon'
            ? 'alternating'
            : 'hex',
    r,
    10,
    { baseRadius: kind === 'hexagon' ? 0 : 0.5 },
  );

const arbUnion = fc.record({
  kind: fc.constantFrom('circle', 'square', 'diamond', 'octagon', 'hexagon') as fc.Arbitrary<
    'circle' | 'square' | 'diamond' | 'octagon' | 'hexagon'
  >,
  radius: fc.integer({ min: 1, max: 4 }),
  // Figures on whole cells half the time (shared edges, stacked figures), anywhere otherwise.
  snap: fc.boolean(),
  figures: fc.array(
    fc.record({ x: fc.double({ min: 0, max: 120, noNaN: true }), y: fc.double({ min: 0, max: 120, noNaN: true }) }),
    { minLength: 1, maxLength: 12 },
  ),
  probes: fc.array(
    fc.record({ x: fc.double({ min: -60, max: 180, noNaN: true }), y: fc.double({ min: -60, max: 180, noNaN: true }) }),
    { minLength: 40, maxLength: 40 },
  ),
});

describe('unionOutline', () => {
  it('holds every point of every shape, and no point outside them all', () => {
    fc.assert(
      fc.property(arbUnion, ({ kind, radius, snap, figures, probes }) => {
        const shape = shapeOf(kind, radius);
        const shapes = figures.map((f) => ({
          x: snap ? Math.round(f.x / 10) * 10 : f.x,
          y: snap ? Math.round(f.y / 10) * 10 : f.y,
          shape,
        }));
        const loops = unionOutline(shapes);
        for (const p of [...probes, ...shapes.map((s) => ({ x: s.x, y: s.y }))]) {
          const d = Math.min(...shapes.map((s) => signed(s, p)));
          if (Math.abs(d) < 0.05) continue;
          expect(
            winding(loops, p) !== 0,
            `${kind} at ${p.x},${p.y}: ${d < 0 ? 'inside' : 'outside'} by ${Math.abs(d)}`,
          ).toBe(d < 0);
        }
        // Every stretch of the outline is an edge of the union: inside on one side, outside on the other
        // (looked at away from where two shapes' edges meet, where a step either way may land on an edge).
        const inUnion = (p: Vec2) => shapes.some((s) => signed(s, p) < 0);
        // A step off the edge, past where a polyline's chord may stand inside an arc.
        const step = 0.02 + (shape.kind === 'circle' ? 0.002 * shape.radius : 0);
        for (const loop of loops) {
          for (let i = 0; i < loop.length; i++) {
            const a = loop[i]!;
            const b = loop[(i + 1) % loop.length]!;
            const len = Math.hypot(b.x - a.x, b.y - a.y);
            if (len < 0.1) continue;
            for (const f of [0.3, 0.7]) {
              const m = { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
              if (shapes.filter((s) => Math.abs(signed(s, m)) < 4 * step).length > 1) continue;
              const n = { x: (-(b.y - a.y) / len) * step, y: ((b.x - a.x) / len) * step };
              expect(
                inUnion({ x: m.x + n.x, y: m.y + n.y }) !== inUnion({ x: m.x - n.x, y: m.y - n.y }),
                `${kind}: the outline at ${m.x},${m.y} is no edge of the union`,
              ).toBe(true);
            }
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('draws two overlapping circles as one loop, and two apart as two', () => {
    const c = { kind: 'circle', radius: 10 } as const;
    expect(
      unionOutline([
        { x: 0, y: 0, shape: c },
        { x: 15, y: 0, shape: c },
      ]),
    ).toHaveLength(1);
    expect(
      unionOutline([
        { x: 0, y: 0, shape: c },
        { x: 25, y: 0, shape: c },
      ]),
    ).toHaveLength(2);
    // A ring of circles leaves a hole: a second loop, the other way round.
    const ring = Array.from({ length: 12 }, (_, i) => ({
      x: 40 * Math.cos((i * Math.PI) / 6),
      y: 40 * Math.sin((i * Math.PI) / 6),
      shape: { kind: 'circle', radius: 15 } as const,
    }));
    const loops = unionOutline(ring);
    expect(loops).toHaveLength(2);
    expect(winding(loops, { x: 0, y: 0 })).toBe(0);
    expect(winding(loops, { x: 40, y: 0 })).not.toBe(0);
  });

  it("draws squares that touch edge to edge, or share an edge's line, as one outline with no stroke inside", () => {
    const square = shapeOf('square', 1); // half-side 15 px
    // Side by side, touching: the edge between them is inside the union.
    const touching = unionOutline([
      { x: 0, y: 0, shape: square },
      { x: 30, y: 0, shape: square },
    ]);
    expect(touching).toHaveLength(1);
    expect(touching[0]!.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`).sort()).toEqual([
      '-15,-15',
      '-15,15',
      '45,-15',
      '45,15',
    ]);
    // One above the other, half a side along: their left edges lie on one line, kept once.
    const stepped = unionOutline([
      { x: 0, y: 0, shape: square },
      { x: 0, y: 20, shape: square },
    ]);
    expect(stepped).toHaveLength(1);
    expect(stepped[0]!.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`).sort()).toEqual([
      '-15,-15',
      '-15,35',
      '15,-15',
      '15,35',
    ]);
  });
});
