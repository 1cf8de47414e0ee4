import { describe, expect, it } from 'vitest';
import { LiveModel } from '../../../src/adapters/roll20/live';
import { EMPTY_BINDING, type BoardInput } from '../../../src/board/model';
import { BoardRunner } from '../../../src/board/run';
import { summaryOf } from '../../../src/board/summary';
import { boardSummarySchema } from '../../../src/board/summary-schema';
import { BOARDS } from '../../../src/rules/boards';
import { nameStem } from '../../../src/board/roster';
import { parseMarkers, sceneOf, sideOf, toTokens, unitOf } from '../../../src/adapters/roll20/mapping';
import type { RawPage, RawToken } from '../../../src/adapters/roll20/protocol';
import { DEFAULT_ROLL20_SETTINGS as S, readSettings, type Roll20Settings } from '../../../src/adapters/roll20/settings';
import { distanceBetween } from '../../../src/geometry';
import * as v from 'valibot';

const page = (over: Partial<RawPage> = {}): RawPage => ({
  id: 'p1',
  name: 'Map',
  snapping_increment: 1,
  scale_number: 5,
  scale_units: 'ft',
  grid_type: 'square',
  diagonaltype: 'foure',
  showgrid: true,
  ...over,
});
const tok = (id: string, left: number, top: number, over: Partial<RawToken> = {}): RawToken => ({
  id,
  name: id,
  left,
  top,
  width: 70,
  height: 70,
  layer: 'objects',
  controlledby: 'pA',
  tint: 'transparent',
  markers: '',
  ...over,
});

describe('page → scene (Roll20 ruler rules)', () => {
  it('cell size is 70 × snapping_increment, units from scale_number/scale_units', () => {
    expect(sceneOf(page({ snapping_increment: 1.1428571 }))).toMatchObject({
      unitsPerCell: 5,
      unitName: 'ft',
      grid: 'square',
      measurement: 'chebyshev',
    });
    expect(sceneOf(page({ snapping_increment: 1.1428571 })).pixelsPerCell).toBeCloseTo(80, 4);
  });
  it('maps each diagonal rule to the metric Roll20 uses', () => {
    expect(sceneOf(page({ diagonaltype: 'threefive' })).measurement).toBe('alternating');
    expect(sceneOf(page({ diagonaltype: 'manhattan' })).measurement).toBe('manhattan');
    expect(sceneOf(page({ diagonaltype: 'pythagorean' })).measurement).toBe('euclidean');
  });
  it('grid off (snapping_increment 0) measures straight lines on the 70 px reference, never divides by 0', () => {
    expect(sceneOf(page({ snapping_increment: 0 }))).toMatchObject({
      pixelsPerCell: 70,
      grid: 'none',
      measurement: 'euclidean',
    });
  });
  it("hex and hexr: pointy and flat, on Roll20's own lattice (Hexploration's constants × snapping increment) unless told another", () => {
    const h = sceneOf(page({ grid_type: 'hex', diagonaltype: 'hex' }));
    expect(h).toMatchObject({
      grid: 'hex-pointy',
      hexOrigin: { x: 37.5, y: 44 },
      hexPitch: { x: 75.19856198446, y: 66.965827824268 },
    });
    const f = sceneOf(page({ grid_type: 'hexr', diagonaltype: 'hex', snapping_increment: 2 }));
    expect(f.grid).toBe('hex-flat');
    expect(f.hexOrigin).toEqual({ x: 94, y: 81 });
    expect(f.hexPitch!.x).toBeCloseTo(2 * 69.585127490377, 9);
    expect(f.hexPitch!.y).toBeCloseTo(2 * 79.688789983504, 9);
  });
  it("a grid switched off (showgrid false, any snapping increment) measures straight lines on the page's cell", () => {
    expect(sceneOf(page({ showgrid: false, snapping_increment: 2, diagonaltype: 'threefive' }))).toMatchObject({
      pixelsPerCell: 140,
      grid: 'none',
      measurement: 'euclidean',
    });
    expect(sceneOf(page({ showgrid: false, grid_type: 'hex', diagonaltype: 'hex' }))).toMatchObject({
      grid: 'none',
      measurement: 'euclidean',
    });
    expect(sceneOf(page({ showgrid: false })).hexOrigin).toBeUndefined();
  });
  it('distances agree with the Roll20 ruler: 5E diagonal, 3.5 alternation, 80 px cells', () => {
    const a = toTokens([tok('a', 35, 35)], S)[0]!;
    const far = (x: number, y: number) => toTokens([tok('b', x, y)], S)[0]!;
    // foure: 3 diagonal cells = 15 ft
    expect(distanceBetween(a, far(35 + 210, 35 + 210), sceneOf(page()), 'ft')).toBe(15);
    // threefive: 3 diagonal cells = 5 + 10 + 5 = 20 ft
    expect(distanceBetween(a, far(35 + 210, 35 + 210), sceneOf(page({ diagonaltype: 'threefive' })), 'ft')).toBe(20);
    // 80 px cells: 240 px = 3 cells = 15 ft (a 70 px reading would say 17.1)
    expect(distanceBetween(a, far(35 + 240, 35), sceneOf(page({ snapping_increment: 80 / 70 })), 'ft')).toBeCloseTo(
      15,
      9,
    );
  });
});

