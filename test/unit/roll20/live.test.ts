// The live model on what Roll20 really sends: pages read field by field, settings changed live,
// tables that cannot be read (cleared, never merged into), and the redacted diagnostics.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { diagnosticsOf, diagnosticsSchema } from '../../../src/adapters/roll20/diagnostics';
import { LiveModel } from '../../../src/adapters/roll20/live';
import { parsePage, type RawToken } from '../../../src/adapters/roll20/protocol';
import { DEFAULT_ROLL20_SETTINGS as S } from '../../../src/adapters/roll20/settings';

const PAGE = {
  id: 'p1',
  name: 'Battlefield',
  snapping_increment: 1,
  scale_number: 2.5,
  scale_units: 'cm',
  grid_type: 'square',
  diagonaltype: 'foure',
  showgrid: true,
};
const tok = (id: string, left: number, top: number, over: Partial<RawToken> = {}): RawToken => ({
  id,
  name: `Name of ${id}`,
  left,
  top,
  width: 70,
  height: 70,
  layer: 'objects',
  controlledby: 'player-secret-id',
  tint: 'transparent',
  markers: 'red@1',
  ...over,
});
const snapshot = (page: unknown, tokens: unknown[] = [tok('a', 35, 35), tok('b', 105, 35)]) => ({
  type: 'snapshot' as const,
  page,
  tokens,
  players: [{ id: 'player-secret-id', name: 'Alice' }],
  engine: 'legacy' as const,
  mode: 'full' as const,
  missing: [],
});

describe('a page read field by field', () => {
  it("a blank, missing or odd field takes Roll20's default alone, and is named", () => {
    expect(parsePage({ ...PAGE, scale_number: '', grid_type: 'triangles', snapping_increment: '2' })).toEqual({
      page: { ...PAGE, scale_number: 5, grid_type: 'square', snapping_increment: 2 },
      defaulted: ['scale_number', 'grid_type'],
    });
    expect(parsePage({ id: 'p', scale_number: -1, scale_units: '  ', diagonaltype: null })).toEqual({
      page: {
        id: 'p',
        name: '',
        snapping_increment: 1,
        scale_number: 5,
        scale_units: 'ft',
        grid_type: 'square',
        diagonaltype: 'foure',
        showgrid: true,
      },
      defaulted: ['snapping_increment', 'scale_number', 'scale_units', 'grid_type', 'diagonaltype'],
    });
  });
  it("numbers and switches as Roll20's page dialog saves them: text", () => {
    expect(parsePage({ ...PAGE, snapping_increment: ' 0.5 ', scale_number: '2.5', showgrid: 'false' })).toEqual({
      page: { ...PAGE, snapping_increment: 0.5, showgrid: false },
      defaulted: [],
    });
    expect(parsePage({ ...PAGE, showgrid: 'true' })!.page.showgrid).toBe(true);
    expect(parsePage({ ...PAGE, showgrid: 0 })!.page.showgrid).toBe(false);
    expect(parsePage({ ...PAGE, showgrid: 'perhaps' })).toEqual({
      page: { ...PAGE, showgrid: true },
      defaulted: ['showgrid'],
    });
  });
  it('no page at all (not an object, no id) is no page', () => {
    for (const bad of [null, 'page', 3, {}, { id: '' }, { id: 5 }]) expect(parsePage(bad)).toBeNull();
  });
});

