// The demo table adapter's pure part: a board → the Table and TabletopStatus every tabletop hands to
// the board, the player's moves, and the checks on a stored board.
import { describe, expect, it } from 'vitest';
import { exampleBoard, sceneBoard } from '../../../src/adapters/demo/example';
import { SCENE_IDS, sceneId } from '../../../src/adapters/demo/scenes';
import {
  addToken,
  basePx,
  DemoTables,
  hexOf,
  moveToken,
  removeToken,
  setDead,
  setScene,
  snap,
  statusOf,
  stepFrom,
  tableOf,
  turnToken,
  type DemoBoard,
  type Step,
} from '../../../src/adapters/demo/model';
import { parseDemoBoard, readDemo } from '../../../src/adapters/demo/schema';
import { summaryOf } from '../../../src/board/summary';
import { hexDistance } from '../../../src/geometry/hex';
import type { Scene } from '../../../src/table/model';

const HOSTILE = '<img src=x onerror=alert(1)>';
const tr = (key: string) => `«${key}»`;

describe('a demo board as a table', () => {
  it('lays hexes out at their centres and bases at their size on the scale', () => {
    const dc = exampleBoard('dc');
    const t = tableOf(dc);
    const cav = t.tokens.find((x) => x.id === 'cav')!;
    expect(hexOf(cav.center, dc.scene)).toEqual({ q: 3, r: 0 });
    expect(cav.footprint.width).toBeCloseTo(0.85 * 70, 6);
    const bdc = tableOf(exampleBoard('bdc'));
    // 25 mm at 10 px a centimetre.
    expect(bdc.tokens[0]!.footprint.width).toBeCloseTo(25, 6);
    expect(bdc.tokens[0]!.baseSize).toEqual({ value: 25, unit: 'mm' });
  });

  it('leaves dead tokens out, as a tabletop leaves out a token marked dead', () => {
    const board = setDead(exampleBoard('hd-command'), 'fc', true);
    expect(tableOf(board).tokens.map((t) => t.id)).not.toContain('fc');
    expect(board.changes.gone).toEqual([{ id: 'fc', name: 'Franc-capitaine', side: 'arnaud', how: 'dead' }]);
    const back = setDead(board, 'fc', false);
    expect(tableOf(back).tokens.map((t) => t.id)).toContain('fc');
    expect(back.changes.gone).toEqual([]);
  });

  it('hands the same Token back for a token that did not move (the binder re-binds only what moved)', () => {
    const tables = new DemoTables();
    const board = exampleBoard('bdc');
    const before = tables.table(board);
    const after = tables.table(moveToken(board, 'C', 505, 415));
    expect(after.tokens.find((t) => t.id === 'A')).toBe(before.tokens.find((t) => t.id === 'A'));
    expect(after.tokens.find((t) => t.id === 'C')).not.toBe(before.tokens.find((t) => t.id === 'C'));
    expect(after.tokens.find((t) => t.id === 'C')!.center).toEqual({ x: 505, y: 415 });
    // A new scale is a new table.
    const rescaled = tables.table(setScene(board, { unitsPerCell: 1, unitName: 'in' }));
    expect(rescaled.tokens.find((t) => t.id === 'A')).not.toBe(before.tokens.find((t) => t.id === 'A'));
  });

  it('draws a base it cannot measure at 0.8 cell instead of failing', () => {
    const scene: Scene = { pixelsPerCell: 70, unitsPerCell: 1, unitName: 'hex', grid: 'hex-flat', measurement: 'hex' };
    expect(basePx({ value: 25, unit: 'mm' }, scene)).toBeCloseTo(56, 6);
    expect(basePx({ value: 0.5, unit: 'cell' }, scene)).toBeCloseTo(35, 6);
  });
});

