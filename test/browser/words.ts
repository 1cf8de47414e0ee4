// What the board writes, measured on screen (getBoundingClientRect of the rendered glyphs and of the
// boxes around them), never taken from the layout the page computed: the overlap checks of every
// tabletop's browser tests.
import type { Frame, Page } from 'playwright-core';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface BoardWords {
  /** The board's rectangle on screen. */
  readonly board: Rect;
  /** Each label, count and the key: its box, and the glyphs of the words inside it. */
  readonly boxes: readonly {
    readonly id: string;
    readonly box: Rect;
    readonly texts: readonly Rect[];
    readonly words: string;
    readonly tokens?: readonly string[];
    readonly own?: readonly string[];
    readonly leader?: boolean;
  }[];
  /** The corner notes' glyphs (Hell Dorado's Command). */
  readonly notes: readonly Rect[];
  /** Each figure's centre on screen, by token, as the overlay drew its mark. */
  readonly marks: Readonly<Record<string, { x: number; y: number }>>;
  /** Each figure's own box on screen (the tabletop's token, where the page has one to read), by token. */
  readonly figures: Readonly<Record<string, Rect>>;
  /** Each figure's unit, where the page says it (the demo's `data-unit`), by token. */
  readonly units?: Readonly<Record<string, string>>;
}

/**
 * Reads the overlay (`#command-post-overlay`) of a page or frame; `figures`: a selector for the
 * tabletop's own tokens, each with data-token (the demo's `.board .token`).
 */
export function boardWords(page: Page | Frame, figures?: string): Promise<BoardWords> {
  return page.evaluate((figureSelector) => {
    const rect = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    };
    const svg = document.querySelector('#command-post-overlay')!;
    const boxes = [...svg.querySelectorAll('[data-layer="labels"] > g, [data-layer="counts"] > g')].map((g) => ({
      id: g.getAttribute('data-label') ?? `count:${g.getAttribute('data-count')}`,
      box: rect(g.querySelector('rect')!),
      texts: [...g.querySelectorAll('text')].map(rect),
      words: g.querySelector('text')?.textContent ?? '',
      // The figures a label speaks of, and whether a leader line joins it to them.
      tokens: (g.getAttribute('data-tokens') ?? '').split(' ').filter(Boolean),
      // The figures its words name (a unit's name: its figures), where the overlay says so.
      own: (g.getAttribute('data-own') ?? '').split(' ').filter(Boolean),
      leader:
        g.hasAttribute('data-label') &&
        svg.querySelector(`[data-leader="${CSS.escape(g.getAttribute('data-label')!)}"]`) !== null,
    }));
    const legend = svg.querySelector('[data-legend-box]');
    if (legend)
      boxes.push({
        id: 'legend',
        box: rect(legend),
        texts: [...svg.querySelectorAll('[data-layer="legend"] text')].map(rect),
        words: 'legend',
        tokens: [],
        own: [],
        leader: false,
      });
    const marks: Record<string, { x: number; y: number }> = {};
    for (const m of svg.querySelectorAll('.mark')) {
      const r = m.getBoundingClientRect();
      marks[m.getAttribute('data-token')!] = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }
    const figures: Record<string, { x: number; y: number; w: number; h: number }> = {};
    const units: Record<string, string> = {};
    if (figureSelector) {
      for (const f of document.querySelectorAll<HTMLElement>(figureSelector)) {
        figures[f.dataset.token!] = rect(f);
        if (f.dataset.unit) units[f.dataset.token!] = f.dataset.unit;
      }
    }
    return {
      board: rect(svg),
      boxes,
      notes: [...svg.querySelectorAll('[data-layer="notes"] text')].map(rect),
      marks,
      figures,
      units,
    };
  }, figures ?? null);
}

const overlap = (a: Rect, b: Rect, slack = 0.5) =>
  a.x < b.x + b.w - slack && b.x < a.x + a.w - slack && a.y < b.y + b.h - slack && b.y < a.y + a.h - slack;
const within = (inner: Rect, outer: Rect, slack = 1) =>
  inner.x >= outer.x - slack &&
  inner.y >= outer.y - slack &&
  inner.x + inner.w <= outer.x + outer.w + slack &&
  inner.y + inner.h <= outer.y + outer.h + slack;

