// A board view → Owlbear local items, and the reconciler's diff (src/adapters/owlbear/draw.ts): what a
// client sends Owlbear when a view changes is only what changed, in one list per kind of change.
import { describe, expect, it } from 'vitest';
import { drawView, drawnId, Reconciler, type DrawnItem } from '../../../src/adapters/owlbear/draw';
import { LOCAL_KEY } from '../../../src/adapters/owlbear/keys';
import { layoutBoard } from '../../../src/board/layout';
import { estimateWidth } from '../../../src/board/measure';
import type { BoardView } from '../../../src/board/model';
import { rangeShape } from '../../../src/geometry/shapes';
import { unionOutline } from '../../../src/geometry/union-outline';

const HOSTILE = '<img src=x onerror=alert(1)>';

const view = (x = 300): BoardView => ({
  marks: [
    { id: 'L', name: 'Lieutenant', x: 100, y: 100, r: 20, status: 'leader', reason: null, piece: 'l1' },
    {
      id: 'A',
      name: HOSTILE,
      x,
      y: 100,
      r: 20,
      status: 'out',
      reason: { code: 'out-of-range', params: { by: 2, unit: 'cm' } },
      piece: null,
    },
  ],
  rings: [
    {
      id: 'L',
      name: 'Lieutenant',
      kind: 'command',
      x: 100,
      y: 100,
      radiusCells: 2,
      shape: rangeShape('euclidean', 2, 50),
    },
    {
      id: 'L',
      name: 'Lieutenant',
      kind: 'signal',
      x: 100,
      y: 100,
      radiusCells: 2,
      shape: rangeShape('chebyshev', 2, 50),
    },
  ],
  edges: [{ from: 'L', to: 'A', kind: 'chain', x1: 100, y1: 100, x2: x, y2: 100 }],
  notes: [],
  error: null,
});

/** The player looks at the board at zoom 2, panned by (40, 30): screen = scene · 2 + (40, 30). */
const viewport = { x: 40, y: 30, scale: 2 };
const say = (t: { key: string }) => (t.key.startsWith('board_reason_') ? `2 cm too far: ${HOSTILE}` : t.key);
const laid = (v: BoardView) =>
  layoutBoard(
    v,
    { tokens: [], lost: [], pieces: new Map() },
    {
      reasons: true,
      names: false,
      legend: true,
      say,
      locale: 'en',
      measure: (t) => estimateWidth(t, 12),
      camera: { sx: 2, sy: 2, ox: 40, oy: 30 },
      width: 1200,
      height: 800,
    },
  );
const ctxOf = (v: BoardView, notes = ['Side A: 4 Command']) => ({ player: 'me', layout: laid(v), viewport, notes });
const ctx = ctxOf(view());
const tagOf = (item: DrawnItem) => item.metadata[LOCAL_KEY] as { kind: string; token: string | null; status?: string };

