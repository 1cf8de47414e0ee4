// Outline of "within R" for each metric, in pixels relative to the leader's centre, so an
// overlay draws exactly what the engine counts (Owlbear Auras & Emanations draws the same
// family: circle, square, diamond, stepped octagon, hexagon; owlbear.md §4 Builders).
import type { Vec2 } from '../table/model';
import { HEX_DIRECTIONS, hexToPixel, type HexOrientation } from './hex';
import { rangeShapeKind, type Metric, type RangeShapeKind } from './metrics';

export type RangeShape =
  | { readonly kind: 'circle'; readonly radius: number }
  | { readonly kind: Exclude<RangeShapeKind, 'circle'>; readonly points: readonly Vec2[] };

export interface ShapeOptions {
  /** The leader's base radius in cells when measuring base edge to base edge (not on hexes). */
  readonly baseRadius?: number;
  /** Hex orientation for the hex metric. */
  readonly orientation?: HexOrientation;
  /** A stretched hex lattice's pitches, px (Scene.hexPitch): the hexagon stretches with it. */
  readonly hexPitch?: Vec2;
}

/**
 * @param radius in cells; @param pixelsPerCell scene cell size.
 * Edge to edge, the reach of a target's own base is not included (it depends on the target):
 * the outline is where the target's base edge may be.
 */
export function rangeShape(metric: Metric, radius: number, pixelsPerCell: number, opts: ShapeOptions = {}): RangeShape {
  const b = metric === 'hex' ? 0 : (opts.baseRadius ?? 0);
  const R = Math.max(0, radius);
  const kind = rangeShapeKind(metric);
  const px = (p: Vec2): Vec2 => ({ x: p.x * pixelsPerCell, y: p.y * pixelsPerCell });
  switch (kind) {
    case 'circle':
      return { kind, radius: (R + b) * pixelsPerCell };
    case 'hexagon': {
      // The union of hexes within n steps, smoothed: a hexagon through the centres of the six
      // corner hexes pushed out by half a cell (the edge of those hexes' inner circles).
      const o = opts.orientation ?? 'pointy';
      const k = Math.floor(R + 1e-9) + 0.5;
      if (opts.hexPitch) return { kind, points: HEX_DIRECTIONS.map((d) => hexToPixel({ q: d.q * k, r: d.r * k }, pixelsPerCell, o, undefined, opts.hexPitch)) };
      const pts = HEX_DIRECTIONS.map((d) => hexToPixel({ q: d.q * k, r: d.r * k }, 1, o));
      return { kind, points: pts.map(px) };
    }
    default:
      return { kind, points: mirror(inflate(quadrant(metric as 'chebyshev' | 'manhattan' | 'alternating', R), b)).map(px) };
  }
}

/** First-quadrant outline from (a, 0) to (0, c), cells. */
function quadrant(metric: 'chebyshev' | 'manhattan' | 'alternating', R: number): Vec2[] {
  if (metric === 'chebyshev') return [{ x: R, y: 0 }, { x: R, y: R }, { x: 0, y: R }];
  if (metric === 'manhattan') return [{ x: R, y: 0 }, { x: 0, y: R }];
  // Alternating: a cell at offset (i, j) counts max + ⌊min/2⌋. Outline the cells (centred on
  // whole offsets, half a cell each way) that are within R: a stepped octagon.
  const n = Math.floor(R + 1e-9);
  const cols: number[] = [];
  for (let j = 0; j <= n; j++) {
    let i = -1;
    while (Math.max(i + 1, j) + Math.floor(Math.min(i + 1, j) / 2) <= n) i++;
    cols.push(i);
  }
  const pts: Vec2[] = [{ x: cols[0]! + 0.5, y: 0 }];
  for (let j = 0; j <= n; j++) {
    const top = j + 0.5;
    const w = cols[j]! + 0.5;
    pts.push({ x: w, y: top });
    const nextW = j < n ? cols[j + 1]! + 0.5 : 0;
    if (nextW !== w) pts.push({ x: nextW, y: top });
  }
  return dedupe(pts);
}

/** Minkowski sum with a square of half-side b (per-axis base gap, see metrics.cellDistance). */
function inflate(q: Vec2[], b: number): Vec2[] {
  if (b <= 0) return q;
  const first = q[0]!;
  const last = q[q.length - 1]!;
  return [{ x: first.x + b, y: 0 }, ...q.map((p) => ({ x: p.x + b, y: p.y + b })), { x: 0, y: last.y + b }];
}

/** Quadrant outline → closed polygon, counter-clockwise in screen terms, no repeated points. */
function mirror(q: Vec2[]): Vec2[] {
  const rev = [...q].reverse();
  const all = [
    ...q,
    ...rev.map((p) => ({ x: -p.x, y: p.y })),
    ...q.map((p) => ({ x: -p.x, y: -p.y })),
    ...rev.map((p) => ({ x: p.x, y: -p.y })),
  ];
  return dedupe(all.map((p) => ({ x: p.x + 0, y: p.y + 0 })));
}

function dedupe(pts: Vec2[]): Vec2[] {
  const out: Vec2[] = [];
  for (const p of pts) {
    const prev = out[out.length - 1];
    if (!prev || prev.x !== p.x || prev.y !== p.y) out.push(p);
  }
  const f = out[0];
  const l = out[out.length - 1];
  if (out.length > 1 && f && l && f.x === l.x && f.y === l.y) out.pop();
  return out;
}
