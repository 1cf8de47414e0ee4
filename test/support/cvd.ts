// Colour as a player with a colour vision deficiency sees it, and how far apart two colours look:
// pure functions for the palette's tests and the screenshots' (test/unit/board/palette.test.ts,
// test/browser/demo-cvd.test.ts).
//
// - Simulations: Machado, Oliveira & Fernandes, "A Physiologically-based Model for Simulation of
//   Color Vision Deficiency" (IEEE TVCG 15(6), 2009), severity 1.0 (dichromacy), applied to linear
//   RGB (sRGB decoded, the matrix, clamped, encoded again), as Chromium's DevTools emulation does;
//   greyscale: Rec. 709 luma of linear RGB (the sRGB luminance Y); greyscale (luma): the same weights
//   on the encoded sRGB components, as CSS `filter: grayscale(1)` (Chromium applies it to sRGB values,
//   not linear light), an image editor's "desaturate" or a phone's grey screen mode compute it. The two
//   greys disagree most on a saturated blue and red: #0550d5 and #e82e2a are 11.5 apart in the first,
//   4.0 in the second (issue 39: "a leader and a figure out of command differ by 3.8 ΔE2000 in greys").
// - Difference: CIEDE2000 (Sharma, Wu & Dalal, "The CIEDE2000 Color-Difference Formula:
//   Implementation Notes, Supplementary Test Data, and Mathematical Observations", 2005) in CIELAB
//   under D65, kL = kC = kH = 1.

export type Rgb = readonly [number, number, number];
export type Lab = readonly [number, number, number];
export type Simulation = 'protanopia' | 'deuteranopia' | 'tritanopia' | 'greyscale' | 'luma';
export type Vision = 'normal' | Simulation;
export const SIMULATIONS: readonly Simulation[] = ['protanopia', 'deuteranopia', 'tritanopia', 'greyscale', 'luma'];
export const VISIONS: readonly Vision[] = ['normal', ...SIMULATIONS];

/** The least ΔE2000 that tells two marks apart at a glance (why: test/unit/board/palette.test.ts). */
export const MIN_DELTA_E = 10;

/** Machado et al. 2009, Table 1, severity 1.0: row-major 3 × 3, linear RGB in, linear RGB out. */
export const MACHADO_1_0: Readonly<Record<Exclude<Simulation, 'greyscale' | 'luma'>, readonly number[]>> = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  tritanopia: [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.3039],
};

/** Rec. 709 (sRGB) luma weights on linear RGB. */
const REC709 = [0.2126, 0.7152, 0.0722] as const;

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** sRGB component 0…1 → linear. */
export const decode = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
/** Linear component 0…1 → sRGB. */
export const encode = (c: number): number => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/** `#rrggbb` → 0…255 components. */
export function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

/** 0…255 sRGB → linear 0…1. */
const toLinear = (rgb: Rgb): Rgb => [decode(rgb[0] / 255), decode(rgb[1] / 255), decode(rgb[2] / 255)];
/** Linear 0…1 → 0…255 sRGB (not rounded). */
const fromLinear = (lin: Rgb): Rgb => [
  255 * encode(clamp01(lin[0])),
  255 * encode(clamp01(lin[1])),
  255 * encode(clamp01(lin[2])),
];

/** An sRGB colour (0…255 components or `#rrggbb`) as `vision` sees it, 0…255 sRGB (not rounded). */
export function simulate(colour: Rgb | string, vision: Vision): Rgb {
  const rgb = typeof colour === 'string' ? parseHex(colour) : colour;
  if (vision === 'normal') return rgb;
  if (vision === 'luma') {
    const y = REC709[0] * rgb[0] + REC709[1] * rgb[1] + REC709[2] * rgb[2];
    return [y, y, y];
  }
  const lin = toLinear(rgb);
  if (vision === 'greyscale') {
    const y = REC709[0] * lin[0] + REC709[1] * lin[1] + REC709[2] * lin[2];
    return fromLinear([y, y, y]);
  }
  const k = MACHADO_1_0[vision];
  return fromLinear(
    [0, 1, 2].map((i) => k[3 * i]! * lin[0] + k[3 * i + 1]! * lin[1] + k[3 * i + 2]! * lin[2]) as unknown as Rgb,
  );
}

/** 0…255 sRGB → CIELAB (D65 white, the sRGB matrix of IEC 61966-2-1). */
export function rgbToLab(colour: Rgb | string): Lab {
  const [r, g, b] = toLinear(typeof colour === 'string' ? parseHex(colour) : colour);
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const deg = (rad: number) => (rad * 180) / Math.PI;
const rad = (d: number) => (d * Math.PI) / 180;

/** CIEDE2000 between two CIELAB colours (Sharma et al. 2005, equations 1–22). */
export function deltaE2000(lab1: Lab, lab2: Lab): number {
  const [L1, a1, b1] = lab1;
  const [L2, a2, b2] = lab2;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cbar7 = ((C1 + C2) / 2) ** 7;
  const G = 0.5 * (1 - Math.sqrt(Cbar7 / (Cbar7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (b: number, ap: number) => (b === 0 && ap === 0 ? 0 : (deg(Math.atan2(b, ap)) + 360) % 360);
  const h1p = hue(b1, a1p);
  const h2p = hue(b2, a2p);

  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin(rad(dhp / 2));

  const Lbarp = (L1 + L2) / 2;
  const Cbarp = (C1p + C2p) / 2;
  let hbarp = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hbarp = (h1p + h2p) / 2;
    else if (h1p + h2p < 360) hbarp = (h1p + h2p + 360) / 2;
    else hbarp = (h1p + h2p - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos(rad(hbarp - 30)) +
    0.24 * Math.cos(rad(2 * hbarp)) +
    0.32 * Math.cos(rad(3 * hbarp + 6)) -
    0.2 * Math.cos(rad(4 * hbarp - 63));
  const dTheta = 30 * Math.exp(-(((hbarp - 275) / 25) ** 2));
  const Cbarp7 = Cbarp ** 7;
  const RC = 2 * Math.sqrt(Cbarp7 / (Cbarp7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lbarp - 50) ** 2) / Math.sqrt(20 + (Lbarp - 50) ** 2);
  const SC = 1 + 0.045 * Cbarp;
  const SH = 1 + 0.015 * Cbarp * T;
  const RT = -Math.sin(rad(2 * dTheta)) * RC;
  return Math.sqrt((dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH));
}

/** CIE76 (Euclidean ΔE*ab) between two CIELAB colours. */
export const deltaE76 = (p: Lab, q: Lab): number => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);

/** ΔE2000 between two sRGB colours as `vision` sees them. */
export const seenDifference = (a: Rgb | string, b: Rgb | string, vision: Vision = 'normal'): number =>
  deltaE2000(rgbToLab(simulate(a, vision)), rgbToLab(simulate(b, vision)));

/** WCAG 2 contrast ratio between two sRGB colours (relative luminance of linear RGB). */
export function contrastRatio(a: Rgb | string, b: Rgb | string): number {
  const y = (c: Rgb | string) => {
    const l = toLinear(typeof c === 'string' ? parseHex(c) : c);
    return REC709[0] * l[0] + REC709[1] * l[1] + REC709[2] * l[2];
  };
  const [hi, lo] = [y(a), y(b)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
