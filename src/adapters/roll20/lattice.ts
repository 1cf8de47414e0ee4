// Which hex lattice a Roll20 `hex`/`hexr` page puts its tokens on, settled from the tokens themselves.
//
// Two lattices are known (roll20.md, docs/geometry.md "Hex lattices"):
// - regular hexagons of 70·si px between neighbours (column pitch 70, row pitch 60.62 at si = 1,
//   first centre (35, 40.41)): measured from Jumpgate's grid mesh; the adapter's assumption;
// - the lattice Roll20 API scripts in live use put `hex` centres on (column pitch 75.1986, row
//   pitch 66.9658, first centre (37.599, 43.866); `hexr` 69.585 / 79.689): not regular hexagons.
// A token snapped on a hex page sits on a lattice point, so when enough tokens disagree with the
// assumed lattice and agree with another one (a known one, else one fitted to their positions),
// that one is used, and the popup says so.
import { hexToPixel, pixelToHex, regularPitch, type HexOrientation } from '../../geometry/hex';
import type { Vec2 } from '../../table/model';

export interface HexLattice {
  /** Centre of hex (0, 0), px. */
  readonly origin: Vec2;
  /** Column (x) and row (y) pitches, px (Scene.hexPitch); absent: regular hexagons of 70·si. */
  readonly pitch?: Vec2;
  /** `assumed`: the adapter's own (not enough tokens say otherwise); `known`/`fitted`: taken from the tokens. */
  readonly source: 'assumed' | 'known' | 'fitted';
  /** Share of the tokens that sit on a lattice point (0..1), and how many tokens were looked at. */
  readonly onLattice: number;
  readonly tokens: number;
}

/** Px at snapping_increment 1; scaled by si. */
export const API_HEX = {
  pointy: { pitch: { x: 75.1985619844599, y: 66.9658278242677 }, origin: { x: 37.5992809922301, y: 43.8658278242683 } },
  // Only the pitches are published for `hexr`; its first centre is taken from the tokens.
  flat: { pitch: { x: 69.58512749, y: 79.68878998 }, origin: null },
} as const;

/** A token this close to a lattice point (px, at si = 1) stands on it: Roll20 snaps exactly, to float noise. */
const ON_POINT_PX = 0.75;
/** Fewer tokens than this say nothing against the assumed lattice. */
export const MIN_TOKENS = 3;
/** Share of the tokens that must sit on a lattice for it to be taken. */
const SHARE = 0.8;
/** Tokens looked at (a page of thousands is settled by a sample spread over it). */
const SAMPLE = 400;

export function assumedLattice(si: number, orientation: HexOrientation): { origin: Vec2 } {
  const ppc = 70 * si;
  return { origin: orientation === 'pointy' ? { x: ppc / 2, y: ppc / Math.sqrt(3) } : { x: ppc / Math.sqrt(3), y: ppc / 2 } };
}

/** Distance from `p` to the nearest point of a lattice. */
function offLattice(p: Vec2, ppc: number, o: HexOrientation, origin: Vec2, pitch?: Vec2): number {
  const c = hexToPixel(pixelToHex(p, ppc, o, origin, pitch), ppc, o, origin, pitch);
  return Math.hypot(p.x - c.x, p.y - c.y);
}

function share(points: readonly Vec2[], ppc: number, o: HexOrientation, origin: Vec2, pitch: Vec2 | undefined, tol: number): number {
  let on = 0;
  for (const p of points) if (offLattice(p, ppc, o, origin, pitch) <= tol) on++;
  return points.length ? on / points.length : 0;
}

/** The best first centre for a lattice of these pitches: the one that puts most tokens on points (each token tried as hex 0,0). */
function bestOrigin(points: readonly Vec2[], ppc: number, o: HexOrientation, pitch: Vec2, tol: number): { origin: Vec2; share: number } {
  let best = { origin: points[0]!, share: -1 };
  const tries = points.length > 48 ? points.filter((_, i) => i % Math.ceil(points.length / 48) === 0) : points;
  for (const p of tries) {
    // The same lattice, its hex (0,0) moved to the one nearest the page's corner.
    const h = pixelToHex({ x: 0, y: 0 }, ppc, o, p, pitch);
    const origin = hexToPixel(h, ppc, o, p, pitch);
    const s = share(points, ppc, o, origin, pitch, tol);
    if (s > best.share + 1e-9) best = { origin, share: s };
    if (s === 1) break;
  }
  return best;
}

/**
 * A lattice of unknown pitches fitted to the points: each axis is a 1-D lattice (pointy: x every
 * half column pitch, y every row pitch; flat: the other way round), searched within ±25 % of the
 * regular pitch, then refined by least squares. Null when nothing fits.
 */
