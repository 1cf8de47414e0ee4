// Benchmark (issue 17): the words on a crowded board. In Node, as shipped (bundled): the label placer
// alone for 100 to 3,000 labels among 1,000 figures (target: 300 labels ≤ 2 ms; growth no worse than
// n log n), and each system's whole layout of a 1,000-token board per move (what is said, in words,
// where, the key). The whole overlay update in Chromium is ./overlay.ts.
import { layoutBoard } from '../src/board/layout';
import { placeLabels, type LabelRequest } from '../src/board/labels';
import { estimateWidth } from '../src/board/measure';
import type { BoardInput } from '../src/board/model';
import { BoardRunner } from '../src/board/run';
import { mulberry32 } from '../src/random/seeded';
import { SYSTEM_IDS, type SystemId } from '../src/rules';
import { BOARDS } from '../src/rules/boards';
import type { Scene, Table, Token } from '../src/table/model';
import { armyTable } from './board';
import { median, quantile, round3 } from './timing';

export const SCREEN = { width: 1280, height: 800 };
export const MOVES = 300;
export const WARMUP = 60;

export interface PlacementRow {
  labels: number;
  medianMs: number;
  /** Time per label ÷ log2(labels), relative to 100 labels: ≤ 2 is no worse than n log n. */
  perNLogN: number;
}

export interface LayoutRow {
  system: SystemId;
  tokens: number;
  /** Words on the board at fit: placed, folded into counts, names dropped for lack of room. */
  placed: number;
  folded: number;
  medianMs: number;
  p95Ms: number;
}

export interface LabelsBenchResult {
  placement: PlacementRow[];
  layout: LayoutRow[];
}

const measure = (t: string) => estimateWidth(t, 12);

/** The camera that shows every token of `tokens` on the 1280 × 800 screen. */
export function fitCamera(tokens: readonly Token[]): { sx: number; sy: number; ox: number; oy: number } {
  const xs = tokens.map((t) => t.center.x);
  const ys = tokens.map((t) => t.center.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const k = Math.min((SCREEN.width - 80) / Math.max(1, x1 - x0), (SCREEN.height - 80) / Math.max(1, y1 - y0));
  return { sx: k, sy: k, ox: 40 - x0 * k, oy: 40 - y0 * k };
}

export function benchPlacement(log: (line: string) => void = () => {}): PlacementRow[] {
  const rand = mulberry32(17);
  const obstacles = Array.from({ length: 1000 }, () => ({
    x: rand() * SCREEN.width,
    y: rand() * SCREEN.height,
    r: 4 + rand() * 6,
  }));
  const rows: PlacementRow[] = [];
  for (const n of [100, 300, 1000, 3000]) {
    const requests: LabelRequest[] = Array.from({ length: n }, (_, i) => {
      const anchor = obstacles[i % obstacles.length]!;
      const text = `out · ${(rand() * 20).toFixed(1)} cm too far from Figure ${i}`;
      return {
        id: `r${i}`,
        anchor,
        priority: Math.floor(rand() * 50),
        forms: [
          { text, width: measure(text) },
          { text: '✕ 12 cm', width: measure('✕ 12 cm') },
        ],
        fold: `u${i % 60}`,
      };
    });
    const options = {
      screen: { x: 0, y: 0, ...{ w: SCREEN.width, h: SCREEN.height } },
      height: 18,
      padding: 4,
      gap: 6,
      obstacles,
      measure,
    };
    for (let i = 0; i < 20; i++) placeLabels(requests, options);
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t0 = performance.now();
      placeLabels(requests, options);
      times.push(performance.now() - t0);
    }
    rows.push({ labels: n, medianMs: round3(median(times)), perNLogN: 0 });
  }
  const unit = (r: PlacementRow) => r.medianMs / (r.labels * Math.log2(r.labels));
  for (const r of rows) r.perNLogN = round3(unit(r) / unit(rows[0]!));
  for (const r of rows)
    log(
      `labels: placing ${r.labels} labels among 1,000 figures: ${r.medianMs} ms median (per n log n: ${r.perNLogN}× 100 labels')`,
    );
  return rows;
}

/** A system's 1,000-token board and its game: its army scene copied side by side (bench/board.ts). */
export function boardOf(system: SystemId): { scene: Scene; tokens: Token[]; input: BoardInput } {
  const { scene, tokens, input } = armyTable(system);
  return { scene, tokens, input };
}

export function benchLayout(log: (line: string) => void = () => {}): LayoutRow[] {
  const rows: LayoutRow[] = [];
  for (const system of SYSTEM_IDS) {
    const { scene, tokens: start, input } = boardOf(system);
    let tokens = start;
    const runner = new BoardRunner();
    const camera = fitCamera(tokens);
    const rand = mulberry32(3);
    let previous: ReturnType<typeof layoutBoard> | null = null;
    const times: number[] = [];
    let last: ReturnType<typeof layoutBoard> | null = null;
    for (let i = 0; i < MOVES + WARMUP; i++) {
      const k = Math.floor(rand() * tokens.length);
      const t = tokens[k]!;
      tokens = tokens.map((x, j) =>
        j === k
          ? { ...t, center: { x: t.center.x + (rand() < 0.5 ? -1 : 1) * scene.pixelsPerCell, y: t.center.y } }
          : x,
      );
      const table: Table = { scene, tokens };
      const run = runner.run(BOARDS[system], table, input);
      const t0 = performance.now();
      last = previous = layoutBoard(run.view, run.bound, {
        reasons: true,
        names: true,
        legend: true,
        say: (x) => `${x.key} ${(x.subs ?? []).join(' ')}`,
        locale: 'en',
        measure,
        camera,
        ...SCREEN,
        previous,
      });
      if (i >= WARMUP) times.push(performance.now() - t0);
    }
    const placement = last!.placement;
    rows.push({
      system,
      tokens: tokens.length,
      placed: placement.labels.length,
      folded: placement.counts.reduce((s, c) => s + c.ids.length, 0),
      medianMs: round3(median(times)),
      p95Ms: round3(quantile(times, 0.95)),
    });
    log(
      `labels: ${system} layout of 1,000 tokens per move: ${rows.at(-1)!.medianMs} ms median (${rows.at(-1)!.placed} words placed, ${rows.at(-1)!.folded} folded)`,
    );
  }
  return rows;
}

export function benchLabels(log: (line: string) => void = () => {}): LabelsBenchResult {
  return { placement: benchPlacement(log), layout: benchLayout(log) };
}