describe('the demo table status', () => {
  it("says it is the demo table, live, with its scale and sides worded: a message key translated, a game's name as it is", () => {
    const board = exampleBoard('cr');
    const s = statusOf(board, ['m', 'gone-token'], tr);
    expect(s).toMatchObject({
      tabletop: 'demo',
      state: 'live',
      mode: 'full',
      engine: 'demo',
      missing: [],
      dropped: 0,
      selected: ['m'],
    });
    expect(s.page).toEqual({
      name: '«demo_scene_cr»',
      grid: 'none',
      diagonal: 'euclidean',
      cellPx: 70,
      scale: 1,
      units: 'in',
    });
    expect(s.sides).toEqual([
      { id: 'fr', label: 'Davout' },
      { id: 'ru', label: 'Kutuzov' },
    ]);
    expect(statusOf(exampleBoard('dc'), [], tr).sides).toEqual([
      { id: 'colonial', label: '«dc_side_colonial»' },
      { id: 'native', label: '«dc_side_native»' },
    ]);
  });

  it("makes a summary the popup reads like any tabletop's, hexes included", () => {
    const board = exampleBoard('dc');
    const summary = summaryOf(statusOf(board, [], tr), tableOf(board), null, 'dc');
    expect(summary.tabletop).toBe('demo');
    expect(summary.figures.find((f) => f.id === 'i3')).toMatchObject({
      side: 'colonial',
      hex: { q: 2, r: -3 },
      status: 'none',
    });
  });
});

describe('moves on the demo table', () => {
  const square: Scene = {
    pixelsPerCell: 50,
    unitsPerCell: 1,
    unitName: 'in',
    grid: 'square',
    measurement: 'chebyshev',
  };
  const none: Scene = { ...square, grid: 'none', measurement: 'euclidean' };
  const pointy: Scene = {
    pixelsPerCell: 70,
    unitsPerCell: 1,
    unitName: 'hex',
    grid: 'hex-pointy',
    measurement: 'hex',
    hexOrigin: { x: 0, y: 0 },
  };
  const flat: Scene = { ...pointy, grid: 'hex-flat' };

  it('snaps a drop to the cell or hex it falls in, and not at all without a grid', () => {
    expect(snap(square, { x: 61, y: 149 })).toEqual({ x: 75, y: 125 });
    expect(snap(none, { x: 61, y: 149 })).toEqual({ x: 61, y: 149 });
    const c = snap(pointy, { x: 75, y: 8 });
    expect(hexOf(c, pointy)).toEqual({ q: 1, r: 0 });
    expect(c.x).toBeCloseTo(70, 9);
    expect(c.y).toBeCloseTo(0, 9);
  });

  it('moves one cell per arrow on a square grid or none', () => {
    expect(stepFrom(none, { x: 10, y: 20 }, 'left')).toEqual({ x: -40, y: 20 });
    expect(stepFrom(none, { x: 10, y: 20 }, 'down')).toEqual({ x: 10, y: 70 });
    expect(stepFrom(square, { x: 75, y: 75 }, 'up-right')).toEqual({ x: 125, y: 25 });
  });

  it.each([
    ['pointy', pointy],
    ['flat', flat],
  ] as const)('moves to a neighbouring hex on %s tops, keeping a straight line over repeated presses', (_, scene) => {
    for (const step of ['left', 'right', 'up', 'down', 'up-left', 'up-right', 'down-left', 'down-right'] as Step[]) {
      let p = { x: 0, y: 0 };
      for (let i = 0; i < 6; i++) {
        const next = stepFrom(scene, p, step);
        expect(hexDistance(hexOf(p, scene), hexOf(next, scene)), step).toBe(1);
        p = next;
      }
      // Six presses straight along or across the rows: back on the start's line.
      if (['left', 'right'].includes(step) && scene.grid === 'hex-flat') expect(Math.abs(p.y)).toBeLessThan(1e-6);
      if (['up', 'down'].includes(step) && scene.grid === 'hex-pointy') expect(Math.abs(p.x)).toBeLessThan(1e-6);
      if (step === 'up') expect(p.y).toBeLessThan(0);
      if (step === 'right') expect(p.x).toBeGreaterThan(0);
    }
  });

  it('adds a token (arrived), takes one off (gone), and one that came and went leaves nothing', () => {
    const start = exampleBoard('hd-command');
    const added = addToken(start, {
      name: `  ${HOSTILE}  `,
      side: 'arnaud',
      unit: ' g9 ',
      role: 'figure',
      radio: false,
      base: { value: 30, unit: 'mm' },
      x: 12,
      y: 13,
    })!;
    expect(added.id).toBe('t1');
    const t = added.board.tokens.at(-1)!;
    expect(t).toMatchObject({ id: 't1', name: HOSTILE, unit: 'g9', x: 12, y: 13, dead: false });
    expect(added.board.changes.arrived).toEqual([{ id: 't1', name: HOSTILE, side: 'arnaud' }]);
    expect(removeToken(added.board, 't1').changes).toEqual({ gone: [], arrived: [] });
    const removed = removeToken(added.board, 'se');
    expect(removed.tokens.map((x) => x.id)).not.toContain('se');
    expect(removed.changes.gone).toEqual([{ id: 'se', name: 'Sergent', side: 'arnaud', how: 'removed' }]);
    // Killed, then removed: still one loss, the death.
    expect(removeToken(setDead(start, 'fc', true), 'fc').changes.gone).toEqual([
      { id: 'fc', name: 'Franc-capitaine', side: 'arnaud', how: 'dead' },
    ]);
    // Ids never clash with a token already there.
    const clash = addToken(
      { ...start, tokens: [...start.tokens, { ...start.tokens[0]!, id: 't1' }] },
      { name: '', side: null, unit: null, role: 'figure', radio: false, base: { value: 1, unit: 'in' }, x: 0, y: 0 },
    )!;
    expect(clash.id).toBe('t2');
    expect(clash.board.tokens.at(-1)!.name).toBe('t2');
  });

  it('keeps positions inside the stored bounds', () => {
    const moved = moveToken(exampleBoard('bdc'), 'A', 1e12, -Infinity);
    expect(moved.tokens.find((t) => t.id === 'A')).toMatchObject({ x: 1_000_000, y: -1_000_000 });
    expect(parseDemoBoard(moved)).not.toBeNull();
  });
});

