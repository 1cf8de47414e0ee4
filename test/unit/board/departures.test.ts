// The board runner writes down what a token stood for when it left the table, so that a game's
// proposals come only from a token that stood for the piece then (src/board/departures.ts).
import { describe, expect, it } from 'vitest';
import { standsFor } from '../../../src/board/departures';
import { bindTable } from '../../../src/board/bind';
import type { BoardInput, Piece } from '../../../src/board/model';
import { BoardRunner } from '../../../src/board/run';
import { summaryOf, type TabletopStatus } from '../../../src/board/summary';
import { BOARDS } from '../../../src/rules/boards';
import type { Scene, Token } from '../../../src/table/model';

const scene: Scene = { pixelsPerCell: 50, unitsPerCell: 5, unitName: 'cm', grid: 'none', measurement: 'euclidean' };
const token = (id: string, name: string, side: string | null = 'pA'): Token => ({
  id,
  name,
  center: { x: 0, y: 0 },
  footprint: { width: 30, height: 30 },
  layer: 'objects',
  visible: true,
  side,
  unit: null,
  role: 'figure',
});
const pieces = (...list: [string, string, boolean?][]): Piece[] =>
  list.map(([id, name, gone]) => ({
    id,
    name,
    kind: 'fighter',
    side: id.startsWith('B') ? 'B' : 'A',
    ...(gone ? { gone } : {}),
  }));
const input = (ps: Piece[], links: Record<string, string> = {}): BoardInput => ({
  system: 'hd-command',
  binding: { links, sides: { pA: 'A' } },
  pieces: ps,
  facts: { playing: true, sides: [] },
});
const board = BOARDS['hd-command'];

describe('standsFor', () => {
  const table = (ts: Token[], ps: Piece[], links: Record<string, string> = {}) =>
    bindTable({ scene, tokens: ts }, { links, sides: { pA: 'A', pB: 'B' } }, ps);

  it('is the link; else the one piece in play of its side and name, spaces and case aside', () => {
    const t = table(
      [token('a', ' sergent '), token('b', 'Bretteur'), token('c', 'Sergent', 'pB'), token('d', 'Anyone')],
      pieces(['A1', 'Sergent'], ['A2', 'Capitaine'], ['B1', 'Ennemi']),
      { d: 'A2' },
    );
    const [a, b, c, d] = t.tokens;
    expect([standsFor(a!, t), standsFor(b!, t), standsFor(c!, t), standsFor(d!, t)]).toEqual(['A1', null, null, 'A2']);
  });

  it("of any side when the tabletop's side is mapped onto none of the game's", () => {
    const t = bindTable(
      { scene, tokens: [token('a', 'Sergent', 'Alice')] },
      { links: {}, sides: {} },
      pieces(['A1', 'Sergent']),
    );
    expect(standsFor(t.tokens[0]!, t)).toBe('A1');
  });

  it('is no one for a name two pieces share, or a piece out of the game', () => {
    expect(
      standsFor(
        table([token('a', 'Bretteur')], pieces(['A1', 'Bretteur'], ['A2', 'Bretteur'])).tokens[0]!,
        table([], pieces(['A1', 'Bretteur'], ['A2', 'Bretteur'])),
      ),
    ).toBeNull();
    const t = table([token('a', 'Bretteur')], pieces(['A1', 'Bretteur', true]));
    expect(standsFor(t.tokens[0]!, t)).toBeNull();
  });
});

describe('the board runner', () => {
  const status = (gone: string[]): TabletopStatus => ({
    tabletop: 'demo',
    state: 'live',
    mode: 'full',
    engine: 'demo',
    missing: [],
    page: null,
    sides: [],
    selected: [],
    dropped: 0,
    changes: { gone: gone.map((id) => ({ id, name: id, side: 'pA', how: 'removed' as const })), arrived: [] },
  });

  it('writes down what each token stood for as it left, and forgets one that comes back', () => {
    const runner = new BoardRunner();
    const before = input(pieces(['A1', 'Sergent']));
    const all = [token('se', 'Sergent'), token('br', 'Bretteur'), token('fc', 'Capitaine')];
    runner.run(board, { scene, tokens: all }, before);
    // The Bretteur leaves before any fighter has his name; the Sergent while he is in play.
    runner.run(board, { scene, tokens: [all[0]!, all[2]!] }, before);
    const later = input(pieces(['A1', 'Sergent'], ['A2', 'Bretteur']));
    let run = runner.run(board, { scene, tokens: [all[2]!] }, later);
    expect(Object.fromEntries(run.departed)).toEqual({ br: null, se: 'A1' });
    expect(summaryOf(status(['br', 'se', 'xx']), { scene, tokens: [all[2]!] }, run, 'hd-command').gone).toEqual([
      { id: 'br', name: 'br', side: 'pA', how: 'removed', stoodFor: null },
      { id: 'se', name: 'se', side: 'pA', how: 'removed', stoodFor: 'A1' },
      // Gone before the board was opened: nothing is known of it.
      { id: 'xx', name: 'xx', side: 'pA', how: 'removed' },
    ]);
    run = runner.run(board, { scene, tokens: [all[2]!, all[1]!] }, later);
    expect(run.departed.has('br')).toBe(false);
  });

  it('remembers a bounded number of departures', () => {
    const runner = new BoardRunner();
    const many = Array.from({ length: 300 }, (_, i) => token(`t${i}`, `t${i}`));
    const game = input([]);
    runner.run(board, { scene, tokens: many }, game);
    const run = runner.run(board, { scene, tokens: [] }, game);
    expect(run.departed.size).toBeLessThanOrEqual(100);
    expect(run.departed.has('t299')).toBe(true);
  });
});
