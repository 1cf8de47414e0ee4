// The outline of a union of range shapes: "within 1 inch of the leader's unit" is within 1 inch of
// any of its figures, so the ring a player sees is the outer edge of every figure's own ring put
// together. Returned as closed loops (scene px) a painter fills and strokes as one path, the holes
// going the other way round (filled with the nonzero rule, they stay empty).
//
// Circles (a board measured as the crow flies) are cut analytically: each circle's arcs that no
// other circle covers, joined at the points where two circles cross. Polygons (squares, diamonds,
// octagons and hexagons of gridded boards) are cut edge by edge: each edge split where other
// polygons' edges cross it, the pieces no other polygon covers kept, and an edge two polygons
// share kept once when both lie on the same side of it, dropped when they face each other.
import type { Vec2 } from '../table/model';
import type { RangeShape } from './shapes';

export interface PlacedShape {
  /** The shape's centre, scene px. */
  readonly x: number;
  readonly y: number;
  readonly shape: RangeShape;
}

/** Steps per full turn when an arc is written as a polyline. */
const ARC_STEPS = 64;
const EPS = 1e-6;

/** The loops of the union of `shapes`, each a closed polyline (the last point joins the first). */
export function unionOutline(shapes: readonly PlacedShape[]): Vec2[][] {
  const distinct: PlacedShape[] = [];
  const seen = new Set<string>();
  for (const s of shapes) {
    const key = `${s.x.toFixed(3)},${s.y.toFixed(3)}|${s.shape.kind === 'circle' ? s.shape.radius.toFixed(3) : s.shape.points.map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`).join(' ')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    distinct.push(s);
  }
  const circles: Circle[] = [];
  const polygons: Vec2[][] = [];
  for (const s of distinct) {
    if (s.shape.kind === 'circle') circles.push({ x: s.x, y: s.y, r: s.shape.radius });
    else polygons.push(orient(s.shape.points.map((p) => ({ x: p.x + s.x, y: p.y + s.y }))));
  }
  // A scene measures one way: circles and polygons never meet in one union. Should they, circles
  // are written as polygons that hold them.
  if (polygons.length === 0) return circleUnion(circles);
  return polygonUnion([...polygons, ...circles.map((c) => circleAsPolygon(c))]);
}

interface Circle {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/** A circle as a polygon that holds it (its edges touch the circle from outside). */
function circleAsPolygon(c: Circle, n = 64): Vec2[] {
  const R = c.r / Math.cos(Math.PI / n);
  return Array.from({ length: n }, (_, i) => ({
    x: c.x + R * Math.cos((2 * Math.PI * i) / n),
    y: c.y + R * Math.sin((2 * Math.PI * i) / n),
  }));
}

/** Twice a loop's signed area: positive for an outline's outer loops, negative for its holes. */
export const signedArea = (pts: readonly Vec2[]): number => {
  let a = 0;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    const q = pts[(i + 1) % pts.length]!;
    a += p.x * q.y - q.x * p.y;
  }
  return a;
};

/** Every polygon the same way round (positive area). */
const orient = (pts: Vec2[]): Vec2[] => (signedArea(pts) < 0 ? [...pts].reverse() : pts);

const TAU = 2 * Math.PI;
const norm = (a: number) => ((a % TAU) + TAU) % TAU;

