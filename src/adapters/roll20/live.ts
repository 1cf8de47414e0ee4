// The live Roll20 table as the content script keeps it: the bridge's validated messages folded
// into a page + token map, what changed on the table while the game was on (tokens gone or come),
// and the tabletop-neutral Table and status the board (src/board) works from.
import { MAX_CHANGES } from '../../board/model';
import type { TabletopStatus } from '../../board/summary';
import type { TableChanges } from '../../rules/descriptor';
import type { Table, Token } from '../../table/model';
import { regularPitch, type HexOrientation } from '../../geometry/hex';
import { hexLatticeOf, onLattice, pageLattice, regularLattice, type HexLattice } from './lattice';
import { hasMarker, isActive, isFigure, sceneOf, toToken, toTokens } from './mapping';
import {
  parsePage,
  parseToken,
  type Engine,
  type PageField,
  type PageMessage,
  type RawPage,
  type RawToken,
  type RendererReason,
} from './protocol';
import type { Roll20Settings } from './settings';

type Gone = TableChanges['gone'][number];
type Arrived = TableChanges['arrived'][number];

/** The page + tokens the bridge reported, and what changed. */
export class LiveModel {
  page: RawPage | null = null;
  /** Page settings that could not be read and took Roll20's default. */
  defaulted: readonly PageField[] = [];
  /** Why the table cannot be read (state `unavailable`): `page` (no page in what the bridge sent), `snapshot` (a refused snapshot), `too-many-tokens`. */
  unreadable: string | null = null;
  readonly tokens = new Map<string, RawToken>();
  readonly players = new Map<string, string>();
  engine: Engine = 'none';
  mode: 'full' | 'data-only' = 'full';
  /**
   * The renderer as the bridge last saw it: why the board cannot be drawn (null: it can), since
   * when (the page's clock, ms), and when a renderer was first found (null: not yet).
   */
  renderer: { reason: RendererReason | null; at: number; foundAt: number | null; changes: number } = {
    reason: 'renderer',
    at: 0,
    foundAt: null,
    changes: 0,
  };
  state: 'waiting' | 'live' | 'unavailable' = 'waiting';
  missing: readonly string[] = [];
  /** Net changes since the tab was opened: a token back on the table is no longer gone, one gone again no longer arrived. */
  gone: Gone[] = [];
  arrived: Arrived[] = [];
  /** Token ids the player has selected on the board. */
  selected: readonly string[] = [];
  /** Tokens dropped as malformed. */
  droppedTokens = 0;

  // The table tokens, kept between updates: a move re-maps one token, not the page (bench: ≤ 4 ms a move at 1,000).
  private order: Token[] | null = null;
  private index = new Map<string, number>();
  private pending = new Set<string>();
  private mappedFor: Roll20Settings | null = null;
  private lattice: HexLattice | null = null;
  private latticeDirty = true;

  /** A hex page's lattice, from its settings and its figures (./lattice.ts); null on other pages and with the grid off. */
  hexLattice(): HexLattice | null {
    const o = this.orientation();
    if (!o) return null;
    if (this.latticeDirty || !this.lattice) {
      this.latticeDirty = false;
      const points: { x: number; y: number }[] = [];
      for (const t of this.tokens.values()) if (isFigure(t)) points.push({ x: t.left, y: t.top });
      this.lattice = hexLatticeOf(points, this.page!.snapping_increment, o);
    }
    return this.lattice;
  }

  /** The hex orientation of the page's grid, null when it is not a shown hex grid. */
  private orientation(): HexOrientation | null {
    const p = this.page;
    if (!p || !(p.snapping_increment > 0) || !p.showgrid || (p.grid_type !== 'hex' && p.grid_type !== 'hexr'))
      return null;
    return p.grid_type === 'hex' ? 'pointy' : 'flat';
  }

  /**
   * Whether a figure's move may change the lattice chosen: it left or reached the chosen lattice,
   * or it stands (or stood) on another known one. A move from one point of the chosen lattice to
   * another, or between two unsnapped places, changes nothing and costs nothing.
   */
  private movesLattice(before: RawToken | undefined, after: RawToken): boolean {
    const o = this.orientation();
    const l = this.lattice;
    if (!o || !l) return false;
    const si = this.page!.snapping_increment;
    const known = [
      l.lattice !== 'roll20' ? pageLattice(si, o) : null,
      l.lattice !== 'regular' ? regularLattice(si, o) : null,
    ].filter((k) => k !== null);
    const at = (t: RawToken | undefined) => (t && isFigure(t) ? { x: t.left, y: t.top } : null);
    const [a, b] = [at(before), at(after)];
    if (!a || !b) return true; // a figure came or went
    if (onLattice(a, si, o, l) !== onLattice(b, si, o, l)) return true;
    return known.some((k) => onLattice(a, si, o, k) || onLattice(b, si, o, k));
  }

