// Which piece a token stood for when it left the table. A tabletop reports the tokens gone since it was
// opened (TableChanges.gone) but not when they went; a game's proposals (Hell Dorado: a loss) must
// come only from a token that stood for the piece when it left, never from an old departure matched
// to a piece the game made later (a fighter who enters under the name of a token taken off long ago).
// The board runner, which sees every table the tabletop hands it, writes down the moment a token goes.
import { MAX_CHANGES, type BoundTable, type BoundToken } from './model';

const norm = (s: string): string => s.trim().toLowerCase();

const sameIds = (a: readonly BoundToken[], b: readonly BoundToken[]): boolean =>
  a.length === b.length && a.every((t, i) => t.id === b[i]!.id);

/**
 * The piece a token stands for now: its link; an unlinked token, the one piece still in play that
 * bears its name (case and surrounding spaces aside), as a player names a figure after his roster, of
 * its side (of any side when the tabletop's side is mapped onto none of the game's); null for none,
 * or for a name several such pieces share.
 */
export function standsFor(token: BoundToken, table: BoundTable): string | null {
  if (token.piece) return token.piece.id;
  const name = norm(token.name);
  if (!name) return null;
  const named: string[] = [];
  const ofSide: string[] = [];
  let mapped = false;
  for (const p of table.pieces.values()) {
    mapped ||= p.side !== null && p.side === token.side;
    if (p.gone || norm(p.name) !== name) continue;
    named.push(p.id);
    if (p.side === token.side) ofSide.push(p.id);
  }
  const candidates = mapped ? ofSide : named;
  return candidates.length === 1 ? candidates[0]! : null;
}

/**
 * Follows the tables of one board, run after run: a token that was there and is no longer is written
 * down with the piece it stood for at that moment; one that comes back is struck off. Bounded like the
 * changes tabletops keep (the oldest departures go first).
 */
export class Departures {
  private before: { readonly tokens: readonly BoundToken[]; readonly lost: readonly BoundToken[] } = {
    tokens: [],
    lost: [],
  };
  private readonly left = new Map<string, string | null>();

  /** Token id → the piece it stood for when it left the table (null: none); tokens never seen leaving are absent. */
  get departed(): ReadonlyMap<string, string | null> {
    return this.left;
  }

  /** `table` is the board now; `previous`, the bound table the tokens of the last run belonged to. */
  update(table: BoundTable, previous: BoundTable | null): void {
    const before = this.before;
    this.before = { tokens: table.tokens, lost: table.lost };
    // A move hands back the same tokens, in the same order: nothing came or went.
    if (sameIds(table.tokens, before.tokens) && sameIds(table.lost, before.lost)) return;
    const ids = new Set([...table.tokens, ...table.lost].map((t) => t.id));
    for (const t of [...before.tokens, ...before.lost]) {
      if (ids.has(t.id)) continue;
      this.left.delete(t.id);
      this.left.set(t.id, previous ? standsFor(t, previous) : (t.piece?.id ?? null));
    }
    for (const id of ids) this.left.delete(id);
    for (const id of this.left.keys()) {
      if (this.left.size <= 2 * MAX_CHANGES) break;
      this.left.delete(id);
    }
  }
}
