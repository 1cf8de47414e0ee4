// The binder redoes only what a move changed: whatever happens to the tokens between two binds, the
// result is the same as binding the table from scratch.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TableBinder, bindTable } from '../../../src/board/bind';
import type { Binding, Piece } from '../../../src/board/model';
import type { Scene, Token } from '../../../src/table/model';

const SCENE: Scene = { pixelsPerCell: 50, unitsPerCell: 5, unitName: 'cm', grid: 'none', measurement: 'euclidean' };
const PIECES: Piece[] = [
  { id: 'u1', name: 'Groupe 1', kind: 'unit', side: 'A' },
  { id: 'u2', name: 'Groupe 2', kind: 'unit', side: 'A', gone: true },
  { id: 'l1', name: 'Chef', kind: 'leader', side: 'A', radio: true },
  { id: 'l2', name: 'Lieutenant', kind: 'leader', side: 'A', unit: 'u1', commander: 'l1' },
];
const tok = (i: number, unit: number, x: number): Token => ({
  id: `t${i}`,
  name: `T${i}`,
  center: { x, y: 0 },
  footprint: { width: 10, height: 10 },
  layer: 'objects',
  visible: true,
  side: i % 3 ? 'pA' : 'pB',
  unit: `g${unit}`,
  role: i % 5 === 0 ? 'leader' : 'figure',
});

describe('TableBinder', () => {
  it("a linked figure takes its unit and side from the game; its group follows; a gone piece's tokens are lost", () => {
    const tokens = [tok(1, 1, 0), tok(2, 1, 10), tok(3, 2, 20), tok(5, 1, 30)];
    const b = bindTable(
      { scene: SCENE, tokens },
      { links: { t1: 'u1', t3: 'u2', t5: 'l2' }, sides: { pB: 'B' } },
      PIECES,
    );
    expect(b.tokens.map((t) => [t.id, t.unit, t.side, t.role])).toEqual([
      ['t1', 'u1', 'A', 'figure'],
      ['t2', 'u1', 'A', 'figure'], // unlinked, in group g1 where t1 stands for u1
      ['t5', 'u1', 'A', 'leader'], // the game says which unit he leads
    ]);
    expect(b.lost.map((t) => t.id)).toEqual(['t3']);
    expect(b.tokensOf('u1').map((t) => t.id)).toEqual(['t1']);
  });

  it('after any moves, regroupings, additions, removals and link changes, equals a bind from scratch', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('move' as const), i: fc.nat(19), dx: fc.integer({ min: -50, max: 50 }) }),
            fc.record({ kind: fc.constant('regroup' as const), i: fc.nat(19), unit: fc.nat(4) }),
            fc.record({ kind: fc.constant('add' as const), unit: fc.nat(4) }),
            fc.record({ kind: fc.constant('remove' as const), i: fc.nat(19) }),
            fc.record({
              kind: fc.constant('link' as const),
              i: fc.nat(19),
              piece: fc.constantFrom('u1', 'u2', 'l1', 'l2', null),
            }),
          ),
          { maxLength: 40 },
        ),
        (steps) => {
          let tokens = Array.from({ length: 12 }, (_, i) => tok(i, i % 4, i * 10));
          let binding: Binding = { links: { t1: 'u1', t2: 'u1', t5: 'l1' }, sides: { pA: 'A' } };
          let next = 100;
          const binder = new TableBinder();
          for (const s of steps) {
            const i = 'i' in s ? s.i % Math.max(1, tokens.length) : 0;
            if (s.kind === 'move' && tokens[i])
              tokens = tokens.map((t, k) => (k === i ? { ...t, center: { x: t.center.x + s.dx, y: 0 } } : t));
            if (s.kind === 'regroup' && tokens[i])
              tokens = tokens.map((t, k) => (k === i ? { ...t, unit: `g${s.unit}` } : t));
            if (s.kind === 'add') tokens = [...tokens, tok(next++, s.unit, 5)];
            if (s.kind === 'remove') tokens = tokens.filter((_, k) => k !== i);
            if (s.kind === 'link' && tokens[i]) {
              const links = { ...binding.links };
              if (s.piece === null) delete links[tokens[i]!.id];
              else links[tokens[i]!.id] = s.piece;
              binding = { ...binding, links };
            }
            const table = { scene: SCENE, tokens };
            const fresh = bindTable(table, binding, PIECES);
            const kept = binder.bind(table, binding, PIECES);
            expect(kept.tokens).toEqual(fresh.tokens);
            expect(kept.lost).toEqual(fresh.lost);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
