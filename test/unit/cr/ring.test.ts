// The command roll's ring is drawn where it is measured: from the leader's unit. On random boards
// (gridless as the crow flies, and square grids counted as Roll20 and Owlbear count them), every unit
// the board calls eligible has a figure whose base reaches into what the board draws, and every unit
// it calls out of range has none: its figures' bases all lie outside the drawn outline.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoundTable, BoundToken, Piece, Ring } from '../../../src/board/model';
import { crBoard, type CrFacts } from '../../../src/rules/cr/board';
import type { Measurement, Scene, Vec2 } from '../../../src/table/model';

/** Winding number of the ring's drawing round p (its outline's loops, else its shape about the leader). */
function drawnAt(ring: Ring, p: Vec2): boolean {
  if (!ring.outline && ring.shape.kind === 'circle') return Math.hypot(p.x - ring.x, p.y - ring.y) <= ring.shape.radius;
  const loops = ring.outline ?? [(ring.shape as { points: readonly Vec2[] }).points.map((q) => ({ x: q.x + ring.x, y: q.y + ring.y }))];
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
  return w !== 0;
}

/** Does a figure's base (its disc, or its square on a square grid) reach into the drawing? Sampled on its edge and inside. */
function baseReaches(ring: Ring, t: BoundToken, shrink: number, square: boolean): boolean {
  const r = Math.max(0, t.footprint.width / 2 - shrink);
  const samples: Vec2[] = [{ x: t.center.x, y: t.center.y }];
  for (let i = 0; i < 64; i++) {
    const a = (i * Math.PI) / 32;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    // A square base's edge (Chebyshev measures to it), else the disc's.
    const k = square ? r / Math.max(Math.abs(c), Math.abs(s)) : r;
    for (const f of [1, 0.5]) samples.push({ x: t.center.x + k * f * c, y: t.center.y + k * f * s });
  }
  return samples.some((p) => drawnAt(ring, p));
}

const arbBoard = fc.record({
  measurement: fc.constantFrom<Measurement>('euclidean', 'chebyshev'),
  signal: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  units: fc.array(
    fc.array(fc.record({ x: fc.integer({ min: 0, max: 1400 }), y: fc.integer({ min: 0, max: 1000 }), base: fc.constantFrom(24, 35, 50) }), { minLength: 1, maxLength: 5 }),
    { minLength: 2, maxLength: 8 },
  ),
});

describe("the command roll's ring", () => {
  it('holds every unit the board calls eligible, and none it calls out of range', () => {
    fc.assert(
      fc.property(arbBoard, ({ measurement, signal, units }) => {
        const scene: Scene = { pixelsPerCell: 70, unitsPerCell: 1, unitName: 'in', grid: measurement === 'euclidean' ? 'none' : 'square', measurement };
        const leader: Piece = { id: 'L', name: 'Ledru', kind: 'leader', side: 'A' };
        const pieces = new Map<string, Piece>([['L', leader]]);
        const tokens: BoundToken[] = [];
        units.forEach((figures, u) => {
          const unit: Piece = { id: `u${u}`, name: `Unit ${u}`, kind: 'unit', side: 'A' };
          pieces.set(unit.id, unit);
          figures.forEach((f, i) => {
            const isLeader = u === 0 && i === 0;
            tokens.push({
              id: isLeader ? 'ledru' : `u${u}f${i}`,
              name: isLeader ? 'Ledru' : `Unit ${u} ${i}`,
              center: { x: f.x, y: f.y },
              footprint: { width: f.base, height: f.base },
              layer: 'objects',
              visible: true,
              side: 'A',
              unit: `g${u}`,
              role: isLeader ? 'leader' : 'figure',
              piece: isLeader ? leader : unit,
            });
          });
        });
        const table: BoundTable = { scene, tokens, lost: [], pieces, tokensOf: (id) => tokens.filter((t) => t.piece?.id === id) };
        const facts: CrFacts = { signalUnit: 'in', disordered: [], acted: [], slot: { side: 'A', kind: 'leader', leader: 'L', signal, ordered: [], used: false } };
        const view = crBoard.view(table, facts);
        expect(view.error).toBeNull();
        const ring = view.rings.find((r) => r.id === 'ledru')!;
        expect(ring.kind).toBe(signal ? 'signal' : 'control');
        const square = measurement === 'chebyshev';
        const status = new Map(view.marks.map((m) => [m.id, m.status]));
        for (let u = 1; u < units.length; u++) {
          const figures = tokens.filter((t) => t.unit === `g${u}`);
          const eligible = figures.every((t) => status.get(t.id) === 'eligible');
          const out = figures.every((t) => status.get(t.id) === 'out');
          expect(eligible || out, `unit ${u} is all eligible or all out`).toBe(true);
          // Half a pixel of slack either way: an arc drawn as a polyline, a base's edge on the line.
          if (eligible) expect(figures.some((t) => baseReaches(ring, t, -0.5, square)), `unit ${u} eligible, drawn outside`).toBe(true);
          else expect(figures.some((t) => baseReaches(ring, t, 0.5, square)), `unit ${u} out, drawn inside`).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
