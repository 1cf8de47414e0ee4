// Which hex lattice a Roll20 hex page's hexes are counted on (src/adapters/roll20/lattice.ts): the
// page's own (Roll20's, from its Hexploration script) unless its tokens stand on another one, with
// a rule that holds with 0, 1 and 2 tokens and with unsnapped ones among them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexToPixel, regularPitch, type HexOrientation } from '../../../src/geometry/hex';
import { hexLatticeOf, onLattice as standsOn, pageLattice, regularLattice } from '../../../src/adapters/roll20/lattice';

/**
 * Roll20's own lattice written from Hexploration's HexagonTile.getCoordinates (Roll20/roll20-api-scripts),
 * not from the module under test: column `dx`, row `dy`, first centre (startX, startY), odd rows (hex) or
 * columns (hexr) shifted by the diagonal neighbour's offset (UNIT_PIXELS_DIAG_V_DX, _DIAG_H_DY); all × si.
 */
const HEXPLORATION = {
  pointy: { dx: 75.19856198446, dy: 66.965827824268, half: 37.59928099223, x0: 37.5, y0: 44 },
  flat: { dx: 69.585127490377, dy: 79.688789983504, half: 39.844394991752, x0: 47, y0: 40.5 },
};
const roll20At =
  (o: HexOrientation, si: number) =>
  ([i, j]: readonly [number, number]) => {
    const h = HEXPLORATION[o];
    return o === 'pointy'
      ? { x: si * (h.x0 + h.dx * i + (j & 1 ? h.half : 0)), y: si * (h.y0 + h.dy * j) }
      : { x: si * (h.x0 + h.dx * i), y: si * (h.y0 + h.dy * j + (i & 1 ? h.half : 0)) };
  };
/** Regular hexagons 70·si apart (Jumpgate's grid mesh), offset rows (pointy) or columns (flat). */
const regularAt =
  (o: HexOrientation, si: number) =>
  ([i, j]: readonly [number, number]) => {
    const s = 70 * si;
    const R = s / Math.sqrt(3);
    return o === 'pointy'
      ? { x: s / 2 + s * (i + (j & 1) / 2), y: R + 1.5 * R * j }
      : { x: R + 1.5 * R * i, y: s / 2 + s * (j + (i & 1) / 2) };
  };
/** A token dropped with Alt: a few px off its hex, each its own way (the `k`-th of them). */
const unsnapped = (p: { x: number; y: number }, si = 1, k = 0) => ({
  x: p.x + (7 + ((k * 5) % 11)) * si,
  y: p.y + (5 + ((k * 7) % 13)) * si,
});
const BOARD = [
  [1, 1],
  [4, 1],
  [8, 1],
  [8, 7],
  [2, 5],
  [3, 6],
  [12, 3],
  [0, 9],
] as const;