describe('rectangular bases on the demo table', () => {
  const army = sceneBoard(sceneId('cr', 'army'));
  const cossack = (b: DemoBoard) => tableOf(b).tokens.find((t) => t.id === 'cossacks-a')!;

  it("stand as their token's box, turned, with no declared round base", () => {
    // 2" × 1" at 70 px an inch, turned a quarter.
    expect(cossack(army)).toMatchObject({ footprint: { width: 140, height: 70 }, rotation: 90 });
    expect(cossack(army).baseSize).toBeUndefined();
    // A round base keeps its declared diameter.
    expect(tableOf(army).tokens.find((t) => t.id === 'ledru')!.baseSize).toEqual({ value: 1, unit: 'in' });
  });

  it('turn by R and Shift+R, kept within 0–359 and stored', () => {
    const turned = turnToken(army, 'cossacks-a', 15);
    expect(cossack(turned).rotation).toBe(105);
    expect(cossack(turnToken(turnToken(army, 'cossacks-a', -15), 'cossacks-a', -90)).rotation).toBe(345);
    // Back to where it was: the same token, nothing changed.
    expect(
      turnToken(turnToken(army, 'cossacks-a', 15), 'cossacks-a', -15).tokens.find((t) => t.id === 'cossacks-a'),
    ).toEqual(army.tokens.find((t) => t.id === 'cossacks-a'));
    expect(turnToken(army, 'cossacks-a', 360)).toBe(army);
    // A full turn back to 0 stores no rotation at all.
    expect(turnToken(army, 'cossacks-a', 270).tokens.find((t) => t.id === 'cossacks-a')).not.toHaveProperty('rotation');
    expect(cossack(turnToken(army, 'cossacks-a', 270)).rotation).toBeUndefined();
    expect(parseDemoBoard(JSON.parse(JSON.stringify(turned)))).toEqual(turned);
  });

  it('refuse a stored turn or length out of bounds', () => {
    const bad = (change: object) =>
      parseDemoBoard({ ...army, tokens: army.tokens.map((t) => (t.id === 'cossacks-a' ? { ...t, ...change } : t)) });
    expect(bad({ rotation: 400 })).toBeNull();
    expect(bad({ rotation: 12.5 })).toBeNull();
    expect(bad({ length: { value: -2, unit: 'in' } })).toBeNull();
  });
});

