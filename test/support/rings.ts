// What a ring the board draws holds, read from its drawing as a painter fills it (the nonzero rule):
// the in-range properties of each system (test/unit/<id>/ring.test.ts) and the outline's own.
import type { BoundToken, Ring } from '../../src/board/model';
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
 * Whether a figure's base reaches into the ring, sampled on its edge and inside: its disc, or its
 * square on a square grid (Chebyshev measures to it); `shrink` px off its edge (negative: beyond).
 */
export function baseReaches(ring: Ring, t: Pick<BoundToken, 'center' | 'footprint'>, shrink: number, square: boolean): boolean {
  const r = Math.max(0, t.footprint.width / 2 - shrink);
  const samples: Vec2[] = [{ x: t.center.x, y: t.center.y }];
  for (let i = 0; i < 64; i++) {
    const a = (i * Math.PI) / 32;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    const k = square ? r / Math.max(Math.abs(c), Math.abs(s)) : r;
    for (const f of [1, 0.5]) samples.push({ x: t.center.x + k * f * c, y: t.center.y + k * f * s });
  }
  return samples.some((p) => ringHolds(ring, p));
}
