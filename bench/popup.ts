// Benchmark (issue 21): a long game through the real path, in Chromium with the extension as built —
// a click in the popup, the request to the worker, the worker's answer, the popup applying it and
// showing the new line of history — and opening the popup on that game, at 100, 10,000 and 60,000
// events (a Hell Dorado game: upkeep, then a point spent, for ever). Also the bytes of each answer.
// Targets at 10,000 events: ≤ 10 ms an action and ≤ 300 ms to open (median), each at most 3× its cost
// at 100 events; the answer's size does not grow with the game.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { buildForBench } from './build';
import { median, quantile, round3 } from './timing';

export interface PopupBenchRow {
  events: number;
  /** Click → the new history line on screen, through the worker (median and 95th percentile of ACTIONS). */
  actionMs: number;
  actionP95Ms: number;
  /** Navigation → the history shown, with the worker running (median of OPENS), and once after the worker was stopped. */
  openMs: number;
  openColdMs: number;
  /** Characters of the worker's answer to an action (median), and to the popup opening. */
  answerChars: number;
  openChars: number;
}

const SIZES = [100, 10_000, 60_000];
const ACTIONS = 60;
const OPENS = 7;

const setup = [
  {
    type: 'rosterSet',
    side: 'A',
    fighters: [
      { name: 'chef', cmd: 5 },
      { name: 'sergent', cmd: 3 },
    ],
  },
  { type: 'rosterSet', side: 'B', fighters: [{ name: 'chef', cmd: 4 }] },
  { type: 'start' },
];
/** A game that can go on for ever: upkeep, then one point spent. */
const gameOf = (events: number) => [
  ...setup,
  ...Array.from({ length: events - setup.length }, (_, i) =>
    i % 2 === 0 ? { type: 'upkeep' } : { type: 'spend', side: 'A', amount: 1, permanent: false },
  ),
];

/** Opens the popup; ms from navigation to the history shown, by the page's own clock. */
async function open(page: Page, url: string): Promise<number> {
  await page.goto(url);
  return (await (
    await page.waitForFunction(
      () => document.querySelector('[data-testid="history"] li') && performance.now(),
      undefined,
      { polling: 'raf', timeout: 60_000 },
    )
  ).jsonValue()) as number;
}

/** Characters of the worker's answer to each of these requests, sent from the popup's page as the popup sends them. */
function answerChars(page: Page, requests: object[]): Promise<number[]> {
  return page.evaluate(async (rs) => {
    const out: number[] = [];
    const rt = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }).chrome
      .runtime;
    for (const r of rs) out.push(JSON.stringify(await rt.sendMessage(r)).length);
    return out;
  }, requests);
}

/**
 * One click (the upkeep, or a point spent), measured in the page from the click to its history line
 * on screen. (Written as text: tsx would name the page's functions with a helper the page lacks.)
 */
function act(page: Page, button: string): Promise<number> {
  // The DOM is watched (not polled each frame): the time is when the line is in the document.
  return page.evaluate(`new Promise((done) => {
    const before = Number(document.querySelector('[data-testid="history"]').getAttribute('start'));
    const t0 = performance.now();
    const seen = new MutationObserver(() => {
      const now = document.querySelector('[data-testid="history"]');
      if (now && Number(now.getAttribute('start')) === before + 1) {
        seen.disconnect();
        done(performance.now() - t0);
      }
    });
    seen.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['start'] });
    document.querySelector('[data-testid="${button}"]').click();
  })`) as Promise<number>;
}

