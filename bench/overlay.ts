// Benchmark (issue 17): the whole overlay update per move as a tabletop runs it, in Chromium: the board
// as the Roll20 content script carries it (content/live-board.ts, bundled and minified as the extension
// is built: the table bound, the system's view, the layout of its words, the SVG touched), 1,000
// tokens, every system, names written as on the demo table. Target: ≤ 4 ms median.
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumPath, isRoot } from '../scripts/chromium.mjs';
import { SYSTEM_IDS, type SystemId } from '../src/rules/ids';
import { boardOf, fitCamera, MOVES, SCREEN, WARMUP } from './labels';
import { median, quantile, round3 } from './timing';

export interface OverlayRow {
  system: SystemId;
  tokens: number;
  medianMs: number;
  p95Ms: number;
}

/** The board as shipped, in a script that hands its class over on the page's global. */
async function boardScript(): Promise<string> {
  const built = await esbuild.build({
    stdin: { contents: "export { LiveBoard } from './content/live-board';", resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'commandPostBoard',
    target: 'chrome120',
    write: false,
    logLevel: 'warning',
  });
  return built.outputFiles[0]!.text;
}

/** Runs in a blank page holding the board: `moves` one-cell moves, each timed from the table to the SVG touched. */
const IN_PAGE = `({ scene, tokens, input, camera, moves, warmup }) => {
  const board = new globalThis.commandPostBoard.LiveBoard((t) => t.key + ' ' + (t.subs || []).join(' '));
  board.setInput(input);
  board.setOptions({ overlay: true, labels: true, names: true, legend: true });
  board.setCamera({ x: 0, y: 0, w: 1280, h: 800, ...camera });
  let list = tokens;
  board.render({ scene, tokens: list }, true);
  let seed = 11;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out = [];
  for (let i = 0; i < moves + warmup; i++) {
    const k = Math.floor(rand() * list.length);
    const t = list[k];
    list = list.slice();
    list[k] = { ...t, center: { x: t.center.x + (rand() < 0.5 ? -1 : 1) * scene.pixelsPerCell, y: t.center.y } };
    const t0 = performance.now();
    board.render({ scene, tokens: list }, true);
    // The SVG's own layout is the page's work too: read a box to have it done within the timing.
    document.querySelector('#command-post-overlay').getBBox?.();
    if (i >= warmup) out.push(performance.now() - t0);
  }
  return out;
}`;

export async function benchOverlay(log: (line: string) => void = () => {}): Promise<OverlayRow[]> {
  const script = await boardScript();
  const browser = await chromium.launch({
    executablePath: chromiumPath() ?? undefined,
    headless: true,
    args: [...(isRoot() ? ['--no-sandbox'] : []), '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const rows: OverlayRow[] = [];
  try {
    const page = await browser.newPage({ viewport: SCREEN });
    for (const system of SYSTEM_IDS) {
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.addScriptTag({ content: script });
      const { scene, tokens, input } = boardOf(system);
      const args = { scene, tokens, input, camera: fitCamera(tokens), moves: MOVES, warmup: WARMUP };
      const times = (await page.evaluate(`(${IN_PAGE})(${JSON.stringify(args)})`)) as number[];
      rows.push({
        system,
        tokens: tokens.length,
        medianMs: round3(median(times)),
        p95Ms: round3(quantile(times, 0.95)),
      });
      log(
        `overlay: ${system}, 1,000 tokens, one move from the table to the SVG, names written: ${rows.at(-1)!.medianMs} ms median, ${rows.at(-1)!.p95Ms} ms p95`,
      );
    }
  } finally {
    await browser.close();
  }
  return rows;
}
