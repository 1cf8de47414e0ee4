// The colour science the palette's tests stand on (test/support/cvd.ts), against published values:
// Sharma, Wu & Dalal's CIEDE2000 test data (2005, Table 1, all 34 pairs), CIELAB of the sRGB
// primaries, and what every simulation must keep (white, black, greys).
import { describe, expect, it } from 'vitest';
import {
  MACHADO_1_0,
  SIMULATIONS,
  contrastRatio,
  decode,
  deltaE2000,
  deltaE76,
  encode,
  parseHex,
  rgbToLab,
  seenDifference,
  simulate,
  type Lab,
} from '../../support/cvd';

/** Sharma et al. 2005, Table 1: L1 a1 b1, L2 a2 b2, ΔE00. */
const SHARMA: readonly (readonly [number, number, number, number, number, number, number])[] = [
  [50.0, 2.6772, -79.7751, 50.0, 0.0, -82.7485, 2.0425],
  [50.0, 3.1571, -77.2803, 50.0, 0.0, -82.7485, 2.8615],
  [50.0, 2.8361, -74.02, 50.0, 0.0, -82.7485, 3.4412],
  [50.0, -1.3802, -84.2814, 50.0, 0.0, -82.7485, 1.0],
  [50.0, -1.1848, -84.8006, 50.0, 0.0, -82.7485, 1.0],
  [50.0, -0.9009, -85.5211, 50.0, 0.0, -82.7485, 1.0],
  [50.0, 0.0, 0.0, 50.0, -1.0, 2.0, 2.3669],
  [50.0, -1.0, 2.0, 50.0, 0.0, 0.0, 2.3669],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0009, 7.1792],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.001, 7.1792],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0011, 7.2195],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0012, 7.2195],
  [50.0, -0.001, 2.49, 50.0, 0.0009, -2.49, 4.8045],
  [50.0, -0.001, 2.49, 50.0, 0.001, -2.49, 4.8045],
  [50.0, -0.001, 2.49, 50.0, 0.0011, -2.49, 4.7461],
  [50.0, 2.5, 0.0, 50.0, 0.0, -2.5, 4.3065],
  [50.0, 2.5, 0.0, 73.0, 25.0, -18.0, 27.1492],
  [50.0, 2.5, 0.0, 61.0, -5.0, 29.0, 22.8977],
  [50.0, 2.5, 0.0, 56.0, -27.0, -3.0, 31.903],
  [50.0, 2.5, 0.0, 58.0, 24.0, 15.0, 19.4535],
  [50.0, 2.5, 0.0, 50.0, 3.1736, 0.5854, 1.0],
  [50.0, 2.5, 0.0, 50.0, 3.2972, 0.0, 1.0],
  [50.0, 2.5, 0.0, 50.0, 1.8634, 0.5757, 1.0],
  [50.0, 2.5, 0.0, 50.0, 3.2592, 0.335, 1.0],
  [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
  [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.263],
  [61.2901, 3.7196, -5.3901, 61.4292, 2.248, -4.962, 1.8731],
  [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
  [22.7233, 20.0904, -46.694, 23.0331, 14.973, -42.5619, 2.0373],
  [36.4612, 47.858, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
  [90.8027, -2.0831, 1.441, 91.1528, -1.6435, 0.0447, 1.4441],
  [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
  [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
  [2.0776, 0.0795, -1.135, 0.9033, -0.0636, -0.5514, 0.9082],
];

const near = (actual: readonly number[], expected: readonly number[], digits: number) =>
  actual.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, digits));

describe('CIEDE2000', () => {
  it('gives Sharma et al.’s 34 test pairs to four decimals, both ways round', () => {
    for (const [L1, a1, b1, L2, a2, b2, dE] of SHARMA) {
      const p: Lab = [L1, a1, b1];
      const q: Lab = [L2, a2, b2];
      expect(deltaE2000(p, q), `${p} / ${q}`).toBeCloseTo(dE, 4);
      expect(deltaE2000(q, p), `${q} / ${p}`).toBeCloseTo(dE, 4);
    }
  });

  it('is zero for one colour, and CIE76 is the Euclidean distance', () => {
    expect(deltaE2000([53, 80, 67], [53, 80, 67])).toBe(0);
    expect(deltaE76([50, 0, 0], [53, 4, 0])).toBeCloseTo(5, 12);
  });
});

describe('sRGB and CIELAB', () => {
  it('decodes and encodes sRGB as IEC 61966-2-1 says', () => {
    expect(decode(0)).toBe(0);
    expect(decode(1)).toBeCloseTo(1, 12);
    expect(decode(0.5)).toBeCloseTo(0.214041, 6);
    for (const c of [0, 0.01, 0.04045, 0.2, 0.5, 0.9, 1]) expect(encode(decode(c))).toBeCloseTo(c, 6);
    expect(parseHex('#FF8000')).toEqual([255, 128, 0]);
    expect(() => parseHex('red')).toThrow(/#rrggbb/);
  });

  it('puts white, black and the primaries where the literature does (D65)', () => {
    near(rgbToLab('#ffffff'), [100, 0, 0], 3);
    near(rgbToLab('#000000'), [0, 0, 0], 10);
    near(rgbToLab('#ff0000'), [53.2408, 80.0925, 67.2032], 2);
    near(rgbToLab('#00ff00'), [87.7347, -86.1827, 83.1793], 2);
    near(rgbToLab('#0000ff'), [32.297, 79.1875, -107.8602], 2);
  });

  it('gives WCAG’s contrast ratios: 21 for black on white, 4.5 for #767676', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(4.54, 2);
  });
});

describe('the simulations', () => {
  it('keep white, black and every grey (each Machado matrix’s rows sum to 1)', () => {
    for (const sim of SIMULATIONS) {
      for (const v of [0, 17, 128, 200, 255]) near(simulate([v, v, v], sim), [v, v, v], 2);
      expect(seenDifference('#ffffff', '#000000', sim)).toBeCloseTo(100, 1);
    }
    for (const m of Object.values(MACHADO_1_0))
      for (let row = 0; row < 3; row++) expect(m[3 * row]! + m[3 * row + 1]! + m[3 * row + 2]!).toBeCloseTo(1, 5);
  });

  it('apply the matrix in linear light: pure red seen by a deuteranope is (0.367322, 0.280085, 0) linear', () => {
    near(simulate('#ff0000', 'deuteranopia'), [255 * encode(0.367322), 255 * encode(0.280085), 0], 6);
    near(simulate('#0000ff', 'tritanopia'), [0, 255 * encode(0.147602), 255 * encode(0.3039)], 6);
    // Greyscale: Rec. 709 luma of linear RGB, so pure green is the grey of luminance 0.7152.
    near(simulate('#00ff00', 'greyscale'), Array(3).fill(255 * encode(0.7152)), 6);
    // Greyscale by luma: the same weights on the encoded components (CSS grayscale()), so pure green is 0.7152 × 255.
    near(simulate('#00ff00', 'luma'), Array(3).fill(0.7152 * 255), 6);
    near(simulate('#0550d5', 'luma'), Array(3).fill(0.2126 * 5 + 0.7152 * 80 + 0.0722 * 213), 6);
    expect(simulate('#123456', 'normal')).toEqual([0x12, 0x34, 0x56]);
  });

  it('confuse what each deficiency confuses, and keep apart what it keeps apart', () => {
    // The classic confusions: red and green for protanopes and deuteranopes, blue and green for tritanopes.
    const [red, green, blue] = ['#d62728', '#2ca02c', '#1f77b4'];
    expect(seenDifference(red, green)).toBeGreaterThan(70);
    expect(seenDifference(red, green, 'deuteranopia')).toBeLessThan(6);
    expect(seenDifference(red, green, 'protanopia')).toBeLessThan(seenDifference(red, green) / 2);
    expect(seenDifference(blue, green)).toBeGreaterThan(50);
    expect(seenDifference(blue, green, 'tritanopia')).toBeLessThan(seenDifference(blue, green) / 3);
    // What one deficiency confuses, another keeps apart.
    expect(seenDifference(red, green, 'tritanopia')).toBeGreaterThan(60);
    expect(seenDifference(blue, green, 'deuteranopia')).toBeGreaterThan(45);
    // Greyscale keeps lightness alone: a green and the grey of its luminance look the same.
    const grey = simulate('#3a8a3a', 'greyscale').map(Math.round) as unknown as readonly [number, number, number];
    expect(grey[0]).toBe(grey[2]);
    expect(seenDifference('#3a8a3a', grey, 'greyscale')).toBeLessThan(0.5);
    expect(seenDifference('#3a8a3a', grey)).toBeGreaterThan(20);
  });
});
