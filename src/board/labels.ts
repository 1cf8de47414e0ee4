// Label placement on a crowded board, as map makers do it (Imhof; the 8-position model; MapLibre's
// collision index): every label is placed in screen px, after the camera, so that text keeps its
// size at any zoom. Each label tries positions around its figure in order, then its short form, then
// a spot further out with a leader line; a label with no room folds into a "+N" count on its group
// (a unit, a leader), and a count with no room into one count for the whole board. Nothing placed
// overlaps anything else placed, nor the obstacles (token discs, the legend), nor leaves the screen
// box. A label keeps last frame's position while it still fits, so that a move far away changes
// nothing. Pure: the painters (the SVG overlay, Owlbear's local items) only draw what comes out.

import { CollisionIndex, EPS, type Box, type Disc } from './collisions';

export type { Box, Disc } from './collisions';

export interface LabelForm {
  readonly text: string;
  /** Width of the text, px (the painter measures it in its own font). */
  readonly width: number;
}

export interface LabelRequest {
  readonly id: string;
  /** What the label speaks of: a figure, or the centre of a unit. */
  readonly anchor: Disc;
  /** Higher first. */
  readonly priority: number;
  /** The long form first, then shorter ones. */
  readonly forms: readonly LabelForm[];
  /** The count it folds into when there is no room for it (a unit, a leader); null: a count of its own. */
  readonly fold: string | null;
  /** A name: dropped without a count when there is no room (the figure's mark stays). */
  readonly optional?: boolean;
  /** Where it goes first: names below their figure, reasons to its right. */
  readonly prefer?: 'right' | 'below';
  /** Its figure is too small on screen for words beside it: straight into its count. */
  readonly foldOnly?: boolean;
  /** Hovered, focused, selected or tapped: its full words, further out if need be, before any short form. */
  readonly open?: boolean;
  /**
   * The figures it speaks of (a unit's: each of its figures): words set beside it without a line stand
   * no nearer another figure than these, so that they read as theirs (absent: the anchor alone).
   */
  readonly own?: readonly Disc[];
}

export interface PlaceOptions {
  /** The visible board, screen px: nothing is placed outside it, nothing is said of what stands outside it. */
  readonly screen: Box;
  /** Height of a one-line label with its padding, px. */
  readonly height: number;
  /** Horizontal padding added to a text's width on each side, px. */
  readonly padding: number;
  /** Room between a figure and its label, px. */
  readonly gap: number;
  /** What labels must not cover: token discs, the legend, the board's corner notes. */
  readonly obstacles?: readonly (Box | Disc)[];
  /** Last frame's placement: a label that still fits where it was stays there. */
  readonly previous?: Placement | null;
  /** Width of a count's text ("+12"), px. */
  readonly measure: (text: string) => number;
  /**
   * Every figure on the board: words beside a figure without a line must be nearer it than any of these
   * (else they seem another's: set above the next unit, a name under another's stands). Absent: not checked.
   */
  readonly figures?: readonly Disc[];
}

export interface PlacedLabel {
  readonly id: string;
  readonly text: string;
  /** Which form was placed (0: the long one). */
  readonly form: number;
  readonly box: Box;
  readonly anchor: Disc;
  /** A line from the figure to a label placed away from it. */
  readonly leader: { readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number } | null;
}

/** Labels there was no room for, said as one count near what they speak of. */
export interface FoldedCount {
  readonly id: string;
  /** The group they belong to, or `board` for the count of the whole board. */
  readonly group: string;
  readonly ids: readonly string[];
  readonly text: string;
  readonly box: Box;
}

export interface Placement {
  readonly labels: readonly PlacedLabel[];
  readonly counts: readonly FoldedCount[];
  /** Optional labels (names) left out for lack of room. */
  readonly dropped: readonly string[];
  /** Labels of figures outside the screen box: not said. */
  readonly offscreen: readonly string[];
  /** Where each label went (candidate and form), for the next frame. */
  readonly slots: ReadonlyMap<string, Slot>;
}

