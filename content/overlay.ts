// The overlay above a tabletop's board: one SVG clipped to the board's rectangle, pointer events
// passing through. Rings, links and marks live in scene px inside one group whose transform is the
// camera (so a pan or zoom rewrites one attribute); words, badges and the key live in screen px,
// where the shared layout (src/board/layout.ts) placed them, so that text keeps its size at any
// zoom and never overlaps. Each element is only touched when it changed. Every mark carries
// data-token, data-status and data-reason, every label data-label and data-token, so tests and
// users' tools can read the board. Names and reasons go in as text (textContent), never as markup.
import type { BoardLayout, LaidLegend } from '../src/board/layout';
import { LABEL_FONT } from '../src/board/layout';
import { legendKey, type LegendEntry } from '../src/board/legend';
import {
  BADGE_PATHS,
  CLOSE_UP_DASH,
  dash,
  EDGE_COLOURS,
  EDGE_DASH,
  MARK_LOOKS,
  RING_COLOURS,
  RING_DASH,
  swatch,
  TEXT_COLOURS,
} from '../src/board/look';
import { MARK_GAP, markOutline } from '../src/board/draw';
import type { BoardView, MarkStatus } from '../src/board/model';
import type { RangeShape } from '../src/geometry/shapes';

const SVG = 'http://www.w3.org/2000/svg';
export const OVERLAY_ID = 'command-post-overlay';
const FONT_FAMILY = 'system-ui, sans-serif';
/** Label text, px; the box around it is LABEL_FONT.height tall. */
export const LABEL_PX = 12;
const NOTE_PX = 14;

/** Page px → client px: `screen = (x, y) + p·(sx, sy) + (p.y·kx, p.x·ky) + (ox, oy)`, clipped to the w × h board rectangle. */
export interface Camera {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly sx: number;
  readonly sy: number;
  /** A camera turned about its axis (Roll20's Jumpgate view-projection); absent: 0. */
  readonly kx?: number;
  readonly ky?: number;
  readonly ox: number;
  readonly oy: number;
}

const el = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string>): SVGElementTagNameMap[K] => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

const r2 = (x: number) => String(Math.round(x * 100) / 100);

function shapeKey(s: RangeShape): string {
  return s.kind === 'circle' ? `c${r2(s.radius)}` : s.points.map((p) => `${r2(p.x)},${r2(p.y)}`).join(' ');
}

interface Item {
  node: SVGGraphicsElement;
  /** Its element's tag, kept here: reading it from the DOM a thousand times a move is not free. */
  tag: string;
  /** The values it was last drawn with (see `unchanged`). */
  sig?: readonly unknown[];
  title: SVGTitleElement;
  /** What the title says (read from here, for the same reason). */
  said: string;
  /** The name and the reason the title was built from: the words are joined only when one changes. */
  saidOf?: readonly [string, string];
}

/**
 * Whether a node already shows `values` (the ones it was last drawn with, kept beside it), else keeps
 * them: a move compares a thousand marks' numbers, not a thousand strings built to be compared.
 */
function unchanged(item: { sig?: readonly unknown[] }, values: readonly unknown[]): boolean {
  const last = item.sig;
  if (last && last.length === values.length) {
    let same = true;
    for (let i = 0; i < values.length && same; i++) same = last[i] === values[i];
    if (same) return true;
  }
  item.sig = values;
  return false;
}

interface Keyed<N extends Element> {
  node: N;
  /** The values it was last drawn with (see `unchanged`). */
  sig?: readonly unknown[];
}

/** Measures text in the overlay's own font (a canvas, cached: the same reasons come back every frame). */
export class TextMeasure {
  private readonly ctx: CanvasRenderingContext2D | null;
  private readonly cache = new Map<string, number>();

  constructor(private readonly px: number = LABEL_PX) {
    this.ctx = document.createElement('canvas').getContext('2d');
    if (this.ctx) this.ctx.font = `${px}px ${FONT_FAMILY}`;
  }

