// The collision index of label placement (./labels.ts): what is placed on the screen, in a uniform
// grid of cells, and whether a box overlaps any of it. Screen px throughout.

/** A box in screen px, top-left corner and size. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A disc in screen px (a figure as seen from the camera). */
export interface Disc {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/** A segment in screen px (a leader line). */
export type Line = { readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number };

/** What the index holds; `seen` marks it as looked at by the current query (a number, not a set: queries are many). */
export type Item = (
  | { readonly kind: 'box'; readonly b: Box }
  | { readonly kind: 'disc'; readonly d: Disc }
  | { readonly kind: 'line'; readonly l: Line }
) & { seen?: number };

/** What two shapes may share without overlapping, px. */
export const EPS = 0.01;

function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.w - EPS && b.x < a.x + a.w - EPS && a.y < b.y + b.h - EPS && b.y < a.y + a.h - EPS;
}

function boxDiscOverlap(b: Box, d: Disc): boolean {
  const nx = Math.max(b.x, Math.min(d.x, b.x + b.w));
  const ny = Math.max(b.y, Math.min(d.y, b.y + b.h));
  const dx = d.x - nx;
  const dy = d.y - ny;
  return dx * dx + dy * dy < (d.r - EPS) * (d.r - EPS) && d.r > EPS;
}

/**
 * A uniform grid of what is placed: a candidate box asks only the cells it covers, so placing n
 * labels costs about n × candidates lookups, not n².
 */
export class CollisionIndex {
  /**
   * The screen's cells, column by column: an array, not a map keyed by cell (a move asks thousands).
   * What stands off the screen goes in its edge cells: a cell only narrows the search, the test decides.
   */
  private readonly cells: (Item[] | undefined)[];
  /** The screen's first column and row, and how many of each (at most 1,024). */
  private readonly grid: { readonly col0: number; readonly row0: number; readonly cols: number; readonly rows: number };
  private query = 0;
  /** What the last query that hit something hit: the candidates around one figure often meet the same neighbour. */
  private last: Item | null = null;
  /** The box `hits` asks about, for `overlapsAsked`: one test for every query, none built per query. */
  private asked: Box | null = null;
  private readonly overlapsAsked = (item: Item) => this.overlaps(this.asked!, item);

  constructor(
    screen: Box,
    private readonly size: number,
  ) {
    const [col0, row0] = [Math.floor(screen.x / size), Math.floor(screen.y / size)];
    const cols = Math.min(1024, Math.max(1, Math.floor((screen.x + screen.w) / size) - col0 + 1));
    const rows = Math.min(1024, Math.max(1, Math.floor((screen.y + screen.h) / size) - row0 + 1));
    this.grid = { col0, row0, cols, rows };
    this.cells = new Array<Item[] | undefined>(cols * rows);
  }

  /** The column or row of `v` (an x or a y), clamped to the screen's. */
  private cell(v: number, first: number, count: number): number {
    return Math.min(count - 1, Math.max(0, Math.floor(v / this.size) - first));
  }

  add(item: Item): void {
    // A disc's bounds, without building its box: a board adds a thousand figures per move.
    const d = item.kind === 'disc' ? item.d : null;
    const b = item.kind === 'box' ? item.b : item.kind === 'line' ? spanOf(item.l) : null;
    const x = d ? d.x - d.r : b!.x;
    const y = d ? d.y - d.r : b!.y;
    const [w, h] = d ? [2 * d.r, 2 * d.r] : [b!.w, b!.h];
    const { col0, row0, cols, rows } = this.grid;
    for (let cx = this.cell(x, col0, cols), x1 = this.cell(x + w, col0, cols); cx <= x1; cx++)
      for (let cy = this.cell(y, row0, rows), y1 = this.cell(y + h, row0, rows); cy <= y1; cy++)
        (this.cells[cx * rows + cy] ??= []).push(item);
  }

  private overlaps(b: Box, item: Item): boolean {
    return item.kind === 'box'
      ? boxesOverlap(b, item.b)
      : item.kind === 'disc'
        ? boxDiscOverlap(b, item.d)
        : segmentCrossesBox(item.l, b);
  }

  /** The first item in the cells the box (x, y, w, h) covers that passes `test` (each item looked at once), or null. */
  private find(x: number, y: number, w: number, h: number, test: (item: Item) => boolean): Item | null {
    const q = ++this.query;
    const { col0, row0, cols, rows } = this.grid;
    for (let cx = this.cell(x, col0, cols), x1 = this.cell(x + w, col0, cols); cx <= x1; cx++) {
      for (let cy = this.cell(y, row0, rows), y1 = this.cell(y + h, row0, rows); cy <= y1; cy++) {
        const list = this.cells[cx * rows + cy];
        if (!list) continue;
        for (const item of list) {
          if (item.seen === q) continue;
          item.seen = q;
          if (test(item)) return item;
        }
      }
    }
    return null;
  }

  /** Whether `b` overlaps anything placed (an item spanning several cells is looked at once). */
  hits(b: Box): boolean {
    if (this.last && this.overlaps(b, this.last)) return true;
    this.asked = b;
    const hit = this.find(b.x, b.y, b.w, b.h, this.overlapsAsked);
    if (hit) this.last = hit;
    return hit !== null;
  }

  /** Whether a disc within `margin` of box `b` passes `test` (the search ends at the first). */
  someDiscNear(b: Box, margin: number, test: (d: Disc) => boolean): boolean {
    const near = (item: Item) => item.kind === 'disc' && test(item.d);
    return this.find(b.x - margin, b.y - margin, b.w + 2 * margin, b.h + 2 * margin, near) !== null;
  }

  /** Whether the segment crosses a placed box (a leader line must not run through other words). */
  crosses(l: Line): boolean {
    const { x, y, w, h } = spanOf(l);
    return this.find(x, y, w, h, (item) => item.kind === 'box' && segmentCrossesBox(l, item.b)) !== null;
  }
}

const spanOf = (l: Line): Box => ({
  x: Math.min(l.x1, l.x2),
  y: Math.min(l.y1, l.y2),
  w: Math.abs(l.x2 - l.x1),
  h: Math.abs(l.y2 - l.y1),
});

/**
 * Whether the segment runs through the box's inside (touching its edge is not crossing): the segment
 * clipped to the box, one axis at a time (Liang–Barsky), keeps a piece longer than EPS.
 */
function segmentCrossesBox({ x1, y1, x2, y2 }: Line, b: Box): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const clip = (p: number, q: number): boolean => {
    // p·t ≤ q: the part of the segment on the inner side of one edge.
    if (p === 0) return q > 0;
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    return t0 < t1;
  };
  const inside =
    clip(-dx, x1 - (b.x + EPS)) &&
    clip(dx, b.x + b.w - EPS - x1) &&
    clip(-dy, y1 - (b.y + EPS)) &&
    clip(dy, b.y + b.h - EPS - y1);
  return inside && (t1 - t0) * Math.hypot(dx, dy) > EPS;
}
