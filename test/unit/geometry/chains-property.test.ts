// The indexed engine must agree exactly with the naive all-pairs reference, on every metric and
// hex orientation, centre or edge, including ties exactly at the radius (positions on a lattice
// whose spacing divides the radius make ties the common case, not the exception).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_SHAPES } from '../../../src/geometry/bases';
import { computeChains } from '../../../src/geometry/chains';
import { computeChainsNaive } from '../../../src/geometry/chains-naive';
import type { ChainOptions } from '../../../src/geometry/chains-common';
import type { GridType, Measurement, Scene, Token } from '../../../src/table/model';

const gridAndMeasure: fc.Arbitrary<[GridType, Measurement]> = fc.constantFrom<[GridType, Measurement]>(
  ['none', 'euclidean'],
  ['square', 'euclidean'],
  ['square', 'chebyshev'],
  ['square', 'manhattan'],
  ['square', 'alternating'],
  ['hex-pointy', 'hex'],
  ['hex-flat', 'hex'],
  ['hex-pointy', 'euclidean'],
);

const tokenArb = fc.record({
  // Quarter-cell lattice: many exact ties with integer or half-integer radii.
  x: fc.integer({ min: 0, max: 60 }),
  y: fc.integer({ min: 0, max: 60 }),
  unit: fc.option(fc.integer({ min: 0, max: 2 }), { freq: 8 }),
  leader: fc.boolean(),
  blocked: fc.integer({ min: 0, max: 4 }),
  base: fc.constantFrom(0, 0.5, 1, 1.25),
  // Oblong boxes, turned: the grid hash must reach as far as a box's corner.
  long: fc.constantFrom(1, 1, 2, 3),
  rotation: fc.constantFrom(0, 30, 90, 135),
});

const tableArb = fc.record({
  gm: gridAndMeasure,
  ppc: fc.constantFrom(70, 50, 35.5),
  tokens: fc.array(tokenArb, { minLength: 1, maxLength: 60 }),
  radius: fc.constantFrom(0, 0.5, 1, 1.5, 2, 3, 4.25),
  from: fc.constantFrom('centre' as const, 'edge' as const),
  bases: fc.constantFrom(...BASE_SHAPES),
  threshold: fc.constantFrom(0, 3, 24),
  // Hex pages may stand on a stretched lattice (Scene.hexPitch): the API scripts' one, and steeper ones.
  stretch: fc.constantFrom(null, [75.1985619844599 / 70, 66.9658278242677 / 60.6217782649107], [0.8, 1.25], [1.3, 0.9]),
});

type TableSpec = typeof tableArb extends fc.Arbitrary<infer T> ? T : never;

function build(t: TableSpec): { tokens: Token[]; scene: Scene; opts: ChainOptions } {
  const [grid, measurement] = t.gm;
  const hex = grid === 'hex-pointy' || grid === 'hex-flat';
  const reg =
    grid === 'hex-flat' ? { x: (t.ppc * Math.sqrt(3)) / 2, y: t.ppc } : { x: t.ppc, y: (t.ppc * Math.sqrt(3)) / 2 };
  const scene: Scene = {
    pixelsPerCell: t.ppc,
    unitsPerCell: 1,
    unitName: 'in',
    grid,
    measurement,
    ...(hex && t.stretch ? { hexPitch: { x: reg.x * t.stretch[0]!, y: reg.y * t.stretch[1]! } } : {}),
  };
  const tokens: Token[] = t.tokens.map((s, i) => ({
    id: `t${i}`,
    name: `t${i}`,
    center: { x: (s.x / 4) * t.ppc, y: (s.y / 4) * t.ppc },
    footprint: { width: s.base * s.long * t.ppc, height: s.base * t.ppc },
    rotation: s.rotation,
    layer: 'objects',
    visible: true,
    side: 'A',
    unit: s.unit === null ? null : `u${s.unit}`,
    role: s.leader ? 'leader' : 'figure',
  }));
  const opts: ChainOptions = {
    radius: { value: t.radius, unit: 'in' },
    from: t.from,
    bases: t.bases,
    indexThreshold: t.threshold,
    mayCommand: (tok) => (t.tokens[Number(tok.id.slice(1))]!.blocked === 0 ? { state: 'demoralised' } : true),
  };
  return { tokens, scene, opts };
}

describe('indexed chains = naive chains', () => {
  it('on thousands of random small tables (all metrics, ties at the radius)', () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        const { tokens, scene, opts } = build(t);
        const a = computeChains(tokens, scene, opts);
        const b = computeChainsNaive(tokens, scene, opts);
        expect(a.figures).toEqual(b.figures);
      }),
      { numRuns: 3000 },
    );
  });

  it('on larger units that use the grid hash (200 figures, 2 units)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), fc.boolean()), {
          minLength: 50,
          maxLength: 200,
        }),
        fc.constantFrom(1, 2, 2.5, 5),
        (pts, radius) => {
          const scene: Scene = {
            pixelsPerCell: 10,
            unitsPerCell: 1,
            unitName: 'cm',
            grid: 'none',
            measurement: 'euclidean',
          };
          const tokens: Token[] = pts.map(([x, y, u], i) => ({
            id: `t${i}`,
            name: `t${i}`,
            center: { x: x / 2, y: y / 2 },
            footprint: { width: 5, height: 5 },
            layer: 'objects',
            visible: true,
            side: 'A',
            unit: u ? 'a' : 'b',
            role: i < 3 ? 'leader' : 'figure',
          }));
          const opts: ChainOptions = { radius: { value: radius, unit: 'cm' }, from: 'edge', indexThreshold: 0 };
          expect(computeChains(tokens, scene, opts).figures).toEqual(computeChainsNaive(tokens, scene, opts).figures);
        },
      ),
      { numRuns: 300 },
    );
  });
});
