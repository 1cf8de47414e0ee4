// A figure's status ring follows its base's own shape (issue 39, item 6): a 2 × 1 inch oblong base is
// wholly inside its ring, turned any way, as Owlbear's local items and the Roll20/demo overlay draw it;
// a round base keeps its circle. The ring is read back from what each renderer draws (an Owlbear
// SHAPE or CURVE, an SVG circle or polygon), never from the mark's own numbers.
import type { Curve, Shape } from '@owlbear-rodeo/sdk';
import { describe, expect, it } from 'vitest';
import { Overlay } from '../../../content/overlay';
import { drawView } from '../../../src/adapters/owlbear/draw';
import { LOCAL_KEY } from '../../../src/adapters/owlbear/keys';
import { markOf } from '../../../src/board/draw';
import type { BoardView, BoundToken } from '../../../src/board/model';
import type { BaseShape } from '../../../src/geometry/bases';

type P = { x: number; y: number };

/** 1 cell = 1 inch = 70 px, as a Roll20 page: a 2 × 1 inch base is a 140 × 70 token. */
const INCH = 70;

const token = (width: number, height: number, rotation = 0): BoundToken => ({
  id: 'cav',
  name: 'Cavalier',
  center: { x: 500, y: 400 },
  footprint: { width, height },
  ...(rotation ? { rotation } : {}),
  layer: 'objects',
  visible: true,
  side: 'A',
  unit: 'u1',
  role: 'figure',
  piece: null,
});

/** Points round the base as it stands: its box's outline turned by its rotation (y down), corners included. */
function baseOutline(t: BoundToken): P[] {
  const { width: w, height: h } = t.footprint;
  const a = ((t.rotation ?? 0) * Math.PI) / 180;
  const out: P[] = [];
  const n = 40;
  for (let i = 0; i <= n; i++) {
    const s = -1 + (2 * i) / n;
    for (const [u, v] of [
      [s, 1],
      [s, -1],
      [1, s],
      [-1, s],
    ] as const) {
      const x = (u * w) / 2;
      const y = (v * h) / 2;
      out.push({
        x: t.center.x + x * Math.cos(a) - y * Math.sin(a),
        y: t.center.y + x * Math.sin(a) + y * Math.cos(a),
      });
    }
  }
  return out;
}

/** Even-odd point in polygon. */
function inPolygon(poly: readonly P[], p: P): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

type Ring = { circle: { x: number; y: number; r: number } } | { polygon: P[] };
const inside = (ring: Ring, p: P): boolean =>
  'circle' in ring ? Math.hypot(p.x - ring.circle.x, p.y - ring.circle.y) <= ring.circle.r : inPolygon(ring.polygon, p);

const viewOf = (t: BoundToken, bases: BaseShape): BoardView => ({
  marks: [markOf(t, 'commanded', null, false, bases)],
  rings: [],
  edges: [],
  notes: [],
  error: null,
});

/** The status ring as Owlbear's local items draw it. */
function owlbearRing(view: BoardView): Ring {
  const item = drawView(view, { player: 'me', layout: null, viewport: { x: 0, y: 0, scale: 1 }, notes: [] }).find(
    (i) => (i.metadata[LOCAL_KEY] as { kind: string }).kind === 'mark',
  )!;
  if (item.type === 'SHAPE') {
    const s = item as Shape;
    expect(s.shapeType).toBe('CIRCLE');
    expect(s.width).toBe(s.height);
    return { circle: { x: s.position.x, y: s.position.y, r: s.width / 2 } };
  }
  expect(item.type).toBe('CURVE');
  const c = item as Curve;
  expect(c.style.closed).toBe(true);
  return { polygon: c.points.map((p) => ({ x: c.position.x + p.x, y: c.position.y + p.y })) };
}

/** The status ring as the Roll20 and demo overlay draws it (SVG, scene px). */
function overlayRing(view: BoardView): Ring {
  const host = document.createElement('div');
  const overlay = new Overlay(host);
  overlay.draw(view);
  const node = host.querySelector('[data-layer="marks"] > *')!;
  if (node.tagName.toLowerCase() === 'circle')
    return {
      circle: {
        x: Number(node.getAttribute('cx')),
        y: Number(node.getAttribute('cy')),
        r: Number(node.getAttribute('r')),
      },
    };
  expect(node.tagName.toLowerCase()).toBe('polygon');
  const [, tx, ty] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(node.getAttribute('transform') ?? '')!.map(Number) as [
    number,
    number,
    number,
  ];
  const polygon = (node.getAttribute('points') ?? '').split(' ').map((xy) => {
    const [x, y] = xy.split(',').map(Number) as [number, number];
    return { x: x + tx, y: y + ty };
  });
  return { polygon };
}

describe('a status ring follows its base', () => {
  for (const [renderer, ringOf] of [
    ['Owlbear', owlbearRing],
    ['the overlay', overlayRing],
  ] as const) {
    it.each([0, 30, 90, 135])(
      `${renderer}: every point of a 2 × 1 inch oblong base turned %i° is inside its ring, and the ring hugs it`,
      (rotation) => {
        const t = token(2 * INCH, INCH, rotation);
        const ring = ringOf(viewOf(t, 'auto'));
        for (const p of baseOutline(t)) expect(inside(ring, p), `${p.x},${p.y}`).toBe(true);
        // It hugs the base: not a circle round its whole length (the middle of a long side is at most a few px from the ring).
        const a = (rotation * Math.PI) / 180;
        const offSide = {
          x: t.center.x - (INCH / 2 + 12) * Math.sin(a),
          y: t.center.y + (INCH / 2 + 12) * Math.cos(a),
        };
        expect(inside(ring, offSide)).toBe(false);
      },
    );

    it(`${renderer}: a round base keeps its circle, and the "box" setting hugs a square base's corners`, () => {
      const round = ringOf(viewOf(token(INCH, INCH), 'auto'));
      expect('circle' in round && round.circle).toMatchObject({ x: 500, y: 400 });
      const t = token(INCH, INCH, 45);
      const box = ringOf(viewOf(t, 'box'));
      for (const p of baseOutline(t)) expect(inside(box, p)).toBe(true);
    });
  }

  it('an oblong token read as round (the "round" setting) is ringed as the disc it is measured by', () => {
    expect(markOf(token(2 * INCH, INCH), 'commanded', null, false, 'round').box).toBeUndefined();
    expect(markOf(token(2 * INCH, INCH, 90), 'commanded').box).toEqual({ hw: INCH, hh: INCH / 2, rotation: 90 });
  });
});