describe('the live model', () => {
  it("follows the page's settings changed live (same page), ignores another page's", () => {
    const m = new LiveModel();
    m.apply(snapshot(PAGE), S);
    expect(m.table(S)!.scene.unitsPerCell).toBe(2.5);
    expect(m.apply({ type: 'page', page: { ...PAGE, scale_number: 5, diagonaltype: 'threefive' } }, S)).toBe(true);
    expect(m.table(S)!.scene).toMatchObject({ unitsPerCell: 5, measurement: 'alternating' });
    expect(m.apply({ type: 'page', page: { ...PAGE, id: 'other', scale_number: 1 } }, S)).toBe(false);
    expect(m.table(S)!.scene.unitsPerCell).toBe(5);
    expect(m.apply({ type: 'page', page: { ...PAGE, scale_number: 'x' } }, S)).toBe(true);
    expect(m.status(0).page).toMatchObject({ scale: 5, defaulted: ['scale_number'] });
  });

  it('a table that cannot be read is cleared and says why; a later move is not merged into the old page', () => {
    const m = new LiveModel();
    m.apply(snapshot(PAGE), S);
    m.clear('snapshot');
    expect(m.table(S)).toBeNull();
    expect(m.status(0)).toMatchObject({ state: 'unavailable', missing: ['snapshot'], page: null });
    expect(m.apply({ type: 'delta', pageId: 'p1', changed: [tok('a', 500, 500)], removed: [] }, S)).toBe(false);
    expect(m.tokens.size).toBe(0);
    // A snapshot with no readable page is the same.
    const n = new LiveModel();
    n.apply(snapshot(PAGE), S);
    n.apply(snapshot({ name: 'no id' }), S);
    expect(n.status(0)).toMatchObject({ state: 'unavailable', missing: ['page'] });
    // Too many tokens: said as such.
    n.apply({ type: 'status', state: 'unavailable', missing: [], reason: 'too-many-tokens' }, S);
    expect(n.unreadable).toBe('too-many-tokens');
    // Then a good snapshot brings it back.
    n.apply(snapshot(PAGE), S);
    expect(n.status(0)).toMatchObject({ state: 'live', missing: [] });
    expect(n.unreadable).toBeNull();
  });

  it('a hex page: its lattice named with why, and its hexes counted on it', () => {
    const m = new LiveModel();
    // Roll20's own lattice (Hexploration): column pitch 75.1986, row pitch 66.9658, first centre (37.5, 44).
    const at = (i: number, j: number) => [37.5 + 75.19856198446 * (i + (j & 1) / 2), 44 + 66.965827824268 * j] as const;
    m.apply(
      snapshot({ ...PAGE, grid_type: 'hex', diagonaltype: 'hex' }, [
        tok('a', ...at(0, 0)),
        tok('b', ...at(3, 0)),
        tok('c', ...at(10, 1)),
        tok('d', ...at(5, 4)),
      ]),
      S,
    );
    expect(m.status(0).page!.lattice).toEqual({
      source: 'roll20',
      reason: 'tokens',
      col: 75.199,
      row: 66.966,
      onLattice: 1,
      tokens: 4,
    });
    expect(m.table(S)!.scene.hexPitch).toEqual({ x: 75.19856198446, y: 66.965827824268 });
    // Regular hexagons for every token: they win, and say so.
    const reg = (i: number, j: number) =>
      [35 + 70 * (i + (j & 1) / 2), 70 / Math.sqrt(3) + 60.6217782649107 * j] as const;
    m.apply(
      snapshot({ ...PAGE, grid_type: 'hex', diagonaltype: 'hex' }, [tok('a', ...reg(0, 0)), tok('b', ...reg(3, 0))]),
      S,
    );
    expect(m.status(0).page!.lattice).toMatchObject({ source: 'regular', reason: 'tokens' });
    expect(m.table(S)!.scene.hexPitch).toBeUndefined();
    // One of them dragged onto Roll20's lattice: one token each, the tokens no longer decide: the page's own.
    m.apply({ type: 'delta', pageId: 'p1', changed: [tok('b', ...at(3, 0))], removed: [] }, S);
    expect(m.status(0).page!.lattice).toMatchObject({ source: 'roll20', reason: 'page', tokens: 2 });
  });

  it('the grid switched off (showgrid false) measures without a grid, as the ruler does: no hexes, straight lines', () => {
    const m = new LiveModel();
    m.apply(snapshot({ ...PAGE, grid_type: 'hex', diagonaltype: 'hex', snapping_increment: 2, showgrid: 'false' }), S);
    expect(m.table(S)!.scene).toMatchObject({ grid: 'none', measurement: 'euclidean', pixelsPerCell: 140 });
    expect(m.status(0).page!.lattice).toBeUndefined();
  });

  it('the renderer as the bridge watches it: found (and when), gone, back', () => {
    const m = new LiveModel();
    m.apply({ ...snapshot(PAGE), engine: 'none', mode: 'data-only', missing: ['renderer'] }, S);
    expect(m.apply({ type: 'renderer', engine: 'none', reason: 'renderer', at: 100 }, S)).toBe(false);
    expect(m.apply({ type: 'renderer', engine: 'jumpgate', reason: null, at: 640 }, S)).toBe(true);
    expect(m.status(0)).toMatchObject({ mode: 'full', engine: 'jumpgate', missing: [] });
    expect(m.apply({ type: 'renderer', engine: 'jumpgate', reason: 'webgl-context', at: 900 }, S)).toBe(true);
    expect(m.status(0)).toMatchObject({ mode: 'data-only', missing: ['webgl-context'] });
    m.apply({ type: 'renderer', engine: 'jumpgate', reason: null, at: 1200 }, S);
    expect(m.renderer).toEqual({ reason: null, at: 1200, foundAt: 640, changes: 3 });
  });

  it('drawings and cards on the token layer are not figures; a token made a drawing leaves the board', () => {
    const m = new LiveModel();
    m.apply(
      snapshot(PAGE, [tok('a', 35, 35), tok('b', 105, 35, { kind: 'drawing' }), tok('c', 175, 35, { kind: 'card' })]),
      S,
    );
    expect(m.table(S)!.tokens.map((t) => t.id)).toEqual(['a']);
    m.apply({ type: 'delta', pageId: 'p1', changed: [tok('a', 35, 35, { kind: 'drawing' })], removed: [] }, S);
    expect(m.table(S)!.tokens).toEqual([]);
  });
});

