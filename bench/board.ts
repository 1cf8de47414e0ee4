// Benchmark (issues 9, 17): the time one token move costs each rule system's board view, 1,000
// tokens: each system's army scene (the demo table's, mid-game as it stands: BdC's company with a
// demoralised sergeant, Désastre Colonial's column with Desharbes activated, the command roll's
// corps on Ledru's number, Hell Dorado's companies), copied side by side to 1,000 tokens, every copy
// bound to the scene's game (test/support/armies.ts). Per move: one random token steps one cell, then
// the board binds the table and runs the view, exactly as a tabletop does (BoardRunner: the binder's
// cache, the system's view). `army` and `boundGame` (100 groups of ten, the game from "roster from the
// board") are kept for the benchmarks that want a synthetic table.
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
import { armyBoard } from '../test/support/armies';
import type { SceneId } from '../src/adapters/demo/scenes';

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
export const HEX: Scene = {
  pixelsPerCell: 70,
  unitsPerCell: 1,
  unitName: 'hex',
  grid: 'hex-pointy',
  measurement: 'hex',
};

export function army(scene: Scene): Token[] {
  const rand = mulberry32(9);
  const out: Token[] = [];
  for (let i = 0; i < TOKENS; i++) {
    const g = Math.floor(i / 10);
    const k = i % 10;
    const side = g % 2 ? 'pB' : 'pA';
    const center =
      scene.grid === 'hex-pointy'
        ? hexToPixel(
            { q: (g % 10) * 6 + (k % 3), r: Math.floor(g / 10) * 5 + Math.floor(k / 3) },
            scene.pixelsPerCell,
            'pointy',
          )
        : { x: ((g % 10) * 40 + rand() * 20) * 10, y: (Math.floor(g / 10) * 40 + rand() * 20) * 10 };
    out.push({
      id: `t${i}`,
      name: k === 0 ? `Leader ${g}` : `Figure ${i}`,
      center,
      footprint: { width: 25, height: 25 },
      layer: 'objects',
      visible: true,
      side,
      unit: `${side}/${g}`,
      role: k === 0 ? 'leader' : 'figure',
      baseSize: { value: 25, unit: 'mm' },
    });
  }
  return out;
}

/** The system's game and binding, from "roster from the board", adding groups until the rules refuse more. */
export function boundGame(d: AnyDescriptor, tokens: readonly Token[]): BoardInput {
  const figures: TableFigure[] = tokens.map((t) => ({
    id: t.id,
    name: t.name,
    side: t.side,
    unit: t.unit,
    role: t.role === 'leader' ? 'leader' : 'figure',
  }));
  let state = d.rules.initialState(d.rules.defaultConfig);
  let best: { state: unknown; links: Record<string, string>; sides: Record<string, string> } = {
    state,
    links: {},
    sides: {},
  };
  for (let groups = 2; groups <= 100; groups += 2) {
    const some = figures.slice(0, groups * 10);
    const draft = d.roster!.draft(some, state, EMPTY_BINDING);
    const { events, links } = d.roster!.events(draft, state);
    const folded = foldCreating(d.rules.apply, d.pieces, state, events);
    if (!folded) break;
    best = {
      state: folded.state,
      links: Object.fromEntries(links.map((l) => [l.token, folded.created[l.event]![l.nth ?? 0]!])),
      sides: draft.sides,
    };
  }
  state = best.state;
  return {
    system: d.id,
    binding: { links: best.links, sides: best.sides },
    pieces: d.pieces(state),
    facts: d.facts(state),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

/** Each system's army scene, copied side by side to 1,000 tokens, bound to the scene's game, mid-game as the scene stands. */
export function armyTable(system: SystemId): {
  board: AnyBoard;
  scene: Scene;
  tokens: Token[];
  input: BoardInput;
  linked: number;
} {
  // Les bandes de Champagne's copies stay unlinked (each group a unit of its own, as a table not yet
  // bound): linked, a game unit would hold every copy's figures, chains over units of 150 no table has.
  const { board, table, input } = armyBoard(`${system}-army` as SceneId, {
    tokens: TOKENS,
    links: system === 'bdc' ? 'first' : 'all',
  });
  return {
    board,
    scene: table.scene,
    tokens: [...table.tokens],
    input,
    linked: Object.keys(input.binding.links).length,
  };
}

export function benchBoard(log: (line: string) => void = () => {}): BoardBenchRow[] {
  const rows: BoardBenchRow[] = [];
  for (const system of (process.env.BENCH_SYSTEMS?.split(',') ?? SYSTEM_IDS) as SystemId[]) {
    const { board, scene, input, linked, tokens: start } = armyTable(system);
    let tokens = start;
    const runner = new BoardRunner();
    const rand = mulberry32(3);
    const times: number[] = [];
    const warm = performance.now() + WARMUP_MS;
    for (let m = 0; times.length < MOVES; m++) {
      // One token steps one cell; the others are the same objects, as a tabletop hands them over.
      const i = Math.floor(rand() * tokens.length);
      const t = tokens[i]!;
      const step = scene.pixelsPerCell * (rand() < 0.5 ? -1 : 1);
      tokens = tokens.slice();
      tokens[i] = { ...t, center: { x: t.center.x + step, y: t.center.y } };
      const table: Table = { scene, tokens };
      const t0 = performance.now();
      runner.run(board, table, input);
      if (t0 > warm) times.push(performance.now() - t0);
    }
    const row = { system, tokens: tokens.length, linked, medianMs: round3(median(times)), p95Ms: round3(p95(times)) };
    log(
      `board ${system}: ${row.medianMs} ms median, ${row.p95Ms} ms p95 per move (the army scene copied to ${tokens.length} tokens, ${linked} linked)`,
    );
    rows.push(row);
  }
  return rows;
}