/** A label's position relative to its anchor: which candidate, which form. */
export interface Slot {
  readonly candidate: number;
  readonly form: number;
  /** Placed open (its figure hovered, focused, selected): once closed, it goes back where it would be. */
  readonly open?: boolean;
}

export const EMPTY_PLACEMENT: Placement = { labels: [], counts: [], dropped: [], offscreen: [], slots: new Map() };

const isDisc = (o: Box | Disc): o is Disc => 'r' in o;

/** How far a box stands from a disc's edge (0 where they touch or overlap). */
function gapTo(b: Box, d: Disc): number {
  const nx = Math.max(b.x, Math.min(d.x, b.x + b.w));
  const ny = Math.max(b.y, Math.min(d.y, b.y + b.h));
  return Math.max(0, Math.hypot(d.x - nx, d.y - ny) - d.r);
}

/** The eight positions around a figure, right first (reasons) or below first (names). */
const ORDER_RIGHT = [0, 1, 4, 6, 5, 7, 2, 3];
const ORDER_BELOW = [3, 2, 0, 1, 6, 7, 4, 5];
/** Directions (unit vectors) of the spots a leader line may reach, further out. */
const LEADER_DIRS = Array.from({ length: 8 }, (_, i) => ({
  x: Math.cos((i * Math.PI) / 4),
  y: Math.sin((i * Math.PI) / 4),
}));
/** How far out leader-line spots stand, in label heights: the first two for every label, all for an open one. */
const LEADER_RINGS = [2.2, 3.6, 5.5, 8, 11];
/** Candidates 0–7 are around the figure; 8 and up are leader-line spots. */
const AROUND = 8;

function around(candidate: number, a: Disc, w: number, h: number, gap: number): Box {
  const r = a.r + gap;
  const d = a.r * Math.SQRT1_2 + gap;
  switch (candidate) {
    case 0:
      return { x: a.x + r, y: a.y - h / 2, w, h };
    case 1:
      return { x: a.x - r - w, y: a.y - h / 2, w, h };
    case 2:
      return { x: a.x - w / 2, y: a.y - r - h, w, h };
    case 3:
      return { x: a.x - w / 2, y: a.y + r, w, h };
    case 4:
      return { x: a.x + d, y: a.y - d - h, w, h };
    case 5:
      return { x: a.x - d - w, y: a.y - d - h, w, h };
    case 6:
      return { x: a.x + d, y: a.y + d, w, h };
    default:
      return { x: a.x - d - w, y: a.y + d, w, h };
  }
}