  readonly width = (text: string): number => {
    let w = this.cache.get(text);
    if (w === undefined) {
      // Without a canvas (it never happens in a browser): a generous estimate.
      w = this.ctx ? this.ctx.measureText(text).width : text.length * this.px * 0.62;
      if (this.cache.size > 5000) this.cache.clear();
      this.cache.set(text, w);
    }
    return w;
  };
}

export class Overlay {
  readonly root: SVGSVGElement;
  readonly measure = new TextMeasure(LABEL_PX);
  private readonly noteMeasure = new TextMeasure(NOTE_PX);
  private readonly world: SVGGElement;
  private readonly layers: { rings: SVGGElement; edges: SVGGElement; marks: SVGGElement };
  private readonly screen: {
    leaders: SVGGElement;
    badges: SVGGElement;
    labels: SVGGElement;
    counts: SVGGElement;
    legend: SVGGElement;
  };
  private readonly notes: SVGGElement;
  private readonly rings = new Map<string, Item>();
  private readonly marks = new Map<string, Item>();
  private readonly edges = new Map<string, Keyed<SVGLineElement>>();
  private readonly labels = new Map<string, Keyed<SVGGElement>>();
  private readonly leaders = new Map<string, Keyed<SVGLineElement>>();
  private readonly counts = new Map<string, Keyed<SVGGElement>>();
  private readonly badges = new Map<string, Keyed<SVGPathElement>>();
  private readonly message: SVGTextElement;
  private camera: Camera | null = null;
  private shown = false;
  private notesKey = '';
  private legendKey = '';
  private noteLines: readonly string[] = [];

  constructor(parent: Element = document.documentElement) {
    this.root = el('svg', { id: OVERLAY_ID, 'aria-hidden': 'true' });
    // Inline styles: the page's stylesheets must not reach it, and it must never take a click.
    this.root.style.cssText =
      'position:fixed;left:0;top:0;width:0;height:0;pointer-events:none;overflow:hidden;z-index:2147480000;display:none';
    this.world = el('g', { 'data-layer': 'world' });
    this.layers = {
      rings: el('g', { 'data-layer': 'rings', 'fill-opacity': '0.08', 'stroke-width': '2' }),
      edges: el('g', { 'data-layer': 'edges', 'stroke-width': '2' }),
      marks: el('g', { 'data-layer': 'marks', fill: 'none' }),
    };
    this.world.append(this.layers.rings, this.layers.edges, this.layers.marks);
    const text = { 'font-family': FONT_FAMILY, 'font-size': String(LABEL_PX) };
    this.screen = {
      leaders: el('g', { 'data-layer': 'leaders', 'stroke-width': '1.5' }),
      badges: el('g', { 'data-layer': 'badges', stroke: '#ffffff', 'stroke-linejoin': 'round' }),
      labels: el('g', { 'data-layer': 'labels', ...text }),
      counts: el('g', { 'data-layer': 'counts', ...text }),
      legend: el('g', { 'data-layer': 'legend', ...text }),
    };
    // Lines in the board's corner, in screen px (Hell Dorado: each side's Command).
    this.notes = el('g', {
      'data-layer': 'notes',
      'font-family': FONT_FAMILY,
      'font-size': String(NOTE_PX),
      fill: '#111827',
      stroke: '#ffffff',
      'stroke-width': '3',
      'paint-order': 'stroke',
    });
    // What the board cannot show, said on the board itself (the table cannot be read): screen px, styled as the notes.
    const said = this.notes.cloneNode() as SVGGElement;
    said.setAttribute('data-layer', 'message');
    this.message = el('text', { x: '10', y: '22' });
    said.append(this.message);
    this.root.append(
      this.world,
      this.screen.leaders,
      this.screen.badges,
      this.screen.labels,
      this.screen.counts,
      this.screen.legend,
      this.notes,
      said,
    );
    parent.append(this.root);
  }

  /** Shows the overlay only when there is a camera to follow and drawing is wanted (or a message to say). */
  setVisible(on: boolean): void {
    this.shown = on;
    this.place();
  }

  setCamera(camera: Camera | null): void {
    this.camera = camera;
    if (camera)
      this.world.setAttribute(
        'transform',
        `matrix(${camera.sx} ${camera.ky ?? 0} ${camera.kx ?? 0} ${camera.sy} ${camera.ox} ${camera.oy})`,
      );
    this.place();
  }