describe('tokens → table tokens', () => {
  it('markers: names and badges, custom markers', () => {
    expect(parseMarkers('red,flying-flag@3,dead, Foo::123@2 ,')).toEqual([
      { name: 'red', badge: null },
      { name: 'flying-flag', badge: 3 },
      { name: 'dead', badge: null },
      { name: 'Foo::123', badge: 2 },
    ]);
  });
  it('sides from controlling players, tint, colour marker or name prefix', () => {
    const t = tok('x', 0, 0, {
      controlledby: 'p2,p1',
      tint: '#FF0000',
      markers: 'skull,blue@2',
      name: 'Reds: Captain',
    });
    expect(sideOf(t, 'controlledby')).toBe('p1,p2');
    expect(sideOf(t, 'tint')).toBe('#ff0000');
    expect(sideOf(t, 'marker')).toBe('blue');
    expect(sideOf(t, 'prefix')).toBe('Reds');
    expect(sideOf(tok('y', 0, 0, { controlledby: '', tint: 'transparent' }), 'controlledby')).toBeNull();
    // `all` is everyone: one side, whoever else is named beside it.
    expect(sideOf(tok('y', 0, 0, { controlledby: 'p1, all' }), 'controlledby')).toBe('all');
    expect(sideOf(tok('y', 0, 0, { controlledby: 'all' }), 'controlledby')).toBe('all');
    expect(sideOf(tok('y', 0, 0, { controlledby: '', tint: 'transparent' }), 'tint')).toBeNull();
  });
  it('units from a badge or the name stem, scoped to the side; popup assignments win', () => {
    expect(unitOf(tok('x', 0, 0, { markers: 'red@4' }), 'A', S)).toBe('A/4');
    expect(unitOf(tok('x', 0, 0), 'A', S)).toBeNull();
    expect(nameStem('Rifleman #12')).toBe('Rifleman');
    expect(unitOf(tok('x', 0, 0, { name: 'Rifleman 3' }), 'A', { ...S, unitFrom: 'name' })).toBe('A/Rifleman');
    expect(unitOf(tok('x', 0, 0, { markers: 'red@4' }), 'A', { ...S, assignments: { x: { unit: 'U9' } } })).toBe('U9');
  });
  it('leaders by marker or assignment; dead, off-layer and sizeless tokens take no part', () => {
    const s: Roll20Settings = { ...S, assignments: { f: { role: 'leader' } } };
    const ts = toTokens(
      [
        tok('l', 0, 0, { markers: 'flying-flag@1' }),
        tok('f', 0, 0, { markers: 'red@1' }),
        tok('d', 0, 0, { markers: 'dead,red@1' }),
        tok('g', 0, 0, { layer: 'gmlayer' }),
        tok('z', 0, 0, { width: 0 }),
        tok('w', 0, 0, { kind: 'drawing' }),
        tok('k', 0, 0, { kind: 'card' }),
        tok('fg', 0, 0, { layer: 'foreground' }),
      ],
      s,
    );
    expect(ts.map((t) => [t.id, t.role])).toEqual([
      ['f', 'leader'],
      ['l', 'leader'],
    ]);
  });
  it('settings: stored values are validated field by field; a damaged field falls back alone', () => {
    expect(readSettings(undefined)).toBe(S);
    expect(readSettings({ sideFrom: 'tint' }).sideFrom).toBe('tint');
    expect(readSettings({ sideFrom: 'evil' })).toEqual(S);
    expect(readSettings({ sideFrom: 'tint', leaderMarker: 'a,b', overlay: false })).toEqual({
      ...S,
      sideFrom: 'tint',
      overlay: false,
    });
    // A field of an older version (the generic radius) is dropped, the rest kept.
    expect(readSettings({ radius: { value: 3, unit: 'cm' }, labels: false })).toEqual({ ...S, labels: false });
  });
});

