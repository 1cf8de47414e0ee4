// A board view laid out on the screen, the same for every tabletop: what is said (./notes.ts) in the
// user's words, each figure's badge, the key in the corner (./legend.ts), and where every label goes
// (./labels.ts), in screen px under the tabletop's camera. The painters (the SVG overlay, Owlbear's
// local items) draw exactly this and decide nothing.
import type { Say } from '../i18n/reasons';
import { text } from '../i18n/text';
import { placeLabels, type Box, type Disc, type FoldedCount, type LabelRequest, type Placement } from './labels';
import { legendOf, legendText, type LegendEntry } from './legend';
import { BADGE_MIN_PX, BADGE_PX, MARK_LOOKS } from './look';
import type { BoardView, BoundTable, MarkStatus } from './model';
import type { Token } from '../table/model';
import { boardNotes, type BoardNote, type NoteOptions } from './notes';
import { requestContext, requestsOf, toScreen, type Geometry } from './requests';

/**
 * Scene px → screen px, relative to the board's top-left corner: `x' = x·sx + y·kx + ox`,
 * `y' = x·ky + y·sy + oy` (kx, ky: a turned camera's, 0 by default).
 */
export interface Projection {
  readonly sx: number;
  readonly sy: number;
  readonly ox: number;
  readonly oy: number;
  readonly kx?: number;
  readonly ky?: number;
}

/** The label font as the painter draws it, px. */
export interface LabelFont {
  /** A label's height with its padding. */
  readonly height: number;
  readonly padding: number;
  /** Room between a figure's mark and its label. */
  readonly gap: number;
  /** The key's row height. */
  readonly row: number;
}

export const LABEL_FONT: LabelFont = { height: 18, padding: 4, gap: 6, row: 18 };

/** Below this diameter on screen a figure's name gives way to its mark (it shows on hover, focus or selection). */
export const MIN_NAMED_DIAMETER = 10;
/** Below this one, its reason too: folded into its unit's "+N" (hover, focus or selection bring it back). */
export const MIN_SAID_DIAMETER = 5;
/** How far a mark's ring stands outside its token, screen px (the overlay draws it 4 scene px out at zoom 1). */
const RING_OUT = 4;

export interface LayoutOptions extends NoteOptions {
  readonly say: Say;
  /** The catalogue's language, for numbers ("1,5"). */
  readonly locale: string;
  /** Width of a text in the label font, px. */
  readonly measure: (text: string) => number;
  readonly camera: Projection;
  /** The board's size on screen, px. */
  readonly width: number;
  readonly height: number;
  readonly font?: LabelFont;
  /** Figures hovered, focused or selected: their words are said first, whatever the zoom. */
  readonly focus?: ReadonlySet<string>;
  /** Draw the key in the bottom-left corner. */
  readonly legend: boolean;
  /** What labels must keep clear of besides the figures (the board's corner notes, a message). */
  readonly reserved?: readonly Box[];
  readonly previous?: BoardLayout | null;
}

export interface LaidLabel {
  readonly id: string;
  readonly kind: BoardNote['kind'];
  readonly status: MarkStatus;
  readonly tokens: readonly string[];
  /** The figures its words name (a unit's name: its figures, though it speaks for none of them). */
  readonly own: readonly string[];
  readonly text: string;
  /** Its long form, when a shorter one was placed (a title for hover). */
  readonly full: string;
  readonly box: Box;
  readonly leader: { readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number } | null;
}

export interface LaidCount extends FoldedCount {
  /** What the folded notes say, one line each (a title for hover). */
  readonly lines: readonly string[];
}

