// Benchmark (issue 27): one step of the finder on each system's 1,000-token army (the army scene
// copied side by side, bench/board.ts): the stops read again from the view the last move left (as a
// tabletop does, since any move may put a figure out or bring one back) and the next one found.
import { finderStops, nextStop } from '../src/board/finder';
import { BoardRunner } from '../src/board/run';
import { SYSTEM_IDS, type SystemId } from '../src/rules';
import { BOARDS } from '../src/rules/boards';
import { armyTable } from './board';
import { median, round3 } from './timing';

export interface FinderBenchRow {
  system: SystemId;
  tokens: number;
  stops: number;
  medianMs: number;
}

const STEPS = 2000;

export function benchFinder(log: (line: string) => void = () => {}): FinderBenchRow[] {
  const rows: FinderBenchRow[] = [];
  for (const system of SYSTEM_IDS) {
    const { scene, tokens, input } = armyTable(system);
    const run = new BoardRunner().run(BOARDS[system], { scene, tokens }, input);
    let at: string | null = null;
    let stops = 0;
    const times: number[] = [];
    for (let i = 0; i < STEPS; i++) {
      const t0 = performance.now();
      const all = finderStops(run.view);
      at = nextStop(all, at)?.stop.token ?? null;
      times.push(performance.now() - t0);
      stops = all.length;
    }
    rows.push({ system, tokens: tokens.length, stops, medianMs: round3(median(times.slice(STEPS / 4))) });
    log(`finder: ${system}, ${tokens.length} tokens, ${stops} stops: ${rows.at(-1)!.medianMs} ms a step (median)`);
  }
  return rows;
}