describe('a view drawn as local items', () => {
  const items = drawView(view(), ctx);
  const byId = new Map(items.map((i) => [i.id, i]));

  it('draws a ring in the scene’s shape: a circle centred on the leader, a polygon around him', () => {
    const circle = byId.get(drawnId('ring', 'L', 'command', 'c'))!;
    expect(circle).toMatchObject({
      type: 'SHAPE',
      shapeType: 'CIRCLE',
      position: { x: 100, y: 100 },
      width: 200,
      height: 200,
      layer: 'DRAWING',
      disableHit: true,
      locked: true,
    });
    const square = byId.get(drawnId('ring', 'L', 'signal', 'p'))!;
    expect(square.type).toBe('CURVE');
    expect(square).toMatchObject({ position: { x: 100, y: 100 }, style: { closed: true, tension: 0 } });
    // Points relative to the leader: a square of 2 cells (100 px) each way.
    expect((square as { points: { x: number; y: number }[] }).points).toContainEqual({ x: 100, y: 100 });
  });

  it('draws a ring measured from a unit as its outline: one closed curve per loop, a hole stroked only', () => {
    // A unit of twelve figures in a ring, 1" (50 px) each: one outer loop and a hole.
    const parts = Array.from({ length: 12 }, (_, i) => ({
      x: 300 + 120 * Math.cos((i * Math.PI) / 6),
      y: 300 + 120 * Math.sin((i * Math.PI) / 6),
      shape: rangeShape('euclidean', 1, 50),
    }));
    const outline = unionOutline(parts);
    expect(outline).toHaveLength(2);
    const ringed: BoardView = {
      ...view(),
      rings: [
        {
          id: 'L',
          name: 'Lieutenant',
          kind: 'control',
          x: 300,
          y: 300,
          radiusCells: 1,
          shape: rangeShape('euclidean', 1, 50),
          from: parts.map((_, i) => `f${i}`),
          outline,
        },
      ],
    };
    const curves = drawView(ringed, ctxOf(ringed)).filter((i) => tagOf(i).kind === 'ring');
    expect(curves.map((c) => c.id)).toEqual([
      drawnId('ring', 'L', 'control', 'o', '0'),
      drawnId('ring', 'L', 'control', 'o', '1'),
    ]);
    for (const c of curves)
      expect(c).toMatchObject({ type: 'CURVE', position: { x: 300, y: 300 }, style: { closed: true, tension: 0 } });
    // Points relative to the leader; the outer loop filled faintly, the hole not at all.
    const fills = curves.map((c) => (c as { style: { fillOpacity: number } }).style.fillOpacity).sort();
    expect(fills).toEqual([0, 0.08]);
    const outer = curves.find((c) => (c as { style: { fillOpacity: number } }).style.fillOpacity > 0) as unknown as {
      points: { x: number; y: number }[];
    };
    expect(Math.max(...outer.points.map((p) => Math.hypot(p.x, p.y)))).toBeCloseTo(170, 0);
  });

  it('marks every token with its status, and words a reason beside a figure out of command, as plain text, where the layout put it', () => {
    expect(tagOf(byId.get(drawnId('mark', 'A'))!)).toEqual({
      kind: 'mark',
      token: 'A',
      status: 'out',
      reason: 'out-of-range',
    });
    expect(tagOf(byId.get(drawnId('mark', 'L'))!)).toMatchObject({ status: 'leader' });
    const text = byId.get(drawnId('reason', 'reason:A'))!;
    expect(text).toMatchObject({
      type: 'TEXT',
      layer: 'TEXT',
      text: { type: 'PLAIN', plainText: `2 cm too far: ${HOSTILE}` },
    });
    // Rich text too is only text: a Slate paragraph with one text leaf, no markup.
    expect((text as { text: { richText: unknown } }).text.richText).toEqual([
      { type: 'paragraph', children: [{ text: `2 cm too far: ${HOSTILE}` }] },
    ]);
    // The layout's screen box, back in scene units: 12 px text on screen is 6 scene units at zoom 2.
    const box = ctx.layout.labels.find((l) => l.id === 'reason:A')!.box;
    const r2 = (x: number) => Math.round(x * 100) / 100;
    expect(text.position).toEqual({ x: r2((box.x - 40) / 2), y: r2((box.y - 30) / 2) });
    expect((text as { text: { style: { fontSize: number }; width: number } }).text).toMatchObject({
      style: { fontSize: 6 },
      width: r2(box.w / 2),
    });
    expect(byId.get(drawnId('reason', 'reason:A', 'box'))).toMatchObject({
      type: 'SHAPE',
      shapeType: 'RECTANGLE',
      layer: 'NOTE',
    });
    expect(byId.has(drawnId('reason', 'reason:L'))).toBe(false);
  });

  it('draws links as lines between the two tokens, notes in the screen corner, badges and the key', () => {
    expect(byId.get(drawnId('edge', 'A'))).toMatchObject({
      type: 'LINE',
      startPosition: { x: 100, y: 100 },
      endPosition: { x: 300, y: 100 },
    });
    expect(byId.get(drawnId('note', '0'))).toMatchObject({
      type: 'TEXT',
      text: { plainText: 'Side A: 4 Command' },
      position: { x: (6 - 40) / 2, y: (6 - 30) / 2 },
    });
    expect(tagOf(byId.get(drawnId('badge', 'A'))!)).toMatchObject({ kind: 'badge', status: 'out' });
    expect(items.filter((i) => tagOf(i).kind === 'legend').length).toBeGreaterThan(4);
  });

  it('draws no words and no key when there is no layout', () => {
    const bare = drawView(view(), { ...ctx, layout: null });
    expect(bare.some((i) => ['reason', 'legend', 'badge', 'count'].includes(tagOf(i).kind))).toBe(false);
  });
});

describe('the reconciler', () => {
  it('adds everything once, then sends nothing while nothing changes', () => {
    const r = new Reconciler();
    const first = r.diff(drawView(view(), ctx));
    expect(first.add).toHaveLength(drawView(view(), ctx).length);
    expect(first.update).toEqual([]);
    expect(first.delete).toEqual([]);
    const again = r.diff(drawView(view(), ctx));
    expect(again).toEqual({ add: [], update: [], delete: [] });
  });

  it('a moved token updates its own items in place, and only their changed keys', () => {
    const r = new Reconciler();
    r.diff(drawView(view(300), ctxOf(view(300))));
    const patch = r.diff(drawView(view(350), ctxOf(view(350))));
    expect(patch.add).toEqual([]);
    expect(patch.delete).toEqual([]);
    expect(patch.update.map((u) => [u.after.id, u.keys])).toEqual([
      [drawnId('edge', 'A'), ['endPosition']],
      [drawnId('mark', 'A'), ['position']],
      [drawnId('reason', 'reason:A', 'box'), ['position']],
      [drawnId('reason', 'reason:A'), ['position']],
      [drawnId('badge', 'A'), ['position']],
    ]);
  });

  it('deletes what a view no longer has, and replaces an item whose type must change', () => {
    const r = new Reconciler();
    r.diff(drawView(view(), ctx));
    const without: BoardView = {
      ...view(),
      marks: view().marks.slice(0, 1),
      edges: [],
      rings: [{ ...view().rings[0]!, shape: rangeShape('manhattan', 2, 50) }],
    };
    const patch = r.diff(drawView(without, { ...ctxOf(without, []), layout: null }));
    for (const id of [
      drawnId('mark', 'A'),
      drawnId('reason', 'reason:A'),
      drawnId('edge', 'A'),
      drawnId('ring', 'L', 'command', 'c'),
      drawnId('ring', 'L', 'signal', 'p'),
      drawnId('note', '0'),
      drawnId('badge', 'A'),
    ])
      expect(patch.delete).toContain(id);
    expect(patch.add.map((i) => i.id)).toEqual([drawnId('ring', 'L', 'command', 'p')]);
    expect(r.clear().sort()).toEqual([drawnId('mark', 'L'), drawnId('ring', 'L', 'command', 'p')].sort());
  });

  it('takes over what a previous page left on the scene, and clears it if the view has none of it', () => {
    const r = new Reconciler();
    const old = drawView(view(), ctx);
    r.adopt(old);
    const patch = r.diff([]);
    expect(new Set(patch.delete)).toEqual(new Set(old.map((i) => i.id)));
  });
});
