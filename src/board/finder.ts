// Who is out, in one key: the finder steps through every figure out of command and every leader who
// cannot command, in an order a player can follow (the figures out first, unit by unit, then the
// leaders; left to right, top to bottom within), so that pressing it again and again visits each
// once before coming back to the first. Each tabletop centres the figure and opens its words.
import { sayReason, type Say } from '../i18n/reasons';
import { text } from '../i18n/text';
import type { BoardView, Mark } from './model';

export interface FinderStop {
  readonly token: string;
  readonly name: string;
  readonly status: 'out' | 'blocked';
  readonly reason: Mark['reason'];
  /** Where the figure stands, scene px. */
  readonly x: number;
  readonly y: number;
}

const RANK = { out: 0, blocked: 1 } as const;

/**
 * Who is out, counted once for every place that says it (the popup's live line, the finder's button,
 * the key): the figures out of command, and the leaders who cannot command. The finder visits both.
 */
export function outCounts(items: Iterable<{ readonly status: string }>): {
  readonly out: number;
  readonly blocked: number;
} {
  let out = 0;
  let blocked = 0;
  for (const { status } of items) {
    if (status === 'out') out++;
    else if (status === 'blocked') blocked++;
  }
  return { out, blocked };
}

/** The stops of a view, in the order the finder visits them. */
export function finderStops(view: Pick<BoardView, 'marks'>): FinderStop[] {
  const stops: (FinderStop & { unit: string })[] = [];
  for (const m of view.marks) {
    if (m.status !== 'out' && m.status !== 'blocked') continue;
    stops.push({
      token: m.id,
      name: m.name,
      status: m.status,
      reason: m.reason,
      x: m.x,
      y: m.y,
      unit: m.unit ?? `~${m.id}`,
    });
  }
  // A unit where its first figure stands: units left to right, then top to bottom.
  const first = new Map<string, { x: number; y: number }>();
  for (const s of stops) {
    const f = first.get(s.unit);
    if (!f || s.y < f.y || (s.y === f.y && s.x < f.x)) first.set(s.unit, { x: s.x, y: s.y });
  }
  stops.sort((a, b) => {
    if (a.status !== b.status) return RANK[a.status] - RANK[b.status];
    const ua = first.get(a.unit)!;
    const ub = first.get(b.unit)!;
    if (a.unit !== b.unit) return ua.x - ub.x || ua.y - ub.y || (a.unit < b.unit ? -1 : 1);
    return a.y - b.y || a.x - b.x || (a.token < b.token ? -1 : a.token > b.token ? 1 : 0);
  });
  return stops.map(({ unit: _unit, ...s }) => s);
}

/**
 * The stop after (`step` 1) or before (-1) the figure `from` (none, or one that is no stop: the first
 * or the last); null when nobody is out.
 */
export function nextStop(
  stops: readonly FinderStop[],
  from: string | null,
  step: 1 | -1 = 1,
): { readonly stop: FinderStop; readonly index: number } | null {
  if (stops.length === 0) return null;
  const at = from === null ? -1 : stops.findIndex((s) => s.token === from);
  const index = at < 0 ? (step === 1 ? 0 : stops.length - 1) : (at + step + stops.length) % stops.length;
  return { stop: stops[index]!, index };
}

/** What the finder says of the stop it centred, on every tabletop: "2 of 7 · 18e de ligne a: …", its reason in full words. */
export function sayStop(
  found: { readonly stop: FinderStop; readonly index: number } | null,
  count: number,
  say: Say,
  locale: string,
): string {
  if (!found) return say(text('board_finder_none'));
  const { stop, index } = found;
  const why = stop.reason ? sayReason(stop.reason, say, locale) : say(text(`board_status_${stop.status}`));
  return say(text('board_finder_said', index + 1, count, stop.name, why));
}