describe('the hex lattice of a Roll20 page', () => {
  it.each(['pointy', 'flat'] as const)("%s: tokens on Roll20's own lattice: it, because they stand on it", (o) => {
    const l = hexLatticeOf(BOARD.map(roll20At(o, 1)), 1, o);
    expect(l).toMatchObject({
      lattice: 'roll20',
      reason: 'tokens',
      onLattice: 1,
      tokens: 8,
      counts: { roll20: 8, regular: 0 },
    });
    expect(l.pitch).toEqual(pageLattice(1, o).pitch);
  });

  it.each(['pointy', 'flat'] as const)('%s: tokens on regular hexagons: regular, because they stand on it', (o) => {
    const l = hexLatticeOf(BOARD.map(regularAt(o, 1)), 1, o);
    expect(l).toMatchObject({
      lattice: 'regular',
      reason: 'tokens',
      onLattice: 1,
      origin: regularLattice(1, o).origin,
    });
    expect(l.pitch).toBeUndefined();
  });

  it.each([0.5, 80 / 70, 2, 3])("at any snapping increment (%s): Roll20's lattice scales with it", (si) => {
    for (const o of ['pointy', 'flat'] as const) {
      expect(hexLatticeOf(BOARD.map(roll20At(o, si)), si, o)).toMatchObject({
        lattice: 'roll20',
        reason: 'tokens',
        onLattice: 1,
      });
      expect(hexLatticeOf(BOARD.map(regularAt(o, si)), si, o)).toMatchObject({ lattice: 'regular', reason: 'tokens' });
    }
  });

  it("0 and 1 token cannot decide: the page's own lattice, and it says so", () => {
    for (const o of ['pointy', 'flat'] as const) {
      expect(hexLatticeOf([], 1, o)).toMatchObject({ lattice: 'roll20', reason: 'page', tokens: 0 });
      expect(hexLatticeOf([regularAt(o, 1)([3, 2])], 1, o)).toMatchObject({
        lattice: 'roll20',
        reason: 'page',
        tokens: 1,
        counts: { regular: 1 },
      });
      expect(hexLatticeOf([roll20At(o, 1)([3, 2])], 1, o)).toMatchObject({
        lattice: 'roll20',
        reason: 'page',
        onLattice: 1,
      });
    }
  });

  it("2 tokens decide when they agree; one on each, the page's own", () => {
    const o = 'pointy';
    expect(hexLatticeOf([regularAt(o, 1)([1, 1]), regularAt(o, 1)([4, 1])], 1, o)).toMatchObject({
      lattice: 'regular',
      reason: 'tokens',
    });
    expect(hexLatticeOf([roll20At(o, 1)([1, 1]), roll20At(o, 1)([4, 1])], 1, o)).toMatchObject({
      lattice: 'roll20',
      reason: 'tokens',
    });
    expect(hexLatticeOf([regularAt(o, 1)([1, 1]), roll20At(o, 1)([4, 1])], 1, o)).toMatchObject({
      lattice: 'roll20',
      reason: 'page',
    });
  });

  it('a minority of unsnapped tokens changes nothing; mostly unsnapped, the snapped ones still decide', () => {
    const o = 'flat';
    const onRoll20 = BOARD.map(roll20At(o, 1));
    expect(hexLatticeOf([...onRoll20, ...onRoll20.slice(0, 3).map((p, k) => unsnapped(p, 1, k))], 1, o)).toMatchObject({
      lattice: 'roll20',
      reason: 'tokens',
      tokens: 11,
    });
    const onRegular = BOARD.map(regularAt(o, 1));
    expect(
      hexLatticeOf([...onRegular.slice(0, 5), ...onRegular.slice(5).map((p, k) => unsnapped(p, 1, k))], 1, o),
    ).toMatchObject({ lattice: 'regular', reason: 'tokens', counts: { regular: 5 } });
    // Two snapped on regular hexagons among six unsnapped: they are what the page tells.
    expect(
      hexLatticeOf([...onRegular.slice(0, 2), ...onRegular.slice(2).map((p, k) => unsnapped(p, 1, k))], 1, o),
    ).toMatchObject({ lattice: 'regular', reason: 'tokens' });
    // One snapped among seven unsnapped: nothing to go by.
    expect(hexLatticeOf([onRegular[0]!, ...onRegular.slice(1).map((p, k) => unsnapped(p, 1, k))], 1, o)).toMatchObject({
      lattice: 'roll20',
      reason: 'page',
    });
  });

  it("tokens scattered anywhere: the page's own (nothing fits better)", () => {
    const pts = [
      { x: 12.3, y: 45.6 },
      { x: 301.7, y: 99.1 },
      { x: 155.5, y: 412.9 },
      { x: 622.2, y: 37.4 },
      { x: 90.9, y: 250.1 },
    ];
    expect(hexLatticeOf(pts, 1, 'pointy')).toMatchObject({ lattice: 'roll20', reason: 'page' });
  });

  it('property: whatever the snapping increment, a majority of tokens on a known lattice (at least 2) wins over any unsnapped minority', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<HexOrientation>('pointy', 'flat'),
        fc.constantFrom('roll20', 'regular'),
        fc.constantFrom(0.5, 1, 80 / 70, 1.5, 2),
        fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 14 })), {
          minLength: 2,
          maxLength: 12,
          selector: ([i, j]) => `${i},${j}`,
        }),
        fc.nat(),
        (o, which, si, cells, k) => {
          const at = which === 'roll20' ? roll20At(o, si) : regularAt(o, si);
          const snapped = cells.map(at);
          const off = cells.slice(0, k % Math.ceil(cells.length / 2)).map((c, n) => unsnapped(at(c), si, n));
          // An unsnapped token that happens to fall on the other lattice is not unsnapped.
          fc.pre(
            off.every((p) => !standsOn(p, si, o, pageLattice(si, o)) && !standsOn(p, si, o, regularLattice(si, o))),
          );
          expect(hexLatticeOf([...snapped, ...off], si, o)).toMatchObject({ lattice: which, reason: 'tokens' });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('property: a lattice of unknown pitches (±20 % of regular) is fitted to within 0.05 px', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<HexOrientation>('pointy', 'flat'),
        fc.double({ min: 0.82, max: 1.2, noNaN: true }),
        fc.double({ min: 0.82, max: 1.2, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (o, kx, ky, fx, fy) => {
          const reg = regularPitch(70, o);
          // Neither of the known lattices.
          const own = pageLattice(1, o).pitch;
          fc.pre(Math.abs(kx - own.x / reg.x) > 0.015 || Math.abs(ky - own.y / reg.y) > 0.015);
          fc.pre(Math.abs(kx - 1) > 0.02 || Math.abs(ky - 1) > 0.02);
          const pitch = { x: reg.x * kx, y: reg.y * ky };
          const origin = { x: pitch.x * fx, y: pitch.y * fy };
          const cells: [number, number][] = [
            [0, 0],
            [1, 0],
            [3, 1],
            [5, 2],
            [2, 3],
            [7, 4],
            [4, 5],
            [9, 6],
            [6, 7],
            [1, 8],
          ];
          const points = cells.map(([i, j]) =>
            hexToPixel(
              o === 'pointy' ? { q: i - (j - (j & 1)) / 2, r: j } : { q: i, r: j - (i - (i & 1)) / 2 },
              70,
              o,
              origin,
              pitch,
            ),
          );
          const l = hexLatticeOf(points, 1, o);
          fc.pre(l.counts.roll20 < 2 && l.counts.regular < 2);
          expect(l).toMatchObject({ lattice: 'fitted', reason: 'fitted', onLattice: 1 });
          expect(l.pitch!.x).toBeCloseTo(pitch.x, 1);
          expect(l.pitch!.y).toBeCloseTo(pitch.y, 1);
        },
      ),
      { numRuns: 150 },
    );
  });
});
