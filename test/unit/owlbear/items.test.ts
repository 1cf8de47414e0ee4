// Owlbear items → the table model (src/adapters/owlbear/items.ts): tokens' centres and footprints as
// Owlbear places images, the grid as the engine measures it, Command Post's tag, and anything
// malformed dropped alone.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GRID,
  OwlbearTables,
  parseScale,
  placeOf,
  readToken,
  sceneOf,
  statusOf,
  type OwlbearGrid,
} from '../../../src/adapters/owlbear/items';
import { TOKEN_KEY } from '../../../src/adapters/owlbear/keys';
import type { AnyDescriptor } from '../../../src/rules/descriptor';
import { tokenItem } from '../../support/owlbear-items';

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('a token item', () => {
  it('is centred where Owlbear draws it: anchor, image dpi against the scene’s, scale', () => {
    const item = tokenItem({ id: 't', name: 'Fusilier', x: 300, y: 450, size: 150 });
    expect(placeOf(item, 150)).toEqual({ center: { x: 300, y: 450 }, width: 150, height: 150 });
    // Anchored at its top-left corner, twice as large, on a 100 dpi scene.
    const corner = { ...item, grid: { offset: { x: 0, y: 0 }, dpi: 300 }, scale: { x: 2, y: 2 } };
    expect(placeOf(corner, 100)).toEqual({ center: { x: 300 + 100, y: 450 + 100 }, width: 200, height: 200 });
  });

  it('turns about its anchor with its rotation, and a flipped one keeps a positive footprint', () => {
    const item = {
      ...tokenItem({ id: 't', name: 'x', x: 0, y: 0, size: 150 }),
      grid: { offset: { x: 0, y: 0 }, dpi: 300 },
      rotation: 90,
    };
    const p = placeOf(item, 150);
    expect(p.center.x).toBeCloseTo(-75);
    expect(p.center.y).toBeCloseTo(75);
    const flipped = { ...tokenItem({ id: 't', name: 'x', x: 10, y: 20, size: 150 }), scale: { x: -0.5, y: 0.5 } };
    expect(placeOf(flipped, 150)).toMatchObject({ center: { x: 10, y: 20 }, width: 75, height: 75 });
  });

  it('carries its rotation, so that an oblong base turns with it (a token stretched to 2×1 cells, turned 90°)', () => {
    const square = tokenItem({ id: 'c', name: 'Cavalry', x: 0, y: 0, size: 150 });
    const long = { ...square, scale: { x: square.scale.x * 2, y: square.scale.y }, rotation: 90 };
    const read = readToken(long, 150);
    expect(read.ok && read.token).toMatchObject({ footprint: { width: 300, height: 150 }, rotation: 90 });
    expect(read.ok && 'rotation' in read.token).toBe(true);
    const straight = readToken({ ...long, rotation: 0 }, 150);
    expect(straight.ok && 'rotation' in straight.token).toBe(false);
  });

  it('carries its side, unit and role from Command Post’s tag, and its name as text', () => {
    const read = readToken(
      tokenItem({
        id: 't1',
        name: `  ${HOSTILE} `,
        x: 0,
        y: 0,
        size: 150,
        tag: { side: '1', unit: 'g1', role: 'leader', radio: true, base: { value: 25, unit: 'mm' } },
      }),
      150,
    );
    expect(read.ok && read.token).toMatchObject({
      id: 't1',
      name: HOSTILE,
      side: '1',
      unit: 'g1',
      role: 'leader',
      radio: true,
      baseSize: { value: 25, unit: 'mm' },
      layer: 'CHARACTER',
      visible: true,
    });
  });

  it('takes its label text over its item name', () => {
    const item = tokenItem({ id: 't', name: 'Token', x: 0, y: 0, size: 150 });
    const read = readToken({ ...item, text: { ...item.text, plainText: 'Capitaine' } }, 150);
    expect(read.ok && read.token.name).toBe('Capitaine');
  });
});