function fitPitches(points: readonly Vec2[], ppc: number, o: HexOrientation, tol: number): Vec2 | null {
  const reg = regularPitch(ppc, o);
  // The axis along which neighbours are a whole pitch apart runs every half pitch over all rows.
  const half = o === 'pointy' ? 'x' : 'y';
  const period = (axis: 'x' | 'y'): number | null => {
    const full = reg[axis];
    const p0 = axis === half ? full / 2 : full;
    const values = [...new Set(points.map((p) => Math.round(p[axis] * 100) / 100))].sort((a, b) => a - b);
    if (values.length < 2) return null;
    let best: { d: number; score: number } | null = null;
    const step = Math.max(0.002, tol / (4 * Math.max(1, (values.at(-1)! - values[0]!) / p0)));
    for (let d = p0 * 0.75; d <= p0 * 1.25; d += step) {
      // Phase of the first value; count values within tol of a multiple of d from it.
      let score = 0;
      for (const v of values) {
        const k = Math.round((v - values[0]!) / d);
        if (Math.abs(v - values[0]! - k * d) <= tol) score++;
      }
      if (!best || score > best.score) best = { d, score };
    }
    if (!best || best.score < values.length * SHARE) return null;
    // Least squares on the values that fit: v = a + d·k.
    const fit = values.map((v) => ({ v, k: Math.round((v - values[0]!) / best!.d) })).filter(({ v, k }) => Math.abs(v - values[0]! - k * best!.d) <= tol);
    const n = fit.length;
    const sk = fit.reduce((s, f) => s + f.k, 0);
    const sv = fit.reduce((s, f) => s + f.v, 0);
    const skk = fit.reduce((s, f) => s + f.k * f.k, 0);
    const skv = fit.reduce((s, f) => s + f.k * f.v, 0);
    const den = n * skk - sk * sk;
    const d = den > 0 ? (n * skv - sk * sv) / den : best.d;
    return axis === half ? 2 * d : d;
  };
  const x = period('x');
  const y = period('y');
  if (x === null && y === null) return null;
  return { x: x ?? reg.x, y: y ?? reg.y };
}

/**
 * The lattice a hex page's tokens stand on. `points`: the centres of the tokens on the token layer.
 * Keeps the assumed (regular) lattice unless at least MIN_TOKENS tokens are looked at and most of
 * them are off it while most sit on another: the known API lattice, else one fitted to them.
 */
export function hexLatticeOf(points: readonly Vec2[], si: number, orientation: HexOrientation): HexLattice {
  const ppc = 70 * si;
  const tol = ON_POINT_PX * Math.max(si, 0.25);
  const sample = points.length > SAMPLE ? points.filter((_, i) => i % Math.ceil(points.length / SAMPLE) === 0) : points;
  const assumed = assumedLattice(si, orientation);
  const onAssumed = share(sample, ppc, orientation, assumed.origin, undefined, tol);
  const keep: HexLattice = { origin: assumed.origin, source: 'assumed', onLattice: onAssumed, tokens: sample.length };
  if (sample.length < MIN_TOKENS || onAssumed >= SHARE) return keep;
  const api = API_HEX[orientation];
  const apiPitch = { x: api.pitch.x * si, y: api.pitch.y * si };
  if (api.origin) {
    const origin = { x: api.origin.x * si, y: api.origin.y * si };
    const s = share(sample, ppc, orientation, origin, apiPitch, tol);
    if (s >= SHARE) return { origin, pitch: apiPitch, source: 'known', onLattice: s, tokens: sample.length };
  }
  const known = bestOrigin(sample, ppc, orientation, apiPitch, tol);
  if (known.share >= SHARE) return { origin: known.origin, pitch: apiPitch, source: 'known', onLattice: known.share, tokens: sample.length };
  const pitch = fitPitches(sample, ppc, orientation, tol);
  if (pitch) {
    const fitted = bestOrigin(sample, ppc, orientation, pitch, tol);
    if (fitted.share >= SHARE) return { origin: fitted.origin, pitch, source: 'fitted', onLattice: fitted.share, tokens: sample.length };
  }
  return keep;
}

/** Whether a point stands on the lattice (to re-fit only when a moved token leaves it). */
export function onLattice(p: Vec2, si: number, orientation: HexOrientation, lattice: Pick<HexLattice, 'origin' | 'pitch'>): boolean {
  return offLattice(p, 70 * si, orientation, lattice.origin, lattice.pitch) <= ON_POINT_PX * Math.max(si, 0.25);
}
