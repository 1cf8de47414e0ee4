// What a ring the board draws holds, read from its drawing as a painter fills it (the nonzero rule):
// the in-range properties of each system (test/unit/<id>/ring.test.ts) and the outline's own.
import type { BoundToken, Ring } from '../../src/board/model';
import type { BaseShape } from '../../src/geometry/bases';
import type { Vec2 } from '../../src/table/model';

/** Winding number of closed loops round p (0: outside). */
export function winding(loops: readonly (readonly Vec2[])[], p: Vec2): number {
  let w = 0;
  for (const loop of loops) {
    for (let i = 0; i < loop.length; i++) {
      const a = loop[i]!;
      const b = loop[(i + 1) % loop.length]!;
      const cross = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y);
      if (a.y <= p.y && b.y > p.y && cross > 0) w++;
      else if (a.y > p.y && b.y <= p.y && cross < 0) w--;
    }
  }
  return w;
}

/** Whether the ring's drawing covers p: its unit's outline, else its shape about the leader. */
export function ringHolds(ring: Ring, p: Vec2): boolean {
  if (ring.outline) return winding(ring.outline, p) !== 0;
  if (ring.shape.kind === 'circle') return Math.hypot(p.x - ring.x, p.y - ring.y) <= ring.shape.radius;
  return winding([ring.shape.points.map((q) => ({ x: q.x + ring.x, y: q.y + ring.y }))], p) !== 0;
}

/**
 * Whether a figure's base reaches into the ring, sampled on its edge and inside: its disc, or its box
 * turned by its rotation (degrees clockwise on screen), or on a square grid the box along the grid
 * that holds it (a grid measures to it); `shrink` px off its edge (negative: beyond). Worked out here
 * from the footprint and rotation, not with the engine's own bases: `round` reads every footprint
 * as the disc inside it, `box` as the box, `auto` a square one as a disc and an oblong one as a box.
 */
export function baseReaches(
  ring: Ring,
  t: Pick<BoundToken, 'center' | 'footprint'> & { rotation?: number },
  shrink: number,
  square: boolean,
  bases: BaseShape = 'round',
): boolean {
  const { width: w, height: h } = t.footprint;
  const round = bases === 'round' || (bases === 'auto' && Math.abs(w - h) <= 0.02 * Math.max(w, h));
  const a = ((t.rotation ?? 0) * Math.PI) / 180;
  // The box's corners, turned: x' = x cos a − y sin a, y' = x sin a + y cos a (y grows downwards).
  const corners = round
    ? []
    : [
        [1, 1],
        [-1, 1],
        [-1, -1],
        [1, -1],
      ].map(([u, v]) => ({
        x: ((u! * w) / 2) * Math.cos(a) - ((v! * h) / 2) * Math.sin(a),
        y: ((u! * w) / 2) * Math.sin(a) + ((v! * h) / 2) * Math.cos(a),
      }));
  const r = Math.min(w, h) / 2;
  const ex = round ? r : Math.max(...corners.map((p) => Math.abs(p.x)));
  const ey = round ? r : Math.max(...corners.map((p) => Math.abs(p.y)));
  const samples: Vec2[] = [{ x: t.center.x, y: t.center.y }];
  const add = (p: Vec2) => {
    for (const f of [1, 0.5]) samples.push({ x: t.center.x + p.x * f, y: t.center.y + p.y * f });
  };
  if (square || round) {
    for (let i = 0; i < 64; i++) {
      const th = (i * Math.PI) / 32;
      const [c, s] = [Math.cos(th), Math.sin(th)];
      const k = square
        ? Math.min(
            Math.abs(c) > 1e-12 ? Math.max(0, ex - shrink) / Math.abs(c) : Infinity,
            Math.abs(s) > 1e-12 ? Math.max(0, ey - shrink) / Math.abs(s) : Infinity,
          )
        : Math.max(0, r - shrink);
      add({ x: k * c, y: k * s });
    }
  } else {
    // Along each side of the turned box, pulled in (or pushed out) by `shrink` towards its centre.
    const hw = Math.max(0, w / 2 - shrink);
    const hh = Math.max(0, h / 2 - shrink);
    for (let i = 0; i < 64; i++) {
      const f = -1 + i / 16; // −1 … 3: four sides, 16 steps each
      const side = Math.floor((f + 1) / 1) % 4;
      const t01 = f + 1 - Math.floor(f + 1);
      const [u, v] = [
        [1, 2 * t01 - 1],
        [1 - 2 * t01, 1],
        [-1, 1 - 2 * t01],
        [2 * t01 - 1, -1],
      ][side]!;
      add({ x: u! * hw * Math.cos(a) - v! * hh * Math.sin(a), y: u! * hw * Math.sin(a) + v! * hh * Math.cos(a) });
    }
  }
  return samples.some((p) => ringHolds(ring, p));
}
