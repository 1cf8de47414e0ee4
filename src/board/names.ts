// What to call a tabletop's groupings (a Roll20 marker badge, an Owlbear unit, a demo unit) where a
// player reads them: the popup's board, the demo's panels, a chat post. Never the grouping's id
// (Owlbear makes `u-33ff6294`): the game's name for the unit, else the name a person gave it on the
// tabletop, else its leader's, else the name its figures share, else its number ("Unit 3").
import type { Table, Token } from '../table/model';
import type { BoundTable, BoundToken } from './model';

/** "Rifleman 3", "Fusilier A", "Voltigeur 1a", "2nd Line b" → the name figures of one unit share. */
const figureStem = (name: string): string => name.replace(/(?:[\s#\-_]+[a-zA-Z]|[\s#\-_]*\d+[a-z]?)\s*$/, '').trim();

export interface UnitName {
  /** The tabletop's grouping, as its tokens carry it. */
  readonly id: string;
  /**
   * The game's name for the unit, else the name a person gave it on the tabletop (Token.unitName);
   * for a grouping without a leader, else, the name stem every figure of it shares ("Goblin" for
   * Goblin 1…3); null for none.
   */
  readonly name: string | null;
  /** Its leader's name (the game's, for a linked leader), for "Sergent Lambert's unit" when it has no name. */
  readonly leader: string | null;
  /** Its place among the groupings, in the board's order, from 1: "Unit 3". */
  readonly n: number;
}

/** The last board's names: a move changes where tokens stand, not what their units are called. */
let last: {
  readonly tokens: readonly Token[];
  readonly bound: readonly Token[];
  readonly pieces: BoundTable['pieces'] | null;
  readonly names: UnitName[];
} | null = null;

/** Whether two lists of tokens say the same of their units (names, groupings, roles, pieces), wherever they stand. */
function sameUnits(a: readonly Token[], b: readonly Token[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (x.id !== y.id || x.name !== y.name || x.unit !== y.unit || x.unitName !== y.unitName || x.role !== y.role)
      return false;
    if ((x as Partial<BoundToken>).piece !== (y as Partial<BoundToken>).piece) return false;
  }
  return true;
}

/** The groupings of a table in order of first appearance, each with what a person can read of it. */
export function unitNames(
  table: Pick<Table, 'tokens'> & Partial<Table>,
  bound: Pick<BoundTable, 'tokens' | 'lost' | 'pieces'> | null,
): UnitName[] {
  const boundTokens = bound ? [...bound.tokens, ...bound.lost] : [];
  if (
    last &&
    last.pieces === (bound?.pieces ?? null) &&
    sameUnits(last.tokens, table.tokens) &&
    sameUnits(last.bound, boundTokens)
  )
    return last.names;
  const names = namesOf(table, bound, boundTokens);
  last = { tokens: table.tokens, bound: boundTokens, pieces: bound?.pieces ?? null, names };
  return names;
}

function namesOf(
  table: Pick<Table, 'tokens'>,
  bound: Pick<BoundTable, 'pieces'> | null,
  boundTokens: readonly BoundToken[],
): UnitName[] {
  const boundOf = new Map<string, BoundToken>();
  for (const t of boundTokens) boundOf.set(t.id, t);
  const groups = new Map<
    string,
    { game: Map<string, number>; given: string | null; leader: string | null; stems: Set<string>; figures: number }
  >();
  for (const t of table.tokens) {
    if (t.unit === null) continue;
    const g =
      groups.get(t.unit) ??
      groups.set(t.unit, { game: new Map(), given: null, leader: null, stems: new Set(), figures: 0 }).get(t.unit)!;
    if (t.unitName?.trim()) g.given ??= t.unitName.trim();
    const b = boundOf.get(t.id);
    // The unit the game says this token is in (a linked figure's, a linked leader's, or the group's).
    const unit = b?.unit != null ? bound!.pieces.get(b.unit) : undefined;
    if (unit?.kind === 'unit') g.game.set(unit.name, (g.game.get(unit.name) ?? 0) + 1);
    if ((b?.role ?? t.role) === 'leader') g.leader ??= b?.piece?.name ?? t.name;
    else {
      g.figures++;
      g.stems.add(figureStem(t.name));
    }
  }
  return [...groups].map(([id, g], i) => {
    const game = [...g.game].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    const shared = g.figures > 0 && g.stems.size === 1 ? [...g.stems][0]! : '';
    // A unit is known by its leader before the word its figures share.
    return { id, name: game ?? g.given ?? (g.leader === null && shared ? shared : null), leader: g.leader, n: i + 1 };
  });
}

/** A grouping in words, from the names of a board's groupings: `tr` gives "Unit 3", "Sergent Lambert's unit". */
export function unitLabels(
  units: readonly UnitName[],
  tr: (key: string, ...subs: (string | number)[]) => string,
): (unit: string) => string {
  const byId = new Map(units.map((u) => [u.id, u]));
  return (unit) => {
    const u = byId.get(unit);
    return u?.name ?? (u?.leader ? tr('board_unit_of', u.leader) : tr('board_unit', u?.n ?? byId.size + 1));
  };
}
