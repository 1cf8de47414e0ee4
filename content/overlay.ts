// The overlay above the Roll20 board: one SVG clipped to the renderer's canvas rectangle, pointer
// events passing through. Shapes live in page px inside one group whose transform is the camera
// (so a pan or zoom rewrites one attribute); each element is only touched when it changed.
// Names go into <title> as text (textContent), never as markup.
// Bundled into content-roll20-view.js (content/roll20-view.ts).
import type { RangeShape } from '../src/geometry/shapes';
import type { Drawing, MarkStatus } from '../src/adapters/roll20/live';
import type { View } from '../src/adapters/roll20/protocol';

const SVG = 'http://www.w3.org/2000/svg';
export const OVERLAY_ID = 'command-post-overlay';

const COLOURS: Readonly<Record<MarkStatus, string>> = {
  leader: '#2563eb',
  commanded: '#16a34a',
  link: '#d97706',
  out: '#dc2626',
  none: '#9ca3af',
};

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

export class Overlay {
  readonly root: SVGSVGElement;
  private readonly world: SVGGElement;
  private readonly layers: { rings: SVGGElement; edges: SVGGElement; marks: SVGGElement };
  private readonly rings = new Map<string, Item>();
  private readonly marks = new Map<string, Item>();
  private readonly edges = new Map<string, { node: SVGLineElement; key: string }>();
  private view: View | null = null;
  private shown = false;

  constructor() {
    this.root = el('svg', { id: OVERLAY_ID, 'aria-hidden': 'true' });
    // Inline styles: Roll20's stylesheets must not reach it, and it must never take a click.
    this.root.style.cssText = 'position:fixed;left:0;top:0;width:0;height:0;pointer-events:none;overflow:hidden;z-index:2147480000;display:none';
    this.world = el('g', { 'data-layer': 'world' });
    this.layers = {
      rings: el('g', { 'data-layer': 'rings', fill: 'rgba(37,99,235,0.08)', stroke: '#2563eb', 'stroke-width': '2' }),
      edges: el('g', { 'data-layer': 'edges', stroke: '#d97706', 'stroke-width': '2', 'stroke-dasharray': '6 4' }),
      marks: el('g', { 'data-layer': 'marks', fill: 'none', 'stroke-width': '3' }),
    };
    this.world.append(this.layers.rings, this.layers.edges, this.layers.marks);
    this.root.append(this.world);
    document.documentElement.append(this.root);
  }

  /** Shows the overlay only when there is a camera to follow and drawing is wanted. */
  setVisible(on: boolean): void {
    this.shown = on;
    this.root.style.display = on && this.view ? 'block' : 'none';
  }

  setView(view: View | null): void {
    this.view = view;
    this.root.style.display = this.shown && view ? 'block' : 'none';
    if (!view) return;
    const s = this.root.style;
    s.left = `${view.x}px`;
    s.top = `${view.y}px`;
    s.width = `${view.w}px`;
    s.height = `${view.h}px`;
    this.world.setAttribute('transform', `matrix(${view.sx} 0 0 ${view.sy} ${view.ox} ${view.oy})`);
  }

  draw(d: Drawing, onlyChanged = true): void {
    const seenRings = new Set<string>();
    for (const r of d.rings) {
      seenRings.add(r.id);
      const key = `${r2(r.x)},${r2(r.y)}|${shapeKey(r.shape)}`;
      const item = this.item(this.rings, r.id, r.shape.kind === 'circle' ? 'circle' : 'polygon', this.layers.rings, 'ring', r.name);
      if (onlyChanged && item.key === key) continue;
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
      n.setAttribute('data-shape', r.shape.kind);
      n.setAttribute('vector-effect', 'non-scaling-stroke');
    }
    this.prune(this.rings, seenRings);

    const seenMarks = new Set<string>();
    for (const m of d.marks) {
      seenMarks.add(m.id);
      const key = `${r2(m.x)},${r2(m.y)},${r2(m.r)},${m.status}`;
      const item = this.item(this.marks, m.id, 'circle', this.layers.marks, 'mark', m.name);
      if (onlyChanged && item.key === key) continue;
      item.key = key;
      const n = item.node;
      n.setAttribute('cx', r2(m.x));
      n.setAttribute('cy', r2(m.y));
      n.setAttribute('r', r2(m.r + 4));
      n.setAttribute('stroke', COLOURS[m.status]);
      n.setAttribute('data-status', m.status);
      n.setAttribute('vector-effect', 'non-scaling-stroke');
    }
    this.prune(this.marks, seenMarks);

    // Chain links, keyed by their target (a figure has one parent).
    const seenEdges = new Set<string>();
    for (const e of d.edges) {
      seenEdges.add(e.to);
      const key = `${e.from}|${r2(e.x1)},${r2(e.y1)},${r2(e.x2)},${r2(e.y2)}`;
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
    }
    for (const [id, item] of this.edges) {
      if (seenEdges.has(id)) continue;
      item.node.remove();
      this.edges.delete(id);
    }
  }

  clear(): void {
    this.prune(this.rings, new Set());
    this.prune(this.marks, new Set());
    this.layers.edges.replaceChildren();
    this.edges.clear();
  }

  private item(map: Map<string, Item>, id: string, tag: 'circle' | 'polygon', layer: SVGGElement, cls: string, name: string): Item {
    let item = map.get(id);
    if (item && item.node.tagName !== tag) {
      item.node.remove();
      item = undefined;
    }
    if (!item) {
      const node = el(tag, { class: cls, 'data-id': id });
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