export async function benchPopup(log: (line: string) => void = () => {}): Promise<PopupBenchRow[]> {
  buildForBench();
  const { launchExtension, request } = await import('../test/browser/launch');
  const rows: PopupBenchRow[] = [];
  for (const events of SIZES) {
    const ext = await launchExtension();
    try {
      const answers = (await request(
        ext,
        { type: 'store/select-system', system: 'hd-command' },
        {
          type: 'game/import',
          system: 'hd-command',
          game: {
            config: {
              edition: 'gestion',
              houseRules: {
                leavingCountsAsLoss: true,
                commandementModifierTiming: 'immediate',
                lostBeforeCredit: 'cancel-credit',
                modifierEndGivesBack: 'applied',
              },
            },
            log: { events: gameOf(events), cursor: events },
          },
        },
      )) as { ok: boolean }[];
      if (!answers.every((a) => a.ok))
        throw new Error(`the game of ${events} events was refused: ${JSON.stringify(answers).slice(0, 300)}`);
      const opens: number[] = [];
      let page: Page | null = null;
      for (let i = 0; i <= OPENS; i++) {
        await page?.close();
        page = await ext.context.newPage();
        const ms = await open(page, ext.popupUrl);
        // The first opening loads the panel's code for the first time: not counted.
        if (i > 0) opens.push(ms);
      }
      // Opened after the browser stopped the worker (it reads the store again from storage).
      const cdp = await ext.context.newCDPSession(page!);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await page!.close();
      page = await ext.context.newPage();
      const cold = await open(page, ext.popupUrl);
      await page.locator('#play-A-amount').fill('1');
      const times: number[] = [];
      // The game stands after a spend: an upkeep, then a point spent, and so on.
      for (let i = 0; i < ACTIONS + 10; i++) {
        const ms = await act(page, i % 2 === 0 ? 'upkeep' : 'spend-temp-A');
        if (i >= 10) times.push(ms);
      }
      const chars = await answerChars(
        page,
        Array.from({ length: 10 }, (_, i) => ({
          type: 'game/dispatch',
          system: 'hd-command',
          event: i % 2 === 0 ? { type: 'upkeep' } : { type: 'spend', side: 'A', amount: 1, permanent: false },
        })),
      );
      const [openChars] = await answerChars(page, [{ type: 'store/load' }]);
      const row: PopupBenchRow = {
        events,
        actionMs: round3(median(times)),
        actionP95Ms: round3(quantile(times, 0.95)),
        openMs: round3(median(opens)),
        openColdMs: round3(cold),
        answerChars: median(chars),
        openChars: openChars!,
      };
      log(
        `popup ${events} events: action ${row.actionMs} ms median (p95 ${row.actionP95Ms}), open ${row.openMs} ms (worker stopped: ${row.openColdMs} ms); answers ${row.answerChars} characters an action, ${row.openChars} on opening`,
      );
      rows.push(row);
    } finally {
      await ext.close();
    }
  }
  return rows;
}

export interface PopupImportRow {
  events: number;
  /** Characters of the file the popup imported (compact, as Export writes it). */
  fileChars: number;
  /** Click → the new history line, right after the game came in through Import, the Files section still open (median, p95). */
  actionMs: number;
  actionP95Ms: number;
  /** The same after the browser stopped the worker (the game read back from storage). */
  restartedActionMs: number;
}

const CONFIG = {
  edition: 'gestion',
  houseRules: {
    leavingCountsAsLoss: true,
    commandementModifierTiming: 'immediate',
    lostBeforeCredit: 'cancel-credit',
    modifierEndGivesBack: 'applied',
  },
};

/** Upkeeps and spends until ACTIONS have been timed (after ten not counted), from a game standing after a spend. */
async function actions(page: Page): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ACTIONS + 10; i++) {
    const ms = await act(page, i % 2 === 0 ? 'upkeep' : 'spend-temp-A');
    if (i >= 10) times.push(ms);
  }
  return times;
}

/**
 * Issue 28: a move right after a game of 60,000 events came in through the popup's Import (the file
 * chosen in the Files section, which stays open), against the same move after the worker restarted:
 * a move costs what it costs however the game arrived.
 */
export async function benchPopupImport(log: (line: string) => void = () => {}): Promise<PopupImportRow> {
  buildForBench();
  const { launchExtension, request } = await import('../test/browser/launch');
  const events = 60_000;
  const ext = await launchExtension();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'command-post-bench-'));
  try {
    await request(
      ext,
      { type: 'store/select-system', system: 'hd-command' },
      {
        type: 'game/import',
        system: 'hd-command',
        game: { config: CONFIG, log: { events: gameOf(100), cursor: 100 } },
      },
    );
    const file = path.join(dir, 'game.json');
    const text = JSON.stringify({
      format: 'command-post/game',
      version: 2,
      system: 'hd-command',
      binding: null,
      game: { config: CONFIG, log: { cursor: events, events: gameOf(events) } },
    });
    fs.writeFileSync(file, text);
    const page = await ext.context.newPage();
    await open(page, ext.popupUrl);
    await page.getByTestId('game-files').evaluate((d) => void ((d as HTMLDetailsElement).open = true));
    await page.getByTestId('import-game').setInputFiles(file);
    await page.getByTestId('confirm-yes').click();
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="history"]')?.getAttribute('start')) >= n - 200,
      events,
      { timeout: 120_000 },
    );
    await page.locator('#play-A-amount').fill('1');
    const imported = await actions(page);
    const cdp = await ext.context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await open(page, ext.popupUrl);
    await page.getByTestId('game-files').evaluate((d) => void ((d as HTMLDetailsElement).open = true));
    await page.locator('#play-A-amount').fill('1');
    const restarted = await actions(page);
    const row: PopupImportRow = {
      events,
      fileChars: text.length,
      actionMs: round3(median(imported)),
      actionP95Ms: round3(quantile(imported, 0.95)),
      restartedActionMs: round3(median(restarted)),
    };
    log(
      `popup after importing ${events} events (a file of ${(text.length / 1e6).toFixed(2)} MB): action ${row.actionMs} ms median (p95 ${row.actionP95Ms}); after a restart ${row.restartedActionMs} ms`,
    );
    return row;
  } finally {
    await ext.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