  /** The active tokens as table tokens, grouped by unit (toTokens order), updated incrementally. */
  tableTokens(s: Roll20Settings): readonly Token[] {
    if (s !== this.mappedFor) {
      this.mappedFor = s;
      this.order = null;
    }
    if (this.order && this.pending.size) {
      const next = this.order.slice();
      for (const id of this.pending) {
        const raw = this.tokens.get(id);
        const t = raw && isActive(raw, s) ? toToken(raw, s) : null;
        const i = this.index.get(id);
        // Same unit, still active: it keeps its place. Anything else changes the grouping: rebuild.
        if (t && i !== undefined && next[i]!.unit === t.unit) next[i] = t;
        else if (t || i !== undefined) {
          this.order = null;
          break;
        }
      }
      if (this.order) this.order = next;
    }
    this.pending.clear();
    if (!this.order) {
      this.order = toTokens(this.tokens.values(), s);
      this.index = new Map(this.order.map((t, i) => [t.id, i]));
    }
    return this.order;
  }

  /** The page as a table, or null before the bridge has read one. */
  table(s: Roll20Settings): Table | null {
    return this.page
      ? { scene: sceneOf(this.page, this.hexLattice() ?? undefined), tokens: this.tableTokens(s) }
      : null;
  }

  /** Folds one validated bridge message in; returns whether the table changed. */
  apply(msg: PageMessage, settings: Roll20Settings): boolean {
    switch (msg.type) {
      case 'snapshot': {
        const parsed = parsePage(msg.page);
        if (!parsed) {
          this.clear('page');
          return true;
        }
        this.page = parsed.page;
        this.defaulted = parsed.defaulted;
        this.unreadable = null;
        this.latticeDirty = true;
        this.tokens.clear();
        this.order = null;
        for (const raw of msg.tokens) {
          const t = this.put(raw);
          // A token seen alive again (another page, a reload of the page's objects) is not gone.
          if (t && isActive(t, settings)) this.back(t.id);
        }
        this.players.clear();
        for (const p of msg.players) this.players.set(p.id, p.name);
        this.engine = msg.engine;
        this.mode = msg.mode;
        this.missing = msg.missing;
        this.state = 'live';
        return true;
      }
      case 'renderer': {
        const r = this.renderer;
        const changed = msg.reason !== r.reason || msg.engine !== this.engine;
        this.renderer = {
          reason: msg.reason,
          at: msg.at,
          foundAt: r.foundAt ?? (msg.reason === null ? msg.at : null),
          changes: r.changes + (changed ? 1 : 0),
        };
        this.engine = msg.engine;
        if (!this.page) return false;
        this.mode = msg.reason === null ? 'full' : 'data-only';
        this.missing = msg.reason === null ? [] : [msg.reason];
        return changed;
      }
      case 'page': {
        const parsed = parsePage(msg.page);
        if (!parsed) {
          this.clear('page');
          return true;
        }
        if (!this.page || parsed.page.id !== this.page.id) return false;
        this.page = parsed.page;
        this.defaulted = parsed.defaulted;
        this.latticeDirty = true;
        return true;
      }
      case 'delta': {
        if (!this.page || msg.pageId !== this.page.id) return false;
        for (const raw of msg.changed) {
          const before = this.tokens.get((raw as { id?: unknown } | null)?.id as string);
          const after = this.put(raw);
          if (!after) continue;
          // A hex page's lattice is chosen again only when a move may change the choice.
          if (!this.latticeDirty && this.movesLattice(before, after)) this.latticeDirty = true;
          const was = before !== undefined && isActive(before, settings);
          const is = isActive(after, settings);
          if (before === undefined && is) this.arrive(after, settings);
          else if (was && !is && hasMarker(after.markers, settings.deadMarker)) this.lose(after, 'dead', settings);
          else if (!was && is) this.back(after.id);
        }
        for (const id of msg.removed) {
          const gone = this.tokens.get(id);
          if (!gone) continue;
          this.tokens.delete(id);
          this.pending.add(id);
          this.latticeDirty = true;
          if (isActive(gone, settings)) this.lose(gone, 'removed', settings);
        }
        return true;
      }
      case 'selection':
        this.selected = msg.ids;
        return false;
      case 'status':
        if (msg.reason) {
          this.clear(msg.reason);
          return true;
        }
        this.state = msg.state;
        this.missing = msg.missing;
        this.unreadable = null;
        if (msg.state === 'unavailable') this.forget();
        return true;
      default:
        return false;
    }
  }

