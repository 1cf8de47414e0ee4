// Colour distances as a player sees them: CIELAB ΔE (CIE76) between two sRGB colours, with normal
// vision or through a simulation of colour vision deficiency (Machado, Oliveira & Fernandes 2009,
// severity 1, applied to linear RGB, as Chromium's DevTools emulation does).
export type Vision = 'normal' | 'protanopia' | 'deuteranopia' | 'tritanopia';

const MACHADO: Readonly<Record<Exclude<Vision, 'normal'>, readonly number[]>> = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  tritanopia: [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.3039],
};

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function linearRgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [
    toLinear(parseInt(m[1]!, 16) / 255),
    toLinear(parseInt(m[2]!, 16) / 255),
    toLinear(parseInt(m[3]!, 16) / 255),
  ];
}

function seen(rgb: [number, number, number], vision: Vision): [number, number, number] {
  if (vision === 'normal') return rgb;
  const k = MACHADO[vision];
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  return [0, 1, 2].map((i) => clamp(k[3 * i]! * rgb[0] + k[3 * i + 1]! * rgb[1] + k[3 * i + 2]! * rgb[2])) as [
    number,
    number,
    number,
  ];
}

function lab([r, g, b]: [number, number, number]): [number, number, number] {
  // sRGB (D65) → XYZ → CIELAB.
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (841 / 108) * t + 4 / 29);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** ΔE between two #rrggbb colours as `vision` sees them. */
export function colourDistance(a: string, b: string, vision: Vision = 'normal'): number {
  const p = lab(seen(linearRgb(a), vision));
  const q = lab(seen(linearRgb(b), vision));
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}