function circleUnion(circles: readonly Circle[]): Vec2[][] {
  // Circles inside another add nothing.
  const live = circles.filter(
    (c, i) =>
      !circles.some(
        (o, j) => j !== i && o.r >= c.r && Math.hypot(o.x - c.x, o.y - c.y) + c.r <= o.r + EPS && (o.r > c.r || j < i),
      ),
  );
  // Each circle's crossings with the others: the angle where another circle begins to cover it and where it stops.
  interface Cut {
    readonly at: number;
    /** Entering another circle (the arc after it is covered) or leaving it. */
    readonly enter: boolean;
    /** The crossing point's id, shared by both circles' arcs. */
    readonly point: number;
    /** The other circle. */
    readonly pair: number;
  }
  const cuts: Cut[][] = live.map(() => []);
  const points: Vec2[] = [];
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      const a = live[i]!;
      const b = live[j]!;
      const d = Math.hypot(b.x - a.x, b.y - a.y);
      if (d >= a.r + b.r - EPS || d <= Math.abs(a.r - b.r) + EPS) continue;
      // The two crossing points, P (entering b when going round a anticlockwise) and Q (leaving it).
      const toB = Math.atan2(b.y - a.y, b.x - a.x);
      const half = Math.acos(Math.min(1, Math.max(-1, (a.r * a.r + d * d - b.r * b.r) / (2 * a.r * d))));
      const pAngle = norm(toB - half);
      const qAngle = norm(toB + half);
      const p = points.push({ x: a.x + a.r * Math.cos(pAngle), y: a.y + a.r * Math.sin(pAngle) }) - 1;
      const q = points.push({ x: a.x + a.r * Math.cos(qAngle), y: a.y + a.r * Math.sin(qAngle) }) - 1;
      cuts[i]!.push({ at: pAngle, enter: true, point: p, pair: j }, { at: qAngle, enter: false, point: q, pair: j });
      // Round b anticlockwise, Q is where b enters a, P where it leaves.
      const angleOnB = (v: Vec2) => norm(Math.atan2(v.y - b.y, v.x - b.x));
      cuts[j]!.push(
        { at: angleOnB(points[q]!), enter: true, point: q, pair: i },
        { at: angleOnB(points[p]!), enter: false, point: p, pair: i },
      );
    }
  }
  // The uncovered arcs: from a "leave" cut to the next cut, walking round with a count of covers.
  interface Arc {
    readonly circle: number;
    readonly from: number;
    readonly to: number;
    readonly start: number;
    readonly end: number;
  }
  const arcs: Arc[] = [];
  const loops: Vec2[][] = [];
  live.forEach((c, i) => {
    const list = cuts[i]!.sort((x, y) => x.at - y.at);
    if (list.length === 0) {
      loops.push(arcPoints(c, 0, TAU));
      return;
    }
    // How many circles cover the point at angle 0: those whose "leave" comes before their "enter".
    let depth = 0;
    const open = new Set<number>();
    for (const cut of list) {
      if (cut.enter) open.add(cut.pair);
      else if (!open.has(cut.pair)) depth++;
    }
    // Walk round: depth counts the circles covering the arc after each cut.
    for (let k = 0; k < list.length; k++) {
      const cut = list[k]!;
      depth += cut.enter ? 1 : -1;
      const next = list[(k + 1) % list.length]!;
      if (depth === 0)
        arcs.push({
          circle: i,
          from: cut.at,
          to: next.at <= cut.at ? next.at + TAU : next.at,
          start: cut.point,
          end: next.point,
        });
    }
  });
  // Join the arcs: each ends at the crossing where the next one (on the other circle) starts.
  const byStart = new Map<number, Arc>();
  for (const a of arcs) byStart.set(a.start, a);
  const used = new Set<Arc>();
  for (const first of arcs) {
    if (used.has(first)) continue;
    const loop: Vec2[] = [];
    let arc: Arc | undefined = first;
    while (arc && !used.has(arc)) {
      used.add(arc);
      const pts = arcPoints(live[arc.circle]!, arc.from, arc.to);
      loop.push(...pts.slice(0, -1));
      arc = byStart.get(arc.end);
    }
    if (loop.length >= 3) loops.push(loop);
  }
  return loops;
}

/** An arc as a polyline from angle `from` to `to` (anticlockwise, to > from), both ends included. */
function arcPoints(c: Circle, from: number, to: number): Vec2[] {
  const steps = Math.max(1, Math.ceil(((to - from) / TAU) * ARC_STEPS));
  const pts: Vec2[] = [];
  for (let s = 0; s <= steps; s++) {
    const a = from + ((to - from) * s) / steps;
    pts.push({ x: c.x + c.r * Math.cos(a), y: c.y + c.r * Math.sin(a) });
  }
  return steps === ARC_STEPS && to - from >= TAU - EPS ? pts.slice(0, -1) : pts;
}

interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}
const boxOf = (pts: readonly Vec2[]): Box => ({
  x0: Math.min(...pts.map((p) => p.x)),
  y0: Math.min(...pts.map((p) => p.y)),
  x1: Math.max(...pts.map((p) => p.x)),
  y1: Math.max(...pts.map((p) => p.y)),
});
const meet = (a: Box, b: Box) => a.x0 <= b.x1 + EPS && b.x0 <= a.x1 + EPS && a.y0 <= b.y1 + EPS && b.y0 <= a.y1 + EPS;

/** Where a point stands against a polygon: inside, outside, or on an edge (which one). */
function locate(p: Vec2, poly: readonly Vec2[], eps: number): { inside: boolean; edge: number } {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[j]!;
    const b = poly[i]!;
    // On the edge a→b (edge index j)?
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const cross = ((p.x - a.x) * dy - (p.y - a.y) * dx) / len;
    const t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (len * len);
    if (Math.abs(cross) <= eps && t >= -eps / len && t <= 1 + eps / len) return { inside: false, edge: j };
    if (a.y > p.y !== b.y > p.y && p.x < a.x + ((p.y - a.y) * dx) / dy) inside = !inside;
  }
  return { inside, edge: -1 };
}