  get currentCamera(): Camera | null {
    return this.camera;
  }

  /** A line said over the board instead of any drawing (null: none), e.g. "Command Post cannot read this table". */
  setMessage(text: string | null): void {
    if ((this.message.textContent || null) === text) return;
    this.message.textContent = text ?? '';
    if (text) this.message.setAttribute('data-message', '');
    else this.message.removeAttribute('data-message');
    this.place();
  }

  /** Screen boxes the layout must keep clear: the corner notes (the message hides everything else). */
  reserved(): { x: number; y: number; w: number; h: number }[] {
    return this.noteLines.map((line, i) => ({
      x: 6,
      y: 22 + i * 20 - NOTE_PX,
      w: this.noteMeasure.width(line) + 8,
      h: NOTE_PX + 6,
    }));
  }

  private place(): void {
    const said = !!this.message.textContent;
    const c = this.camera;
    const s = this.root.style;
    s.display = (this.shown && c) || said ? 'block' : 'none';
    for (const g of [this.world, ...Object.values(this.screen)]) g.style.display = said ? 'none' : '';
    // Over the board when it is known, else along the top of the window.
    s.left = `${c?.x ?? 0}px`;
    s.top = `${c?.y ?? 0}px`;
    s.width = c ? `${c.w}px` : '100%';
    s.height = c ? `${c.h}px` : '40px';
  }

  /** The corner's lines (Hell Dorado: each side's Command), before the layout that keeps clear of them. */
  setNotes(notes: readonly string[]): void {
    this.noteLines = notes;
    const notesKey = notes.join('\n');
    if (notesKey === this.notesKey) return;
    this.notesKey = notesKey;
    this.notes.replaceChildren(
      ...notes.map((line, i) => {
        const t = el('text', { x: '10', y: String(22 + i * 20), 'data-note': String(i) });
        t.textContent = line;
        return t;
      }),
    );
  }

