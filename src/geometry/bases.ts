// A figure's base as it stands on the table, for distances measured base edge to base edge: a
// disc, or its token's box (square or oblong) turned by the token's rotation. The rule texts say
// "base" without a shape, so which one a token stands for is a visible setting (BaseShape).
import type { Scene, Token } from '../table/model';
import { pixelsPerCell, toCells } from './units';

/**
 * - `round`: the disc inside the token's box (a declared base diameter wins, as always);
 * - `box`: the token's box itself, square or oblong, turned as the token is;
 * - `auto` (the default): round when the box is square, the box when it is longer than wide (a
 *   cavalry or vehicle base), so the round bases of infantry and the oblong ones of a 2×1 base both
 *   measure as they look.
 */
export type BaseShape = 'auto' | 'round' | 'box';
export const BASE_SHAPES: readonly BaseShape[] = ['auto', 'round', 'box'];
export const DEFAULT_BASE_SHAPE: BaseShape = 'auto';

/** A base in grid cells, centred on its token. */
export interface Base {
  /** A disc of radius `hw` (= `hh`), or a rectangle of half sides `hw` × `hh` turned by (cos, sin). */
  readonly round: boolean;
  readonly hw: number;
  readonly hh: number;
  readonly cos: number;
  readonly sin: number;
  /** Half extents of the box that holds the base, along the grid's axes. */
  readonly ex: number;
  readonly ey: number;
  /** The farthest any point of the base is from its centre. */
  readonly reach: number;
}

/** A box counts as square when its sides differ by less than this share (a 70×71 token is square). */
const SQUARE_SLACK = 0.02;

export function roundBase(r: number): Base {
  return { round: true, hw: r, hh: r, cos: 1, sin: 0, ex: r, ey: r, reach: r };
}

/** A rectangle of half sides hw × hh turned `degrees` clockwise on screen (y grows downwards). */
export function boxBase(hw: number, hh: number, degrees: number): Base {
  const a = (normalDegrees(degrees) * Math.PI) / 180;
  // Whole quarter turns give exact axes (no 6e-17 sines): a turned 2×1 base is then exactly 1×2.
  const q = normalDegrees(degrees) / 90;
  const cos = Number.isInteger(q) ? [1, 0, -1, 0][q]! : Math.cos(a);
  const sin = Number.isInteger(q) ? [0, 1, 0, -1][q]! : Math.sin(a);
  const ac = Math.abs(cos);
  const as = Math.abs(sin);
  return { round: false, hw, hh, cos, sin, ex: hw * ac + hh * as, ey: hw * as + hh * ac, reach: Math.hypot(hw, hh) };
}

const normalDegrees = (d: number): number => (Number.isFinite(d) ? ((d % 360) + 360) % 360 : 0);

/** Whether a token's base is read as its box (else as a disc): the one test for measuring and drawing. */
function readsAsBox(t: Token, shape: BaseShape): boolean {
  if (t.baseSize || shape === 'round') return false;
  if (shape === 'box') return true;
  const w = Math.max(0, t.footprint.width);
  const h = Math.max(0, t.footprint.height);
  return Math.abs(w - h) > SQUARE_SLACK * Math.max(w, h);
}

/** The base a token stands on, in cells. */
export function baseOf(t: Token, scene: Scene, shape: BaseShape = DEFAULT_BASE_SHAPE): Base {
  if (t.baseSize) return roundBase(toCells(t.baseSize, scene) / 2);
  const ppc = pixelsPerCell(scene);
  const w = Math.max(0, t.footprint.width) / ppc;
  const h = Math.max(0, t.footprint.height) / ppc;
  if (!readsAsBox(t, shape)) return roundBase(Math.min(w, h) / 2);
  return boxBase(w / 2, h / 2, t.rotation ?? 0);
}

/** A base read as a box, in the footprint's own px: its half sides and turn (clockwise degrees); null for a disc. */
export interface BaseBox {
  readonly hw: number;
  readonly hh: number;
  readonly rotation: number;
}

