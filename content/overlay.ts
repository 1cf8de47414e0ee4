// The overlay above a tabletop's board: one SVG clipped to the board's rectangle, pointer events
// passing through. Shapes live in scene px inside one group whose transform is the camera (so a pan
// or zoom rewrites one attribute); each element is only touched when it changed. Every mark carries
// data-token, data-status and data-reason, so tests and users' tools can read the board. Names and
// reasons go in as text (textContent), never as markup.
import { EDGE_COLOURS, MARK_COLOURS, RING_COLOURS } from '../src/board/colours';
import type { BoardView } from '../src/board/model';
import type { RangeShape } from '../src/geometry/shapes';

const SVG = 'http://www.w3.org/2000/svg';
export const OVERLAY_ID = 'command-post-overlay';

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
  key: string;
  title: SVGTitleElement;
}

/** How a reason reads in the user's language; null hides the labels. */
export type Label = (reason: NonNullable<BoardView['marks'][number]['reason']>) => string;

export class Overlay {
  readonly root: SVGSVGElement;
  private readonly world: SVGGElement;
  private readonly layers: { rings: SVGGElement; edges: SVGGElement; marks: SVGGElement; labels: SVGGElement };
  private readonly notes: SVGGElement;
  private readonly rings = new Map<string, Item>();
  private readonly marks = new Map<string, Item>();
  private readonly labels = new Map<string, { node: SVGTextElement; key: string }>();
  private readonly edges = new Map<string, { node: SVGLineElement; key: string }>();
  private readonly message: SVGTextElement;
  private camera: Camera | null = null;
  private shown = false;
  private notesKey = '';

  constructor(parent: Element = document.documentElement) {
    this.root = el('svg', { id: OVERLAY_ID, 'aria-hidden': 'true' });
    // Inline styles: the page's stylesheets must not reach it, and it must never take a click.
    this.root.style.cssText = 'position:fixed;left:0;top:0;width:0;height:0;pointer-events:none;overflow:hidden;z-index:2147480000;display:none';
    this.world = el('g', { 'data-layer': 'world' });
    this.layers = {
      rings: el('g', { 'data-layer': 'rings', 'fill-opacity': '0.08', 'stroke-width': '2' }),
      edges: el('g', { 'data-layer': 'edges', stroke: '#d97706', 'stroke-width': '2', 'stroke-dasharray': '6 4' }),
      marks: el('g', { 'data-layer': 'marks', fill: 'none', 'stroke-width': '3' }),
      labels: el('g', { 'data-layer': 'labels', 'font-family': 'system-ui, sans-serif', 'font-size': '13', fill: '#7f1d1d', stroke: '#ffffff', 'stroke-width': '3', 'paint-order': 'stroke' }),
    };
    this.world.append(this.layers.rings, this.layers.edges, this.layers.marks, this.layers.labels);
    // Lines in the board's corner, in screen px (Hell Dorado: each side's Command).
    this.notes = el('g', { 'data-layer': 'notes', 'font-family': 'system-ui, sans-serif', 'font-size': '14', fill: '#111827', stroke: '#ffffff', 'stroke-width': '3', 'paint-order': 'stroke' });
    // What the board cannot show, said on the board itself (the table cannot be read): screen px, styled as the notes.
    const said = this.notes.cloneNode() as SVGGElement;
    said.setAttribute('data-layer', 'message');
    this.message = el('text', { x: '10', y: '22' });
    said.append(this.message);
    this.root.append(this.world, this.notes, said);
    parent.append(this.root);
  }

  /** Shows the overlay only when there is a camera to follow and drawing is wanted (or a message to say). */
  setVisible(on: boolean): void {
    this.shown = on;
    this.place();
  }

  setCamera(camera: Camera | null): void {
    this.camera = camera;
    if (camera) this.world.setAttribute('transform', `matrix(${camera.sx} ${camera.ky ?? 0} ${camera.kx ?? 0} ${camera.sy} ${camera.ox} ${camera.oy})`);
    this.place();
  }

  /** A line said over the board instead of any drawing (null: none), e.g. "Command Post cannot read this table". */
  setMessage(text: string | null): void {
    if ((this.message.textContent || null) === text) return;
    this.message.textContent = text ?? '';
    if (text) this.message.setAttribute('data-message', '');
    else this.message.removeAttribute('data-message');
    this.place();
  }

  private place(): void {
    const said = !!this.message.textContent;
    const c = this.camera;
    const s = this.root.style;
    s.display = (this.shown && c) || said ? 'block' : 'none';
    this.world.style.display = said ? 'none' : '';
    // Over the board when it is known, else along the top of the window.
    s.left = `${c?.x ?? 0}px`;
    s.top = `${c?.y ?? 0}px`;
    s.width = c ? `${c.w}px` : '100%';
    s.height = c ? `${c.h}px` : '40px';
  }