  /** Draws a view's shapes in scene px: rings, links, marks; each mark's hover title says why. */
  draw(d: BoardView, words: ReadonlyMap<string, string> = new Map()): void {
    const seenRings = new Set<string>();
    for (const r of d.rings) {
      const id = `${r.id}|${r.kind}`;
      seenRings.add(id);
      // A ring measured from a whole unit: its outline, one path (holes stay empty under the nonzero rule).
      const outline = r.outline ? pathOf(r.outline) : null;
      const item = this.item(
        this.rings,
        id,
        outline ? 'path' : r.shape.kind === 'circle' ? 'circle' : 'polygon',
        this.layers.rings,
        'ring',
        r.name,
      );
      if (unchanged(item, outline ? [outline] : [r.x, r.y, shapeKey(r.shape)])) continue;
      const n = item.node;
      if (outline) n.setAttribute('d', outline);
      else if (r.shape.kind === 'circle') {
        n.setAttribute('cx', r2(r.x));
        n.setAttribute('cy', r2(r.y));
        n.setAttribute('r', r2(r.shape.radius));
      } else {
        n.setAttribute('points', shapeKey(r.shape));
        n.setAttribute('transform', `translate(${r2(r.x)} ${r2(r.y)})`);
      }
      n.setAttribute('data-token', r.id);
      n.setAttribute('data-kind', r.kind);
      n.setAttribute('data-shape', outline ? 'outline' : r.shape.kind);
      if (r.from) n.setAttribute('data-from', r.from.join(' '));
      n.setAttribute('stroke', RING_COLOURS[r.kind]);
      n.setAttribute('stroke-dasharray', dash(RING_DASH[r.kind]));
      n.setAttribute('fill', RING_COLOURS[r.kind]);
      n.setAttribute('vector-effect', 'non-scaling-stroke');
    }
    prune(this.rings, seenRings);

    const seenMarks = new Set<string>();
    for (const m of d.marks) {
      seenMarks.add(m.id);
      const reason = words.get(m.id) ?? '';
      // A base read as its box (an oblong base): a ring that hugs the box, else a circle.
      const item = this.item(this.marks, m.id, m.box ? 'polygon' : 'circle', this.layers.marks, 'mark', m.name, reason);
      if (
        unchanged(item, [
          m.x,
          m.y,
          m.r,
          m.box?.hw,
          m.box?.hh,
          m.box?.rotation,
          m.status,
          m.reason?.code,
          m.closeUp === true,
        ])
      )
        continue;
      const n = item.node;
      const look = MARK_LOOKS[m.status];
      const outline = markOutline(m, MARK_GAP);
      if (outline) {
        n.setAttribute('points', outline.map((p) => `${r2(p.x)},${r2(p.y)}`).join(' '));
        n.setAttribute('transform', `translate(${r2(m.x)} ${r2(m.y)})`);
      } else {
        n.setAttribute('cx', r2(m.x));
        n.setAttribute('cy', r2(m.y));
        n.setAttribute('r', r2(m.r + MARK_GAP));
      }
      n.setAttribute('data-shape', outline ? 'box' : 'circle');
      n.setAttribute('stroke', look.colour);
      n.setAttribute('stroke-width', String(look.width));
      n.setAttribute('data-token', m.id);
      n.setAttribute('data-status', m.status);
      n.setAttribute('data-reason', m.reason?.code ?? '');
      n.setAttribute('stroke-dasharray', dash(m.closeUp ? CLOSE_UP_DASH : look.dash));
      if (m.closeUp) n.setAttribute('data-close-up', '');
      else n.removeAttribute('data-close-up');
      n.setAttribute('vector-effect', 'non-scaling-stroke');
    }
    prune(this.marks, seenMarks);

    // Links, keyed by their target (a figure has one parent).
    const seenEdges = new Set<string>();
    for (const e of d.edges) {
      seenEdges.add(e.to);
      let item = this.edges.get(e.to);
      if (!item) {
        const node = el('line', { 'data-to': e.to, 'vector-effect': 'non-scaling-stroke' });
        this.layers.edges.append(node);
        this.edges.set(e.to, (item = { node }));
      }
      if (unchanged(item, [e.from, e.kind, e.x1, e.y1, e.x2, e.y2])) continue;
      const n = item.node;
      n.setAttribute('x1', r2(e.x1));
      n.setAttribute('y1', r2(e.y1));
      n.setAttribute('x2', r2(e.x2));
      n.setAttribute('y2', r2(e.y2));
      n.setAttribute('data-from', e.from);
      n.setAttribute('data-kind', e.kind);
      n.setAttribute('stroke', EDGE_COLOURS[e.kind]);
      n.setAttribute('stroke-dasharray', dash(EDGE_DASH[e.kind]));
    }
    prune(this.edges, seenEdges);
  }

