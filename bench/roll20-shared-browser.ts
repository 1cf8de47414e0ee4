// Benchmark (issue 26): how long a player's action takes to reach another player's tab on Roll20's one
// game for the table, in Chromium, as built: the Roll20 fixture (test/fixtures/roll20/, a journal
// written from Roll20's public code, relayed between pages like Firebase) at zero network delay, a game
// master and two seated players each in a tab of his own. Bob renames his side (a Hell Dorado event,
// through his tab's port as his popup sends it); the clock stops when Carol's tab plays it (its game,
// which her board and popup draw, holds the new name). Target: ≤ 300 ms median.
import type { Worker } from 'playwright-core';
import { LEDGER_ATTR, LEDGER_PREFIX, SIDES_ATTR } from '../src/adapters/roll20/ledger';
import { buildForBench } from './build';
import { median, quantile, round3 } from './timing';

export interface Roll20SharedBrowserResult {
  actions: number;
  reachedMedianMs: number;
  reachedP95Ms: number;
}

const GAME = 'bench';
const ACTIONS = 40;

/**
 * The worker's side, as text (tsx would wrap a function's inner names in a helper the worker lacks):
 * `ask` sends one request to a tab's content script through the port its popup uses; `timed` is one
 * action of Bob's, timed from his request to Carol's tab playing it (her tab asked every few ms).
 */
const IN_WORKER = `
globalThis.benchAsk = (tab, request) => new Promise((resolve) => {
  const port = chrome.tabs.connect(tab, { name: 'command-post-table' });
  port.onMessage.addListener((m) => {
    if (m.type !== 'port/response') return;
    port.disconnect();
    const r = m.response;
    resolve({ ok: r.ok, games: r.root ? JSON.stringify(r.root.games) : undefined, error: r.error });
  });
  port.postMessage({ type: 'port/request', rid: 'bench', request });
});
globalThis.benchTimed = async (bob, carol, name) => {
  const t0 = performance.now();
  const r = await benchAsk(bob, { type: 'game/dispatch', system: 'hd-command', event: { type: 'sideEdited', side: 'A', name } });
  if (!r.ok) throw new Error("Bob's action refused: " + JSON.stringify(r.error));
  for (;;) {
    const seen = await benchAsk(carol, { type: 'store/load' });
    if (seen.games && seen.games.includes(JSON.stringify(name))) return performance.now() - t0;
    if (performance.now() - t0 > 10000) throw new Error("Carol's tab never played " + name);
    await new Promise((r) => setTimeout(r, 5));
  }
};
`;

const liveTabs = `chrome.storage.session.get(null).then((all) => Object.keys(all).filter((k) => k.startsWith('commandPost.live.')))`;

export async function benchRoll20SharedBrowser(
  log: (line: string) => void = () => {},
): Promise<Roll20SharedBrowserResult> {
  buildForBench();
  const { startFixtureServer } = await import('../test/fixtures/roll20/server');
  const { fid } = await import('../test/fixtures/roll20/journal');
  const { launchExtension } = await import('../test/browser/launch');
  const srv = await startFixtureServer();
  // The ledgers as the game master's click makes them, Bob and Carol seated as Roll20 seats players.
  srv.journal.configure(GAME, {
    players: [
      { ref: 'gina', name: 'Gina' },
      { ref: 'bob', name: 'Bob' },
      { ref: 'carol', name: 'Carol' },
    ],
    gms: ['gina'],
    enforce: true,
    latencyMs: 0,
    jitterMs: 0,
    characters: [
      {
        ref: 'ledger-table',
        name: `${LEDGER_PREFIX}table`,
        controlledby: '',
        inplayerjournals: 'all',
        attribs: [
          { name: LEDGER_ATTR, current: 'table' },
          { name: SIDES_ATTR, current: JSON.stringify([fid('ledger-1'), fid('ledger-2')]) },
        ],
      },
      {
        ref: 'ledger-1',
        name: `${LEDGER_PREFIX}Side 1`,
        controlledby: fid('bob'),
        inplayerjournals: 'all',
        attribs: [{ name: LEDGER_ATTR, current: 'side.0' }],
      },
      {
        ref: 'ledger-2',
        name: `${LEDGER_PREFIX}Side 2`,
        controlledby: fid('carol'),
        inplayerjournals: 'all',
        attribs: [{ name: LEDGER_ATTR, current: 'side.1' }],
      },
    ],
  });
  const ext = await launchExtension({ args: srv.args });
  try {
    const worker: Worker = ext.worker;
    const tabs: Record<string, number> = {};
    for (const player of ['gina', 'bob', 'carol']) {
      const before = (await worker.evaluate(liveTabs)) as string[];
      const page = await ext.context.newPage();
      await page.goto(`https://app.roll20.net/editor/?journal=${GAME}&player=${player}&n=4`);
      for (let i = 0; !tabs[player]; i++) {
        if (i > 150) throw new Error(`${player}'s tab never reported its table`);
        const fresh = ((await worker.evaluate(liveTabs)) as string[]).find((k) => !before.includes(k));
        if (fresh) tabs[player] = Number(fresh.slice('commandPost.live.'.length));
        else await new Promise((r) => setTimeout(r, 100));
      }
    }
    await worker.evaluate(IN_WORKER);
    const ask = (player: string, request: unknown) =>
      worker.evaluate(`benchAsk(${tabs[player]}, ${JSON.stringify(request)})`) as Promise<{ ok: boolean }>;
    /** Until `player`'s tab answers `request` with ok (a tab that has just started refuses a moment). */
    const until = async (player: string, request: unknown) => {
      for (let i = 0; i < 300; i++) {
        if ((await ask(player, request)).ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${player}'s tab never took ${JSON.stringify(request)}`);
    };
    await until('gina', { type: 'store/select-system', system: 'hd-command' });
    const hd = (event: object) => ({ type: 'game/dispatch', system: 'hd-command', event });
    await until('bob', hd({ type: 'sideEdited', side: 'A', name: 'warm-up' }));
    const reached: number[] = [];
    for (let i = 0; i < ACTIONS; i++) {
      const name = `bench ${i}`;
      const ms = (await worker.evaluate(`benchTimed(${tabs.bob}, ${tabs.carol}, ${JSON.stringify(name)})`)) as number;
      reached.push(ms);
      // A player's pace, not a flood: the game master's tab compacts in between, as at a table.
      await new Promise((r) => setTimeout(r, 200));
    }
    const result: Roll20SharedBrowserResult = {
      actions: ACTIONS,
      reachedMedianMs: round3(median(reached)),
      reachedP95Ms: round3(quantile(reached, 0.95)),
    };
    log(
      `roll20 shared game in Chromium: an action reaches the other player's tab in ${result.reachedMedianMs} ms median (p95 ${result.reachedP95Ms} ms, ${ACTIONS} actions)`,
    );
    return result;
  } finally {
    await ext.close();
    await srv.close();
  }
}