  /** Draws a view; `label` words the reasons beside figures out of command (null: no labels). */
  draw(d: BoardView, label: Label | null, notes: readonly string[] = []): void {
    const seenRings = new Set<string>();
    for (const r of d.rings) {
      const id = `${r.id}|${r.kind}`;
      seenRings.add(id);
      const key = `${r2(r.x)},${r2(r.y)}|${shapeKey(r.shape)}`;
      const item = this.item(this.rings, id, r.shape.kind === 'circle' ? 'circle' : 'polygon', this.layers.rings, 'ring', r.name);
      if (item.key === key) continue;
      item.key = key;
      const n = item.node;
      if (r.shape.kind === 'circle') {
        n.setAttribute('cx', r2(r.x));
        n.setAttribute('cy', r2(r.y));
        n.setAttribute('r', r2(r.shape.radius));
      } else {
        n.setAttribute('points', shapeKey(r.shape));
        n.setAttribute('transform', `translate(${r2(r.x)} ${r2(r.y)})`);
      }
      n.setAttribute('data-token', r.id);
      n.setAttribute('data-kind', r.kind);
      n.setAttribute('data-shape', r.shape.kind);
      n.setAttribute('stroke', RING_COLOURS[r.kind]);
      n.setAttribute('fill', RING_COLOURS[r.kind]);
      n.setAttribute('vector-effect', 'non-scaling-stroke');
    }
    this.prune(this.rings, seenRings);

    const seenMarks = new Set<string>();
    const seenLabels = new Set<string>();
    for (const m of d.marks) {
      seenMarks.add(m.id);
      const reason = m.reason ? (label?.(m.reason) ?? '') : '';
      const key = `${r2(m.x)},${r2(m.y)},${r2(m.r)},${m.status},${m.reason?.code ?? ''},${m.closeUp === true},${reason}`;
      const item = this.item(this.marks, m.id, 'circle', this.layers.marks, 'mark', reason ? `${m.name} — ${reason}` : m.name);
      if (label && m.reason && (m.status === 'out' || m.status === 'leader' || m.status === 'none')) {
        seenLabels.add(m.id);
        this.label(m.id, m.x + m.r + 6, m.y + 4, reason);
      }
      if (item.key === key) continue;
      item.key = key;
      const n = item.node;
      n.setAttribute('cx', r2(m.x));
      n.setAttribute('cy', r2(m.y));
      n.setAttribute('r', r2(m.r + 4));
      n.setAttribute('stroke', MARK_COLOURS[m.status]);
      n.setAttribute('data-token', m.id);
      n.setAttribute('data-status', m.status);
      n.setAttribute('data-reason', m.reason?.code ?? '');
      if (m.closeUp) n.setAttribute('stroke-dasharray', '4 3');
      else n.removeAttribute('stroke-dasharray');
      n.setAttribute('vector-effect', 'non-scaling-stroke');
    }
    this.prune(this.marks, seenMarks);
    for (const [id, l] of this.labels) {
      if (seenLabels.has(id)) continue;
      l.node.remove();
      this.labels.delete(id);
    }

    // Links, keyed by their target (a figure has one parent).
    const seenEdges = new Set<string>();
    for (const e of d.edges) {
      seenEdges.add(e.to);
      const key = `${e.from}|${e.kind}|${r2(e.x1)},${r2(e.y1)},${r2(e.x2)},${r2(e.y2)}`;
      let item = this.edges.get(e.to);
      if (item && item.key === key) continue;
      if (!item) {
        const node = el('line', { 'data-to': e.to, 'vector-effect': 'non-scaling-stroke' });
        this.layers.edges.append(node);
        this.edges.set(e.to, (item = { node, key: '' }));
      }
      item.key = key;
      const n = item.node;
      n.setAttribute('x1', r2(e.x1));
      n.setAttribute('y1', r2(e.y1));
      n.setAttribute('x2', r2(e.x2));
      n.setAttribute('y2', r2(e.y2));
      n.setAttribute('data-from', e.from);
      n.setAttribute('data-kind', e.kind);
      n.setAttribute('stroke', EDGE_COLOURS[e.kind]);
    }
    for (const [id, item] of this.edges) {
      if (seenEdges.has(id)) continue;
      item.node.remove();
      this.edges.delete(id);
    }

    const notesKey = notes.join('\n');
    if (notesKey !== this.notesKey) {
      this.notesKey = notesKey;
      this.notes.replaceChildren(
        ...notes.map((line, i) => {
          const t = el('text', { x: '10', y: String(22 + i * 20), 'data-note': String(i) });
          t.textContent = line;
          return t;
        }),
      );
    }
  }

  clear(): void {
    this.prune(this.rings, new Set());
    this.prune(this.marks, new Set());
    this.layers.edges.replaceChildren();
    this.layers.labels.replaceChildren();
    this.notes.replaceChildren();
    this.notesKey = '';
    this.edges.clear();
    this.labels.clear();
  }

  private label(id: string, x: number, y: number, words: string): void {
    let l = this.labels.get(id);
    if (!l) {
      const node = el('text', { 'data-token': id, class: 'label' });
      this.layers.labels.append(node);
      this.labels.set(id, (l = { node, key: '' }));
    }
    const key = `${r2(x)},${r2(y)},${words}`;
    if (l.key === key) return;
    l.key = key;
    l.node.setAttribute('x', r2(x));
    l.node.setAttribute('y', r2(y));
    l.node.textContent = words;
  }

  private item(map: Map<string, Item>, id: string, tag: 'circle' | 'polygon', layer: SVGGElement, cls: string, name: string): Item {
    let item = map.get(id);
    if (item && item.node.tagName !== tag) {
      item.node.remove();
      item = undefined;
    }
    if (!item) {
      const node = el(tag, { class: cls });
      const title = el('title', {});
      node.append(title);
      layer.append(node);
      item = { node, key: '', title };
      map.set(id, item);
    }
    if (item.title.textContent !== name) item.title.textContent = name;
    return item;
  }

  private prune(map: Map<string, Item>, keep: Set<string>): void {
    for (const [id, item] of map) {
      if (keep.has(id)) continue;
      item.node.remove();
      map.delete(id);
    }
  }
}
