// The label placer's promises, over random crowded boards: nothing placed overlaps anything else
// placed or an obstacle, nothing leaves the screen, every label is placed, folded into a count that
// says how many, or (a name) dropped; and a move changes only what is near it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  placeLabels,
  type Box,
  type Disc,
  type LabelRequest,
  type PlaceOptions,
  type Placement,
} from '../../../src/board/labels';

const measure = (t: string) => t.length * 7;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.w - 0.01 && b.x < a.x + a.w - 0.01 && a.y < b.y + b.h - 0.01 && b.y < a.y + a.h - 0.01;
/** Whether a segment runs through a box's inside (a hundredth of a pixel in from its edges: touching is not crossing). */
function lineThrough(l: { x1: number; y1: number; x2: number; y2: number }, b: Box): boolean {
  const span = (from: number, d: number, lo: number, hi: number): [number, number] => {
    if (d === 0) return from > lo && from < hi ? [0, 1] : [1, 0];
    const a = (lo - from) / d;
    const c = (hi - from) / d;
    return [Math.max(0, Math.min(a, c)), Math.min(1, Math.max(a, c))];
  };
  const [ax, bx] = span(l.x1, l.x2 - l.x1, b.x + 0.01, b.x + b.w - 0.01);
  const [ay, by] = span(l.y1, l.y2 - l.y1, b.y + 0.01, b.y + b.h - 0.01);
  return (Math.min(bx, by) - Math.max(ax, ay)) * Math.hypot(l.x2 - l.x1, l.y2 - l.y1) > 0.01;
}
const discHits = (b: Box, d: Disc) => {
  const nx = Math.max(b.x, Math.min(d.x, b.x + b.w));
  const ny = Math.max(b.y, Math.min(d.y, b.y + b.h));
  return Math.hypot(d.x - nx, d.y - ny) < d.r - 0.01;
};

// Where a figure stands, as a fraction of the board (a little off it too). Unbiased: fast-check's
// doubles lean to tiny magnitudes, which put half the figures just off the board's left and top edges.
const coordinate = fc.noBias(fc.integer({ min: -100, max: 1100 })).map((v) => v / 1000);

const arbBoard = fc.record({
  w: fc.integer({ min: 120, max: 1600 }),
  h: fc.integer({ min: 100, max: 1000 }),
  figures: fc.array(
    fc.record({
      x: coordinate,
      y: coordinate,
      r: fc.double({ min: 0, max: 30, noNaN: true }),
      words: fc.integer({ min: 1, max: 40 }),
      short: fc.boolean(),
      name: fc.boolean(),
      group: fc.integer({ min: 0, max: 6 }),
      priority: fc.integer({ min: 0, max: 50 }),
    }),
    { maxLength: 260, size: 'medium' },
  ),
});

// How far a figure moves, px: anywhere, or a nudge among its neighbours (where words get pushed aside).
const shift = fc.oneof(fc.double({ min: -200, max: 200, noNaN: true }), fc.noBias(fc.integer({ min: -40, max: 40 })));

type Board = typeof arbBoard extends fc.Arbitrary<infer T> ? T : never;

function requestsOf(b: Board): { requests: LabelRequest[]; obstacles: Disc[] } {
  const requests: LabelRequest[] = [];
  const obstacles: Disc[] = [];
  b.figures.forEach((f, i) => {
    const anchor = { x: f.x * b.w, y: f.y * b.h, r: f.r };
    obstacles.push(anchor);
    const long = 'x'.repeat(f.words);
    requests.push({
      id: `reason:${i}`,
      anchor,
      priority: f.priority,
      forms: f.short
        ? [
            { text: long, width: measure(long) },
            { text: 'x', width: 7 },
          ]
        : [{ text: long, width: measure(long) }],
      fold: f.group ? `g${f.group}` : null,
    });
    if (f.name)
      requests.push({
        id: `name:${i}`,
        anchor,
        priority: 0,
        forms: [{ text: 'Name', width: 28 }],
        fold: null,
        optional: true,
        prefer: 'below',
      });
  });
  return { requests, obstacles };
}