describe('a stored demo board read back', () => {
  it("passes for every scene, and after the player's moves", () => {
    for (const id of SCENE_IDS) expect(parseDemoBoard(JSON.parse(JSON.stringify(sceneBoard(id)))), id).not.toBeNull();
    const played = addToken(setDead(exampleBoard('cr'), 'cu', true), {
      name: HOSTILE,
      side: 'fr',
      unit: null,
      role: 'leader',
      radio: true,
      base: { value: 1, unit: 'in' },
      x: 0,
      y: 0,
    })!.board;
    expect(parseDemoBoard(JSON.parse(JSON.stringify(played)))).toEqual(played);
  });

  const damaged: [string, (b: DemoBoard) => unknown][] = [
    ['a token without a position', (b) => ({ ...b, tokens: [{ ...b.tokens[0]!, x: undefined }] })],
    ['a position that is not a number', (b) => ({ ...b, tokens: [{ ...b.tokens[0]!, x: 'NaN' }] })],
    ['two tokens with one id', (b) => ({ ...b, tokens: [b.tokens[0], b.tokens[0]] })],
    ['an extra key', (b) => ({ ...b, admin: true })],
    ['an unknown grid', (b) => ({ ...b, scene: { ...b.scene, grid: 'isometric' } })],
    ['a zero scale', (b) => ({ ...b, scene: { ...b.scene, unitsPerCell: 0 } })],
    ['a colour that is markup', (b) => ({ ...b, sides: [{ id: 's', label: 's', colour: 'red;background:url(x)' }] })],
    [
      'too many tokens',
      (b) => ({ ...b, tokens: Array.from({ length: 301 }, (_, i) => ({ ...b.tokens[0]!, id: `x${i}` })) }),
    ],
    ["another system under this one's name", (b) => ({ ...b, system: 'cr' })],
    ["its army under its example's name", (b) => ({ ...b, kind: 'army' })],
    ['an unknown kind of scene', (b) => ({ ...b, kind: 'campaign' })],
  ];

  it.each(damaged)('drops %s and names the scene, without throwing', (_, damage) => {
    const good = exampleBoard('bdc');
    const read = readDemo({ version: 1, boards: { bdc: damage(good), dc: exampleBoard('dc') } });
    expect(read.damaged).toEqual(['bdc']);
    expect(Object.keys(read.boards)).toEqual(['dc']);
  });

  it("keeps a system's example and army apart, and a board stored before armies existed as the example", () => {
    const { kind: _, ...old } = exampleBoard('bdc');
    const read = readDemo({
      version: 1,
      boards: { bdc: old, 'bdc-army': sceneBoard('bdc-army'), 'dc-army': exampleBoard('dc') },
    });
    expect(read.boards.bdc).toEqual(old);
    expect(read.boards['bdc-army']).toEqual(sceneBoard('bdc-army'));
    expect(read.damaged).toEqual(['dc-army']);
  });

  it.each([undefined, null])('reads nothing stored (%s) as no boards, nothing damaged', (raw) => {
    expect(readDemo(raw)).toEqual({ boards: {}, damaged: [] });
  });

  it.each(['text', 42, [], { version: 2, boards: {} }, { version: 1, boards: 'x' }, { version: 1 }])(
    'reads an unusable value (%j) as every scene damaged',
    (raw) => {
      expect(readDemo(raw)).toEqual({ boards: {}, damaged: [...SCENE_IDS] });
    },
  );
});