function polygonUnion(polygons: readonly Vec2[][]): Vec2[][] {
  const boxes = polygons.map(boxOf);
  const size = Math.max(1, ...boxes.map((b) => Math.max(b.x1 - b.x0, b.y1 - b.y0)));
  const eps = size * 1e-9 + 1e-7;
  const pieces: [Vec2, Vec2][] = [];
  polygons.forEach((poly, i) => {
    const others = polygons.map((_, j) => j).filter((j) => j !== i && meet(boxes[i]!, boxes[j]!));
    for (let e = 0; e < poly.length; e++) {
      const a = poly[e]!;
      const b = poly[(e + 1) % poly.length]!;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      // Where the other polygons' edges (and corners) cut this one.
      const ts = [0, 1];
      for (const j of others) {
        const q = polygons[j]!;
        for (let f = 0; f < q.length; f++) {
          const c = q[f]!;
          const d = q[(f + 1) % q.length]!;
          const ex = d.x - c.x;
          const ey = d.y - c.y;
          const den = dx * ey - dy * ex;
          if (Math.abs(den) > EPS) {
            const t = ((c.x - a.x) * ey - (c.y - a.y) * ex) / den;
            const u = ((c.x - a.x) * dy - (c.y - a.y) * dx) / den;
            if (t > 0 && t < 1 && u >= -EPS && u <= 1 + EPS) ts.push(t);
          } else {
            // Parallel: a shared stretch starts or ends at the other edge's corners.
            for (const v of [c, d]) {
              const len2 = dx * dx + dy * dy;
              const t = ((v.x - a.x) * dx + (v.y - a.y) * dy) / len2;
              const off = Math.abs((v.x - a.x) * dy - (v.y - a.y) * dx) / Math.sqrt(len2);
              if (off <= eps && t > 0 && t < 1) ts.push(t);
            }
          }
        }
      }
      ts.sort((x, y) => x - y);
      for (let k = 0; k + 1 < ts.length; k++) {
        const t0 = ts[k]!;
        const t1 = ts[k + 1]!;
        if (t1 - t0 < 1e-9) continue;
        const m = { x: a.x + dx * ((t0 + t1) / 2), y: a.y + dy * ((t0 + t1) / 2) };
        let keep = true;
        for (const j of others) {
          const at = locate(m, polygons[j]!, eps);
          if (at.inside) keep = false;
          else if (at.edge >= 0) {
            // A stretch two polygons share: once if both lie on the same side of it, never if they face each other.
            const q = polygons[j]!;
            const c = q[at.edge]!;
            const d = q[(at.edge + 1) % q.length]!;
            const same = dx * (d.x - c.x) + dy * (d.y - c.y) > 0;
            if (!same || j < i) keep = false;
          }
          if (!keep) break;
        }
        if (keep)
          pieces.push([
            { x: a.x + dx * t0, y: a.y + dy * t0 },
            { x: a.x + dx * t1, y: a.y + dy * t1 },
          ]);
      }
    }
  });
  // Join the pieces end to start into loops.
  const key = (p: Vec2) => `${Math.round(p.x / (eps * 1e4 + 1e-3))},${Math.round(p.y / (eps * 1e4 + 1e-3))}`;
  const byStart = new Map<string, number[]>();
  pieces.forEach(([s], i) => {
    const k = key(s);
    const list = byStart.get(k);
    if (list) list.push(i);
    else byStart.set(k, [i]);
  });
  const used = new Set<number>();
  const loops: Vec2[][] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (used.has(i)) continue;
    const loop: Vec2[] = [];
    let at: number | undefined = i;
    while (at !== undefined && !used.has(at)) {
      used.add(at);
      loop.push(pieces[at]![0]);
      at = byStart.get(key(pieces[at]![1]))?.find((n) => !used.has(n));
    }
    if (loop.length >= 3) loops.push(simplify(loop));
  }
  return loops;
}

/** Drops points in the middle of a straight stretch (where pieces were split). */
function simplify(loop: Vec2[]): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 0; i < loop.length; i++) {
    const p = loop[(i + loop.length - 1) % loop.length]!;
    const q = loop[i]!;
    const r = loop[(i + 1) % loop.length]!;
    const cross = (q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x);
    if (Math.abs(cross) > 1e-9 * (1 + Math.hypot(q.x - p.x, q.y - p.y) * Math.hypot(r.x - q.x, r.y - q.y))) out.push(q);
  }
  return out.length >= 3 ? out : loop;
}
