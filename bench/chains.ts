// Benchmark: full command-chain recomputes (issue 3). 10 figures per unit, one leader per unit,
// 2 m × 2 m table, 10 cm radius, base edge to base edge with 25 mm bases (the BdC default).
import { computeChains } from '../src/geometry/chains';
import { computeChainsNaive } from '../src/geometry/chains-naive';
import type { ChainOptions } from '../src/geometry/chains-common';
import { BENCH_SCENE, randomArmy } from './tables';
import { medianMs, round3 } from './timing';

export interface ChainsBenchRow {
  figures: number;
  indexedMs: number;
  naiveMs: number | null;
  commanded: number;
}

const OPTS: ChainOptions = { radius: { value: 10, unit: 'cm' }, from: 'edge' };
const SIZES = [1_000, 10_000, 100_000];
/** The O(n²) reference stops here: 100,000 figures would take minutes. */
const NAIVE_MAX = 10_000;

export function benchChains(log: (line: string) => void = () => {}): ChainsBenchRow[] {
  const rows: ChainsBenchRow[] = [];
  // V8 tiers a hot function up only after many calls: warm the whole path up for about a second
  // (on a mid-size table) so the medians measure optimised code, not the tier-up.
  const warm = randomArmy(10_000, { seed: 7 });
  const until = performance.now() + 1000;
  while (performance.now() < until) computeChains(warm, BENCH_SCENE, OPTS);
  for (const figures of SIZES) {
    const tokens = randomArmy(figures, { seed: figures });
    const indexed = computeChains(tokens, BENCH_SCENE, OPTS);
    const commanded = indexed.figures.filter((f) => f.commanded).length;
    const indexedMs = medianMs(() => computeChains(tokens, BENCH_SCENE, OPTS), figures >= 100_000 ? 15 : 61, 5);
    let naiveMs: number | null = null;
    if (figures <= NAIVE_MAX) {
      // The benchmark doubles as a smoke check that both engines agree on this table.
      const naive = computeChainsNaive(tokens, BENCH_SCENE, OPTS);
      if (
        naive.figures.some((f, i) => f.commanded !== indexed.figures[i]!.commanded || f.by !== indexed.figures[i]!.by)
      ) {
        throw new Error(`naive and indexed engines disagree at ${figures} figures`);
      }
      naiveMs = medianMs(() => computeChainsNaive(tokens, BENCH_SCENE, OPTS), figures >= 10_000 ? 5 : 11, 1);
    }
    const row = {
      figures,
      indexedMs: round3(indexedMs),
      naiveMs: naiveMs === null ? null : round3(naiveMs),
      commanded,
    };
    log(`chains ${figures}: indexed ${row.indexedMs} ms, naive ${row.naiveMs ?? '-'} ms, commanded ${commanded}`);
    rows.push(row);
  }
  return rows;
}
