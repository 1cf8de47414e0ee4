// The live Roll20 table as the content script keeps it: the bridge's validated messages folded
// into a page + token map, the command computation over it, what the overlay draws, and the
// plain summary the popup shows (validated again by the worker: `liveTableSchema`).
import { computeChains } from '../../geometry/chains';
import type { ChainResult, CommandReason } from '../../geometry/chains-common';
import { pixelToHex, hexToPixel } from '../../geometry/hex';
import { effectiveMetric, type Metric } from '../../geometry/metrics';
import { baseRadiusCells } from '../../geometry/prepare';
import { rangeShape, type RangeShape } from '../../geometry/shapes';
import type { Scene, Token } from '../../table/model';
import { hasMarker, isActive, sceneOf, toToken, toTokens } from './mapping';
import { parseToken, type Engine, type PageMessage, type RawPage, type RawToken } from './protocol';
import { commandRules } from './rules';
import type { Roll20Settings } from './settings';
import { MAX_FIGURES, MAX_LOSSES } from './limits';
import type { LiveFigure, LiveTable } from './summary';

export type MarkStatus = 'leader' | 'commanded' | 'link' | 'out' | 'none';

export interface Mark {
  readonly id: string;
  readonly name: string;
  /** Centre, page px. */
  readonly x: number;
  readonly y: number;
  /** Token footprint radius, page px (the mark is drawn as a ring around it). */
  readonly r: number;
  readonly status: MarkStatus;
}

export interface Ring {
  readonly id: string;
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly shape: RangeShape;
}

export interface Drawing {
  readonly rings: readonly Ring[];
  readonly marks: readonly Mark[];
  /** Chain links, page px. */
  readonly edges: readonly { readonly from: string; readonly to: string; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number }[];
}

export type ComputeError = 'incompatible-units' | 'invalid-scale';

export interface Computed {
  readonly scene: Scene | null;
  readonly metric: Metric | null;
  readonly tokens: readonly Token[];
  readonly result: ChainResult | null;
  readonly error: ComputeError | null;
}

export interface Loss {
  readonly id: string;
  readonly name: string;
  readonly how: 'removed' | 'dead';
}

/** The page + tokens the bridge reported, and what changed. */
export class LiveModel {
  page: RawPage | null = null;
  readonly tokens = new Map<string, RawToken>();
  readonly players = new Map<string, string>();
  engine: Engine = 'none';
  mode: 'full' | 'data-only' = 'full';
  state: 'waiting' | 'live' | 'unavailable' = 'waiting';
  missing: readonly string[] = [];
  losses: Loss[] = [];
  /** Tokens dropped as malformed. */
  droppedTokens = 0;

  // The table tokens, kept between updates: a move re-maps one token, not the page (bench: ≤ 4 ms a move at 1,000).
  private order: Token[] | null = null;
  private index = new Map<string, number>();
  private pending = new Set<string>();
  private mappedFor: Roll20Settings | null = null;

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

  /** Folds one validated bridge message in; returns whether the table changed. */
  apply(msg: PageMessage, settings: Roll20Settings): boolean {
    switch (msg.type) {
      case 'snapshot': {
        this.page = msg.page;
        this.tokens.clear();
        this.order = null;
        for (const raw of msg.tokens) this.put(raw);
        this.players.clear();
        for (const p of msg.players) this.players.set(p.id, p.name);
        this.engine = msg.engine;
        this.mode = msg.mode;
        this.missing = msg.missing;
        this.state = 'live';
        return true;
      }
      case 'delta': {
        if (!this.page || msg.pageId !== this.page.id) return false;
        for (const raw of msg.changed) {
          const before = this.put(raw);
          const after = this.tokens.get((raw as { id: string }).id);
          if (before && after && isActive(before, settings) && !isActive(after, settings) && hasMarker(after.markers, settings.deadMarker)) {
            this.lose({ id: after.id, name: after.name, how: 'dead' });
          }
        }
        for (const id of msg.removed) {
          const gone = this.tokens.get(id);
          if (!gone) continue;
          this.tokens.delete(id);
          this.pending.add(id);
          if (isActive(gone, settings)) this.lose({ id, name: gone.name, how: 'removed' });
        }
        return true;
      }
      case 'status':
        this.state = msg.state;
        this.missing = msg.missing;
        if (msg.state === 'unavailable') {
          this.page = null;
          this.tokens.clear();
          this.order = null;
        }
        return true;
      default:
        return false;
    }
  }

  /** Stores a token if well formed; returns the previous version. */
  private put(raw: unknown): RawToken | undefined {
    const t = parseToken(raw);
    if (!t) {
      this.droppedTokens++;
      return undefined;
    }
    const before = this.tokens.get(t.id);
    this.tokens.set(t.id, t);
    this.pending.add(t.id);
    return before;
  }

  private lose(l: Loss): void {
    this.losses = [...this.losses.filter((x) => x.id !== l.id), l].slice(-MAX_LOSSES);
  }
}