describe('Copy diagnostics', () => {
  const model = () => {
    const m = new LiveModel();
    m.apply(
      snapshot({ ...PAGE, name: 'Secret page name' }, [
        tok('-Mtok1abc', 35, 35, { name: 'Sir <b>Secret</b>', markers: 'flying-flag@1,custom::9876' }),
        tok('-Mtok2def', 105, 35, { layer: 'gmlayer' }),
      ]),
      S,
    );
    return m;
  };
  const camera = { x: 60, y: 40, w: 900, h: 600, sx: 1.5, sy: 1.5, ox: -10, oy: -20 };

  it('is redacted: no names, player ids, Roll20 ids, markers or images; only token-layer geometry and where the overlay put it', () => {
    const d = diagnosticsOf({
      model: model(),
      renderer: { engine: 'legacy', canvasZoom: 1.5 },
      camera,
      overlay: { visible: true, left: 60, top: 40, width: 900, height: 600 },
      browser: 'chromium',
      version: '0.1.0',
    });
    expect(v.safeParse(diagnosticsSchema, d).success).toBe(true);
    const text = JSON.stringify(d);
    for (const secret of [
      'Secret',
      'player-secret-id',
      'Alice',
      '-Mtok',
      'flying-flag',
      'custom',
      'Battlefield',
      'http',
    ])
      expect(text).not.toContain(secret);
    expect(d.tokens).toEqual([
      { ref: 't1', left: 35, top: 35, width: 70, height: 70, screen: { x: 60 + 35 * 1.5 - 10, y: 40 + 35 * 1.5 - 20 } },
    ]);
    expect(d.page).toEqual({
      snapping_increment: 1,
      scale_number: 2.5,
      scale_units: 'cm',
      grid_type: 'square',
      diagonaltype: 'foure',
      showgrid: true,
      defaulted: [],
    });
    expect(d.rendererWatch).toEqual({ reason: 'renderer', since: 0, foundAt: null, changes: 0 });
  });

  it('without a camera: no screen positions; without a table: no page', () => {
    const d = diagnosticsOf({
      model: new LiveModel(),
      renderer: null,
      camera: null,
      overlay: { visible: false, left: 0, top: 0, width: 0, height: 0 },
      browser: 'firefox',
      version: '0.1.0',
    });
    expect(d).toMatchObject({ page: null, tokens: [], camera: null, state: 'waiting' });
    expect(v.safeParse(diagnosticsSchema, d).success).toBe(true);
  });
});

describe('recorded diagnostics (test/fixtures/roll20/recorded)', () => {
  it('every file is a well-formed, redacted diagnostics file, one per renderer at least', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = path.join(__dirname, '../../fixtures/roll20/recorded');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    const engines = new Set<string>();
    for (const f of files) {
      const d = v.safeParse(diagnosticsSchema, JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
      expect(d.success, f).toBe(true);
      if (d.success) engines.add(d.output.engine);
    }
    expect([...engines].sort()).toEqual(['jumpgate', 'legacy']);
  });
});
