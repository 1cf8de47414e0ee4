// Benchmark (issue 6): main-thread time per token move on the Roll20 fixture page with 1,000
// tokens (100 units of 10, one leader each), in headless Chromium with the built extension.
// Per move: the page-world bridge's frame flush (read the moved model, post the delta) plus the
// content script's handling (validate, fold, bind to the game, Les bandes de Champagne's view —
// every chain on the page, the heaviest system's board —, update the overlay's SVG).
// Both scripts report their own time on <html> only when the page carries
// data-command-post-bench. Target: median ≤ 4 ms; idle, ≤ 1 Campaign.activePage() call and ≤ 1.5 ms
// of JavaScript a second (issue 19: with the renderer looked for at every camera read).
import type { BrowserContext, Page } from 'playwright-core';
import type { LaunchedExtension } from '../test/browser/launch';
import { buildForBench } from './build';
import { median, quantile, round3 } from './timing';

export interface Roll20BenchResult {
  tokens: number;
  moves: number;
  medianMs: number;
  p95Ms: number;
  pageMedianMs: number;
  contentMedianMs: number;
  targetMedianMs: number;
  /**
   * Nothing changing on the table (1,000 tokens, camera still): main-thread milliseconds per second
   * of the tab as Chromium counts them (DevTools Performance.getMetrics): `pageScriptMsPerS` the
   * JavaScript (ScriptDuration: the bridge's frame loop, which looks for the renderer and reads its
   * camera at each read, as the fixture does nothing when idle: it renders on demand),
   * `pageTaskMsPerS` every task (TaskDuration: rendering included). The bridge cannot time itself:
   * performance.now() is coarsened to 100 µs in a page, more than one idle frame's work.
   */
  idle: { seconds: number; pageScriptMsPerS: number; pageTaskMsPerS: number; activePageCallsPerS: number };
}

const TOKENS = 1000;
const MOVES = 300;
const WARMUP = 60;

/**
 * The fixture's Roll20 table with TOKENS tokens, Les bandes de Champagne's view on it (every chain on
 * the page, the heaviest system's board), drawn: `measure` runs on it, then everything is closed.
 */
async function onFixtureTable<T>(measure: (page: Page, ext: LaunchedExtension) => Promise<T>): Promise<T> {
  buildForBench();
  const { launchExtension, request } = await import('../test/browser/launch');
  const { startFixtureServer } = await import('../test/fixtures/roll20/server');
  const srv = await startFixtureServer();
  const ext = await launchExtension({ args: srv.args });
  try {
    await request(ext, { type: 'store/select-system', system: 'bdc' });
    const page = await ext.context.newPage();
    await page.goto(`https://app.roll20.net/editor/?engine=jumpgate&n=${TOKENS}&bench=1`);
    await page.waitForFunction((n) => document.querySelectorAll('#command-post-overlay .mark').length === n, TOKENS, {
      timeout: 30_000,
    });
    return await measure(page, ext);
  } finally {
    await ext.close();
    await srv.close();
  }
}

/** Runs in the fixture page: moves random tokens one cell, one move per two frames, and collects both scripts' times. */
const IN_PAGE = `async ({ moves, warmup, n }) => {
  const fx = window.__fx;
  const html = document.documentElement;
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const out = [];
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < warmup + moves; i++) {
    html.removeAttribute('data-command-post-page-ms');
    html.removeAttribute('data-command-post-content-ms');
    const m = fx.model('t' + Math.floor(rand() * n));
    // A drop one cell away, as a player moves a figure.
    m.set({ left: m.get('left') + (rand() < 0.5 ? -70 : 70), top: m.get('top') + (rand() < 0.5 ? -70 : 70) });
    await frame();
    await frame();
    if (i >= warmup && html.hasAttribute('data-command-post-page-ms') && html.hasAttribute('data-command-post-content-ms')) {
      out.push({ page: Number(html.getAttribute('data-command-post-page-ms')), content: Number(html.getAttribute('data-command-post-content-ms')) });
    }
  }
  return out;
}`;

const IDLE_S = 5;

/** Main-thread time per second while nothing changes: the bridge's own count and Chromium's TaskDuration. */
async function measureIdle(context: BrowserContext, page: Page): Promise<Roll20BenchResult['idle']> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => {
    const all = (await cdp.send('Performance.getMetrics')).metrics;
    const get = (name: string) => (all.find((m) => m.name === name)?.value ?? NaN) * 1000;
    return { script: get('ScriptDuration'), task: get('TaskDuration') };
  };
  const read = () =>
    page.evaluate(() => ({
      calls: (window as unknown as { __fx: { activePageCalls: number } }).__fx.activePageCalls ?? NaN,
      now: performance.now(),
    }));
  await page.waitForTimeout(1000); // the last move's work is over
  const m0 = await metrics();
  const a = await read();
  await page.waitForTimeout(IDLE_S * 1000);
  const m1 = await metrics();
  const b = await read();
  const s = (b.now - a.now) / 1000;
  return {
    seconds: round3(s),
    pageScriptMsPerS: round3((m1.script - m0.script) / s),
    pageTaskMsPerS: round3((m1.task - m0.task) / s),
    activePageCallsPerS: round3((b.calls - a.calls) / s),
  };
}

