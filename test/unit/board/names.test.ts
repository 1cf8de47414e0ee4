// What a player reads for a tabletop's grouping (src/board/names.ts), in the popup's summary of a
// board: the game's unit, the name its figures share, its leader's, its number; never its id.
import { describe, expect, it } from 'vitest';
import { sceneBoard } from '../../../src/adapters/demo/example';
import { tableOf } from '../../../src/adapters/demo/model';
import { bindTable } from '../../../src/board/bind';
import { unitNames } from '../../../src/board/names';
import { BoardRunner } from '../../../src/board/run';
import { summaryOf, type TabletopStatus } from '../../../src/board/summary';
import { BOARDS } from '../../../src/rules/boards';
import { boardInputOf } from '../../../src/store/board';
import type { Scene, Token } from '../../../src/table/model';
import { sceneRoot } from '../../support/demo';

const scene: Scene = { pixelsPerCell: 50, unitsPerCell: 5, unitName: 'cm', grid: 'none', measurement: 'euclidean' };
const token = (id: string, name: string, unit: string | null, role: Token['role'] = 'figure'): Token => ({
  id,
  name,
  center: { x: 0, y: 0 },
  footprint: { width: 30, height: 30 },
  layer: 'objects',
  visible: true,
  side: 'pA',
  unit,
  role,
});

describe('unitNames', () => {
  it("a grouping the tabletop made: its leader's, else the name its figures share, else its number", () => {
    const tokens = [
      token('g1', 'Goblin 1', 'u-33ff6294'),
      token('g2', 'Goblin 2', 'u-33ff6294'),
      token('o', 'Orc 1', 'u-0badc0de'),
      token('b', 'Orc 2', 'u-0badc0de'),
      token('chief', 'Grishnak', 'u-0badc0de', 'leader'),
      token('x', 'Wolf', 'u-12345678'),
      token('y', 'Warg', 'u-12345678'),
      token('lone', 'Scout', null),
    ];
    expect(unitNames({ scene, tokens }, bindTable({ scene, tokens }, { links: {}, sides: {} }, []))).toEqual([
      { id: 'u-33ff6294', name: 'Goblin', leader: null, n: 1 },
      { id: 'u-0badc0de', name: null, leader: 'Grishnak', n: 2 },
      { id: 'u-12345678', name: null, leader: null, n: 3 },
    ]);
  });

  it("a grouping that stands for a game unit, or whose leader leads one: the game's name, every figure of it linked or not", () => {
    const tokens = [
      token('s', 'Sgt', 'g9', 'leader'),
      token('a', 'Anyone', 'g9'),
      token('b', 'Fusilier 2', 'u-1'),
      token('c', 'Fusilier 3', 'u-1'),
    ];
    const pieces = [
      { id: 'u1', name: 'Groupe 1', kind: 'unit' as const, side: null },
      { id: 'l2', name: 'Sergent Lambert', kind: 'leader' as const, side: null, unit: 'u1' },
      { id: 'u3', name: 'Groupe 2', kind: 'unit' as const, side: null },
    ];
    const bound = bindTable({ scene, tokens }, { links: { s: 'l2', b: 'u3' }, sides: {} }, pieces);
    expect(unitNames({ scene, tokens }, bound)).toEqual([
      { id: 'g9', name: 'Groupe 1', leader: 'Sergent Lambert', n: 1 },
      { id: 'u-1', name: 'Groupe 2', leader: null, n: 2 },
    ]);
  });
});

describe("the summary of an army's board", () => {
  it.each([
    ['bdc-army', { hq: 'Commandement', g1: 'Groupe 1', g6: 'Groupe 6' }],
    ['cr-army', { l24: '24e léger', ladoga: 'Ladoga', h11: '11e hussards' }],
    ['cr', { '1': '1st Line', '3': 'Cuirassiers' }],
  ] as const)('%s names each group as its game does', (id, names) => {
    const board = sceneBoard(id);
    const table = tableOf(board);
    const run = new BoardRunner().run(BOARDS[board.system], table, boardInputOf(sceneRoot(id)));
    const status: TabletopStatus = {
      tabletop: 'demo',
      state: 'live',
      mode: 'full',
      engine: 'demo',
      missing: [],
      page: null,
      sides: [],
      changes: { gone: [], arrived: [] },
      selected: [],
      dropped: 0,
    };
    const units = summaryOf(status, table, run, board.system).units;
    expect(Object.fromEntries(units.filter((u) => u.id in names).map((u) => [u.id, u.name]))).toEqual(names);
    expect(units.every((u) => u.name !== null)).toBe(true);
  });
});
