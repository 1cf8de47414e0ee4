// Which hex lattice a Roll20 `hex`/`hexr` page counts its hexes on, chosen from the page's settings
// and its tokens (docs/roll20.md "Hex lattices").
//
// Two lattices are known, both scaled by the page's snapping increment (si):
// - `roll20`, Roll20's own: the constants of its Hexploration script (Roll20/roll20-api-scripts,
//   Hexploration/src/HexagonTile.js): `hex` column pitch 75.1986, row pitch 66.9658, first centre
//   (75/2, 88/2); `hexr` column pitch 69.5851, row pitch 79.6888, first centre (94/2, 81/2). Not
//   regular hexagons. It is the page's own lattice: it wins whenever the tokens cannot decide.
// - `regular`: regular hexagons 70·si apart (first centre (35, 40.41) at si = 1), the lattice
//   of Jumpgate's grid mesh as VTTinker measured it (igneefleur/vttinker, extension/page/pont.js).
// A token snapped on a hex page sits on a lattice point (within float noise), so the tokens decide
// when at least two of them stand on one lattice and more stand on it than on the other; when no
// known lattice holds two tokens and most tokens agree on another one, that one is fitted to them.
import { hexToPixel, pixelToHex, regularPitch, type HexOrientation } from '../../geometry/hex';
import type { Vec2 } from '../../table/model';

export type LatticeName = 'roll20' | 'regular' | 'fitted';
/** `page`: the tokens could not decide, the page's own lattice is used; `tokens`: most snapped tokens stand on it; `fitted`: fitted to the tokens. */
export type LatticeReason = 'page' | 'tokens' | 'fitted';

export interface HexLattice {
  /** Centre of hex (0, 0), px. */
  readonly origin: Vec2;
  /** Column (x) and row (y) pitches, px (Scene.hexPitch); absent: regular hexagons of 70·si. */
  readonly pitch?: Vec2;
  readonly lattice: LatticeName;
  readonly reason: LatticeReason;
  /** Share of the tokens looked at that sit on a point of this lattice (0..1), and how many were looked at. */
  readonly onLattice: number;
  readonly tokens: number;
  /** How many of them sit on each known lattice (what the choice was made from). */
  readonly counts: { readonly roll20: number; readonly regular: number };
}

/** Roll20's own lattice (Hexploration's HexagonTile constants), px at snapping_increment 1. */
export const ROLL20_HEX = {
  pointy: { pitch: { x: 75.19856198446, y: 66.965827824268 }, origin: { x: 75 / 2, y: 88 / 2 } },
  flat: { pitch: { x: 69.585127490377, y: 79.688789983504 }, origin: { x: 94 / 2, y: 81 / 2 } },
} as const;

/** A token this close to a lattice point (px, at si = 1) stands on it: Roll20 snaps exactly, to float noise. */
const ON_POINT_PX = 0.75;
/** Tokens that must stand on a known lattice for the tokens to decide. */
export const DECIDING_TOKENS = 2;
/** Tokens needed before a lattice is fitted to them, and the share that must sit on it. */
const FIT_TOKENS = 4;
const FIT_SHARE = 0.8;
/** Tokens looked at (a page of thousands is settled by a sample spread over it). */
const SAMPLE = 400;

const scaled = (v: Vec2, si: number): Vec2 => ({ x: v.x * si, y: v.y * si });

/** The page's own lattice: Roll20's, at this snapping increment. */
export function pageLattice(si: number, orientation: HexOrientation): { origin: Vec2; pitch: Vec2 } {
  const l = ROLL20_HEX[orientation];
  return { origin: scaled(l.origin, si), pitch: scaled(l.pitch, si) };
}

/** Regular hexagons 70·si apart, first centre half a hex in from the page's corner. */
export function regularLattice(si: number, orientation: HexOrientation): { origin: Vec2 } {
  const ppc = 70 * si;
  return {
    origin: orientation === 'pointy' ? { x: ppc / 2, y: ppc / Math.sqrt(3) } : { x: ppc / Math.sqrt(3), y: ppc / 2 },
  };
}

/** Distance from `p` to the nearest point of a lattice. */
function offLattice(p: Vec2, ppc: number, o: HexOrientation, origin: Vec2, pitch?: Vec2): number {
  const c = hexToPixel(pixelToHex(p, ppc, o, origin, pitch), ppc, o, origin, pitch);
  return Math.hypot(p.x - c.x, p.y - c.y);
}