describe('a scene’s items', () => {
  const grid = DEFAULT_GRID;

  it('keeps tokens (images on the character and mount layers) and ignores every other item', () => {
    const tables = new OwlbearTables();
    const items = [
      tokenItem({ id: 'a', name: 'A', x: 75, y: 75, size: 150 }),
      tokenItem({ id: 'm', name: 'Horse', x: 225, y: 75, size: 150, layer: 'MOUNT' }),
      { ...tokenItem({ id: 'map', name: 'Map', x: 0, y: 0, size: 1500 }), layer: 'MAP' },
      { id: 's', type: 'SHAPE', layer: 'DRAWING' },
      null,
      'junk',
    ];
    const read = tables.read(items, grid, 'GM');
    expect(read.table.tokens.map((t) => t.id)).toEqual(['a', 'm']);
    expect(read.dropped).toEqual([]);
  });

  it('drops a malformed token alone, reads a token with a malformed tag untagged, and says both', () => {
    const tables = new OwlbearTables();
    const good = tokenItem({ id: 'good', name: 'Good', x: 75, y: 75, size: 150, tag: { side: '1' } });
    const bad = { ...tokenItem({ id: 'bad', name: 'Bad', x: 0, y: 0, size: 150 }), position: { x: 'NaN', y: 0 } };
    const badTag = {
      ...tokenItem({ id: 'tag', name: 'Tag', x: 0, y: 0, size: 150 }),
      metadata: { [TOKEN_KEY]: { side: HOSTILE.repeat(10), role: 'king' } },
    };
    const twice = tokenItem({ id: 'good', name: 'Again', x: 0, y: 0, size: 150 });
    const read = tables.read([bad, good, badTag, twice], grid, 'GM');
    expect(read.table.tokens.map((t) => [t.id, t.side])).toEqual([
      ['good', '1'],
      ['tag', null],
    ]);
    expect(read.dropped.map((d) => d.id)).toEqual(['bad', 'tag', 'good']);
    expect(read.dropped[0]!.problem).toMatch(/^position\.x/);
  });

  it('never gives a player the tokens hidden from players; the game master gets them all', () => {
    const tables = new OwlbearTables();
    const items = [
      tokenItem({ id: 'seen', name: 'S', x: 75, y: 75, size: 150 }),
      tokenItem({ id: 'hidden', name: 'H', x: 225, y: 75, size: 150, visible: false }),
    ];
    expect(tables.read(items, grid, 'PLAYER').table.tokens.map((t) => t.id)).toEqual(['seen']);
    expect(new OwlbearTables().read(items, grid, 'GM').table.tokens.map((t) => t.id)).toEqual(['seen', 'hidden']);
  });

  it('hiding a token is no loss for a player: it is neither gone nor back in his changes', () => {
    const tables = new OwlbearTables();
    const a = tokenItem({ id: 'a', name: 'A', x: 75, y: 75, size: 150, tag: { side: '1' } });
    const spy = tokenItem({ id: 'spy', name: 'Spy', x: 225, y: 75, size: 150, tag: { side: '2' } });
    const ambush = tokenItem({
      id: 'ambush',
      name: 'Ambush',
      x: 375,
      y: 75,
      size: 150,
      tag: { side: '2' },
      visible: false,
    });
    tables.read([a, spy, ambush], grid, 'PLAYER');
    // The game master hides the spy, and shows him again.
    tables.read([a, { ...spy, visible: false }, ambush], grid, 'PLAYER');
    expect(tables.tableChanges).toEqual({ gone: [], arrived: [] });
    tables.read([a, spy, ambush], grid, 'PLAYER');
    expect(tables.tableChanges).toEqual({ gone: [], arrived: [] });
    expect(JSON.stringify(tables.tableChanges)).not.toContain('Ambush');
    // The ambush revealed: it comes onto his table.
    tables.read([a, spy, { ...ambush, visible: true }], grid, 'PLAYER');
    expect(tables.tableChanges.arrived.map((t) => t.id)).toEqual(['ambush']);
  });

  it('no system takes a roster from a token hidden from players: the game master’s board lists it, marked, and no draft offers it', async () => {
    const { DESCRIPTORS, SYSTEM_IDS } = await import('../../../src/rules');
    const { summaryOf } = await import('../../../src/board/summary');
    const { EMPTY_BINDING } = await import('../../../src/board/model');
    const { gameOf } = await import('../../../src/store/load');
    const { freshRoot } = await import('../../../src/store/root');
    const { GameStates } = await import('../../../src/store/states');
    const items = [
      tokenItem({
        id: 'lead',
        name: 'Capitaine',
        x: 75,
        y: 75,
        size: 150,
        tag: { side: '1', role: 'leader', unit: 'u1' },
      }),
      tokenItem({ id: 'fig', name: 'Fusilier', x: 225, y: 75, size: 150, tag: { side: '1', unit: 'u1' } }),
      tokenItem({
        id: 'spy',
        name: 'Spy',
        x: 375,
        y: 75,
        size: 150,
        tag: { side: '2', role: 'leader', unit: 'u2' },
        visible: false,
      }),
      tokenItem({
        id: 'sniper',
        name: 'Sniper',
        x: 525,
        y: 75,
        size: 150,
        tag: { side: '1', unit: 'u1' },
        visible: false,
      }),
    ];
    const read = new OwlbearTables().read(items, grid, 'GM');
    const summary = summaryOf(
      statusOf(read, grid, { gone: [], arrived: [] }, [], (s) => s),
      read.table,
      null,
      null,
    );
    expect(summary.figures.filter((f) => f.hidden).map((f) => f.id)).toEqual(['spy', 'sniper']);
    const states = new GameStates();
    for (const id of SYSTEM_IDS) {
      const d: AnyDescriptor = DESCRIPTORS[id];
      if (!d.roster) continue;
      const state = states.stateOf(id, d.rules, gameOf(freshRoot(), id));
      if (!state.ok) throw new Error(id);
      const draft = d.roster.draft(summary.figures, state.value, EMPTY_BINDING);
      const offered = draft.entries.flatMap((e) => [...e.tokens]);
      expect(offered, id).not.toContain('spy');
      expect(offered, id).not.toContain('sniper');
      expect(JSON.stringify(draft), id).not.toMatch(/Spy|Sniper/);
      expect(offered.length, id).toBeGreaterThan(0);
    }
  });

  it('keeps a token object while its item does not change, so a move re-binds one token', () => {
    const tables = new OwlbearTables();
    const items = [
      tokenItem({ id: 'a', name: 'A', x: 75, y: 75, size: 150 }),
      tokenItem({ id: 'b', name: 'B', x: 225, y: 75, size: 150 }),
    ];
    const first = tables.read(structuredClone(items), grid, 'GM').table.tokens;
    const moved = structuredClone(items);
    moved[1] = { ...moved[1]!, position: { x: 375, y: 75 }, lastModified: '2026-01-01T00:00:01.000Z' };
    const second = tables.read(moved, grid, 'GM').table.tokens;
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]!.center).toEqual({ x: 375, y: 75 });
  });

  it('says what changed since it was first read: tokens removed, marked dead, or come', () => {
    const tables = new OwlbearTables();
    const a = tokenItem({ id: 'a', name: 'A', x: 75, y: 75, size: 150, tag: { side: '1' } });
    const b = tokenItem({ id: 'b', name: 'B', x: 225, y: 75, size: 150, tag: { side: '2' } });
    tables.read([a, b], grid, 'GM');
    tables.read(
      [
        { ...a, metadata: { [TOKEN_KEY]: { side: '1', dead: true } } },
        tokenItem({ id: 'c', name: 'C', x: 0, y: 0, size: 150 }),
      ],
      grid,
      'GM',
    );
    expect(tables.tableChanges).toEqual({
      gone: [
        { id: 'a', name: 'A', side: '1', how: 'dead' },
        { id: 'b', name: 'B', side: '2', how: 'removed' },
      ],
      arrived: [{ id: 'c', name: 'C', side: null }],
    });
  });

  it('reports to the popup as an Owlbear board', () => {
    const tables = new OwlbearTables();
    const read = tables.read(
      [tokenItem({ id: 'a', name: 'A', x: 75, y: 75, size: 150, tag: { side: '1' } })],
      grid,
      'GM',
    );
    const status = statusOf(read, grid, tables.tableChanges, ['a', 'zz'], (s) => `Side ${s}`);
    expect(status).toMatchObject({
      tabletop: 'owlbear',
      engine: 'owlbear',
      sides: [{ id: '1', label: 'Side 1' }],
      selected: ['a'],
      dropped: 0,
    });
  });
});