/** A leader-line spot: the box's centre `ring` label heights beyond the figure's edge in one direction. */
function away(candidate: number, a: Disc, w: number, h: number, gap: number): Box {
  const i = candidate - AROUND;
  const dir = LEADER_DIRS[i % LEADER_DIRS.length]!;
  const ring = LEADER_RINGS[Math.floor(i / LEADER_DIRS.length)]!;
  const reach = a.r + gap + ring * h;
  // The box's near edge at that distance along the direction.
  const cx = a.x + dir.x * (reach + (Math.abs(dir.x) * w) / 2);
  const cy = a.y + dir.y * (reach + (Math.abs(dir.y) * h) / 2);
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

const CANDIDATES = AROUND + LEADER_DIRS.length * 2;
/** An open label (hovered, focused, selected) looks further out for room for its full words. */
const OPEN_CANDIDATES = AROUND + LEADER_DIRS.length * LEADER_RINGS.length;

function boxAt(candidate: number, a: Disc, w: number, h: number, gap: number): Box {
  return candidate < AROUND ? around(candidate, a, w, h, gap) : away(candidate, a, w, h, gap);
}

/** The line from the figure's edge to the nearest point of its label's box. */
function leaderLine(a: Disc, b: Box): PlacedLabel['leader'] {
  const nx = Math.max(b.x, Math.min(a.x, b.x + b.w));
  const ny = Math.max(b.y, Math.min(a.y, b.y + b.h));
  const len = Math.hypot(nx - a.x, ny - a.y) || 1;
  return { x1: a.x + ((nx - a.x) / len) * a.r, y1: a.y + ((ny - a.y) / len) * a.r, x2: nx, y2: ny };
}

const inside = (b: Box, s: Box) =>
  b.x >= s.x - EPS && b.y >= s.y - EPS && b.x + b.w <= s.x + s.w + EPS && b.y + b.h <= s.y + s.h + EPS;
const anchorOnScreen = (a: Disc, s: Box) => a.x >= s.x && a.y >= s.y && a.x <= s.x + s.w && a.y <= s.y + s.h;

/**
 * Places `requests` on the screen, by priority: each keeps where it was last frame if it still fits
 * there, else tries its candidates; then a count for each group that lost labels; optional labels
 * (names) last, so that they never push out a reason or a count.
 */
export function placeLabels(requests: readonly LabelRequest[], options: PlaceOptions): Placement {
  const { screen, height: h, padding, gap } = options;
  const index = new CollisionIndex(screen, Math.max(8, h * 2));
  const prev = options.previous?.slots;

  const visible: LabelRequest[] = [];
  const offscreen: string[] = [];
  for (const r of requests) {
    if (anchorOnScreen(r.anchor, screen) && r.forms.length > 0) visible.push(r);
    else offscreen.push(r.id);
  }
  // A board with no words to place needs no index of its figures.
  if (visible.length > 0)
    for (const o of options.obstacles ?? []) index.add(isDisc(o) ? { kind: 'disc', d: o } : { kind: 'box', b: o });
  // The bottom-right corner is kept for the board's own count, so that it never covers a label.
  const corner = cornerBox(options, '+999');
  index.add({ kind: 'box', b: corner });
  const essential = visible.filter((r) => !r.optional).sort(byPriority);
  const optional = visible.filter((r) => r.optional).sort(byPriority);

  const labels: PlacedLabel[] = [];
  const slots = new Map<string, Slot>();
  const done = new Set<string>();

  const fits = (b: Box) => inside(b, screen) && !index.hits(b);
  // The figures, to tell whose words a box beside a figure reads as.
  let figures: CollisionIndex | null = null;
  if (options.figures && visible.length > 0) {
    figures = new CollisionIndex(screen, Math.max(8, h * 2));
    for (const d of options.figures) figures.add({ kind: 'disc', d });
  }
  /** Whether words in `b`, beside their figure with no line to it, stand nearer another figure than their own. */
  const nearerAnother = (r: LabelRequest, b: Box): boolean => {
    if (!figures) return false;
    const own = r.own?.length ? r.own : [r.anchor];
    let mine = Infinity;
    for (const d of own) mine = Math.min(mine, gapTo(b, d));
    const isOwn = (d: Disc) =>
      own.some((o) => Math.abs(o.x - d.x) < 0.5 && Math.abs(o.y - d.y) < 0.5) ||
      Math.hypot(d.x - r.anchor.x, d.y - r.anchor.y) < 0.5;
    return figures.someDiscNear(b, mine, (d) => gapTo(b, d) < mine - 0.5 && !isOwn(d));
  };
  const countRequests = new Set<LabelRequest>();
  const take = (r: LabelRequest, candidate: number, form: number, b: Box) => {
    const leader = candidate >= AROUND ? leaderLine(r.anchor, b) : null;
    index.add({ kind: 'box', b });
    // A leader line is drawn: no later words may be set across it (a count is drawn without one).
    if (leader && !countRequests.has(r)) index.add({ kind: 'line', l: leader });
    labels.push({ id: r.id, text: r.forms[form]!.text, form, box: b, anchor: r.anchor, leader });
    slots.set(r.id, r.open ? { candidate, form, open: true } : { candidate, form });
    done.add(r.id);
  };
  const tryAt = (r: LabelRequest, candidate: number, form: number): boolean => {
    const b = boxAt(candidate, r.anchor, r.forms[form]!.width + 2 * padding, h, gap);
    if (!fits(b)) return false;
    if (candidate >= AROUND) {
      const l = leaderLine(r.anchor, b)!;
      if (index.crosses(l)) return false;
    } else if (nearerAnother(r, b)) return false;
    take(r, candidate, form, b);
    return true;
  };
  const keep = (r: LabelRequest) => {
    const s = prev?.get(r.id);
    if (
      s &&
      s.form < r.forms.length &&
      s.candidate < (r.open ? OPEN_CANDIDATES : CANDIDATES) &&
      (r.open ? s.form === 0 : !s.open)
    )
      tryAt(r, s.candidate, s.form);
  };
  // Where a label found no room at all, the board is full: a label near there tries only its
  // shortest form around its figure (a crowded army would otherwise try every spot of every label).
  const full = new Set<number>();
  const zone = (a: Disc) => Math.floor(a.x / (4 * h)) * 65536 + Math.floor(a.y / (4 * h));
  const place = (r: LabelRequest, thorough = false): boolean => {
    if (done.has(r.id)) return true;
    const order = r.prefer === 'below' ? ORDER_BELOW : ORDER_RIGHT;
    const last = r.forms.length - 1;
    const crowded = !thorough && full.has(zone(r.anchor));
    if (r.open) for (let c = 0; c < OPEN_CANDIDATES; c++) if (tryAt(r, order[c] ?? c, 0)) return true;
    for (let form = crowded ? last : 0; form <= last; form++) for (const c of order) if (tryAt(r, c, form)) return true;
    // Further out with a leader line: the shortest form, nearest ring first.
    if (!crowded) for (let c = AROUND; c < CANDIDATES; c++) if (tryAt(r, c, last)) return true;
    full.add(zone(r.anchor));
    return false;
  };

  // By priority, each where it was last frame if it still fits there, else wherever it can go: a
  // note that had no room last frame is never shut out by lesser ones keeping their places.
  const unplaced: LabelRequest[] = [];
  for (const r of essential) {
    if (r.foldOnly) {
      unplaced.push(r);
      continue;
    }
    keep(r);
    if (!place(r)) unplaced.push(r);
  }

  // One count per group, near the centre of what it folds; what has no room joins the board's count.
  const groups = new Map<string, LabelRequest[]>();
  for (const r of unplaced) {
    const g = r.fold ?? r.id;
    const list = groups.get(g);
    if (list) list.push(r);
    else groups.set(g, [r]);
  }
  const counts: FoldedCount[] = [];
  const overflow: string[] = [];
  for (const [group, list] of groups) {
    const x = list.reduce((s, r) => s + r.anchor.x, 0) / list.length;
    const y = list.reduce((s, r) => s + r.anchor.y, 0) / list.length;
    const r = Math.min(...list.map((l) => l.anchor.r));
    const text = `+${list.length}`;
    const id = `count:${group}`;
    const request: LabelRequest = {
      id,
      anchor: { x, y, r },
      priority: 0,
      forms: [{ text, width: options.measure(text) }],
      fold: null,
    };
    countRequests.add(request);
    const before = labels.length;
    keep(request);
    // A count is tried everywhere: it is what is left to say of its group.
    if (done.has(id) || place(request, true)) {
      const placed = labels.splice(before, 1)[0]!;
      counts.push({ id, group, ids: list.map((l) => l.id), text, box: placed.box });
    } else overflow.push(...list.map((l) => l.id));
  }
  if (overflow.length) {
    // The board's own count, in the bottom-right corner: always there, whatever else is placed.
    const text = `+${overflow.length}`;
    counts.push({ id: 'count:board', group: 'board', ids: overflow, text, box: cornerBox(options, text) });
  }

  const dropped: string[] = [];
  for (const r of optional) {
    keep(r);
    if (!place(r)) dropped.push(r.id);
  }
  return { labels, counts, dropped, offscreen, slots };
}

/** The board's count, right-aligned in the bottom-right corner: never wider than the corner kept for it. */
function cornerBox(o: PlaceOptions, text: string): Box {
  const w = Math.min(o.measure(text), o.measure('+999')) + 2 * o.padding;
  return { x: o.screen.x + o.screen.w - w - 4, y: o.screen.y + o.screen.h - o.height - 4, w, h: o.height };
}

function byPriority(a: LabelRequest, b: LabelRequest): number {
  return b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
