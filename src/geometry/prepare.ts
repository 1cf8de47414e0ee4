// Tokens flattened once into typed arrays in grid cells, so that every engine (indexed,
// naive, within-radius, signal) measures a pair with the very same arithmetic.
import type { MeasureFrom, Scene, Token } from '../table/model';
import { baseGap, baseOf, DEFAULT_BASE_SHAPE, roundBase, type Base, type BaseShape } from './bases';
import { latticeStretch, pixelToHex } from './hex';
import { axisDistance, effectiveMetric, hexStepDistance, type Metric } from './metrics';
import { pixelsPerCell, toCells } from './units';

export interface PreparedTable {
  readonly scene: Scene;
  readonly metric: Metric;
  readonly from: MeasureFrom;
  readonly bases: BaseShape;
  readonly tokens: readonly Token[];
  readonly n: number;
  /** Centres in cells. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Base radius in cells of a round base (0 for a box, when measuring centre to centre or on a hex metric). */
  readonly br: Float64Array;
  /** Half extents along the grid's axes of each base (its radius for a disc; 0 as `br`). */
  readonly ex: Float64Array;
  readonly ey: Float64Array;
  /** Each token's base when one at least is a box (edge to edge, not on hexes); null when all are discs. */
  readonly boxes: readonly Base[] | null;
  /** Axial hex of each centre (hex metric only; zeros otherwise). */
  readonly hq: Int32Array;
  readonly hr: Int32Array;
  /** The farthest any base reaches from its centre, cells. */
  readonly maxBaseRadius: number;
  /** Token index by id (first occurrence). Built on first use: a 100k-entry Map costs milliseconds. */
  readonly indexOf: ReadonlyMap<string, number>;
  /** Distance in cells between tokens i and j, per the scene's metric and `from`. */
  readonly dist: (i: number, j: number) => number;
}

export function prepareTable(
  tokens: readonly Token[],
  scene: Scene,
  from: MeasureFrom = 'centre',
  bases: BaseShape = DEFAULT_BASE_SHAPE,
): PreparedTable {
  const n = tokens.length;
  const ppc = pixelsPerCell(scene);
  const metric = effectiveMetric(scene);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const br = new Float64Array(n);
  const ex = new Float64Array(n);
  const ey = new Float64Array(n);
  let boxes: Base[] | null = null;
  const hq = new Int32Array(n);
  const hr = new Int32Array(n);
  const orientation = scene.grid === 'hex-flat' ? 'flat' : 'pointy';
  let maxBaseRadius = 0;
  // Bases are declared in one or two units: convert a unit once, not per token.
  let lastUnit: string | null = null;
  let lastFactor = 0;
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    x[i] = t.center.x / ppc;
    y[i] = t.center.y / ppc;
    if (metric === 'hex') {
      const h = pixelToHex(t.center, ppc, orientation, scene.hexOrigin, scene.hexPitch);
      hq[i] = h.q;
      hr[i] = h.r;
    } else if (from === 'edge') {
      const b = t.baseSize;
      let base: Base;
      if (b) {
        if (b.unit !== lastUnit) {
          lastUnit = b.unit;
          lastFactor = toCells({ value: 1, unit: b.unit }, scene);
        }
        base = roundBase((b.value * lastFactor) / 2);
      } else {
        base = baseOf(t, scene, bases);
      }
      if (base.round) br[i] = base.hw;
      ex[i] = base.ex;
      ey[i] = base.ey;
      if (!base.round && !boxes) {
        // The first box: every base before it was a disc.
        boxes = [];
        for (let k = 0; k < i; k++) boxes.push(roundBase(br[k]!));
      }
      boxes?.push(base);
      if (base.reach > maxBaseRadius) maxBaseRadius = base.reach;
    }
  }
  const dist = distanceOf(metric, n, { x, y, br, ex, ey, hq, hr }, boxes);
  let indexOf: Map<string, number> | null = null;
  return {
    scene,
    metric,
    from,
    bases,
    tokens,
    n,
    x,
    y,
    br,
    ex,
    ey,
    boxes,
    hq,
    hr,
    maxBaseRadius,
    dist,
    get indexOf(): ReadonlyMap<string, number> {
      if (!indexOf) {
        indexOf = new Map();
        for (let i = n - 1; i >= 0; i--) indexOf.set(tokens[i]!.id, i);
      }
      return indexOf;
    },
  };
}

/**
 * The distance in cells between two prepared tokens (by index), as the scene measures it: hex steps;
 * on a gridless table the gap between their bases (discs, or the exact gap where a box base is one of
 * them); on a square grid the cells between the boxes that hold them.
 */
function distanceOf(
  metric: PreparedTable['metric'],
  n: number,
  { x, y, br, ex, ey, hq, hr }: Pick<PreparedTable, 'x' | 'y' | 'br' | 'ex' | 'ey' | 'hq' | 'hr'>,
  boxes: readonly Base[] | null,
): (i: number, j: number) => number {
  if (metric === 'hex') return (i, j) => hexStepDistance(hq[i]!, hr[i]!, hq[j]!, hr[j]!);
  if (metric === 'euclidean') {
    // The hot case (gridless wargame tables): same arithmetic as cellDistance, inlined.
    const discGap = (i: number, j: number): number => {
      const dx = x[j]! - x[i]!;
      const dy = y[j]! - y[i]!;
      const d = Math.sqrt(dx * dx + dy * dy) - (br[i]! + br[j]!);
      return d > 0 ? d : 0;
    };
    if (!boxes) return discGap;
    // Discs between themselves keep the hot arithmetic; a pair with a box takes the exact gap.
    const all = boxes;
    const box = new Uint8Array(n);
    for (let i = 0; i < n; i++) box[i] = all[i]!.round ? 0 : 1;
    return (i, j) => (box[i]! | box[j]! ? baseGap(all[i]!, all[j]!, x[j]! - x[i]!, y[j]! - y[i]!) : discGap(i, j));
  }
  // A grid counts cells: the gap between the boxes that hold the two bases, along each axis.
  return (i, j) => {
    const ax = Math.abs(x[j]! - x[i]!) - ex[i]! - ex[j]!;
    const ay = Math.abs(y[j]! - y[i]!) - ey[i]! - ey[j]!;
    return axisDistance(metric, ax > 0 ? ax : 0, ay > 0 ? ay : 0);
  };
}

/**
 * Largest |Δx| or |Δy| (cells) between two centres whose distance can still be ≤ `radius`:
 * every square metric is ≥ the larger axis gap, and a hex step moves a centre by one cell pitch
 * (plus up to a circumradius, 1/√3 cell, for a centre off its hex's centre at each end).
 * The spatial index queries this reach, so it never misses a pair the naive engine would find.
 */
export function axisReach(p: PreparedTable, radius: number): number {
  const slack = p.metric === 'hex' ? 2 / Math.sqrt(3) : 2 * p.maxBaseRadius;
  // A stretched hex lattice is the regular one scaled per axis: the reach scales with its larger stretch.
  const k =
    p.metric === 'hex'
      ? latticeStretch(p.scene.pixelsPerCell, p.scene.grid === 'hex-flat' ? 'flat' : 'pointy', p.scene.hexPitch)
      : null;
  const stretch = k ? Math.max(k.x, k.y) : 1;
  return (Math.max(0, radius) + slack) * stretch * (1 + 1e-6) + 1e-6;
}
