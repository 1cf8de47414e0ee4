// Les bandes de Champagne's command ring is drawn where it is measured: on random boards (gridless,
// and square grids counted as Roll20 and Owlbear count them), every figure the board calls in command
// straight from his leader has its base reaching into that leader's ring, and every figure it calls
// out of command (his leader able to command) lies wholly outside it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoundTable, BoundToken } from '../../../src/board/model';
import { BASE_SHAPES } from '../../../src/geometry/bases';
import { bdcBoard, DEFAULT_BDC_FACTS } from '../../../src/rules/bdc/board';
import type { Measurement, Scene } from '../../../src/table/model';
import { baseReaches } from '../../support/rings';

const arbBoard = fc.record({
  measurement: fc.constantFrom<Measurement>('euclidean', 'chebyshev'),
  from: fc.constantFrom<'edge' | 'centre'>('edge', 'centre'),
  // Bases as they stand: discs, squares and 2×1 boxes, turned any way.
  bases: fc.constantFrom(...BASE_SHAPES),
  leaderBase: fc.record({ long: fc.constantFrom(1, 2), rotation: fc.constantFrom(0, 30, 90, 135) }),
  units: fc.array(
    fc.record({
      leader: fc.record({ x: fc.integer({ min: 0, max: 1400 }), y: fc.integer({ min: 0, max: 1000 }) }),
      figures: fc.array(
        fc.record({
          x: fc.integer({ min: -500, max: 500 }),
          y: fc.integer({ min: -500, max: 500 }),
          base: fc.constantFrom(20, 25, 40),
          long: fc.constantFrom(1, 1, 2),
          rotation: fc.constantFrom(0, 45, 90, 200),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    }),
    { minLength: 1, maxLength: 5 },
  ),
});

describe("Les bandes de Champagne's command ring", () => {
  it('holds every figure in command from his leader, and none out of command', () => {
    fc.assert(
      fc.property(arbBoard, ({ measurement, from, bases, leaderBase, units }) => {
        const scene: Scene = {
          pixelsPerCell: 50,
          unitsPerCell: 2.5,
          unitName: 'cm',
          grid: measurement === 'euclidean' ? 'none' : 'square',
          measurement,
        };
        const tokens: BoundToken[] = [];
        const token = (
          id: string,
          x: number,
          y: number,
          base: number,
          long: number,
          rotation: number,
          unit: string,
          role: 'leader' | 'figure',
        ): BoundToken => ({
          id,
          name: id,
          center: { x, y },
          footprint: { width: base * long, height: base },
          rotation,
          layer: 'objects',
          visible: true,
          side: 'A',
          unit,
          role,
          piece: null,
        });
        units.forEach((u, i) => {
          tokens.push(
            token(`L${i}`, u.leader.x, u.leader.y, 25, leaderBase.long, leaderBase.rotation, `g${i}`, 'leader'),
          );
          u.figures.forEach((f, j) =>
            tokens.push(
              token(`g${i}f${j}`, u.leader.x + f.x, u.leader.y + f.y, f.base, f.long, f.rotation, `g${i}`, 'figure'),
            ),
          );
        });
        const table: BoundTable = { scene, tokens, lost: [], pieces: new Map(), tokensOf: () => [] };
        const view = bdcBoard.view(table, { ...DEFAULT_BDC_FACTS, measureFrom: from, bases });
        expect(view.error).toBeNull();
        const square = measurement === 'chebyshev' && from === 'edge';
        const ringOf = new Map(view.rings.map((r) => [r.id, r]));
        for (const m of view.marks) {
          const t = tokens.find((x) => x.id === m.id)!;
          if (t.role === 'leader') continue;
          const ring = ringOf.get(`L${t.unit!.slice(1)}`)!;
          // Measured from the centre, the ring is where a figure's centre may stand.
          // (A centre on the ring's very edge is in range: looked at within half a pixel.)
          const reaches = (shrink: number) =>
            from === 'centre'
              ? baseReaches(
                  ring,
                  {
                    center: t.center,
                    footprint: { width: Math.max(0, -2 * shrink), height: Math.max(0, -2 * shrink) },
                  },
                  0,
                  false,
                )
              : baseReaches(ring, t, shrink, square, bases);
          if (m.status === 'commanded')
            expect(reaches(-0.5), `${m.id} in command, drawn outside his leader's ring`).toBe(true);
          if (m.status === 'out')
            expect(reaches(0.5), `${m.id} out of command, drawn inside his leader's ring`).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