/** A box over a disc, by more than half a pixel. */
function coversDisc(b: Rect, d: { x: number; y: number; r: number }, slack = 0.5): boolean {
  const nx = Math.max(b.x, Math.min(d.x, b.x + b.w));
  const ny = Math.max(b.y, Math.min(d.y, b.y + b.h));
  return Math.hypot(d.x - nx, d.y - ny) < d.r - slack;
}

/**
 * What is wrong with the words on a board, one line each (empty: nothing): two boxes that overlap,
 * words that spill out of their box, a box that runs past the board's edge, a box over a corner note,
 * two names that read alike or one cut with an ellipsis, words over a figure, a figure under the key,
 * words beside a figure nearer another one (with no line to say whose they are).
 */
export function wordProblems(w: BoardWords): string[] {
  const problems: string[] = [];
  const { boxes } = w;
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i]!;
    if (!within(a.box, w.board)) problems.push(`${a.id} (${a.words}) runs past the board's edge`);
    for (const t of a.texts)
      if (!within(t, a.box)) problems.push(`${a.id} (${a.words}): its words spill out of its box`);
    for (const n of w.notes) if (overlap(a.box, n)) problems.push(`${a.id} (${a.words}) covers a corner note`);
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j]!;
      if (overlap(a.box, b.box)) problems.push(`${a.id} (${a.words}) overlaps ${b.id} (${b.words})`);
    }
  }
  // Words over a figure, or a figure under the key: the token's disc (its box's inscribed circle).
  for (const a of boxes) {
    for (const [token, f] of Object.entries(w.figures)) {
      if (!coversDisc(a.box, { x: f.x + f.w / 2, y: f.y + f.h / 2, r: Math.min(f.w, f.h) / 2 })) continue;
      problems.push(a.id === 'legend' ? `the key hides ${token}` : `${a.id} (${a.words}) covers ${token}`);
    }
  }
  // Words beside a figure, with no line to it, that stand nearer another figure than their own (a
  // unit's: any of its figures) read as that other's. A unit's name speaks of its unit's figures (the
  // overlay's data-own; a page that says no more: the figures of the unit its data-unit names). A
  // figure wholly off the board's edge (zoomed in) is seen by no one: no words read as his.
  const disc = (f: Rect) => ({ x: f.x + f.w / 2, y: f.y + f.h / 2, r: Math.max(f.w, f.h) / 2 });
  const gapTo = (b: Rect, d: { x: number; y: number; r: number }) =>
    Math.max(
      0,
      Math.hypot(d.x - Math.max(b.x, Math.min(d.x, b.x + b.w)), d.y - Math.max(b.y, Math.min(d.y, b.y + b.h))) - d.r,
    );
  const seen = Object.entries(w.figures).filter(([, f]) => overlap(f, w.board, 0));
  for (const a of boxes) {
    if (a.leader || !/^(?:reason|unit|name|unit-name):/.test(a.id)) continue;
    const unit = a.id.startsWith('unit-name:') ? a.id.slice('unit-name:'.length) : null;
    const own = new Set(
      a.own?.length
        ? a.own
        : unit === null
          ? (a.tokens ?? [])
          : Object.keys(w.units ?? {}).filter((t) => w.units![t] === unit),
    );
    const mine = Math.min(...[...own].flatMap((t) => (w.figures[t] ? [gapTo(a.box, disc(w.figures[t]!))] : [])));
    if (!Number.isFinite(mine)) {
      // Words that name no figure the page shows: nothing to measure them by (the check would be blind).
      if (seen.length > 0) problems.push(`${a.id} (${a.words}) names no figure the page shows`);
      continue;
    }
    // A few px for the rings the placer measures (a mark's ring stands a little outside its figure).
    const other = seen.find(([t, f]) => !own.has(t) && gapTo(a.box, disc(f)) + 4 < mine);
    if (other)
      problems.push(`${a.id} (${a.words}) stands ${Math.round(mine)} px from its own figure, nearer ${other[0]}`);
  }
  // Names shortened so that they read alike ("Sergent…" five times): a player cannot tell who is who.
  const names = new Map<string, string>();
  for (const a of boxes) {
    if (!/^(?:unit-)?name:/.test(a.id)) continue;
    if (a.words.endsWith('…')) problems.push(`${a.id} (${a.words}) is cut short with an ellipsis`);
    const other = names.get(a.words.toLocaleLowerCase());
    if (other !== undefined) problems.push(`${a.id} and ${other} both read "${a.words}"`);
    else names.set(a.words.toLocaleLowerCase(), a.id);
  }
  return problems;
}
