// Helpers every system's "roster from the board" shares: which tokens are not linked yet, how the
// tabletop groups them, how its sides map onto the game's, and which pieces an event created.
import type { DraftEntry, RosterDraft, TableFigure } from '../rules/descriptor';
import type { Binding, Piece } from './model';

export interface FigureGroup {
  /** The tabletop's side and grouping (Roll20 marker badge, demo unit), null when it has none. */
  readonly side: string | null;
  readonly unit: string | null;
  readonly leaders: readonly TableFigure[];
  readonly figures: readonly TableFigure[];
}

/** Applies events one by one and says which pieces each created (the links of a roster taken from the board). */
export function foldCreating<S, E>(
  apply: (state: S, event: E) => { ok: true; value: S } | { ok: false },
  piecesOf: (state: S) => readonly Piece[],
  state: S,
  events: readonly E[],
): { state: S; created: string[][] } | null {
  const created: string[][] = [];
  let current = state;
  for (const event of events) {
    const next = apply(current, event);
    if (!next.ok) return null;
    created.push(createdPieces(piecesOf(current), piecesOf(next.value)));
    current = next.value;
  }
  return { state: current, created };
}

/** "Rifleman 3", "Rifleman #3", "Rifleman-3" → "Rifleman": the name a group of tokens shares. */
export const nameStem = (name: string): string => name.replace(/[\s#\-_]*\d+\s*$/, '').trim();

/** A name for a group of tokens: their shared stem, else the first name. */
export const groupName = (figures: readonly { readonly name: string }[], fallback: string): string => {
  const stems = new Set(figures.map((f) => nameStem(f.name)));
  const only = stems.size === 1 ? [...stems][0]! : '';
  return (only || figures[0]?.name || fallback).slice(0, 40);
};

/**
 * Tokens not linked yet, by side then grouping, in the order the board lists them. A token hidden
 * from players is never among them: a roster is the whole table's to read, so a piece taken from a
 * hidden token would name it to every player.
 */
export function unlinkedGroups(figures: readonly TableFigure[], binding: Binding): FigureGroup[] {
  const groups = new Map<
    string,
    { side: string | null; unit: string | null; leaders: TableFigure[]; figures: TableFigure[] }
  >();
  for (const f of figures) {
    if (binding.links[f.id] !== undefined || f.hidden) continue;
    const key = `${f.side ?? ''}\u0000${f.unit ?? `\u0001${f.id}`}`;
    const g = groups.get(key) ?? groups.set(key, { side: f.side, unit: f.unit, leaders: [], figures: [] }).get(key)!;
    (f.role === 'leader' ? g.leaders : g.figures).push(f);
  }
  return [...groups.values()];
}

/**
 * Tabletop side → game side: the pairs already bound, then the other tabletop sides, in order of
 * appearance, onto the game sides still free. A side with nowhere to go stays unmapped.
 */
export function mapSides(
  figures: readonly TableFigure[],
  binding: Binding,
  gameSides: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = { ...binding.sides };
  const free = gameSides.filter((s) => !Object.values(out).includes(s));
  for (const f of figures) {
    if (f.side === null || f.hidden || out[f.side] !== undefined) continue;
    const next = free.shift();
    if (next === undefined) break;
    out[f.side] = next;
  }
  return out;
}

/**
 * The draft of systems whose armies are leaders and units on two sides (Désastre Colonial, the
 * command roll): each leader token a leader, each tabletop grouping a unit, the tabletop's sides
 * mapped onto the game's; an entry without a side is left out until the player gives it one.
 */
export function leadersAndUnits(
  figures: readonly TableFigure[],
  binding: Binding,
  gameSides: readonly string[],
  fields: { readonly leader: DraftEntry['fields']; readonly unit: DraftEntry['fields'] },
): RosterDraft {
  const sides = mapSides(figures, binding, gameSides);
  const entries: DraftEntry[] = [];
  for (const g of unlinkedGroups(figures, binding)) {
    const side = g.side === null ? null : (sides[g.side] ?? null);
    for (const l of g.leaders)
      entries.push({
        key: `leader:${l.id}`,
        tokens: [l.id],
        kind: 'leader',
        side,
        name: l.name.slice(0, 60),
        fields: fields.leader,
        include: side !== null,
      });
    if (g.figures.length > 0) {
      entries.push({
        key: `unit:${g.side ?? ''}/${g.unit ?? g.figures[0]!.id}`,
        tokens: g.figures.map((f) => f.id),
        kind: 'unit',
        side,
        name: groupName(g.figures, 'Unit'),
        fields: fields.unit,
        include: side !== null,
      });
    }
  }
  return { sides, entries };
}

/** The ids of the pieces in `after` that were not in `before`, in roster order. */
export function createdPieces(before: readonly Piece[], after: readonly Piece[]): string[] {
  const had = new Set(before.map((p) => p.id));
  return after.filter((p) => !had.has(p.id)).map((p) => p.id);
}