/** What breaks the placer's promises on this board, in words (an empty list: none). Plain loops: a boards' worth of expect() calls is slow. */
function faults(b: Board, p: Placement, requests: readonly LabelRequest[], obstacles: readonly Disc[]): string[] {
  const out: string[] = [];
  const screen = { x: 0, y: 0, w: b.w, h: b.h };
  const boxes = [
    ...p.labels.map((l) => ({ id: l.id, box: l.box })),
    ...p.counts.map((c) => ({ id: c.id, box: c.box })),
  ];
  for (const { id, box } of boxes)
    if (!(box.x >= -0.01 && box.y >= -0.01 && box.x + box.w <= b.w + 0.01 && box.y + box.h <= b.h + 0.01))
      out.push(`${id} outside the screen`);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      if (overlap(boxes[i]!.box, boxes[j]!.box)) out.push(`${boxes[i]!.id} × ${boxes[j]!.id}`);
  for (const l of p.labels) for (const o of obstacles) if (discHits(l.box, o)) out.push(`${l.id} covers a figure`);
  for (const l of p.labels)
    for (const { id, box } of boxes)
      if (l.leader && id !== l.id && lineThrough(l.leader, box)) out.push(`${l.id}'s line runs through ${id}`);
  // Every request accounted for, once.
  const placed = new Set(p.labels.map((l) => l.id));
  const folded = new Set(p.counts.flatMap((c) => c.ids));
  const dropped = new Set(p.dropped);
  const offscreen = new Set(p.offscreen);
  for (const c of p.counts) if (c.text !== `+${c.ids.length}`) out.push(`${c.id} says ${c.text} for ${c.ids.length}`);
  const onScreen = (r: LabelRequest) =>
    r.anchor.x >= 0 && r.anchor.y >= 0 && r.anchor.x <= screen.w && r.anchor.y <= screen.h;
  for (const r of requests) {
    const where = [placed.has(r.id), folded.has(r.id), dropped.has(r.id), offscreen.has(r.id)].filter(Boolean).length;
    if (where !== 1) out.push(`${r.id} accounted for ${where} times`);
    if (!onScreen(r) && !offscreen.has(r.id)) out.push(`${r.id}: its figure is off the screen`);
    if (r.optional && folded.has(r.id)) out.push(`${r.id} (optional) folded`);
    if (!r.optional && dropped.has(r.id)) out.push(`${r.id} (essential) dropped`);
  }
  return out;
}

function check(b: Board, p: Placement, requests: readonly LabelRequest[], obstacles: readonly Disc[]) {
  expect(faults(b, p, requests, obstacles)).toEqual([]);
}

