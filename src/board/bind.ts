// A tabletop's table + a game's binding → the bound table every rule system's view reads.
// A linked token takes its side, unit and role from the game; an unlinked one keeps the tabletop's
// (its side translated through the binding's side map). A tabletop grouping (Roll20 marker badge,
// demo unit) that holds linked figures of a game unit is that unit, so linking one figure of a
// group is enough for the rest of the group and for a leader standing in it.
import type { Table, Token } from '../table/model';
import type { Binding, BoundTable, BoundToken, Piece } from './model';

interface Cached {
  readonly src: Token;
  readonly bound: BoundToken;
}

/**
 * Binds tables for one game. Keep one per board: a move re-binds only the tokens that changed
 * (adapters hand the same Token objects back for unchanged tokens), so a 1,000-token table costs
 * a few microseconds per move here.
 */
export class TableBinder {
  private binding: Binding | null = null;
  private pieces: readonly Piece[] | null = null;
  private byId = new Map<string, Piece>();
  private cache = new Map<string, Cached>();

  bind(table: Table, binding: Binding, pieces: readonly Piece[]): BoundTable {
    if (binding !== this.binding || pieces !== this.pieces) {
      this.binding = binding;
      this.pieces = pieces;
      this.byId = new Map(pieces.map((p) => [p.id, p]));
      this.cache.clear();
    }
    const byId = this.byId;
    const pieceOf = (t: Token): Piece | null => {
      const id = binding.links[t.id];
      return id === undefined ? null : (byId.get(id) ?? null);
    };
    // Tabletop grouping → game unit, by the most linked figures in it.
    const votes = new Map<string, Map<string, number>>();
    for (const t of table.tokens) {
      const p = pieceOf(t);
      if (!p || p.kind !== 'unit' || t.unit === null) continue;
      const v = votes.get(t.unit) ?? votes.set(t.unit, new Map()).get(t.unit)!;
      v.set(p.id, (v.get(p.id) ?? 0) + 1);
    }
    const alias = new Map<string, string>();
    for (const [group, v] of votes) alias.set(group, [...v].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0]);
    const groupUnit = (t: Token): string | null => (t.unit === null ? null : (alias.get(t.unit) ?? t.unit));

    // A leader's commander is a piece; the engine wants the token standing for it.
    let commanderToken: Map<string, string> | null = null;
    const tokenFor = (pieceId: string): string | null => {
      if (!commanderToken) {
        commanderToken = new Map();
        for (const t of table.tokens) {
          const id = binding.links[t.id];
          if (id !== undefined && !commanderToken.has(id)) commanderToken.set(id, t.id);
        }
      }
      return commanderToken.get(pieceId) ?? null;
    };

    const tokens: BoundToken[] = [];
    const lost: BoundToken[] = [];
    const seen = new Set<string>();
    for (const t of table.tokens) {
      const piece = pieceOf(t);
      const side = piece ? piece.side : t.side === null ? null : (binding.sides[t.side] ?? t.side);
      // A leader's unit: the one the game says (null: none), else the grouping his token stands in.
      const unit = !piece ? groupUnit(t) : piece.kind === 'unit' ? piece.id : piece.kind === 'leader' && piece.unit !== undefined ? piece.unit : groupUnit(t);
      const role = !piece ? t.role : piece.kind === 'leader' ? 'leader' : t.role === 'radio-operator' ? 'radio-operator' : 'figure';
      const commander = piece?.commander ? tokenFor(piece.commander) : (t.commander ?? null);
      const radio = (piece?.radio ?? false) || t.radio === true;
      const old = this.cache.get(t.id);
      let bound: BoundToken;
      if (
        old &&
        old.src === t &&
        old.bound.piece === piece &&
        old.bound.side === side &&
        old.bound.unit === unit &&
        old.bound.role === role &&
        old.bound.commander === commander &&
        old.bound.radio === radio
      ) {
        bound = old.bound;
      } else {
        bound = { ...t, side, unit, role, commander, radio, piece };
        this.cache.set(t.id, { src: t, bound });
      }
      seen.add(t.id);
      (piece?.gone ? lost : tokens).push(bound);
    }
    if (this.cache.size > seen.size) for (const id of this.cache.keys()) if (!seen.has(id)) this.cache.delete(id);

    let byPiece: Map<string, BoundToken[]> | null = null;
    const tokensOf = (pieceId: string): readonly BoundToken[] => {
      if (!byPiece) {
        byPiece = new Map();
        for (const t of [...tokens, ...lost]) {
          if (!t.piece) continue;
          const list = byPiece.get(t.piece.id) ?? byPiece.set(t.piece.id, []).get(t.piece.id)!;
          list.push(t);
        }
      }
      return byPiece.get(pieceId) ?? [];
    };
    return { scene: table.scene, tokens, lost, pieces: byId, tokensOf };
  }
}

/** One-off binding (scenario runner, tests, the popup): no cache kept. */
export const bindTable = (table: Table, binding: Binding, pieces: readonly Piece[]): BoundTable => new TableBinder().bind(table, binding, pieces);
