// Benchmark (issue 11): the Owlbear extension's background page, as built (dist/owlbear), in headless
// Chromium on the test host (test/fixtures/owlbear) that answers the real SDK: 500 tokens (50 units of
// a leader and nine figures, two sides), Les bandes de Champagne's chains on them (the heaviest view:
// every chain of the scene). Per move — the host moves one token one cell, as Owlbear does when a
// player drops it — the page's own main-thread time (its SceneSession.recompute: the items read into
// a table, the view run; and its Painter: the local items computed and diffed), and the SDK calls the
// page made for that move (one batch: at most one add, one update and one delete). Target: ≤ 8 ms median.
// Also the scene's metadata for a very long game of each system (2,000 actions; the unit test plays 400).
import { SYSTEM_IDS } from '../src/rules/ids';
import { buildForBench } from './build';
import { median, quantile, round3 } from './timing';

export interface OwlbearBenchResult {
  tokens: number;
  moves: number;
  medianMs: number;
  p95Ms: number;
  recomputeMedianMs: number;
  paintMedianMs: number;
  /** SDK calls per move: the median, the most, and the share of moves made in a single call. */
  callsPerMoveMedian: number;
  callsPerMoveMax: number;
  singleCallShare: number;
  targetMedianMs: number;
  /** A 2,000-action game of each system on a shared scene: its metadata at most and its compacted game, bytes. */
  metadata: {
    system: string;
    actions: number;
    maxBytes: number;
    finalBytes: number;
    compactedBytes: number;
    compactedJsonBytes: number;
  }[];
}

const TOKENS = 500;
const MOVES = 300;
const WARMUP = 50;
const LONG_GAME = Number(process.env.OWLBEAR_BENCH_LONG_GAME ?? 2000);

export async function benchOwlbear(log: (line: string) => void = () => {}): Promise<OwlbearBenchResult> {
  buildForBench();
  const { launchPlain, openRoom, openAction, host, sendFrom, background, GM } = await import('../test/browser/owlbear');
  const { tokenItem } = await import('../test/support/owlbear-items');
  const l = await launchPlain();
  try {
    const room = await openRoom(l.context, l.servers, [GM]);
    const gm = await openAction(room.page, GM.connectionId);
    await sendFrom(gm, { type: 'store/select-system', system: 'bdc' });
    await host(room.page, 'closeAction', GM.connectionId);
    // 5 cm a cell of 50 px, measured in straight lines; 25 mm bases.
    await host(room.page, 'setGrid', { dpi: 50, scale: '5cm', type: 'SQUARE', measurement: 'EUCLIDEAN' });
    let seed = 9;
    const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const items = Array.from({ length: TOKENS }, (_, i) => {
      const g = Math.floor(i / 10);
      const side = g % 2 ? '2' : '1';
      return tokenItem(
        {
          id: `t${i}`,
          name: i % 10 ? `Figure ${i}` : `Leader ${g}`,
          x: ((g % 10) * 40 + rand() * 20) * 10,
          y: (Math.floor(g / 10) * 40 + rand() * 20) * 10,
          size: 25,
          tag: { side, unit: `g${g}`, role: i % 10 ? 'figure' : 'leader', base: { value: 25, unit: 'mm' } },
        },
        50,
      );
    });
    await host(room.page, 'setItems', items);
    const bg = background(room.page, GM.connectionId);
    type Stats = { recomputeMs: number; paint: { lastMs: number; lastCalls: number; paints: number } };
    const stats = () =>
      bg
        .locator('html')
        .evaluate(() => (globalThis as unknown as { commandPostOwlbear(): Stats }).commandPostOwlbear());
    // Every token marked before the first move.
    for (
      let i = 0;
      i < 200 &&
      (await host<{ id: string }[]>(room.page, 'local', GM.connectionId)).filter((x) => x.id.startsWith('cp-mark-'))
        .length < TOKENS;
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const samples: { recompute: number; paint: number; calls: number }[] = [];
    const positions = new Map(items.map((i) => [i.id, { ...i.position }]));
    for (let i = 0; i < WARMUP + MOVES; i++) {
      const before = (await stats()).paint.paints;
      const id = `t${Math.floor(rand() * TOKENS)}`;
      const p = positions.get(id)!;
      p.x += rand() < 0.5 ? -50 : 50;
      p.y += rand() < 0.5 ? -50 : 50;
      const since = await host<number>(room.page, 'now');
      await host(room.page, 'move', id, p.x, p.y);
      let s = await stats();
      for (let k = 0; k < 100 && s.paint.paints === before; k++) {
        await new Promise((r) => setTimeout(r, 5));
        s = await stats();
      }
      // Let the batch's calls reach the host before counting them.
      await new Promise((r) => setTimeout(r, 20));
      const calls = Object.entries(
        await host<Record<string, number>>(room.page, 'callsSince', since, GM.connectionId, 'background'),
      )
        .filter(([k]) => k.startsWith('OBR_SCENE_LOCAL_'))
        .reduce((n, [, c]) => n + c, 0);
      if (i >= WARMUP && s.paint.paints > before)
        samples.push({ recompute: s.recomputeMs, paint: s.paint.lastMs, calls });
    }
    if (samples.length < MOVES * 0.9)
      throw new Error(`owlbear bench: only ${samples.length} of ${MOVES} moves were drawn`);
    const totals = samples.map((s) => s.recompute + s.paint);
    const calls = samples.map((s) => s.calls);
    const { playLongGame } = await import('../test/support/long-games');
    const metadata: OwlbearBenchResult['metadata'] = [];
    for (const system of SYSTEM_IDS) {
      const g = await playLongGame(system, LONG_GAME);
      metadata.push({
        system,
        actions: g.actions,
        maxBytes: g.maxChars,
        finalBytes: g.finalChars,
        compactedBytes: g.gameChars,
        compactedJsonBytes: g.gameJsonChars,
      });
      log(
        `owlbear metadata, ${system}: ${g.actions} actions: at most ${g.maxChars} bytes, ${g.finalChars} at the end; compacted game ${g.gameChars} bytes (${g.gameJsonChars} as JSON)`,
      );
    }
    const result: OwlbearBenchResult = {
      tokens: TOKENS,
      moves: samples.length,
      medianMs: round3(median(totals)),
      p95Ms: round3(quantile(totals, 0.95)),
      recomputeMedianMs: round3(median(samples.map((s) => s.recompute))),
      paintMedianMs: round3(median(samples.map((s) => s.paint))),
      callsPerMoveMedian: median(calls),
      callsPerMoveMax: Math.max(...calls),
      singleCallShare: round3(calls.filter((c) => c === 1).length / calls.length),
      targetMedianMs: 8,
      metadata,
    };
    log(
      `owlbear ${TOKENS} tokens: ${result.medianMs} ms median, ${result.p95Ms} ms p95 per move (recompute ${result.recomputeMedianMs} + paint ${result.paintMedianMs}); SDK calls per move: median ${result.callsPerMoveMedian}, at most ${result.callsPerMoveMax}, one call for ${Math.round(result.singleCallShare * 100)} % of moves`,
    );
    if (room.errors.length) throw new Error(`owlbear bench: errors in the pages: ${room.errors.join('; ')}`);
    return result;
  } finally {
    await l.close();
  }
}