export interface Badge {
  readonly token: string;
  readonly status: MarkStatus;
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

export interface LaidLegend {
  readonly box: Box;
  /** Where it stands (./layout.ts SPOTS), kept from frame to frame. */
  readonly spot: string;
  /** No room clear of the figures: its title alone, which says so. */
  readonly folded: boolean;
  readonly title: string;
  readonly rows: readonly { readonly entry: LegendEntry; readonly text: string; readonly y: number }[];
}

export interface BoardLayout {
  readonly labels: readonly LaidLabel[];
  readonly counts: readonly LaidCount[];
  readonly badges: readonly Badge[];
  readonly legend: LaidLegend | null;
  /** The whole key's size, screen px, folded or not: the room a tabletop's fit may leave it. */
  readonly keySize: { readonly w: number; readonly h: number } | null;
  /** Every note's words by token, placed or not: what hover, focus and the popup can show. */
  readonly words: ReadonlyMap<string, string>;
  readonly placement: Placement;
}

/** How many screen px a scene px is, whichever way the camera is turned. */
const scaleOf = (c: Projection) => Math.sqrt(Math.abs(c.sx * c.sy - (c.kx ?? 0) * (c.ky ?? 0)));

/**
 * Where the key may stand, as fractions of the room left beside it ("0,1": bottom left): the three
 * free corners first (the bottom right is the board's own "+N"), then along the board's edges.
 */
const SPOTS: readonly string[] = (() => {
  const spots = ['0,1', '1,0', '0,0'];
  for (let i = 1; i < 8; i++) spots.push(`${i / 8},1`, `${i / 8},0`, `0,${i / 8}`, `1,${i / 8}`);
  return spots;
})();

/** The sign short reasons start with (`board_short_*`): the key explains it wherever the board shows one. */
const SHORT_SIGN = '✕';

/** The key's title is drawn semi-bold (600): wider than the label font measures it. */
const TITLE_WEIGHT = 1.15;

/** The key's box at a spot, sized to its rows; folded, its title alone, saying why. */
function laidLegend(
  entries: readonly LegendEntry[],
  o: LayoutOptions,
  font: LabelFont,
  spot: string,
  folded = false,
): LaidLegend | null {
  if (!o.legend || entries.length === 0 || o.width < 120 || o.height < 80) return null;
  const title = o.say(text(folded ? 'board_key_folded' : 'board_key_title'));
  const rows = folded ? [] : entries.map((entry) => ({ entry, text: o.say(legendText(entry)) }));
  const swatch = 26;
  const w = Math.min(
    o.width - 8,
    Math.max(o.measure(title) * TITLE_WEIGHT, ...rows.map((r) => swatch + 6 + o.measure(r.text))) +
      2 * font.padding +
      4,
  );
  const h = Math.min(o.height - 8, (rows.length + 1) * font.row + 2 * font.padding);
  const [fx, fy] = spot.split(',').map(Number) as [number, number];
  const box = { x: 4 + fx * Math.max(0, o.width - w - 8), y: 4 + fy * Math.max(0, o.height - h - 8), w, h };
  return {
    box,
    spot,
    folded,
    title,
    rows: rows.map((r, i) => ({ ...r, y: box.y + font.padding + (i + 1) * font.row })),
  };
}

/** A laid key at another spot. */
function moved(l: LaidLegend | null, o: LayoutOptions, spot: string): LaidLegend | null {
  if (!l) return null;
  const [fx, fy] = spot.split(',').map(Number) as [number, number];
  const box = {
    ...l.box,
    x: 4 + fx * Math.max(0, o.width - l.box.w - 8),
    y: 4 + fy * Math.max(0, o.height - l.box.h - 8),
  };
  return { ...l, spot, box, rows: l.rows.map((r) => ({ ...r, y: r.y - l.box.y + box.y })) };
}

const hitsBox = (b: Box, o: Box | Disc) =>
  'r' in o
    ? o.x + o.r > b.x && o.x - o.r < b.x + b.w && o.y + o.r > b.y && o.y - o.r < b.y + b.h
    : o.x < b.x + b.w && b.x < o.x + o.w && o.y < b.y + b.h && b.y < o.y + o.h;

/**
 * Where the key hides no figure, as map makers put the key where the map says least: a corner, else
 * along an edge; last frame's spot while it is still clear, so that the key does not jump about as
 * figures move. Where every spot hides one, the key folds to its title, which says so, at the spot
 * that hides fewest. Never over a corner note nor over the board's "+N".
 */
function legendSpot(
  entries: readonly LegendEntry[],
  o: LayoutOptions,
  font: LabelFont,
  figures: readonly Disc[],
  keep: readonly Box[],
  previous: LaidLegend | null | undefined,
): { spot: string; folded: boolean } {
  // What a spot hides, counted no further than `limit` (a crowded board asks 60 spots of 1,000 figures).
  // Its words said and measured once; only its place changes from spot to spot.
  const whole = laidLegend(entries, o, font, SPOTS[0]!, false);
  const short = laidLegend(entries, o, font, SPOTS[0]!, true);
  const cost = (spot: string, folded: boolean, limit: number) => {
    const l = moved(folded ? short : whole, o, spot);
    if (!l) return 0;
    let n = 0;
    for (const r of keep) if (hitsBox(l.box, r)) n += 1000;
    for (let i = 0; i < figures.length && n <= limit; i++) if (hitsBox(l.box, figures[i]!)) n++;
    return n;
  };
  if (previous && !previous.folded && cost(previous.spot, false, 0) === 0)
    return { spot: previous.spot, folded: false };
  for (const spot of SPOTS) if (cost(spot, false, 0) === 0) return { spot, folded: false };
  let best = SPOTS[0]!;
  let least = Infinity;
  for (const spot of [...(previous ? [previous.spot] : []), ...SPOTS]) {
    const n = cost(spot, true, least);
    if (n < least) [best, least] = [spot, n];
  }
  return { spot: best, folded: true };
}

/** The camera as the board's words need it: its projection, its scale, how far a ring stands out, how words are measured. */
function geometryOf(o: Pick<LayoutOptions, 'camera' | 'measure'>): Geometry & { readonly ringOut: number } {
  const c = o.camera;
  const k = scaleOf(c);
  const [kx, ky] = [c.kx ?? 0, c.ky ?? 0];
  const ringOut = RING_OUT * Math.min(1, k) + 1.5;
  return { sx: c.sx, sy: c.sy, ox: c.ox, oy: c.oy, kx, ky, k, ringOut, measure: o.measure, minSaid: MIN_SAID_DIAMETER };
}

/**
 * What words keep clear of, on screen: each marked figure's ring (and the circle round an oblong base),
 * its status badge, and every other token, marked or not (words never cover a figure, and the key
 * hides none); `figures` are the discs alone, to tell whose words a box reads as.
 */
function figuresOf(
  view: BoardView,
  bound: Pick<BoundTable, 'tokens' | 'lost'>,
  geometry: Geometry & { readonly ringOut: number },
  o: Pick<LayoutOptions, 'width' | 'height' | 'reserved'>,
): { obstacles: (Box | Disc)[]; figures: Disc[]; badges: Badge[] } {
  const { k, ringOut } = geometry;
  const onScreen = (d: Disc) => d.x + d.r >= 0 && d.y + d.r >= 0 && d.x - d.r <= o.width && d.y - d.r <= o.height;
  const obstacles: (Box | Disc)[] = [...(o.reserved ?? [])];
  const figures: Disc[] = [];
  const badges: Badge[] = [];
  // A mark rings the disc inside its token; an oblong base (a 2×1 cavalry base) reaches beyond it, turned
  // any way: the circle round its box keeps words off its ends.
  let oblong: Map<string, Token> | null = null;
  for (const t of bound.tokens) if (t.footprint.width !== t.footprint.height) (oblong ??= new Map()).set(t.id, t);
  for (const m of view.marks) {
    const r = m.r * k;
    const ring = toScreen(m, geometry, ringOut);
    if (!onScreen(ring)) continue;
    obstacles.push(ring);
    figures.push(ring);
    const long = oblong?.get(m.id);
    if (long) {
      const round = { ...ring, r: (Math.hypot(long.footprint.width, long.footprint.height) / 2) * k + 1 };
      obstacles.push(round);
      figures.push(round);
    }
    if (MARK_LOOKS[m.status].badge === 'none') continue;
    const size = Math.max(BADGE_MIN_PX, Math.min(BADGE_PX, r));
    // Upper left: tabletops put their own markers (a leader's flag, a radio) at the upper right.
    const b = {
      token: m.id,
      status: m.status,
      x: ring.x - ring.r * Math.SQRT1_2,
      y: ring.y - ring.r * Math.SQRT1_2,
      size,
    };
    badges.push(b);
    obstacles.push({ x: b.x - size / 2, y: b.y - size / 2, w: size, h: size });
  }
  const marked = new Set(view.marks.map((m) => m.id));
  for (const t of [...bound.tokens, ...bound.lost]) {
    if (marked.has(t.id)) continue;
    const disc = toScreen(
      { x: t.center.x, y: t.center.y, r: Math.max(t.footprint.width, t.footprint.height) / 2 },
      geometry,
    );
    if (!onScreen(disc)) continue;
    const d = { ...disc, r: disc.r + 1 };
    obstacles.push(d);
    figures.push(d);
  }
  return { obstacles, figures, badges };
}

/** Each note's words in full (its longest form), and each figure's own (its reason's or its unit's): said whether or not the board finds them room. */
function saidOf(
  notes: readonly BoardNote[],
  requests: readonly LabelRequest[],
): { words: Map<string, string>; longest: Map<string, string> } {
  const words = new Map<string, string>();
  const longest = new Map<string, string>();
  notes.forEach((n, i) => {
    const said = requests[i]!.forms[0]!.text;
    longest.set(n.id, said);
    if (n.kind === 'reason' || n.kind === 'unit') for (const t of n.tokens) words.set(t, said);
  });
  return { words, longest };
}

/**
 * The key, laid out before the labels so that they keep clear of it (with room for its "+N" row and
 * its "✕" row, each drawn once the board shows one), clear of every figure, the corner notes and the
 * board's "+N": its entries, its spot, whether it folds, and the room it takes.
 */
function keyRoom(
  view: BoardView,
  requests: readonly LabelRequest[],
  o: LayoutOptions,
  font: LabelFont,
  figures: readonly Disc[],
): { entries: LegendEntry[]; spot: string; folded: boolean; whole: LaidLegend | null; room: LaidLegend | null } {
  const entries = legendOf(view, false);
  const mayShorten = requests.some((r) => r.forms.some((f) => f.text.includes(SHORT_SIGN)));
  const roomy: LegendEntry[] = [...entries, { kind: 'count' }, ...(mayShorten ? [{ kind: 'short' } as const] : [])];
  const countCorner = { x: o.width - 64, y: o.height - font.height - 8, w: 64, h: font.height + 8 };
  const keep = [...(o.reserved ?? []), countCorner];
  const { spot, folded } = legendSpot(roomy, o, font, figures, keep, o.previous?.legend);
  const whole = laidLegend(roomy, o, font, spot);
  return { entries, spot, folded, whole, room: folded ? laidLegend(roomy, o, font, spot, true) : whole };
}

export function layoutBoard(
  view: BoardView,
  bound: Pick<BoundTable, 'tokens' | 'lost' | 'pieces'>,
  o: LayoutOptions,
): BoardLayout {
  const font = o.font ?? LABEL_FONT;
  const screen: Box = { x: 0, y: 0, w: o.width, h: o.height };
  const focus = o.focus ?? new Set<string>();
  const geometry = geometryOf(o);
  const k = geometry.k;
  const { obstacles, figures, badges } = figuresOf(view, bound, geometry, o);

  // Names of figures too small on screen are not even said (hover, focus or selection bring them back).
  const notes = boardNotes(view, bound, { ...o, minNamed: MIN_NAMED_DIAMETER / 2 / (k || 1) });
  const byId = new Map(notes.map((n) => [n.id, n]));
  const focused = (n: BoardNote) => focus.size > 0 && n.tokens.some((t) => focus.has(t));
  const requests = requestsOf(notes, requestContext(geometry, o.say, o.locale), focused);
  const { words, longest } = saidOf(notes, requests);

  const { entries, spot, folded, whole, room } = keyRoom(view, requests, o, font, figures);
  const placement = placeLabels(requests, {
    screen,
    height: font.height,
    padding: font.padding,
    gap: font.gap,
    obstacles: room ? [...obstacles, room.box] : obstacles,
    previous: o.previous?.placement,
    measure: o.measure,
    figures,
  });
  const shortened = placement.labels.some((l) => l.text.includes(SHORT_SIGN));
  const legend = laidLegend(
    [
      ...entries,
      ...(placement.counts.length > 0 ? [{ kind: 'count' } as const] : []),
      ...(shortened ? [{ kind: 'short' } as const] : []),
    ],
    o,
    font,
    spot,
    folded,
  );

  return {
    labels: placement.labels.map((l): LaidLabel => {
      const n = byId.get(l.id)!;
      const own = n.own.map((f) => f.token);
      const full = longest.get(l.id) ?? l.text;
      return {
        id: l.id,
        kind: n.kind,
        status: n.status,
        tokens: n.tokens,
        own,
        text: l.text,
        full,
        box: l.box,
        leader: l.leader,
      };
    }),
    counts: placement.counts.map((cnt): LaidCount => ({
      ...cnt,
      lines: cnt.ids.map((id) => longest.get(id) ?? '').filter(Boolean),
    })),
    badges,
    legend,
    keySize: whole ? { w: whole.box.w, h: whole.box.h } : null,
    words,
    placement,
  };
}