  /** Draws what the layout placed in screen px: labels with their leader lines, counts, badges, the key. */
  drawLayout(layout: BoardLayout): void {
    const h = LABEL_FONT.height;
    const seenLabels = new Set<string>();
    const seenLeaders = new Set<string>();
    for (const l of layout.labels) {
      seenLabels.add(l.id);
      const item = keyed(
        this.labels,
        l.id,
        () => {
          const g = el('g', { class: 'label-box', 'data-label': l.id, 'data-kind': l.kind });
          g.append(
            el('rect', { rx: '4', 'stroke-width': '1' }),
            el('text', { class: l.kind === 'reason' || l.kind === 'unit' ? 'label' : 'name', 'data-text': '' }),
            el('title', {}),
          );
          return g;
        },
        this.screen.labels,
      );
      if (!unchanged(item, [l.box.x, l.box.y, l.box.w, l.status, l.text, l.full])) {
        const [rect, text, title] = item.node.children as unknown as [SVGRectElement, SVGTextElement, SVGTitleElement];
        item.node.setAttribute('data-token', l.tokens[0] ?? '');
        item.node.setAttribute('data-tokens', l.tokens.join(' '));
        // Whose words they are (a unit's name: its figures), for whoever reads the board (its tests).
        item.node.setAttribute('data-own', l.own.join(' '));
        item.node.setAttribute('data-status', l.status);
        // A name on a light, borderless box; a reason framed in its mark's colour.
        const named = l.kind === 'name' || l.kind === 'unit-name';
        setAll(rect, {
          x: r2(l.box.x),
          y: r2(l.box.y),
          width: r2(l.box.w),
          height: r2(l.box.h),
          fill: '#ffffff',
          'fill-opacity': named ? '0.7' : '0.92',
          stroke: named ? 'none' : MARK_LOOKS[l.status].colour,
        });
        setAll(text, {
          x: r2(l.box.x + LABEL_FONT.padding),
          y: r2(l.box.y + h / 2),
          'dominant-baseline': 'central',
          fill: l.kind === 'unit-name' ? '#334155' : named ? '#111827' : TEXT_COLOURS[l.status],
          'data-token': l.tokens[0] ?? '',
        });
        text.textContent = l.text;
        title.textContent = l.full;
      }
      if (l.leader) {
        seenLeaders.add(l.id);
        const line = keyed(this.leaders, l.id, () => el('line', { 'data-leader': l.id }), this.screen.leaders);
        if (!unchanged(line, [l.leader.x1, l.leader.y1, l.leader.x2, l.leader.y2, l.status])) {
          setAll(line.node, {
            x1: r2(l.leader.x1),
            y1: r2(l.leader.y1),
            x2: r2(l.leader.x2),
            y2: r2(l.leader.y2),
            stroke: MARK_LOOKS[l.status].colour,
          });
        }
      }
    }
    prune(this.labels, seenLabels);
    prune(this.leaders, seenLeaders);

    const seenCounts = new Set<string>();
    for (const c of layout.counts) {
      seenCounts.add(c.id);
      const item = keyed(
        this.counts,
        c.id,
        () => {
          const g = el('g', { class: 'count', 'data-count': c.group });
          g.append(
            el('rect', { rx: '8', fill: '#111827', 'fill-opacity': '0.85' }),
            el('text', { 'data-text': '', fill: '#ffffff', 'text-anchor': 'middle', 'dominant-baseline': 'central' }),
            el('title', {}),
          );
          return g;
        },
        this.screen.counts,
      );
      if (unchanged(item, [c.box.x, c.box.y, c.box.w, c.text, c.lines.join('\n')])) continue;
      const [rect, text, title] = item.node.children as unknown as [SVGRectElement, SVGTextElement, SVGTitleElement];
      item.node.setAttribute('data-ids', c.ids.join(' '));
      setAll(rect, { x: r2(c.box.x), y: r2(c.box.y), width: r2(c.box.w), height: r2(c.box.h) });
      setAll(text, { x: r2(c.box.x + c.box.w / 2), y: r2(c.box.y + c.box.h / 2) });
      text.textContent = c.text;
      title.textContent = c.lines.join('\n');
    }
    prune(this.counts, seenCounts);

    const seenBadges = new Set<string>();
    for (const b of layout.badges) {
      const look = MARK_LOOKS[b.status];
      if (look.badge === 'none') continue;
      seenBadges.add(b.token);
      const item = keyed(
        this.badges,
        b.token,
        () => el('path', { class: 'badge', 'data-token': b.token }),
        this.screen.badges,
      );
      if (unchanged(item, [b.x, b.y, b.size, b.status])) continue;
      setAll(item.node, {
        d: BADGE_PATHS[look.badge],
        transform: `translate(${r2(b.x)} ${r2(b.y)}) scale(${r2(b.size)})`,
        fill: look.colour,
        'stroke-width': r2(1.5 / b.size),
        'data-badge': look.badge,
        'data-status': b.status,
      });
    }
    prune(this.badges, seenBadges);

    this.drawLegend(layout.legend);
  }