  /**
   * The table cannot be read (`why`): nothing of the last page is kept, so nothing stale is drawn
   * and no later delta is merged into it (deltas name their page, and there is none).
   */
  clear(why: string): void {
    this.forget();
    this.state = 'unavailable';
    this.unreadable = why;
    this.missing = [why];
  }

  private forget(): void {
    this.page = null;
    this.defaulted = [];
    this.tokens.clear();
    this.order = null;
    this.lattice = null;
    this.latticeDirty = true;
  }

  /** What the board summary needs beside the tokens. */
  status(dropped: number): TabletopStatus {
    const p = this.page;
    return {
      tabletop: 'roll20',
      state: this.state,
      mode: this.mode,
      engine: this.engine,
      missing: this.missing,
      page: p
        ? {
            name: p.name,
            grid: p.grid_type,
            diagonal: p.diagonaltype,
            cellPx: 70 * p.snapping_increment,
            scale: p.scale_number,
            units: p.scale_units,
            ...this.pageNotes(),
          }
        : null,
      sides: this.sides(),
      changes: { gone: this.gone, arrived: this.arrived },
      selected: this.selected,
      dropped: dropped + this.droppedTokens,
    };
  }

  /** What the popup says of the page beside its settings: fields that took Roll20's default, the hex lattice chosen and why. */
  private pageNotes(): {
    defaulted?: string[];
    lattice?: {
      source: HexLattice['lattice'];
      reason: HexLattice['reason'];
      col: number;
      row: number;
      onLattice: number;
      tokens: number;
    };
  } {
    const out: ReturnType<LiveModel['pageNotes']> = {};
    if (this.defaulted.length) out.defaulted = [...this.defaulted];
    const l = this.hexLattice();
    if (l) {
      const pitch = l.pitch ?? regularPitch(70 * this.page!.snapping_increment, this.orientation()!);
      out.lattice = {
        source: l.lattice,
        reason: l.reason,
        col: round3(pitch.x),
        row: round3(pitch.y),
        onLattice: round3(l.onLattice),
        tokens: l.tokens,
      };
    }
    return out;
  }

  /** The sides on the table with what to call them: a side of player ids is their names. */
  private sides(): TabletopStatus['sides'] {
    const seen = new Map<string, string>();
    for (const t of this.order ?? []) {
      if (t.side === null || seen.has(t.side)) continue;
      seen.set(
        t.side,
        t.side
          .split(',')
          .map((id) => (id === 'all' ? 'all' : (this.players.get(id) ?? id)))
          .join(', '),
      );
    }
    return [...seen].slice(0, 50).map(([id, label]) => ({ id, label }));
  }

  /** Stores a token if well formed; returns it. */
  private put(raw: unknown): RawToken | undefined {
    const t = parseToken(raw);
    if (!t) {
      this.droppedTokens++;
      return undefined;
    }
    this.tokens.set(t.id, t);
    this.pending.add(t.id);
    return t;
  }

  private lose(t: RawToken, how: Gone['how'], settings: Roll20Settings): void {
    const arrivedHere = this.arrived.some((a) => a.id === t.id);
    this.arrived = this.arrived.filter((a) => a.id !== t.id);
    if (arrivedHere && how === 'removed') return; // came and went: nothing to say
    const side = toToken(t, settings).side;
    this.gone = [...this.gone.filter((g) => g.id !== t.id), { id: t.id, name: t.name, side, how }].slice(-MAX_CHANGES);
  }

  private arrive(t: RawToken, settings: Roll20Settings): void {
    this.back(t.id);
    this.arrived = [
      ...this.arrived.filter((a) => a.id !== t.id),
      { id: t.id, name: t.name, side: toToken(t, settings).side },
    ].slice(-MAX_CHANGES);
  }

  private back(id: string): void {
    if (this.gone.some((g) => g.id === id)) this.gone = this.gone.filter((g) => g.id !== id);
  }
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;
