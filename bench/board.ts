// Benchmark (issue 9): the time one token move costs each rule system's board view, 1,000 tokens.
// The table is 100 groups of 10 (a leader and nine figures) on two sides; each system's game is
// taken from the board as a player would ("roster from the board"), as far as the system's own
// limits allow, and the rest of the tokens stay unlinked. Désastre Colonial and the command roll
// are measured where they work hardest: every leader's reach shown (no leader activated yet).
// Per move: one random token steps one cell, then the board binds the table and runs the view,
// exactly as a tabletop does (BoardRunner: the binder's cache, the system's view).
import { EMPTY_BINDING, type BoardInput } from '../src/board/model';
import { foldCreating } from '../src/board/roster';
import { BoardRunner } from '../src/board/run';
import type { AnyBoard } from '../src/board/system';
import { hexToPixel } from '../src/geometry/hex';
import { mulberry32 } from '../src/random/seeded';
import { DESCRIPTORS, SYSTEM_IDS, type SystemId } from '../src/rules';
import { BOARDS } from '../src/rules/boards';
import type { AnyDescriptor, TableFigure } from '../src/rules/descriptor';
import type { Scene, Table, Token } from '../src/table/model';
import { round3 } from './timing';

export interface BoardBenchRow {
  system: SystemId;
  tokens: number;
  linked: number;
  medianMs: number;
  p95Ms: number;
}

const TOKENS = 1000;
const MOVES = 600;
/** V8 optimises a hot path only after many calls: each system's moves start after about a second of warm-up. */
const WARMUP_MS = 1000;
export const CM: Scene = { pixelsPerCell: 50, unitsPerCell: 5, unitName: 'cm', grid: 'none', measurement: 'euclidean' };
export const HEX: Scene = { pixelsPerCell: 70, unitsPerCell: 1, unitName: 'hex', grid: 'hex-pointy', measurement: 'hex' };

export function army(scene: Scene): Token[] {
  const rand = mulberry32(9);
  const out: Token[] = [];
  for (let i = 0; i < TOKENS; i++) {
    const g = Math.floor(i / 10);
    const k = i % 10;
    const side = g % 2 ? 'pB' : 'pA';
    const center =
      scene.grid === 'hex-pointy'
        ? hexToPixel({ q: (g % 10) * 6 + (k % 3), r: Math.floor(g / 10) * 5 + Math.floor(k / 3) }, scene.pixelsPerCell, 'pointy')
        : { x: ((g % 10) * 40 + rand() * 20) * 10, y: (Math.floor(g / 10) * 40 + rand() * 20) * 10 };
    out.push({
      id: `t${i}`, name: k === 0 ? `Leader ${g}` : `Figure ${i}`, center, footprint: { width: 25, height: 25 }, layer: 'objects', visible: true,
      side, unit: `${side}/${g}`, role: k === 0 ? 'leader' : 'figure', baseSize: { value: 25, unit: 'mm' },
    });
  }
  return out;
}

/** The system's game and binding, from "roster from the board", adding groups until the rules refuse more. */
export function boundGame(d: AnyDescriptor, tokens: readonly Token[]): BoardInput {
  const figures: TableFigure[] = tokens.map((t) => ({ id: t.id, name: t.name, side: t.side, unit: t.unit, role: t.role === 'leader' ? 'leader' : 'figure' }));
  let state = d.rules.initialState(d.rules.defaultConfig);
  let best: { state: unknown; links: Record<string, string>; sides: Record<string, string> } = { state, links: {}, sides: {} };
  for (let groups = 2; groups <= 100; groups += 2) {
    const some = figures.slice(0, groups * 10);
    const draft = d.roster!.draft(some, state, EMPTY_BINDING);
    const { events, links } = d.roster!.events(draft, state);
    const folded = foldCreating(d.rules.apply, d.pieces, state, events);
    if (!folded) break;
    best = { state: folded.state, links: Object.fromEntries(links.map((l) => [l.token, folded.created[l.event]![l.nth ?? 0]!])), sides: draft.sides };
  }
  state = best.state;
  return { system: d.id, binding: { links: best.links, sides: best.sides }, pieces: d.pieces(state), facts: d.facts(state) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

export function benchBoard(log: (line: string) => void = () => {}): BoardBenchRow[] {
  const rows: BoardBenchRow[] = [];
  for (const system of (process.env.BENCH_SYSTEMS?.split(',') ?? SYSTEM_IDS) as SystemId[]) {
    const d: AnyDescriptor = DESCRIPTORS[system];
    const board: AnyBoard = BOARDS[system];
    const scene = system === 'dc' ? HEX : CM;
    let tokens = army(scene);
    const input = boundGame(d, tokens);
    const runner = new BoardRunner();
    const rand = mulberry32(3);
    const times: number[] = [];
    const warm = performance.now() + WARMUP_MS;
    for (let m = 0; times.length < MOVES; m++) {
      // One token steps one cell; the others are the same objects, as a tabletop hands them over.
      const i = Math.floor(rand() * TOKENS);
      const t = tokens[i]!;
      const step = scene.pixelsPerCell * (rand() < 0.5 ? -1 : 1);
      tokens = tokens.slice();
      tokens[i] = { ...t, center: { x: t.center.x + step, y: t.center.y } };
      const table: Table = { scene, tokens };
      const t0 = performance.now();
      runner.run(board, table, input);
      if (t0 > warm) times.push(performance.now() - t0);
    }
    const row = { system, tokens: TOKENS, linked: Object.keys(input.binding.links).length, medianMs: round3(median(times)), p95Ms: round3(p95(times)) };
    log(`board ${system}: ${row.medianMs} ms median, ${row.p95Ms} ms p95 per move (${row.linked} of ${TOKENS} tokens linked)`);
    rows.push(row);
  }
  return rows;
}
