// Hex lattices with their own column and row pitches (Scene.hexPitch): the conversions are each
// other's inverse, neighbours are one pitch apart, the regular lattice is the default, and hex
// steps on a stretched lattice are those of the same hexes on the regular one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HEX_DIRECTIONS,
  hexDistance,
  hexToPixel,
  pixelToHex,
  regularPitch,
  type HexOrientation,
} from '../../../src/geometry/hex';
import { rangeShape } from '../../../src/geometry/shapes';

const orientation = fc.constantFrom<HexOrientation>('pointy', 'flat');
const ppc = fc.constantFrom(70, 35, 80, 140);
const stretch = fc.tuple(
  fc.double({ min: 0.75, max: 1.35, noNaN: true }),
  fc.double({ min: 0.75, max: 1.35, noNaN: true }),
);
const hex = fc.record({ q: fc.integer({ min: -40, max: 40 }), r: fc.integer({ min: -40, max: 40 }) });
const origin = fc.record({
  x: fc.double({ min: -100, max: 100, noNaN: true }),
  y: fc.double({ min: -100, max: 100, noNaN: true }),
});

describe('stretched hex lattices', () => {
  it('property: pixel → hex undoes hex → pixel, and a point near a centre (a third of the smaller pitch) is in its hex', () => {
    fc.assert(
      fc.property(
        orientation,
        ppc,
        stretch,
        hex,
        origin,
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (o, c, [kx, ky], h, at, angle) => {
          const reg = regularPitch(c, o);
          const pitch = { x: reg.x * kx, y: reg.y * ky };
          const p = hexToPixel(h, c, o, at, pitch);
          expect(pixelToHex(p, c, o, at, pitch)).toEqual(h);
          const d = Math.min(pitch.x, pitch.y) / 3;
          expect(pixelToHex({ x: p.x + d * Math.cos(angle), y: p.y + d * Math.sin(angle) }, c, o, at, pitch)).toEqual(
            h,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: neighbours are one pitch apart (pointy: along a row by x, to the next row by y; flat: the other way round)', () => {
    fc.assert(
      fc.property(orientation, ppc, stretch, hex, (o, c, [kx, ky], h) => {
        const reg = regularPitch(c, o);
        const pitch = { x: reg.x * kx, y: reg.y * ky };
        const a = hexToPixel(h, c, o, undefined, pitch);
        const along = hexToPixel(
          { q: h.q + (o === 'pointy' ? 1 : 0), r: h.r + (o === 'pointy' ? 0 : 1) },
          c,
          o,
          undefined,
          pitch,
        );
        expect(Math.abs(o === 'pointy' ? along.x - a.x : along.y - a.y)).toBeCloseTo(
          o === 'pointy' ? pitch.x : pitch.y,
          9,
        );
        // Every neighbour is one hex step away, whatever the stretch.
        for (const d of HEX_DIRECTIONS) {
          const n = pixelToHex(
            hexToPixel({ q: h.q + d.q, r: h.r + d.r }, c, o, undefined, pitch),
            c,
            o,
            undefined,
            pitch,
          );
          expect(hexDistance(h, n)).toBe(1);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('without a pitch, the regular lattice: the same hexes and centres as with its own pitches', () => {
    fc.assert(
      fc.property(orientation, ppc, hex, origin, (o, c, h, at) => {
        const p = hexToPixel(h, c, o, at);
        const q = hexToPixel(h, c, o, at, regularPitch(c, o));
        expect(p.x).toBeCloseTo(q.x, 9);
        expect(p.y).toBeCloseTo(q.y, 9);
        expect(pixelToHex(p, c, o, at)).toEqual(h);
      }),
      { numRuns: 500 },
    );
  });

  it("Roll20 API scripts' hex lattice: centres where those scripts put them", () => {
    const pitch = { x: 75.1985619844599, y: 66.9658278242677 };
    const first = { x: 37.5992809922301, y: 43.8658278242683 };
    expect(hexToPixel({ q: 0, r: 0 }, 70, 'pointy', first, pitch)).toEqual(first);
    const p = hexToPixel({ q: 4, r: 2 }, 70, 'pointy', first, pitch); // row 2, column 5 in odd-r offsets
    expect(p.x).toBeCloseTo(first.x + 5 * pitch.x, 9);
    expect(p.y).toBeCloseTo(first.y + 2 * pitch.y, 9);
  });

  it('a ring on a stretched lattice is the regular hexagon stretched with it', () => {
    const reg = rangeShape('hex', 3, 70, { orientation: 'pointy' });
    const str = rangeShape('hex', 3, 70, {
      orientation: 'pointy',
      hexPitch: { x: 70 * 1.1, y: 60.6217782649107 * 0.9 },
    });
    if (reg.kind === 'circle' || str.kind === 'circle') throw new Error('hexagon expected');
    reg.points.forEach((p, i) => {
      expect(str.points[i]!.x).toBeCloseTo(p.x * 1.1, 9);
      expect(str.points[i]!.y).toBeCloseTo(p.y * 0.9, 9);
    });
  });
});