describe('live model → board: snapshots, deltas, net changes, the popup summary', () => {
  // Bandes de Champagne's view, 10 cm base edge to base edge, on a page of 2.5 cm cells: 4 cells between bases.
  const cmPage = () => page({ scale_number: 2.5, scale_units: 'cm' });
  const input = (facts: object = {}): BoardInput => ({
    system: 'bdc',
    binding: EMPTY_BINDING,
    pieces: [],
    facts: { ...BOARDS.bdc.defaultFacts, ...facts },
  });
  const snapshot = (tokens: unknown[], p = cmPage()) => ({
    type: 'snapshot' as const,
    page: p,
    tokens,
    players: [{ id: 'pA', name: 'Alice' }],
    engine: 'legacy' as const,
    mode: 'full' as const,
    missing: [],
  });
  const army = [
    tok('L', 35, 35, { markers: 'flying-flag@1', name: 'Captain' }),
    tok('a', 35 + 350, 35, { markers: 'red@1' }),
    tok('b', 35 + 700, 35, { markers: 'red@1' }),
    tok('c', 35 + 1400, 35, { markers: 'red@1', name: '<img src=x onerror=alert(1)>' }),
  ];
  const view = (m: LiveModel, i: BoardInput = input()) => new BoardRunner().run(BOARDS.bdc, m.table(S)!, i);

  it('computes who is in command, draws rings and marks, and summarises with reasons', () => {
    const m = new LiveModel();
    m.apply(snapshot(army), S);
    const run = view(m);
    const d = run.view;
    expect(d.rings.map((r) => [r.id, r.x, r.y, r.kind])).toEqual([['L', 35, 35, 'command']]);
    // chebyshev (the page's foure diagonals): a square
    expect(d.rings[0]!.shape).toMatchObject({ kind: 'square' });
    expect(Object.fromEntries(d.marks.map((k) => [k.id, k.status]))).toEqual({
      L: 'leader',
      a: 'commanded',
      b: 'link',
      c: 'out',
    });
    expect(d.edges).toEqual([{ from: 'a', to: 'b', kind: 'chain', x1: 385, y1: 35, x2: 735, y2: 35 }]);
    const summary = summaryOf(m.status(0), m.table(S), run, 'bdc');
    expect(v.safeParse(boardSummarySchema, summary).success).toBe(true);
    expect(summary.figures.find((f) => f.id === 'c')).toMatchObject({
      name: '<img src=x onerror=alert(1)>',
      status: 'out',
      reason: { code: 'out-of-range', params: { by: 12.5, unit: 'cm', nearest: 'b' } },
    });
    expect(summary.sides).toEqual([{ id: 'pA', label: 'Alice' }]);
  });

  it('deltas move, add and remove tokens; removal and the dead marker are gone, a token back is not, a page switch loses nobody', () => {
    const m = new LiveModel();
    m.apply(snapshot(army), S);
    m.apply({ type: 'delta', pageId: 'p1', changed: [{ ...army[3]!, left: 35 + 1050 }], removed: [] }, S);
    expect(view(m).view.marks.find((k) => k.id === 'c')!.status).toBe('link');
    m.apply({ type: 'delta', pageId: 'p1', changed: [{ ...army[1]!, markers: 'red@1,dead' }], removed: ['b'] }, S);
    expect(m.gone).toEqual([
      { id: 'a', name: 'a', side: 'pA', how: 'dead' },
      { id: 'b', name: 'b', side: 'pA', how: 'removed' },
    ]);
    // The dead marker taken off again: a is back.
    m.apply({ type: 'delta', pageId: 'p1', changed: [{ ...army[1]! }], removed: [] }, S);
    expect(m.gone.map((g) => g.id)).toEqual(['b']);
    // A token put on the table arrives; one that comes and goes leaves nothing behind.
    m.apply({ type: 'delta', pageId: 'p1', changed: [tok('n', 105, 105, { markers: 'red@1' })], removed: [] }, S);
    expect(m.arrived).toEqual([{ id: 'n', name: 'n', side: 'pA' }]);
    m.apply({ type: 'delta', pageId: 'p1', changed: [tok('m', 105, 105)], removed: ['m'] }, S);
    expect(m.arrived.map((a) => a.id)).toEqual(['n']);
    expect(m.gone.map((g) => g.id)).toEqual(['b']);
    // A delta for another page is ignored; a new snapshot (page switch) loses nobody.
    expect(m.apply({ type: 'delta', pageId: 'p2', changed: [], removed: ['L'] }, S)).toBe(false);
    m.apply({ ...snapshot([]), page: page({ id: 'p2' }) }, S);
    expect(m.gone).toHaveLength(1);
    expect(m.tokens.size).toBe(0);
  });

  it('a malformed token is dropped and counted, the rest of the page is kept', () => {
    const m = new LiveModel();
    m.apply(
      snapshot([army[0], { ...army[1], left: 'NaN' }, { ...army[2], extra: 1 }, { ...army[3], left: Infinity }]),
      S,
    );
    expect([...m.tokens.keys()]).toEqual(['L']);
    expect(m.droppedTokens).toBe(3);
  });

  it('a distance the page cannot express is reported, not thrown', () => {
    const m = new LiveModel();
    m.apply(snapshot(army, page({ scale_units: 'hex' })), S);
    const run = view(m);
    expect(run.view.error).toBe('incompatible-units');
    expect(run.view.rings).toEqual([]);
    expect(summaryOf(m.status(0), m.table(S), run, 'bdc').error).toBe('incompatible-units');
  });

  it("hex pages: the ring is a hexagon centred on the leader's hex, of Roll20's own lattice for a lone token off any", () => {
    const m = new LiveModel();
    m.apply(
      snapshot(
        [tok('L', 40, 45, { markers: 'flying-flag@1' })],
        page({ grid_type: 'hex', diagonaltype: 'hex', scale_number: 2.5, scale_units: 'cm' }),
      ),
      S,
    );
    const r = view(m).view.rings[0]!;
    expect(r.shape.kind).toBe('hexagon');
    expect(r.x).toBeCloseTo(37.5);
    expect(r.y).toBeCloseTo(44);
  });

  it('the selection reported by the page reaches the summary', () => {
    const m = new LiveModel();
    m.apply(snapshot(army), S);
    expect(m.apply({ type: 'selection', ids: ['a'] }, S)).toBe(false);
    expect(summaryOf(m.status(0), m.table(S), view(m), 'bdc').selected).toEqual(['a']);
  });
});