function countOn(
  points: readonly Vec2[],
  ppc: number,
  o: HexOrientation,
  origin: Vec2,
  pitch: Vec2 | undefined,
  tol: number,
): number {
  let on = 0;
  for (const p of points) if (offLattice(p, ppc, o, origin, pitch) <= tol) on++;
  return on;
}

/** The best first centre for a lattice of these pitches: the one that puts most tokens on points (each token tried as hex 0,0). */
function bestOrigin(
  points: readonly Vec2[],
  ppc: number,
  o: HexOrientation,
  pitch: Vec2,
  tol: number,
): { origin: Vec2; on: number } {
  let best = { origin: points[0]!, on: -1 };
  const tries = points.length > 48 ? points.filter((_, i) => i % Math.ceil(points.length / 48) === 0) : points;
  for (const p of tries) {
    // The same lattice, its hex (0,0) moved to the one nearest the page's corner.
    const origin = hexToPixel(pixelToHex({ x: 0, y: 0 }, ppc, o, p, pitch), ppc, o, p, pitch);
    const on = countOn(points, ppc, o, origin, pitch, tol);
    if (on > best.on) best = { origin, on };
    if (on === points.length) break;
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
    if (!best || best.score < values.length * FIT_SHARE) return null;
    // Least squares on the values that fit: v = a + d·k.
    const fit = values
      .map((v) => ({ v, k: Math.round((v - values[0]!) / best!.d) }))
      .filter(({ v, k }) => Math.abs(v - values[0]! - k * best!.d) <= tol);
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
 * The lattice a hex page's hexes are counted on. `points`: the centres of its figures. The rule,
 * which holds with 0, 1 or 2 tokens and with unsnapped ones among them:
 * 1. the tokens decide for a known lattice when at least DECIDING_TOKENS stand on it and more stand
 *    on it than on the other (an unsnapped token stands on neither and changes nothing);
 * 2. when no known lattice holds DECIDING_TOKENS, at least FIT_TOKENS tokens and FIT_SHARE of them
 *    agreeing on another lattice have it fitted to them;
 * 3. otherwise the page's own lattice, Roll20's.
 */
export function hexLatticeOf(points: readonly Vec2[], si: number, orientation: HexOrientation): HexLattice {
  const ppc = 70 * si;
  const tol = ON_POINT_PX * Math.max(si, 0.25);
  const sample = points.length > SAMPLE ? points.filter((_, i) => i % Math.ceil(points.length / SAMPLE) === 0) : points;
  const n = sample.length;
  const own = pageLattice(si, orientation);
  const reg = regularLattice(si, orientation);
  const counts = {
    roll20: countOn(sample, ppc, orientation, own.origin, own.pitch, tol),
    regular: countOn(sample, ppc, orientation, reg.origin, undefined, tol),
  };
  const share = (on: number) => (n ? on / n : 0);
  if (counts.regular >= DECIDING_TOKENS && counts.regular > counts.roll20) {
    return {
      origin: reg.origin,
      lattice: 'regular',
      reason: 'tokens',
      onLattice: share(counts.regular),
      tokens: n,
      counts,
    };
  }
  const roll20 = (reason: LatticeReason): HexLattice => ({
    origin: own.origin,
    pitch: own.pitch,
    lattice: 'roll20',
    reason,
    onLattice: share(counts.roll20),
    tokens: n,
    counts,
  });
  if (counts.roll20 >= DECIDING_TOKENS) return roll20('tokens');
  if (n >= FIT_TOKENS) {
    const pitch = fitPitches(sample, ppc, orientation, tol);
    if (pitch) {
      const fitted = bestOrigin(sample, ppc, orientation, pitch, tol);
      if (fitted.on >= n * FIT_SHARE)
        return {
          origin: fitted.origin,
          pitch,
          lattice: 'fitted',
          reason: 'fitted',
          onLattice: share(fitted.on),
          tokens: n,
          counts,
        };
    }
  }
  return roll20('page');
}

/** Whether a point stands on the lattice (to look again only when a moved token leaves it). */
export function onLattice(
  p: Vec2,
  si: number,
  orientation: HexOrientation,
  lattice: Pick<HexLattice, 'origin' | 'pitch'>,
): boolean {
  return offLattice(p, 70 * si, orientation, lattice.origin, lattice.pitch) <= ON_POINT_PX * Math.max(si, 0.25);
}