  private drawLegend(legend: LaidLegend | null): void {
    const key = legend
      ? `${r2(legend.box.x)},${r2(legend.box.y)},${r2(legend.box.w)}|${legend.title}|${legend.rows.map((r) => `${legendKey(r.entry)}=${r.text}`).join('|')}`
      : '';
    if (key === this.legendKey) return;
    this.legendKey = key;
    if (!legend) {
      this.screen.legend.replaceChildren();
      return;
    }
    const { box } = legend;
    const pad = LABEL_FONT.padding;
    const parts: SVGElement[] = [
      el('rect', {
        x: r2(box.x),
        y: r2(box.y),
        width: r2(box.w),
        height: r2(box.h),
        rx: '6',
        fill: '#ffffff',
        'fill-opacity': '0.94',
        stroke: '#9ca3af',
        'data-legend-box': '',
      }),
    ];
    const title = el('text', {
      x: r2(box.x + pad + 2),
      y: r2(box.y + pad + LABEL_FONT.row / 2),
      'dominant-baseline': 'central',
      'font-weight': '600',
      fill: '#111827',
      'data-text': '',
    });
    title.textContent = legend.title;
    parts.push(title);
    for (const row of legend.rows) {
      const cy = row.y + LABEL_FONT.row / 2;
      const x = box.x + pad + 2;
      const g = el('g', { 'data-key': legendKey(row.entry) });
      g.append(...swatchOf(row.entry, x, cy));
      const t = el('text', {
        x: r2(x + 32),
        y: r2(cy),
        'dominant-baseline': 'central',
        fill: '#111827',
        'data-text': '',
      });
      t.textContent = row.text;
      g.append(t);
      parts.push(g);
    }
    this.screen.legend.replaceChildren(...parts);
  }

  clear(): void {
    for (const map of [this.rings, this.marks, this.edges, this.labels, this.leaders, this.counts, this.badges] as Map<
      string,
      { node: Element }
    >[])
      prune(map, new Set());
    this.notes.replaceChildren();
    this.screen.legend.replaceChildren();
    this.notesKey = '';
    this.legendKey = '';
    this.noteLines = [];
  }

  /** The node drawing `id`, its hover title saying the name, and the reason after it when there is one. */
  private item(
    map: Map<string, Item>,
    id: string,
    tag: 'circle' | 'polygon' | 'path',
    layer: SVGGElement,
    cls: string,
    name: string,
    reason = '',
  ): Item {
    let item = map.get(id);
    if (item && item.tag !== tag) {
      item.node.remove();
      item = undefined;
    }
    if (!item) {
      const node = el(tag, { class: cls });
      const title = el('title', {});
      node.append(title);
      layer.append(node);
      item = { node, tag, title, said: '' };
      map.set(id, item);
    }
    if (item.saidOf?.[0] !== name || item.saidOf[1] !== reason) {
      item.saidOf = [name, reason];
      const said = reason ? `${name} — ${reason}` : name;
      if (item.said !== said) item.title.textContent = item.said = said;
    }
    return item;
  }
}

/** An outline's path, written once per outline (a unit's outline is the same object until it moves). */
const PATHS = new WeakMap<object, string>();
function pathOf(outline: readonly (readonly { readonly x: number; readonly y: number }[])[]): string {
  let d = PATHS.get(outline);
  if (d === undefined)
    PATHS.set(outline, (d = outline.map((loop) => `M${loop.map((p) => `${r2(p.x)} ${r2(p.y)}`).join('L')}Z`).join('')));
  return d;
}

/** The small drawing in front of a key's row (src/board/legend.ts), as SVG elements. */
const swatchOf = (entry: LegendEntry, x: number, cy: number): SVGElement[] =>
  swatch(entry, x, cy).map((part) => {
    const e = el(part.tag, { ...part.attrs });
    if (part.text) e.textContent = part.text;
    return e;
  });

function keyed<N extends Element>(map: Map<string, Keyed<N>>, id: string, make: () => N, layer: SVGGElement): Keyed<N> {
  let item = map.get(id);
  if (!item) {
    const node = make();
    layer.append(node);
    map.set(id, (item = { node }));
  }
  return item;
}

function setAll(node: Element, attrs: Record<string, string>): void {
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
}

/** Removes what was not drawn this time; `keep` holds only ids of `map`, so equal sizes mean nothing to remove. */
function prune<V extends { node: Element }>(map: Map<string, V>, keep: Set<string>): void {
  if (keep.size === map.size) return;
  for (const [id, item] of map) {
    if (keep.has(id)) continue;
    item.node.remove();
    map.delete(id);
  }
}