/** Runs the command computation over the live page. Never throws: an unusable scale is reported. */
export function computeLive(model: LiveModel, settings: Roll20Settings): Computed {
  if (!model.page) return { scene: null, metric: null, tokens: [], result: null, error: null };
  const scene = sceneOf(model.page);
  const tokens = model.tableTokens(settings);
  const rules = commandRules(settings, scene);
  try {
    const result = computeChains(tokens, scene, { radius: rules.radius, from: rules.from, ...(rules.mayCommand ? { mayCommand: rules.mayCommand } : {}) });
    return { scene, metric: effectiveMetric(scene), tokens, result, error: null };
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return { scene, metric: effectiveMetric(scene), tokens, result: null, error: code === 'incompatible-units' ? 'incompatible-units' : 'invalid-scale' };
  }
}

/** Status of token i from the result's cheap columns (no per-figure objects: runs every frame). */
export function markStatus(c: Computed, i: number): MarkStatus {
  const t = c.tokens[i]!;
  const r = c.result;
  if (!r || t.unit === null) return t.role === 'leader' ? 'leader' : 'none';
  if (t.role === 'leader') return 'leader';
  if (!r.commanded[i]) return 'out';
  const by = r.commandedBy[i]!;
  return by >= 0 && c.tokens[by]!.role !== 'leader' ? 'link' : 'commanded';
}

/** What the overlay draws, in page px. Rings are shared by leaders with the same base size. */
export function drawingOf(c: Computed, settings: Roll20Settings): Drawing {
  const rings: Ring[] = [];
  const marks: Mark[] = [];
  const edges: { from: string; to: string; x1: number; y1: number; x2: number; y2: number }[] = [];
  const { scene, result, metric, tokens } = c;
  if (!scene || !metric) return { rings, marks, edges };
  const shapes = new Map<number, RangeShape>();
  const orientation = scene.grid === 'hex-flat' ? 'flat' : 'pointy';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const status = markStatus(c, i);
    marks.push({ id: t.id, name: t.name, x: t.center.x, y: t.center.y, r: Math.min(t.footprint.width, t.footprint.height) / 2, status });
    if (result && t.role === 'leader' && t.unit !== null) {
      const b = settings.from === 'edge' && metric !== 'hex' ? baseRadiusCells(t, scene) : 0;
      let shape = shapes.get(b);
      if (!shape) shapes.set(b, (shape = rangeShape(metric, result.radiusCells, scene.pixelsPerCell, { baseRadius: b, orientation })));
      // A hex map counts from the hex the leader stands in: centre the hexagon on that hex.
      const at = metric === 'hex' ? hexToPixel(pixelToHex(t.center, scene.pixelsPerCell, orientation, scene.hexOrigin), scene.pixelsPerCell, orientation, scene.hexOrigin) : t.center;
      rings.push({ id: t.id, name: t.name, x: at.x, y: at.y, shape });
    }
    const by = result ? result.commandedBy[i]! : -1;
    if (by >= 0 && status === 'link') {
      const p = tokens[by]!;
      edges.push({ from: p.id, to: t.id, x1: p.center.x, y1: p.center.y, x2: t.center.x, y2: t.center.y });
    }
  }
  return { rings, marks, edges };
}

function reasonOf(r: CommandReason, nameOf: (id: string) => string): LiveFigure['reasons'][number] {
  switch (r.code) {
    case 'out-of-range':
      return { code: r.code, by: r.by, who: nameOf(r.nearest) };
    case 'leader-cannot-command':
      return { code: r.code, who: nameOf(r.leader) };
    case 'unknown-commander':
      return { code: r.code, who: r.commander.slice(0, 200) };
    default:
      return { code: r.code };
  }
}

/** The popup's view of the live table (plain JSON, bounded). */
export function liveTableOf(model: LiveModel, c: Computed, settings: Roll20Settings, dropped: number): LiveTable {
  const radius = c.scene ? commandRules(settings, c.scene).radius : { value: settings.radius.value, unit: settings.radius.unit };
  const nameOf = (tid: string) => model.tokens.get(tid)?.name ?? tid;
  const figures: LiveFigure[] = [];
  const n = Math.min(c.tokens.length, MAX_FIGURES);
  for (let i = 0; i < n; i++) {
    const t = c.tokens[i]!;
    const f = c.result?.figure(i);
    figures.push({
      id: t.id,
      name: t.name,
      side: t.side,
      unit: t.unit,
      role: t.role,
      status: markStatus(c, i),
      by: f?.by ? nameOf(f.by) : null,
      distance: f?.distance ?? null,
      reasons: (f?.reasons ?? []).slice(0, 8).map((r) => reasonOf(r, nameOf)),
    });
  }
  const p = model.page;
  return {
    state: model.state,
    mode: model.mode,
    engine: model.engine,
    missing: model.missing.slice(0, 8),
    page: p ? { name: p.name, grid: p.grid_type, diagonal: p.diagonaltype, cellPx: 70 * p.snapping_increment, scale: p.scale_number, units: p.scale_units } : null,
    radius: { value: radius.value, unit: radius.unit.slice(0, 32) },
    error: c.error,
    players: [...model.players].slice(0, 200).map(([pid, pname]) => ({ id: pid, name: pname })),
    figures,
    more: c.tokens.length - n,
    losses: model.losses,
    dropped: dropped + model.droppedTokens,
  };
}
