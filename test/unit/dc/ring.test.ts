// Désastre Colonial's command range is drawn where it is counted: on random hex boards, every unit
// the board calls eligible has a figure whose hex lies inside the leader's drawn hexagon, and every
// unit it calls out of range has none: hexes counted from the leader's hex, as the rules count them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoundTable, BoundToken, Piece } from '../../../src/board/model';
import { hexToPixel } from '../../../src/geometry/hex';
import { dcBoard, DEFAULT_DC_FACTS } from '../../../src/rules/dc/board';
import type { Scene } from '../../../src/table/model';
import { ringHolds } from '../../support/rings';

const hex = fc.record({ q: fc.integer({ min: -7, max: 7 }), r: fc.integer({ min: -7, max: 7 }) });
const arbBoard = fc.record({
  radius: fc.integer({ min: 1, max: 5 }),
  leader: hex,
  units: fc.array(fc.array(hex, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
});

describe("Désastre Colonial's command range", () => {
  it('holds a hex of every eligible unit, and no hex of a unit out of range', () => {
    fc.assert(
      fc.property(arbBoard, ({ radius, leader, units }) => {
        const scene: Scene = {
          pixelsPerCell: 70,
          unitsPerCell: 1,
          unitName: 'hex',
          grid: 'hex-pointy',
          measurement: 'hex',
        };
        const at = (h: { q: number; r: number }) => hexToPixel(h, scene.pixelsPerCell, 'pointy');
        const leaderPiece: Piece = { id: 'L', name: 'Desharbes', kind: 'leader', side: 'colonial' };
        const pieces = new Map<string, Piece>([['L', leaderPiece]]);
        const token = (
          id: string,
          h: { q: number; r: number },
          unit: string | null,
          role: 'leader' | 'figure',
          piece: Piece,
        ): BoundToken => ({
          id,
          name: id,
          center: at(h),
          footprint: { width: 60, height: 60 },
          layer: 'objects',
          visible: true,
          side: 'colonial',
          unit,
          role,
          piece,
        });
        const tokens: BoundToken[] = [token('desharbes', leader, null, 'leader', leaderPiece)];
        units.forEach((hexes, u) => {
          const piece: Piece = { id: `u${u}`, name: `Unit ${u}`, kind: 'unit', side: 'colonial' };
          pieces.set(piece.id, piece);
          hexes.forEach((h, i) => tokens.push(token(`u${u}t${i}`, h, `g${u}`, 'figure', piece)));
        });
        const table: BoundTable = {
          scene,
          tokens,
          lost: [],
          pieces,
          tokensOf: (id) => tokens.filter((t) => t.piece?.id === id),
        };
        const view = dcBoard.view(table, {
          ...DEFAULT_DC_FACTS,
          holder: 'colonial',
          leaders: { L: { radius, deactivated: false, dice: 3 } },
        });
        expect(view.error).toBeNull();
        const ring = view.rings.find((r) => r.id === 'desharbes')!;
        const marks = new Map(view.marks.map((m) => [m.id, m]));
        units.forEach((_, u) => {
          const figures = tokens.filter((t) => t.unit === `g${u}`);
          const status = marks.get(figures[0]!.id)!;
          const inside = figures.some((t) => ringHolds(ring, t.center));
          if (status.status === 'eligible') expect(inside, `unit ${u} eligible, drawn outside`).toBe(true);
          if (status.status === 'out' && status.reason?.code === 'dc-out-of-range')
            expect(inside, `unit ${u} out of range, drawn inside`).toBe(false);
        });
      }),
      { numRuns: 300 },
    );
  });
});
