// Which hex lattice a Roll20 hex page's tokens stand on (src/adapters/roll20/lattice.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexToPixel, regularPitch, type HexOrientation } from '../../../src/geometry/hex';
import { API_HEX, assumedLattice, hexLatticeOf } from '../../../src/adapters/roll20/lattice';

const API = {
  pointy: { pitch: { x: 75.1985619844599, y: 66.9658278242677 }, origin: { x: 37.5992809922301, y: 43.8658278242683 } },
  flat: { pitch: { x: 69.58512749, y: 79.68878998 }, origin: { x: 46.39, y: 39.84439499 } },
};
/** Token centres on a lattice: hexes (q, r) in offset rows/columns across a board. */
function onLattice(o: HexOrientation, origin: { x: number; y: number }, pitch: { x: number; y: number } | undefined, cells: [number, number][], si = 1) {
  return cells.map(([i, j]) => {
    const h = o === 'pointy' ? { q: i - (j - (j & 1)) / 2, r: j } : { q: i, r: j - (i - (i & 1)) / 2 };
    return hexToPixel(h, 70 * si, o, origin, pitch);
  });
}
const BOARD: [number, number][] = [[1, 1], [4, 1], [8, 1], [8, 7], [2, 5], [3, 6], [12, 3], [0, 9]];

describe('the hex lattice of a Roll20 page, from its tokens', () => {
  it.each(['pointy', 'flat'] as const)('%s: tokens on regular hexagons keep the assumed lattice', (o) => {
    const l = hexLatticeOf(onLattice(o, assumedLattice(1, o).origin, undefined, BOARD), 1, o);
    expect(l).toMatchObject({ source: 'assumed', onLattice: 1 });
    expect(l.pitch).toBeUndefined();
  });

  it('pointy: tokens on the API scripts\' lattice are recognised, with its first centre', () => {
    const l = hexLatticeOf(onLattice('pointy', API.pointy.origin, API.pointy.pitch, BOARD), 1, 'pointy');
    expect(l).toMatchObject({ source: 'known', origin: API.pointy.origin, pitch: API.pointy.pitch, onLattice: 1 });
  });

  it('flat: the API scripts\' pitches, the first centre taken from the tokens', () => {
    const l = hexLatticeOf(onLattice('flat', API.flat.origin, API.flat.pitch, BOARD), 1, 'flat');
    expect(l.source).toBe('known');
    expect(l.onLattice).toBe(1);
    expect(l.pitch).toEqual(API.flat.pitch);
  });

  it('scales with the cell size (snapping increment 2)', () => {
    const pitch = { x: API.pointy.pitch.x * 2, y: API.pointy.pitch.y * 2 };
    const origin = { x: API.pointy.origin.x * 2, y: API.pointy.origin.y * 2 };
    expect(hexLatticeOf(onLattice('pointy', origin, pitch, BOARD, 2), 2, 'pointy')).toMatchObject({ source: 'known', pitch });
  });

  it('fewer than three tokens say nothing against the assumed lattice', () => {
    const two = onLattice('pointy', API.pointy.origin, API.pointy.pitch, BOARD.slice(0, 2));
    expect(hexLatticeOf(two, 1, 'pointy').source).toBe('assumed');
  });

  it('a few tokens off any lattice (dropped with Alt) do not stop the fit', () => {
    const pts = [...onLattice('pointy', API.pointy.origin, API.pointy.pitch, BOARD), { x: 333.3, y: 222.2 }];
    expect(hexLatticeOf(pts, 1, 'pointy')).toMatchObject({ source: 'known' });
  });

  it('tokens scattered anywhere keep the assumed lattice (nothing fits better)', () => {
    const pts = [{ x: 12.3, y: 45.6 }, { x: 301.7, y: 99.1 }, { x: 155.5, y: 412.9 }, { x: 622.2, y: 37.4 }, { x: 90.9, y: 250.1 }];
    expect(hexLatticeOf(pts, 1, 'pointy').source).toBe('assumed');
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
          // Not the known API lattice of this orientation (that one is recognised, not fitted), nor the regular one.
          const api = API_HEX[o].pitch;
          fc.pre(Math.abs(kx - api.x / reg.x) > 0.015 || Math.abs(ky - api.y / reg.y) > 0.015);
          fc.pre(Math.abs(kx - 1) > 0.02 || Math.abs(ky - 1) > 0.02);
          const pitch = { x: reg.x * kx, y: reg.y * ky };
          const origin = { x: pitch.x * fx, y: pitch.y * fy };
          const cells: [number, number][] = [[0, 0], [1, 0], [3, 1], [5, 2], [2, 3], [7, 4], [4, 5], [9, 6], [6, 7], [1, 8]];
          const l = hexLatticeOf(onLattice(o, origin, pitch, cells), 1, o);
          expect(l.source).toBe('fitted');
          expect(l.onLattice).toBe(1);
          expect(l.pitch!.x).toBeCloseTo(pitch.x, 1);
          expect(l.pitch!.y).toBeCloseTo(pitch.y, 1);
        },
      ),
      { numRuns: 150 },
    );
  });
});
