// The command roll's ring is drawn where it is measured: from the leader's unit. On random boards
// (gridless as the crow flies, and square grids counted as Roll20 and Owlbear count them), every unit
// the board calls eligible has a figure whose base reaches into what the board draws, and every unit
// it calls out of range has none: its figures' bases all lie outside the drawn outline.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoundTable, BoundToken, Piece } from '../../../src/board/model';
import { BASE_SHAPES } from '../../../src/geometry/bases';
import { crBoard, type CrFacts } from '../../../src/rules/cr/board';
import type { Measurement, Scene } from '../../../src/table/model';
import { baseReaches } from '../../support/rings';

const arbBoard = fc.record({
  measurement: fc.constantFrom<Measurement>('euclidean', 'chebyshev'),
  signal: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  bases: fc.constantFrom(...BASE_SHAPES),
  units: fc.array(
    fc.array(
      fc.record({
        x: fc.integer({ min: 0, max: 1400 }),
        y: fc.integer({ min: 0, max: 1000 }),
        base: fc.constantFrom(24, 35, 50),
        long: fc.constantFrom(1, 1, 2),
        rotation: fc.constantFrom(0, 45, 90, 200),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    { minLength: 2, maxLength: 8 },
  ),
});

describe("the command roll's ring", () => {
  it('holds every unit the board calls eligible, and none it calls out of range', () => {
    fc.assert(
      fc.property(arbBoard, ({ measurement, signal, bases, units }) => {
        const scene: Scene = {
          pixelsPerCell: 70,
          unitsPerCell: 1,
          unitName: 'in',
          grid: measurement === 'euclidean' ? 'none' : 'square',
          measurement,
        };
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
              footprint: { width: f.base * f.long, height: f.base },
              rotation: f.rotation,
              layer: 'objects',
              visible: true,
              side: 'A',
              unit: `g${u}`,
              role: isLeader ? 'leader' : 'figure',
              piece: isLeader ? leader : unit,
            });
          });
        });
        const table: BoundTable = {
          scene,
          tokens,
          lost: [],
          pieces,
          tokensOf: (id) => tokens.filter((t) => t.piece?.id === id),
        };
        const facts: CrFacts = {
          signalUnit: 'in',
          bases,
          disordered: [],
          acted: [],
          slot: { side: 'A', kind: 'leader', leader: 'L', signal, ordered: [], used: false },
        };
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
          if (eligible)
            expect(
              figures.some((t) => baseReaches(ring, t, -0.5, square, bases)),
              `unit ${u} eligible, drawn outside`,
            ).toBe(true);
          else
            expect(
              figures.some((t) => baseReaches(ring, t, 0.5, square, bases)),
              `unit ${u} out, drawn inside`,
            ).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