describe('live model: incremental table tokens', () => {
  it('after any sequence of moves, unit changes, deaths, additions and removals, equals a full re-mapping', () => {
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const m = new LiveModel();
    const raw = new Map<string, RawToken>();
    for (let k = 0; k < 60; k++)
      raw.set(
        `t${k}`,
        tok(`t${k}`, 35 + 70 * (k % 10), 35 + 70 * Math.floor(k / 10), {
          markers: k % 10 === 0 ? `flying-flag@${k % 3}` : `red@${k % 3}`,
        }),
      );
    m.apply(
      {
        type: 'snapshot',
        page: page(),
        tokens: [...raw.values()],
        players: [],
        engine: 'legacy',
        mode: 'full',
        missing: [],
      },
      S,
    );
    for (let step = 0; step < 400; step++) {
      const id = `t${rand(70)}`;
      const old = raw.get(id);
      const kind = rand(5);
      if (kind === 0 && old) {
        raw.delete(id);
        m.apply({ type: 'delta', pageId: 'p1', changed: [], removed: [id] }, S);
      } else {
        const base = old ?? tok(id, 0, 0);
        const next = {
          ...base,
          left: base.left + 70 * (rand(3) - 1),
          markers: kind === 1 ? `red@${rand(3)}` : kind === 2 ? `red@${rand(3)},dead` : base.markers,
        };
        raw.set(id, next);
        m.apply({ type: 'delta', pageId: 'p1', changed: [next], removed: [] }, S);
      }
      if (step % 7 === 0) expect(m.tableTokens(S)).toEqual(toTokens(raw.values(), S));
    }
    expect(m.tableTokens(S)).toEqual(toTokens(raw.values(), S));
  });
});
