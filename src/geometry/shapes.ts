// Outline of "within R" for each metric, in pixels relative to the leader's centre, so an
// overlay draws exactly what the engine counts (Owlbear Auras & Emanations draws the same
// family: circle, square, diamond, stepped octagon, hexagon; owlbear.md §4 Builders).
import type { Vec2 } from '../table/model';
import { baseCorners, type Base } from './bases';
import { HEX_DIRECTIONS, hexToPixel, type HexOrientation } from './hex';
import { rangeShapeKind, type Metric, type RangeShapeKind } from './metrics';

/** `rounded-box`: a box base measured as the crow flies, its sides pushed out and its corners rounded. */
export type RangeShape =
  | { readonly kind: 'circle'; readonly radius: number }
  | { readonly kind: Exclude<RangeShapeKind, 'circle'> | 'rounded-box'; readonly points: readonly Vec2[] };

export interface ShapeOptions {
  /** The leader's base radius in cells when measuring base edge to base edge (not on hexes). */
  readonly baseRadius?: number;
  /** The leader's base when measuring edge to edge, disc or box (wins over `baseRadius`; not on hexes). */
  readonly base?: Base;
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
  const box = metric !== 'hex' && opts.base && !opts.base.round ? opts.base : null;
  const b = metric === 'hex' ? 0 : (opts.base?.hw ?? opts.baseRadius ?? 0);
  const R = Math.max(0, radius);
  const kind = rangeShapeKind(metric);
  const px = (p: Vec2): Vec2 => ({ x: p.x * pixelsPerCell, y: p.y * pixelsPerCell });
  switch (kind) {
    case 'circle':
      if (box) return { kind: 'rounded-box', points: roundedBox(box, R).map(px) };
      return { kind, radius: (R + b) * pixelsPerCell };
    case 'hexagon': {
      // The union of hexes within n steps, smoothed: a hexagon through the centres of the six
      // corner hexes pushed out by half a cell (the edge of those hexes' inner circles).
      const o = opts.orientation ?? 'pointy';
      const k = Math.floor(R + 1e-9) + 0.5;
      if (opts.hexPitch)
        return {
          kind,
          points: HEX_DIRECTIONS.map((d) =>
            hexToPixel({ q: d.q * k, r: d.r * k }, pixelsPerCell, o, undefined, opts.hexPitch),
          ),
        };
      const pts = HEX_DIRECTIONS.map((d) => hexToPixel({ q: d.q * k, r: d.r * k }, 1, o));
      return { kind, points: pts.map(px) };
    }
    default: {
      // On a grid a box base counts by the cells it covers: the box holding it along the grid's axes.
      const q = quadrant(metric as 'chebyshev' | 'manhattan' | 'alternating', R);
      return { kind, points: mirror(box ? inflate(q, box.ex, box.ey) : inflate(q, b, b)).map(px) };
    }
  }
}

/** First-quadrant outline from (a, 0) to (0, c), cells. */
function quadrant(metric: 'chebyshev' | 'manhattan' | 'alternating', R: number): Vec2[] {
  if (metric === 'chebyshev')
    return [
      { x: R, y: 0 },
      { x: R, y: R },
      { x: 0, y: R },
    ];
  if (metric === 'manhattan')
    return [
      { x: R, y: 0 },
      { x: 0, y: R },
    ];
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

/** Minkowski sum with a box of half sides bx × by (per-axis base gap, see prepare.ts). */
function inflate(q: Vec2[], bx: number, by: number): Vec2[] {
  if (bx <= 0 && by <= 0) return q;
  const first = q[0]!;
  const last = q[q.length - 1]!;
  return [{ x: first.x + bx, y: 0 }, ...q.map((p) => ({ x: p.x + bx, y: p.y + by })), { x: 0, y: last.y + by }];
}

/** Steps per quarter turn of a rounded corner: the polygon lies within 0.2% of R of the true curve. */
const CORNER_STEPS = 16;

/**
 * Everywhere within R of a box, as the crow flies: the box's four corners each swept by an arc of
 * radius R, joined by its sides pushed out by R. The arcs' points sit on the true curve and the
 * chords between them cut inside it by at most R·(1 − cos(π/64)): a figure drawn inside is in range.
 */
function roundedBox(box: Base, R: number): Vec2[] {
  const corners = baseCorners(box);
  if (R <= 0) return corners;
  const out: Vec2[] = [];
  // Going round the box, the outward normal turns by a quarter at each corner.
  const start = Math.atan2(box.sin, box.cos) + Math.PI / 4;
  corners.forEach((c, k) => {
    const mid = start + (k * Math.PI) / 2;
    for (let s = 0; s <= CORNER_STEPS; s++) {
      const a = mid - Math.PI / 4 + (s * Math.PI) / 2 / CORNER_STEPS;
      out.push({ x: c.x + R * Math.cos(a), y: c.y + R * Math.sin(a) });
    }
  });
  return out;
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