describe('placeLabels', () => {
  it('places without overlap, inside the screen, and accounts for every label', () => {
    fc.assert(
      fc.property(arbBoard, (b) => {
        const { requests, obstacles } = requestsOf(b);
        const options: PlaceOptions = {
          screen: { x: 0, y: 0, w: b.w, h: b.h },
          height: 18,
          padding: 4,
          gap: 6,
          obstacles,
          measure,
        };
        check(b, placeLabels(requests, options), requests, obstacles);
      }),
      { numRuns: 300 },
    );
  });

  it('sets no words beside a figure nearer another figure than their own, given the figures (a line joins words set further out)', () => {
    const gapTo = (b: Box, d: Disc) =>
      Math.max(
        0,
        Math.hypot(d.x - Math.max(b.x, Math.min(d.x, b.x + b.w)), d.y - Math.max(b.y, Math.min(d.y, b.y + b.h))) - d.r,
      );
    let beside = 0;
    fc.assert(
      fc.property(arbBoard, (b) => {
        const { requests, obstacles } = requestsOf(b);
        const options: PlaceOptions = {
          screen: { x: 0, y: 0, w: b.w, h: b.h },
          height: 18,
          padding: 4,
          gap: 6,
          obstacles,
          measure,
          figures: obstacles,
        };
        const p = placeLabels(requests, options);
        check(b, p, requests, obstacles);
        for (const l of p.labels) {
          if (l.leader) continue;
          beside++;
          const mine = gapTo(l.box, l.anchor);
          // (Figures standing on the same spot, within half a pixel, cannot be told apart.)
          const other = obstacles
            .filter((o) => Math.hypot(o.x - l.anchor.x, o.y - l.anchor.y) >= 0.5)
            .find((o) => gapTo(l.box, o) < mine - 0.5);
          expect(other, `${l.id} reads as another figure's`).toBeUndefined();
        }
      }),
      { numRuns: 200 },
    );
    // Most of the words are set beside their figure: the rule is asked of thousands of them.
    expect(beside).toBeGreaterThan(2000);
  });

  it('moves a label only for what now stands on its place or its line: the moved figure, or words set where they were not', () => {
    let stayed = 0;
    let moved = 0;
    fc.assert(
      fc.property(arbBoard, fc.nat(), shift, shift, (b, pick, dx, dy) => {
        const { requests, obstacles } = requestsOf(b);
        if (requests.length === 0) return;
        const options: PlaceOptions = {
          screen: { x: 0, y: 0, w: b.w, h: b.h },
          height: 18,
          padding: 4,
          gap: 6,
          obstacles,
          measure,
        };
        const first = placeLabels(requests, options);
        // One figure moves (its labels with it).
        const figure = requests[pick % requests.length]!.anchor;
        const to = { x: figure.x + dx, y: figure.y + dy, r: figure.r };
        const again = requests.map((r) => (r.anchor === figure ? { ...r, anchor: to } : r));
        const obstaclesAgain = obstacles.map((o) => (o === figure ? to : o));
        const second = placeLabels(again, { ...options, obstacles: obstaclesAgain, previous: first });
        check(b, second, again, obstaclesAgain);
        // What stands where it did not last frame: words (labels and counts) placed anew or elsewhere.
        const same = (a: Box | undefined, c: Box) => !!a && a.x === c.x && a.y === c.y && a.w === c.w && a.h === c.h;
        const before = new Map([...first.labels, ...first.counts].map((l) => [l.id, l.box]));
        const after = new Map(second.labels.map((l) => [l.id, l.box]));
        const changed = [...second.labels, ...second.counts].filter((l) => !same(before.get(l.id), l.box));
        const changedLines = second.labels
          .filter((l) => l.leader && !same(before.get(l.id), l.box))
          .map((l) => l.leader!);
        for (const l of first.labels) {
          if (l.anchor === figure) continue;
          if (same(after.get(l.id), l.box)) {
            stayed++;
            continue;
          }
          moved++;
          const cause =
            discHits(l.box, to) ||
            changed.some((c) => overlap(c.box, l.box) || (l.leader !== null && lineThrough(l.leader, c.box))) ||
            changedLines.some((line) => lineThrough(line, l.box));
          expect(cause, `${l.id} left its place with nothing new standing on it`).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
    // The boards are crowded enough for a move to push words aside, and most words stay.
    expect(moved).toBeGreaterThan(0);
    expect(stayed).toBeGreaterThan(10 * moved);
  });

  it("a label keeps last frame's place while it still fits, even when a better one frees up", () => {
    const a = { x: 100, y: 50, r: 8 };
    const b = { x: 200, y: 50, r: 8 };
    const req = (id: string, anchor: Disc, priority: number): LabelRequest => ({
      id,
      anchor,
      priority,
      forms: [{ text: 'words', width: 60 }],
      fold: null,
    });
    const options: PlaceOptions = {
      screen: { x: 0, y: 0, w: 400, h: 100 },
      height: 18,
      padding: 4,
      gap: 6,
      obstacles: [a, b],
      measure,
    };
    // B's label takes the room to A's right, so A's goes to its left.
    const first = placeLabels(
      [
        req('b', b, 9),
        req('a', a, 1),
        { ...req('wall', { x: 140, y: 50, r: 1 }, 10), forms: [{ text: 'w', width: 40 }] },
      ],
      options,
    );
    const left = first.labels.find((l) => l.id === 'a')!.box;
    expect(left.x).toBeLessThan(a.x);
    // The wall's figure leaves the board: A's right is free again, but A's label stays where the player last saw it.
    const second = placeLabels([req('b', b, 9), req('a', a, 1)], { ...options, previous: first });
    expect(second.labels.find((l) => l.id === 'a')!.box).toEqual(left);
    // Without a previous frame it would take the right.
    expect(
      placeLabels([req('b', b, 9), req('a', a, 1)], options).labels.find((l) => l.id === 'a')!.box.x,
    ).toBeGreaterThan(a.x);
  });

  it('a label that had no room last frame is never shut out by lesser ones keeping their places', () => {
    // Walls leave one corridor to the right of the figure: room for one label.
    const walls: Box[] = [
      { x: 0, y: 0, w: 190, h: 200 },
      { x: 190, y: 0, w: 210, h: 90 },
      { x: 190, y: 110, w: 210, h: 90 },
    ];
    const options: PlaceOptions = {
      screen: { x: 0, y: 0, w: 400, h: 200 },
      height: 18,
      padding: 4,
      gap: 2,
      obstacles: walls,
      measure,
    };
    const req = (id: string, x: number, priority: number): LabelRequest => ({
      id,
      anchor: { x, y: 100, r: 2 },
      priority,
      forms: [{ text: 'words', width: 120 }],
      fold: null,
    });
    // Frame 1: the reason's figure is off the screen; the lesser label takes the corridor.
    const first = placeLabels([req('out', -40, 10), req('lesser', 200, 1)], options);
    expect(first.labels.map((l) => l.id)).toEqual(['lesser']);
    // Frame 2: the figure walks in; the reason takes the corridor, the lesser label folds.
    const second = placeLabels([req('out', 200, 10), req('lesser', 200, 1)], { ...options, previous: first });
    expect(second.labels.map((l) => l.id)).toEqual(['out']);
    expect(second.counts.flatMap((c) => c.ids)).toEqual(['lesser']);
  });

  it('folds what has no room into one count per unit, near it', () => {
    // Twenty figures of one unit shoulder to shoulder on a small board: no room for twenty reasons.
    const anchors = Array.from({ length: 20 }, (_, i) => ({
      x: 100 + (i % 5) * 14,
      y: 80 + Math.floor(i / 5) * 14,
      r: 6,
    }));
    const requests = anchors.map((anchor, i): LabelRequest => ({
      id: `r${i}`,
      anchor,
      priority: 10,
      forms: [{ text: 'out · 12 cm too far from Lieutenant', width: 240 }],
      fold: 'g1',
    }));
    const p = placeLabels(requests, {
      screen: { x: 0, y: 0, w: 400, h: 200 },
      height: 18,
      padding: 4,
      gap: 6,
      obstacles: anchors,
      measure,
    });
    expect(p.labels.length).toBeGreaterThan(0);
    expect(p.counts).toHaveLength(1);
    expect(p.counts[0]!.group).toBe('g1');
    expect(p.counts[0]!.ids.length + p.labels.length).toBe(20);
    expect(p.counts[0]!.text).toBe(`+${p.counts[0]!.ids.length}`);
  });

  it('tries the short form, then a leader line, before folding', () => {
    const anchor = { x: 60, y: 50, r: 10 };
    // Walls right, left, above and below the figure leave no room for the long form near it.
    const walls: Box[] = [
      { x: 72, y: 0, w: 20, h: 100 },
      { x: 0, y: 0, w: 48, h: 100 },
    ];
    const short = placeLabels(
      [
        {
          id: 'a',
          anchor,
          priority: 1,
          forms: [
            { text: 'long words', width: 300 },
            { text: 's', width: 8 },
          ],
          fold: null,
        },
      ],
      { screen: { x: 0, y: 0, w: 600, h: 100 }, height: 18, padding: 4, gap: 2, obstacles: walls, measure },
    );
    expect(short.labels[0]?.form).toBe(1);
    const far = placeLabels(
      [{ id: 'a', anchor, priority: 1, forms: [{ text: 'long words', width: 60 }], fold: null }],
      { screen: { x: 0, y: 0, w: 600, h: 100 }, height: 18, padding: 4, gap: 2, obstacles: walls, measure },
    );
    expect(far.labels[0]?.leader).not.toBeNull();
  });

  it('an open label (hovered, focused, selected) says its full words, further out if need be, even where it stood short', () => {
    const anchor = { x: 60, y: 50, r: 10 };
    // Walls close by leave no room for the long form next to the figure, only further out.
    const walls: Box[] = [
      { x: 72, y: 20, w: 20, h: 60 },
      { x: 20, y: 20, w: 28, h: 60 },
    ];
    const request: LabelRequest = {
      id: 'a',
      anchor,
      priority: 1,
      forms: [
        { text: 'long words', width: 160 },
        { text: 's', width: 8 },
      ],
      fold: null,
    };
    const options: PlaceOptions = {
      screen: { x: 0, y: 0, w: 600, h: 200 },
      height: 18,
      padding: 4,
      gap: 2,
      obstacles: walls,
      measure,
    };
    const closed = placeLabels([request], options);
    expect(closed.labels[0]?.form).toBe(1);
    const open = placeLabels([{ ...request, open: true }], { ...options, previous: closed });
    expect(open.labels[0]?.form).toBe(0);
    expect(open.labels[0]?.text).toBe('long words');
    expect(open.labels[0]?.leader).not.toBeNull();
    // Closed again (the pointer gone): back to its short form beside the figure.
    const again = placeLabels([request], { ...options, previous: open });
    expect(again.labels[0]?.form).toBe(1);
    expect(again.labels[0]?.leader).toBeNull();
  });

  it('says nothing of a figure outside the screen', () => {
    const p = placeLabels(
      [{ id: 'a', anchor: { x: -30, y: 20, r: 5 }, priority: 1, forms: [{ text: 'x', width: 7 }], fold: null }],
      { screen: { x: 0, y: 0, w: 100, h: 100 }, height: 18, padding: 4, gap: 2, measure },
    );
    expect(p.offscreen).toEqual(['a']);
    expect(p.labels).toEqual([]);
  });
});