/** The box a token's base is read as (what its status ring hugs), or null when it is read as a disc. */
export function baseBoxOf(t: Token, shape: BaseShape = DEFAULT_BASE_SHAPE): BaseBox | null {
  if (!readsAsBox(t, shape)) return null;
  return {
    hw: Math.max(0, t.footprint.width) / 2,
    hh: Math.max(0, t.footprint.height) / 2,
    rotation: normalDegrees(t.rotation ?? 0),
  };
}

/** The distance from a point to a base (0 inside it), in cells; (dx, dy) from the base's centre. */
export function pointToBase(b: Base, dx: number, dy: number): number {
  if (b.round) {
    const d = Math.sqrt(dx * dx + dy * dy) - b.hw;
    return d > 0 ? d : 0;
  }
  // Into the box's own frame (turned back), then the gap along each of its sides.
  const u = Math.abs(dx * b.cos + dy * b.sin) - b.hw;
  const v = Math.abs(-dx * b.sin + dy * b.cos) - b.hh;
  const gu = u > 0 ? u : 0;
  const gv = v > 0 ? v : 0;
  return Math.sqrt(gu * gu + gv * gv);
}

/**
 * The straight-line gap between two bases (0 when they touch or overlap), in cells; (dx, dy) from
 * a's centre to b's. Two discs: the gap between circles. A disc and a box: the disc's centre to the
 * box, less its radius. Two boxes: 0 if no side of either separates them, else the nearest corner
 * of one to the other (two convex shapes apart are nearest at a corner of one of them).
 */
export function baseGap(a: Base, b: Base, dx: number, dy: number): number {
  if (a.round && b.round) {
    const d = Math.sqrt(dx * dx + dy * dy) - a.hw - b.hw;
    return d > 0 ? d : 0;
  }
  if (a.round) {
    const d = pointToBase(b, -dx, -dy) - a.hw;
    return d > 0 ? d : 0;
  }
  if (b.round) {
    const d = pointToBase(a, dx, dy) - b.hw;
    return d > 0 ? d : 0;
  }
  if (!separated(a, b, dx, dy) && !separated(b, a, -dx, -dy)) return 0;
  let best = Infinity;
  for (const [u, v] of CORNERS) {
    // b's corners seen from a's centre, and a's seen from b's.
    const bx = dx + u * b.hw * b.cos - v * b.hh * b.sin;
    const by = dy + u * b.hw * b.sin + v * b.hh * b.cos;
    best = Math.min(best, pointToBase(a, bx, by));
    const ax = -dx + u * a.hw * a.cos - v * a.hh * a.sin;
    const ay = -dy + u * a.hw * a.sin + v * a.hh * a.cos;
    best = Math.min(best, pointToBase(b, ax, ay));
  }
  return best;
}

const CORNERS: readonly (readonly [number, number])[] = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

const ROUND_THE_BOX: readonly (readonly [number, number])[] = [
  [1, 1],
  [-1, 1],
  [-1, -1],
  [1, -1],
];

/** Whether one of a's two side directions separates the boxes (b's centre at (dx, dy) from a's). */
function separated(a: Base, b: Base, dx: number, dy: number): boolean {
  for (const [ax, ay, half] of [
    [a.cos, a.sin, a.hw],
    [-a.sin, a.cos, a.hh],
  ] as const) {
    const centre = Math.abs(dx * ax + dy * ay);
    const spread = b.hw * Math.abs(b.cos * ax + b.sin * ay) + b.hh * Math.abs(-b.sin * ax + b.cos * ay);
    if (centre > half + spread) return true;
  }
  return false;
}

/** The four corners of a box base around (x, y), in cells, in order round the box. */
export function baseCorners(b: Base, x = 0, y = 0): { x: number; y: number }[] {
  return ROUND_THE_BOX.map(([u, v]) => ({
    x: x + u * b.hw * b.cos - v * b.hh * b.sin,
    y: y + u * b.hw * b.sin + v * b.hh * b.cos,
  }));
}
