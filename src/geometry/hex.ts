// Axial hex coordinates (q, r; s = −q − r), after Red Blob Games' "Hexagonal Grids"
// (redblobgames.com/grids/hexagons), fitted to the tabletops' lattices (roll20.md §6.3):
// Roll20 `hex` = pointy tops, column pitch 70·si, row pitch 1.5·R with R = 70·si/√3;
// `hexr` = flat tops, the same rotated. So `pixelsPerCell` is always the distance between the
// centres of two adjacent hexes, and the circumradius (size) is pixelsPerCell/√3.
//
// A lattice may also be stretched (`pitch`, in px): some Roll20 pages have their hexes on a lattice
// whose column and row pitches are not those of regular hexagons (Scene.hexPitch, roll20.md). Such a
// lattice is the regular one scaled along x and y, so every conversion maps a point onto the
// regular lattice of the same pixelsPerCell, works there, and maps back: hex steps, lines and
// rounding are those of the stretched hexagons.
import type { Vec2 } from '../table/model';

export type HexOrientation = 'pointy' | 'flat';

export interface Hex {
  readonly q: number;
  readonly r: number;
}

const SQRT3 = Math.sqrt(3);

/**
 * The pitches of the regular lattice, px: pointy = (distance between neighbours in a row, row
 * pitch 1.5·size); flat = (column pitch 1.5·size, distance between neighbours in a column).
 */
export function regularPitch(pixelsPerCell: number, orientation: HexOrientation): Vec2 {
  return orientation === 'pointy'
    ? { x: pixelsPerCell, y: (pixelsPerCell * SQRT3) / 2 }
    : { x: (pixelsPerCell * SQRT3) / 2, y: pixelsPerCell };
}

/** How much a stretched lattice is wider (x) and taller (y) than the regular one; null when regular. */
export function latticeStretch(pixelsPerCell: number, orientation: HexOrientation, pitch?: Vec2): Vec2 | null {
  if (!pitch) return null;
  const reg = regularPitch(pixelsPerCell, orientation);
  return { x: pitch.x / reg.x, y: pitch.y / reg.y };
}

/** Fractional axial coordinates of a pixel point (origin = centre of hex 0,0; `pitch`: a stretched lattice). The inverse of hexToPixel. */
export function pixelToFractionalAxial(
  p: Vec2,
  pixelsPerCell: number,
  orientation: HexOrientation,
  origin: Vec2 = { x: 0, y: 0 },
  pitch?: Vec2,
): { q: number; r: number } {
  const d = pitch ?? regularPitch(pixelsPerCell, orientation);
  const x = (p.x - origin.x) / d.x;
  const y = (p.y - origin.y) / d.y;
  return orientation === 'pointy' ? { q: x - y / 2, r: y } : { q: x, r: y - x / 2 };
}

/** Rounds fractional cube coordinates to the hex containing them. */
export function hexRound(q: number, r: number): Hex {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  // +0 turns -0 into 0 so hexes compare and print cleanly.
  return { q: rq + 0, r: rr + 0 };
}

export function pixelToHex(
  p: Vec2,
  pixelsPerCell: number,
  orientation: HexOrientation,
  origin?: Vec2,
  pitch?: Vec2,
): Hex {
  const f = pixelToFractionalAxial(p, pixelsPerCell, orientation, origin, pitch);
  return hexRound(f.q, f.r);
}

export function hexToPixel(
  h: Hex,
  pixelsPerCell: number,
  orientation: HexOrientation,
  origin: Vec2 = { x: 0, y: 0 },
  pitch?: Vec2,
): Vec2 {
  // In pitches: a pointy column is a whole x pitch (rows half a pitch apart), a flat row a whole y pitch.
  const p = pitch ?? regularPitch(pixelsPerCell, orientation);
  if (orientation === 'pointy') return { x: origin.x + p.x * (h.q + h.r / 2), y: origin.y + p.y * h.r };
  return { x: origin.x + p.x * h.q, y: origin.y + p.y * (h.r + h.q / 2) };
}

/** Hex steps between two hexes (cube distance). */
export function hexDistance(a: Hex, b: Hex): number {
  return axialDistance(a.q - b.q, a.r - b.r);
}

export function axialDistance(dq: number, dr: number): number {
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export const HEX_DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];

export function hexNeighbours(h: Hex): Hex[] {
  return HEX_DIRECTIONS.map((d) => ({ q: h.q + d.q, r: h.r + d.r }));
}

export function hexKey(h: Hex): string {
  return `${h.q},${h.r}`;
}

/** Every hex within `n` steps of `center` (the "within R" set an overlay may fill). */
export function hexesWithin(center: Hex, n: number): Hex[] {
  const out: Hex[] = [];
  const k = Math.floor(n);
  for (let dq = -k; dq <= k; dq++) {
    for (let dr = Math.max(-k, -dq - k); dr <= Math.min(k, -dq + k); dr++)
      out.push({ q: center.q + dq, r: center.r + dr });
  }
  return out;
}

/**
 * Hexes on the straight line between two hex centres (Red Blob "line drawing"), both ends included.
 * `nudge` shifts the line by a tiny cube vector so that a line running exactly along a hexside picks
 * one side: +1 and −1 give the two sides (see src/rules/dc/activation.ts for how both are used).
 */
export function hexLine(a: Hex, b: Hex, nudge: 1 | -1 | 0 = 1): Hex[] {
  const n = hexDistance(a, b);
  const eq = 1e-6 * nudge;
  const er = 2e-6 * nudge;
  const out: Hex[] = [];
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    out.push(hexRound(a.q + eq + (b.q - a.q) * t, a.r + er + (b.r - a.r) * t));
  }
  return out;
}

/** Corners of one hex in pixels (for overlays), starting at angle 0° (flat) or 30° (pointy). */
export function hexCorners(center: Vec2, pixelsPerCell: number, orientation: HexOrientation): Vec2[] {
  const size = pixelsPerCell / SQRT3;
  const start = orientation === 'pointy' ? 30 : 0;
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = ((start + 60 * i) * Math.PI) / 180;
    return { x: center.x + size * Math.cos(a), y: center.y + size * Math.sin(a) };
  });
}
