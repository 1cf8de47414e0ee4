// A tabletop's table + a game's binding → the bound table every rule system's view reads.
// A linked token takes its side, unit and role from the game; an unlinked one keeps the tabletop's
// (its side translated through the binding's side map). A tabletop grouping (Roll20 marker badge,
// demo unit) that holds linked figures of a game unit is that unit, so linking one figure of a
// group is enough for the rest of the group and for a leader standing in it.
import { cleanText } from '../game/clean';
import type { Table, Token } from '../table/model';
import type { Binding, BoundTable, BoundToken, Piece } from './model';

/** What the last bind produced, to redo only what a move changed. */
interface Last {
  readonly source: readonly Token[];
  /** Per source token: its bound token, or null when it is not bound (never: every token is bound). */
  readonly bound: BoundToken[];
  readonly alias: ReadonlyMap<string, string>;
}

/**
 * Binds tables for one game. Keep one per board: when a move hands back the same token objects in
 * the same places but a few (as tabletops do), only those few are bound again — a 1,000-token table
 * then costs a few microseconds here instead of a full pass of lookups.
 */
export class TableBinder {
  private binding: Binding | null = null;
  private pieces: readonly Piece[] | null = null;
  private byId = new Map<string, Piece>();
  private links = new Map<string, string>();
  private last: Last | null = null;

  bind(table: Table, binding: Binding, pieces: readonly Piece[]): BoundTable {
    if (binding !== this.binding || pieces !== this.pieces) {
      this.binding = binding;
      this.pieces = pieces;
      this.byId = new Map(pieces.map((p) => [p.id, p]));
      this.links = new Map(Object.entries(binding.links));
      this.last = null;
    }
    const bound = this.fast(table.tokens) ?? this.full(table.tokens);
    return finish(table, bound, this.byId);
  }

  private pieceOf(t: Token): Piece | null {
    const id = this.links.get(t.id);
    return id === undefined ? null : (this.byId.get(id) ?? null);
  }

  /** Same tokens in the same places but a few: bind those again, unless one changes the grouping. */
  private fast(tokens: readonly Token[]): BoundToken[] | null {
    const last = this.last;
    if (!last || last.source.length !== tokens.length) return null;
    const bound = last.bound.slice();
    let changed = 0;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      const before = last.source[i]!;
      if (t === before) continue;
      // Another token in this place, or a linked figure moved to another group: the grouping may change.
      if (t.id !== before.id || (t.unit !== before.unit && this.pieceOf(t)?.kind === 'unit')) return null;
      bound[i] = this.one(t, last.alias, tokens);
      if (++changed > 64) return null;
    }
    this.last = { source: tokens, bound, alias: last.alias };
    return bound;
  }

  private full(tokens: readonly Token[]): BoundToken[] {
    // Tabletop grouping → game unit, by the most linked figures in it.
    const votes = new Map<string, Map<string, number>>();
    for (const t of tokens) {
      const p = this.pieceOf(t);
      if (!p || p.kind !== 'unit' || t.unit === null) continue;
      const v = votes.get(t.unit) ?? votes.set(t.unit, new Map()).get(t.unit)!;
      v.set(p.id, (v.get(p.id) ?? 0) + 1);
    }
    const alias = new Map<string, string>();
    for (const [group, v] of votes)
      alias.set(group, [...v].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0]);
    const bound = tokens.map((t) => this.one(t, alias, tokens));
    this.last = { source: tokens, bound, alias };
    return bound;
  }

  private one(t: Token, alias: ReadonlyMap<string, string>, tokens: readonly Token[]): BoundToken {
    const binding = this.binding!;
    const piece = this.pieceOf(t);
    const aliased = t.unit === null ? undefined : alias.get(t.unit);
    const groupUnit = t.unit === null ? null : (aliased ?? t.unit);
    // An unlinked token in a group that stands for a game unit is on that unit's side.
    const groupSide = aliased === undefined ? null : (this.byId.get(aliased)?.side ?? null);
    const tableSide = t.side === null ? null : (binding.sides[t.side] ?? t.side);
    const side = piece ? piece.side : groupSide !== null ? groupSide : tableSide;
    // A leader's unit: the one the game says (null: none), else the grouping his token stands in.
    const unit = !piece
      ? groupUnit
      : piece.kind === 'unit'
        ? piece.id
        : piece.kind === 'leader' && piece.unit !== undefined
          ? piece.unit
          : groupUnit;
    const role = !piece
      ? t.role
      : piece.kind === 'leader'
        ? 'leader'
        : t.role === 'radio-operator'
          ? 'radio-operator'
          : 'figure';
    // A leader's commander is a piece; the engine wants the token standing for it.
    const commander = piece?.commander
      ? (tokens.find((c) => this.links.get(c.id) === piece.commander)?.id ?? null)
      : (t.commander ?? null);
    const radio = (piece?.radio ?? false) || t.radio === true;
    // The tabletop's name, cleaned once here for every view, the overlay and the summary (src/game/clean.ts).
    return {
      ...t,
      name: cleanText(t.name),
      side,
      unit,
      role,
      commander,
      radio,
      piece,
      ...(piece && piece.side === null && tableSide !== null ? { tableSide } : {}),
    };
  }
}

function finish(table: Table, bound: readonly BoundToken[], pieces: ReadonlyMap<string, Piece>): BoundTable {
  const tokens: BoundToken[] = [];
  const lost: BoundToken[] = [];
  for (const t of bound) (t.piece?.gone ? lost : tokens).push(t);
  let byPiece: Map<string, BoundToken[]> | null = null;
  const tokensOf = (pieceId: string): readonly BoundToken[] => {
    if (!byPiece) {
      byPiece = new Map();
      for (const t of bound) {
        if (!t.piece) continue;
        const list = byPiece.get(t.piece.id) ?? byPiece.set(t.piece.id, []).get(t.piece.id)!;
        list.push(t);
      }
    }
    return byPiece.get(pieceId) ?? [];
  };
  return { scene: table.scene, tokens, lost, pieces, tokensOf };
}

/** One-off binding (scenario runner, tests, the popup): no cache kept. */
export const bindTable = (table: Table, binding: Binding, pieces: readonly Piece[]): BoundTable =>
  new TableBinder().bind(table, binding, pieces);