describe('the grid', () => {
  it('reads Owlbear’s scale strings', () => {
    expect(parseScale('5ft')).toEqual({ multiplier: 5, unit: 'ft' });
    expect(parseScale('2.5 cm')).toEqual({ multiplier: 2.5, unit: 'cm' });
    expect(parseScale('1')).toEqual({ multiplier: 1, unit: '' });
    expect(parseScale('in')).toEqual({ multiplier: 1, unit: 'in' });
    expect(parseScale('0ft')).toEqual({ multiplier: 1, unit: 'ft' });
  });

  it('maps each grid type and measurement to the engine’s', () => {
    const at = (g: Partial<OwlbearGrid>) => sceneOf({ ...DEFAULT_GRID, ...g });
    expect(at({})).toEqual({
      pixelsPerCell: 150,
      unitsPerCell: 5,
      unitName: 'ft',
      grid: 'square',
      measurement: 'chebyshev',
    });
    expect(at({ measurement: 'ALTERNATING' }).measurement).toBe('alternating');
    expect(at({ measurement: 'MANHATTAN' }).measurement).toBe('manhattan');
    expect(at({ measurement: 'EUCLIDEAN' }).measurement).toBe('euclidean');
    expect(at({ type: 'HEX_VERTICAL', origin: { x: 75, y: 65 } })).toMatchObject({
      grid: 'hex-pointy',
      measurement: 'hex',
      hexOrigin: { x: 75, y: 65 },
    });
    expect(at({ type: 'HEX_HORIZONTAL' })).toMatchObject({ grid: 'hex-flat', measurement: 'hex' });
    expect(at({ type: 'HEX_HORIZONTAL', measurement: 'EUCLIDEAN' }).measurement).toBe('euclidean');
    expect(at({ type: 'ISOMETRIC' }).grid).toBe('none');
    expect(at({ scale: '1' }).unitName).toBe('cell');
  });
});
