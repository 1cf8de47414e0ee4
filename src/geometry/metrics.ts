// Distances exactly as the tabletops measure them (roll20.md §6.1–6.2, owlbear.md §4 Grid).
// Everything here works in grid cells; units.ts converts cells to and from real units.
import type { Measurement, Scene } from '../table/model';
import { axialDistance } from './hex';

/** The metric actually used on a scene, after resolving grid type × measurement. */
export type Metric = 'euclidean' | 'chebyshev' | 'manhattan' | 'alternating' | 'hex';

/**
 * Gridless scenes measure straight lines. Hex grids count hex steps unless the scene says
 * euclidean (Roll20 "Hex Path" vs "Euclidean"; Owlbear has no other hex measurement that
 * differs, Auras & Emanations draws CHEBYSHEV on hex as a hexagon). A square grid asked to
 * measure "hex" falls back to Roll20's default, chebyshev (foure).
 */
export function effectiveMetric(scene: Pick<Scene, 'grid' | 'measurement'>): Metric {
  const m: Measurement = scene.measurement;
  if (scene.grid === 'none') return 'euclidean';
  if (scene.grid === 'hex-pointy' || scene.grid === 'hex-flat') return m === 'euclidean' ? 'euclidean' : 'hex';
  return m === 'hex' ? 'chebyshev' : m;
}

/**
 * Tie rule: a distance equal to the radius is IN range. Float noise (0.1 + 0.2, px ÷ cell size)
 * must not flip a tie, so we allow a relative 1e-9 (1 nm on a 10 cm radius), far below anything
 * a tabletop can show. The indexed and naive engines both call this one function.
 */
export const TIE_EPSILON = 1e-9;

export function withinRange(distance: number, radius: number): boolean {
  return distance <= radius + TIE_EPSILON * Math.max(1, Math.abs(radius));
}

/** Floor that forgives float noise just under an integer (1.9999999999 → 2). */
function floorTolerant(x: number): number {
  return Math.floor(x + TIE_EPSILON * Math.max(1, Math.abs(x)));
}

/**
 * Distance in cells for absolute per-axis gaps `ax`, `ay` (cells, ≥ 0) on a square grid.
 * - chebyshev (Roll20 foure, Owlbear CHEBYSHEV): diagonal = 1 → max.
 * - manhattan: diagonal = 2 → sum.
 * - alternating (Roll20 threefive, Owlbear ALTERNATING, 5-10-5): max + ⌊min/2⌋. Defined on
 *   whole cells; off-grid positions get the same formula on fractional gaps.
 * - euclidean (Roll20 pythagorean, Owlbear EUCLIDEAN, gridless): hypot.
 */
export function axisDistance(metric: Exclude<Metric, 'hex'>, ax: number, ay: number): number {
  switch (metric) {
    case 'euclidean':
      return Math.sqrt(ax * ax + ay * ay);
    case 'chebyshev':
      return ax > ay ? ax : ay;
    case 'manhattan':
      return ax + ay;
    case 'alternating': {
      const hi = ax > ay ? ax : ay;
      const lo = ax > ay ? ay : ax;
      return hi + floorTolerant(lo / 2);
    }
  }
}

/**
 * Distance in cells between two round bases centred at (x1,y1), (x2,y2) (cells) with radii
 * r1, r2 (cells; 0 for centre to centre).
 * - euclidean: true gap between circles, max(0, centre distance − r1 − r2).
 * - chebyshev / manhattan / alternating: each axis gap shrinks by r1 + r2 (never below 0) before
 *   the rule, as Roll20's easy-range does with half token sizes: the distance between the
 *   bases' bounding squares, counted the tabletop's way.
 * Hex distances go through `hexStepDistance` (bases ignored: a hex map counts occupied hexes).
 */
export function cellDistance(
  metric: Exclude<Metric, 'hex'>,
  x1: number,
  y1: number,
  r1: number,
  x2: number,
  y2: number,
  r2: number,
): number {
  const dx = Math.abs(x2 - x1);
  const dy = Math.abs(y2 - y1);
  const b = r1 + r2;
  if (metric === 'euclidean') {
    const d = Math.sqrt(dx * dx + dy * dy) - b;
    return d > 0 ? d : 0;
  }
  const ax = dx - b;
  const ay = dy - b;
  return axisDistance(metric, ax > 0 ? ax : 0, ay > 0 ? ay : 0);
}

/** Hex steps between two hexes given in axial coordinates. */
export function hexStepDistance(q1: number, r1: number, q2: number, r2: number): number {
  return axialDistance(q2 - q1, r2 - r1);
}

/** Shape of "within R" for a metric, for overlays (see shapes.ts for the outlines). */
export type RangeShapeKind = 'circle' | 'square' | 'diamond' | 'octagon' | 'hexagon';

export function rangeShapeKind(metric: Metric): RangeShapeKind {
  switch (metric) {
    case 'euclidean':
      return 'circle';
    case 'chebyshev':
      return 'square';
    case 'manhattan':
      return 'diamond';
    case 'alternating':
      return 'octagon';
    case 'hex':
      return 'hexagon';
  }
}
