// Builds the popup's view of a live tabletop (BoardSummary, checked by ./summary-schema.ts) from
// what the tabletop adapter knows and the board's last view.
import { pixelToHex } from '../geometry/hex';
import type { TableChanges } from '../rules/descriptor';
import type { Table } from '../table/model';
import { orientationOf } from './draw';
import { legendKey, legendOf } from './legend';
import { MAX_CHANGES, MAX_FIGURES, type Mark } from './model';
import { unitNames } from './names';
import type { BoardRun } from './run';
import type { BoardFigure, BoardSummary } from './summary-schema';

/**
 * How often a tabletop reports its board's summary to the popup at most (ms), the same on every
 * tabletop (the Roll20 content script, the demo table): the popup needs no more than 4 a second, and
 * the board itself redraws at once.
 */
export const SUMMARY_EVERY_MS = 250;

export type { BoardFigure, BoardSummary } from './summary-schema';

/** What the tabletop adapter knows beside its tokens. */
export interface TabletopStatus {
  readonly tabletop: BoardSummary['tabletop'];
  readonly state: BoardSummary['state'];
  readonly mode: BoardSummary['mode'];
  readonly engine: string;
  readonly missing: readonly string[];
  readonly page: BoardSummary['page'];
  readonly sides: BoardSummary['sides'];
  readonly changes: TableChanges;
  readonly selected: readonly string[];
  readonly dropped: number;
}

/** The summary of one board: every token with the tabletop's own attributes and the view's status. */
export function summaryOf(
  status: TabletopStatus,
  table: Table | null,
  run: BoardRun | null,
  system: string | null,
): BoardSummary {
  const marks = new Map<string, Mark>();
  for (const m of run?.view.marks ?? []) marks.set(m.id, m);
  const tokens = table?.tokens ?? [];
  const scene = table?.scene;
  const hex = scene && (scene.grid === 'hex-pointy' || scene.grid === 'hex-flat');
  const n = Math.min(tokens.length, MAX_FIGURES);
  const figures: BoardFigure[] = [];
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    const m = marks.get(t.id);
    figures.push({
      id: t.id,
      name: t.name,
      side: t.side,
      unit: t.unit,
      role: t.role,
      piece: m?.piece ?? null,
      status: m?.status ?? 'none',
      reason: m?.reason
        ? { code: m.reason.code, ...(m.reason.params ? { params: { ...m.reason.params } } : {}) }
        : null,
      closeUp: m?.closeUp === true,
      hex: hex
        ? finiteHex(pixelToHex(t.center, scene.pixelsPerCell, orientationOf(scene), scene.hexOrigin, scene.hexPitch))
        : null,
      ...(t.visible ? {} : { hidden: true as const }),
    });
  }
  return {
    tabletop: status.tabletop,
    state: status.state,
    mode: status.mode,
    engine: status.engine.slice(0, 32),
    missing: status.missing.slice(0, 8).map((m) => m.slice(0, 32)),
    page: status.page,
    system,
    error: run?.view.error ?? null,
    sides: status.sides.slice(0, 50),
    figures,
    units: table
      ? unitNames({ scene: table.scene, tokens: tokens.slice(0, n) }, run?.bound ?? null).map((u) => ({
          ...u,
          name: u.name?.slice(0, 200) ?? null,
          leader: u.leader?.slice(0, 200) ?? null,
        }))
      : [],
    more: tokens.length - n,
    gone: status.changes.gone.slice(-MAX_CHANGES).map((g) => {
      const stoodFor = run?.departed.get(g.id);
      return stoodFor === undefined ? { ...g } : { ...g, stoodFor };
    }),
    arrived: status.changes.arrived.slice(-MAX_CHANGES).map((a) => ({ ...a })),
    selected: status.selected.slice(0, 100),
    notes: (run?.view.notes ?? []).slice(0, 8).map((t) => ({ key: t.key, ...(t.subs ? { subs: [...t.subs] } : {}) })),
    key: run ? legendOf(run.view).map(legendKey) : [],
    dropped: status.dropped,
  };
}

/** A hex of a scene too small or too large to measure (a forged or broken page) is no hex at all. */
const finiteHex = (h: { q: number; r: number }) => (Number.isFinite(h.q) && Number.isFinite(h.r) ? h : null);