export function benchRoll20(log: (line: string) => void = () => {}): Promise<Roll20BenchResult> {
  return onFixtureTable(async (page, ext) => {
    // Passed as source text: tsx would wrap named functions in a helper that the page does not have.
    const samples = (await page.evaluate(
      `(${IN_PAGE})(${JSON.stringify({ moves: MOVES, warmup: WARMUP, n: TOKENS })})`,
    )) as { page: number; content: number }[];
    if (samples.length < MOVES * 0.9)
      throw new Error(`roll20 bench: only ${samples.length} of ${MOVES} moves reported their timing`);
    const idle = await measureIdle(ext.context, page);
    const totals = samples.map((s) => s.page + s.content);
    const result: Roll20BenchResult = {
      tokens: TOKENS,
      moves: samples.length,
      medianMs: round3(median(totals)),
      p95Ms: round3(quantile(totals, 0.95)),
      pageMedianMs: round3(median(samples.map((s) => s.page))),
      contentMedianMs: round3(median(samples.map((s) => s.content))),
      targetMedianMs: 4,
      idle,
    };
    log(
      `roll20 ${TOKENS} tokens: ${result.medianMs} ms median, ${result.p95Ms} ms p95 per move (bridge ${result.pageMedianMs} + content ${result.contentMedianMs})`,
    );
    log(
      `roll20 idle: tab JavaScript ${idle.pageScriptMsPerS} ms/s, all tab tasks ${idle.pageTaskMsPerS} ms/s, ${idle.activePageCallsPerS} Campaign.activePage() calls/s`,
    );
    return result;
  });
}

export interface LoadBenchResult {
  tokens: number;
  moves: number;
  /** Per move (bridge + content script), over the moves after warm-up. */
  medianMs: number;
  p95Ms: number;
  /**
   * The tab's JavaScript heap after a forced garbage collection (CDP Runtime.getHeapUsage): the page,
   * the page-world bridge and the content scripts share one V8 heap, so its growth bounds the
   * content script's. Sampled after warm-up and then every LOAD_SAMPLE moves.
   */
  heapAfterWarmupBytes: number;
  heapEndBytes: number;
  heapGrowthBytes: number;
  heapSamples: { moves: number; usedBytes: number }[];
  targetGrowthBytes: number;
}

const LOAD_MOVES = 10_000;
const LOAD_WARMUP = 500;
const LOAD_SAMPLE = 1_000;

/** Runs in the fixture page: `count` random one-cell moves, one per frame; returns each move's reported times. */
const LOAD_IN_PAGE = `async ({ count, n, seed0 }) => {
  const fx = window.__fx;
  const html = document.documentElement;
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const out = [];
  let seed = seed0;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < count; i++) {
    html.removeAttribute('data-command-post-page-ms');
    html.removeAttribute('data-command-post-content-ms');
    const m = fx.model('t' + Math.floor(rand() * n));
    m.set({ left: m.get('left') + (rand() < 0.5 ? -70 : 70), top: m.get('top') + (rand() < 0.5 ? -70 : 70) });
    await frame();
    if (html.hasAttribute('data-command-post-page-ms') && html.hasAttribute('data-command-post-content-ms')) {
      out.push(Number(html.getAttribute('data-command-post-page-ms')) + Number(html.getAttribute('data-command-post-content-ms')));
    }
  }
  return out;
}`;

/**
 * Load: 1,000 tokens on the fixture table, 10,000 moves (one a frame), Les bandes de Champagne's view
 * (every chain on the page). Target: the heap grows by at most 1 MB after warm-up (nothing kept per
 * move), with the per-move times of a long session.
 */
export function benchLoad(log: (line: string) => void = () => {}): Promise<LoadBenchResult> {
  return onFixtureTable(async (page, ext) => {
    const cdp = await ext.context.newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const run = (count: number, seed0: number) =>
      page.evaluate(`(${LOAD_IN_PAGE})(${JSON.stringify({ count, n: TOKENS, seed0 })})`) as Promise<number[]>;
    await run(LOAD_WARMUP, 777);
    const heapAfterWarmupBytes = await heap();
    const heapSamples = [{ moves: 0, usedBytes: heapAfterWarmupBytes }];
    const times: number[] = [];
    for (let done = 0; done < LOAD_MOVES; done += LOAD_SAMPLE) {
      times.push(...(await run(LOAD_SAMPLE, 1000 + done)));
      heapSamples.push({ moves: done + LOAD_SAMPLE, usedBytes: await heap() });
      log(`load: ${done + LOAD_SAMPLE} moves, heap ${(heapSamples.at(-1)!.usedBytes / 1e6).toFixed(2)} MB`);
    }
    if (times.length < LOAD_MOVES * 0.9)
      throw new Error(`load bench: only ${times.length} of ${LOAD_MOVES} moves reported their timing`);
    const heapEndBytes = heapSamples.at(-1)!.usedBytes;
    const result: LoadBenchResult = {
      tokens: TOKENS,
      moves: times.length,
      medianMs: round3(median(times)),
      p95Ms: round3(quantile(times, 0.95)),
      heapAfterWarmupBytes,
      heapEndBytes,
      heapGrowthBytes: heapEndBytes - heapAfterWarmupBytes,
      heapSamples,
      targetGrowthBytes: 1024 * 1024,
    };
    log(
      `load ${TOKENS} tokens × ${result.moves} moves: ${result.medianMs} ms median, ${result.p95Ms} ms p95; heap ${(heapAfterWarmupBytes / 1e6).toFixed(2)} → ${(heapEndBytes / 1e6).toFixed(2)} MB (${((heapEndBytes - heapAfterWarmupBytes) / 1024).toFixed(0)} KB)`,
    );
    return result;
  });
}
