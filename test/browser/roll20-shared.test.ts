// Roll20's one game for the table on the fixture's journal (test/fixtures/roll20/journal.ts, a
// Roll20 server written from public code, shared between pages through the fixture server): a game
// master and two players, each in a tab of his own playing as a different Roll20 player, each with the
// popup on his tab. The game master shares the game and seats the players the way Roll20 does (a side
// ledger's "controlled by"); a spend in one popup shows in the others and on their boards; a player
// acts for his side only; a reload and a player whose page script writes into the other side's ledger.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/roll20/server';
import { launchExtension, request, type LaunchedExtension } from './launch';
import { EDITOR, openGame } from './roll20-helpers';

declare const chrome: Browser.Browser;

const GAME = 'shared';
const SCENARIOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../scenarios');
let srv: FixtureServer;
let ext: LaunchedExtension;

interface Seat {
  readonly game: Page;
  readonly tab: number;
  popup: Page;
}
const seats: Record<'gina' | 'bob' | 'carol', Seat> = {} as never;

/** The popup of `tab`, as a page standing for it (`?tab=<id>`), its live section open. */
async function popupOf(tab: number): Promise<Page> {
  const popup = await ext.context.newPage();
  await popup.setViewportSize({ width: 420, height: 900 });
  await popup.goto(`${ext.popupUrl}?tab=${tab}`);
  await popup.locator('main.popup h1').waitFor();
  return popup;
}

async function openAs(player: string): Promise<Seat> {
  const { game, tab } = await openGame(ext, `journal=${GAME}&player=${player}&n=4`);
  await game.evaluate(() => (window as unknown as { __fx: { journal: { ready(): Promise<void> } } }).__fx.journal.ready());
  return { game, tab, popup: await popupOf(tab) };
}

/** Until the tab plays the table's game (its live board says so), as a player waits for his board to show it. */
async function sharedReady(seat: Seat): Promise<void> {
  await expect
    .poll(() => ext.worker.evaluate(async (tab) => ((await chrome.storage.session.get(`commandPost.live.${tab}`))[`commandPost.live.${tab}`] as { shared?: { state: string } } | undefined)?.shared?.state, seat.tab), { timeout: 15_000 })
    .toBe('ready');
}

/** A request of the popup's kind sent through the tab's port, as the popup sends it; with the game it answers (`games`, as JSON). */
const ask = (seat: Seat, request: object) =>
  seat.popup.evaluate(
    ({ tab, request }) =>
      new Promise<{ ok: boolean; error?: { code: string }; games?: string }>((resolve) => {
        const port = chrome.tabs.connect(tab, { name: 'command-post-owlbear' });
        port.onMessage.addListener((raw: unknown) => {
          const m = raw as { type: string; response?: { ok: boolean; error?: { code: string }; root?: { games: unknown } } };
          if (m.type !== 'owlbear/response') return;
          port.disconnect();
          const r = m.response!;
          resolve(r.ok ? { ok: true, games: JSON.stringify(r.root!.games) } : { ok: false, error: r.error });
        });
        port.postMessage({ type: 'owlbear/request', rid: 'r1', request });
      }),
    { tab: seat.tab, request },
  );
const send = async (seat: Seat, request: object) => {
  const r = await ask(seat, request);
  return r.ok ? { ok: true } : { ok: false, error: r.error };
};
/**
 * A game as every tab must agree on it: the command roll's rosters are sealed for everyone but their
 * author (his tab shows his own plainly), so a roster's slots are left out of the comparison.
 */
const unsealed = (games: string | undefined): string => {
  // Keys in one order (a root rebuilt by an undo lists its games in another), rosters' slots left out.
  const canonical = (x: unknown): unknown =>
    Array.isArray(x) ? x.map(canonical) : x && typeof x === 'object' ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, k === 'slots' ? '…' : canonical((x as Record<string, unknown>)[k])])) : x;
  return JSON.stringify(canonical(JSON.parse(games ?? 'null')));
};
/** The marks each tab's board draws, by token and status. */
const boardOf = (seat: Seat) => seat.game.evaluate(() => [...document.querySelectorAll('#command-post-overlay .mark')].map((m) => `${m.getAttribute('data-token')}:${m.getAttribute('data-status')}`).sort().join(' '));

/**
 * A worked example's events (test/scenarios/<system>/<file>), each made by whichever player may make
 * it (Bob for side A, Carol for side B, the game master for what neither may), then every tab's game
 * and board compared: the same after each action.
 */
async function playAcross(system: string, file: string): Promise<number> {
  const { gina, bob, carol } = seats;
  const scenario = JSON.parse(fs.readFileSync(path.join(SCENARIOS, system, file), 'utf8')) as { steps: { event?: unknown; undo?: true; reject?: string }[] };
  let played = 0;
  for (const step of scenario.steps) {
    if (step.event === undefined && !step.undo) continue;
    // The table's undo, or the step's event.
    const request = step.undo ? { type: 'game/undo', system } : { type: 'game/dispatch', system, event: step.event };
    if (step.reject) {
      // An event the rules refuse there: refused in every tab, by the rules (and nothing written).
      const codes = [];
      for (const s of [bob, carol, gina]) codes.push((await send(s, request)).error?.code);
      expect(codes, `${file}: refused as the worked example says`).toContain(step.reject);
      expect(codes).not.toContain(undefined);
      continue;
    }
    let by: Seat | null = null;
    // A number the command roll has just rolled is opened by its roster's owner a moment later (his tab
    // reveals the sealed slot): until then the rules refuse what it lets, as a player would see.
    const refusals: string[] = [];
    for (const t0 = Date.now(); !by && Date.now() - t0 < 10_000; ) {
      refusals.length = 0;
      for (const s of [bob, carol, gina]) {
        const r = await send(s, request);
        if (r.ok) {
          by = s;
          break;
        }
        refusals.push(r.error?.code ?? '?');
      }
      if (!by) await new Promise((r) => setTimeout(r, 250));
    }
    expect(by, `${file}: step ${played + 1} played by someone (${refusals.join(', ')})`).not.toBeNull();
    played++;
    const want = (await ask(by!, { type: 'store/load' })).games;
    for (const s of [gina, bob, carol]) await expect.poll(async () => unsealed((await ask(s, { type: 'store/load' })).games), { timeout: 10_000 }).toBe(unsealed(want));
    const board = await boardOf(gina);
    for (const s of [bob, carol]) await expect.poll(() => boardOf(s), { timeout: 5000 }).toBe(board);
  }
  return played;
}

const hd = (event: object) => ({ type: 'game/dispatch', system: 'hd-command', event });
const current = (popup: Page, side: 'A' | 'B') => popup.getByTestId(`current-${side}`).textContent();
/** The ledger character of `name` in the server's journal. */
const ledger = (name: string) => srv.journal.snapshot(GAME).characters.find((c) => c.name === `Command Post · ${name}`);

beforeAll(async () => {
  srv = await startFixtureServer();
  srv.journal.configure(GAME, {
    players: [
      { ref: 'gina', name: 'Gina' },
      { ref: 'bob', name: 'Bob' },
      { ref: 'carol', name: 'Carol' },
      { ref: 'dave', name: 'Dave' },
    ],
    gms: ['gina'],
    enforce: true,
  });
  ext = await launchExtension({ args: srv.args });
  seats.gina = await openAs('gina');
  seats.bob = await openAs('bob');
  seats.carol = await openAs('carol');
}, 120_000);
afterAll(async () => {
  await ext?.close();
  await srv?.close();
});

describe('one game for the Roll20 table', () => {
  it('the game master shares it with one click, and seats players with Roll20’s own “controlled by”', async () => {
    const { gina, bob, carol } = seats;
    await gina.popup.getByTestId('board-details').locator('summary').first().click();
    await expect.poll(() => gina.popup.getByTestId('r20-shared').getAttribute('data-state'), { timeout: 10_000 }).toBe('none');
    // A player cannot share it.
    await bob.popup.getByTestId('board-details').locator('summary').first().click();
    expect(await bob.popup.getByTestId('r20-share').count()).toBe(0);
    await gina.popup.getByTestId('r20-share').click();
    await expect.poll(() => ledger('Side 2')?.attribs.map((a) => a.name), { timeout: 10_000 }).toContain('cp_ledger');
    expect(ledger('table')).toMatchObject({ controlledby: '', inplayerjournals: 'all' });
    // The table's ledger lists the side ledgers (a character a player names like one is not one).
    await expect.poll(() => ledger('table')?.attribs.find((a) => a.name === 'cp_sides')?.current, { timeout: 10_000 }).toBe(JSON.stringify([ledger('Side 1')!.id, ledger('Side 2')!.id]));
    // Seated as Roll20 seats a player: the game master names him on the side's ledger.
    await gina.game.evaluate(({ bob, carol }) => {
      const chars = (window as unknown as { Campaign: { characters: { models: { get(k: string): string; save(a: object): void }[] } } }).Campaign.characters.models;
      chars.find((c) => c.get('name') === 'Command Post · Side 1')!.save({ controlledby: bob });
      chars.find((c) => c.get('name') === 'Command Post · Side 2')!.save({ controlledby: carol });
    }, { bob: srv.journal.id('bob'), carol: srv.journal.id('carol') });
    // The popups opened before the game was shared play the browser's own: opened again, they play the table's.
    for (const s of [gina, bob, carol]) {
      await sharedReady(s);
      await s.popup.close();
      s.popup = await popupOf(s.tab);
    }
    for (const r of [
      { type: 'store/select-system', system: 'hd-command' },
      hd({ type: 'rosterSet', side: 'A', fighters: [{ name: 'Capitaine', cmd: 4 }, { name: 'Sergent', cmd: 2 }] }),
      hd({ type: 'rosterSet', side: 'B', fighters: [{ name: '<img src=x onerror=alert(1)>', cmd: 5 }] }),
      hd({ type: 'start' }),
    ]) {
      expect(await send(gina, r)).toEqual({ ok: true });
    }
    for (const s of [gina, bob, carol]) {
      await expect.poll(() => current(s.popup, 'A'), { timeout: 10_000 }).toBe('6');
      await expect.poll(() => current(s.popup, 'B'), { timeout: 10_000 }).toBe('5');
    }
    await bob.popup.getByTestId('board-details').locator('summary').first().click();
    await expect.poll(() => bob.popup.getByTestId('r20-mine').textContent(), { timeout: 10_000 }).toMatch(/You act for: Side 1/);
    expect(await bob.popup.getByTestId('r20-seats').textContent()).toMatch(/Side 1: Bob.*Side 2: Carol/);
    expect(await bob.popup.locator('img').count()).toBe(0);
  });

  it('a spend in one player’s popup shows in every popup; a player acts for his own side only', async () => {
    const { gina, bob, carol } = seats;
    await bob.popup.locator('#play-A-amount').fill('2');
    await bob.popup.getByTestId('spend-temp-A').click();
    for (const s of [gina, bob, carol]) await expect.poll(() => current(s.popup, 'A'), { timeout: 10_000 }).toBe('4');
    await carol.popup.locator('#play-A-amount').fill('1');
    await carol.popup.getByTestId('spend-temp-A').click();
    await expect.poll(() => carol.popup.getByTestId('refusal').textContent(), { timeout: 10_000 }).toMatch(/side A/);
    await carol.popup.locator('#play-B-amount').fill('1');
    await carol.popup.getByTestId('spend-temp-B').click();
    for (const s of [gina, bob, carol]) await expect.poll(() => current(s.popup, 'B'), { timeout: 10_000 }).toBe('4');
    expect(await current(gina.popup, 'A')).toBe('4');
  });

  it('a turn of the command roll (R1: 4 against 2) and a rally, its undo and another in Les bandes de Champagne (B2), played across the three tabs: every game and board the same after each action', async () => {
    expect(await send(seats.gina, { type: 'store/select-system', system: 'cr' })).toEqual({ ok: true });
    expect(await playAcross('cr', 'r1-four-vs-two.json')).toBeGreaterThan(20);
    expect(await send(seats.gina, { type: 'store/select-system', system: 'bdc' })).toEqual({ ok: true });
    expect(await playAcross('bdc', 'b2-rally-demoralised.json')).toBe(7);
    // Back to the Hell Dorado game the other tests play.
    expect(await send(seats.gina, { type: 'store/select-system', system: 'hd-command' })).toEqual({ ok: true });
  });

  it('Check this table, run by the game master with the players connected: Roll20 (the fixture, enforcing) refuses a player’s write on the table’s ledger; the round trip and the long value are said', async () => {
    const { gina } = seats;
    await gina.popup.getByTestId('board-details').locator('summary').first().click();
    // (Clicked in the page: the live section's layout moves as the table's state comes in every second.)
    await gina.popup.getByTestId('r20-check-run').evaluate((b) => (b as HTMLButtonElement).click());
    await expect.poll(() => gina.popup.getByTestId('r20-check').getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
    const said = await gina.popup.getByTestId('r20-check-result').textContent();
    expect(said).toMatch(/Roll20 refused a player’s write on a ledger he does not control/);
    expect(said).toMatch(/came back from the players in \d+ ms \(2 answered\)/);
    expect(said).toMatch(/reached the players whole/);
    expect(srv.journal.refused(GAME).filter((r) => r.why === 'not-controller').length).toBeGreaterThanOrEqual(2);
  });

  it('a player’s page script writing into the other side’s ledger changes nothing (ownership enforced), and a reload reads the whole game', async () => {
    const { gina, bob, carol } = seats;
    const refusedBefore = srv.journal.refused(GAME).length;
    // Carol's page script forges an op under Bob's name on Bob's ledger, through Roll20's own models.
    await carol.game.evaluate((bob) => {
      const c = (window as unknown as { Campaign: { characters: { models: { get(k: string): string; attribs: { create(a: object): void } }[] } } }).Campaign.characters.models.find((m) => m.get('name') === 'Command Post · Side 1');
      c?.attribs.create({ name: `cp_ops_${bob}.3`, current: JSON.stringify({ v: 2, scene: 'x', done: 0, ops: [] }), max: '' });
    }, srv.journal.id('bob'));
    await expect.poll(() => srv.journal.refused(GAME).length, { timeout: 10_000 }).toBeGreaterThan(refusedBefore);
    expect(srv.journal.refused(GAME).at(-1)!.why).toBe('not-controller');
    // Bob reloads his tab: his popup, opened again, shows the table's game.
    await bob.game.reload();
    await bob.game.evaluate(() => (window as unknown as { __fx: { journal: { ready(): Promise<void> } } }).__fx.journal.ready());
    await sharedReady(bob);
    await bob.popup.close();
    bob.popup = await popupOf(bob.tab);
    await expect.poll(() => current(bob.popup, 'A'), { timeout: 15_000 }).toBe('4');
    await bob.popup.locator('#play-A-amount').fill('1');
    await bob.popup.getByTestId('spend-temp-A').click();
    for (const s of [gina, bob, carol]) await expect.poll(() => current(s.popup, 'A'), { timeout: 15_000 }).toBe('3');
  });

  it('the game master offline for a while: the players play on, nothing lost or doubled when he is back; a player who joins late reads the whole game', async () => {
    const { gina, bob, carol } = seats;
    const journal = (seat: Seat, f: 'offline' | 'online') => seat.game.evaluate((what) => (window as unknown as { __fx: { journal: Record<string, () => void> } }).__fx.journal[what]!(), f);
    const before = { A: Number(await current(bob.popup, 'A')), B: Number(await current(bob.popup, 'B')) };
    await journal(gina, 'offline');
    for (const [s, side] of [[bob, 'A'], [carol, 'B'], [bob, 'A']] as const) expect(await send(s, hd({ type: 'spend', side, amount: 1, permanent: false }))).toEqual({ ok: true });
    for (const s of [bob, carol]) {
      await expect.poll(() => current(s.popup, 'A'), { timeout: 10_000 }).toBe(String(before.A - 2));
      await expect.poll(() => current(s.popup, 'B'), { timeout: 10_000 }).toBe(String(before.B - 1));
    }
    expect(await current(gina.popup, 'A')).toBe(String(before.A));
    await journal(gina, 'online');
    for (const s of [gina, bob, carol]) {
      await expect.poll(() => current(s.popup, 'A'), { timeout: 15_000 }).toBe(String(before.A - 2));
      await expect.poll(() => current(s.popup, 'B'), { timeout: 15_000 }).toBe(String(before.B - 1));
    }
    // Dave joins late (seated nowhere): his popup shows the same game, and his actions are refused with the reason.
    const dave = await openAs('dave');
    await sharedReady(dave);
    await dave.popup.close();
    dave.popup = await popupOf(dave.tab);
    await expect.poll(() => current(dave.popup, 'A'), { timeout: 15_000 }).toBe(String(before.A - 2));
    expect(await current(dave.popup, 'B')).toBe(String(before.B - 1));
    expect(await send(dave, hd({ type: 'spend', side: 'A', amount: 1, permanent: false }))).toEqual({ ok: false, error: { code: 'roll20-no-ledger-of-yours' } });
  });

  // Last: the extension goes away under the open tabs.
  it('the extension reloaded under an open tab: the old board takes its drawing away and says to reload the tab', async () => {
    // A tab of the browser's own game (Les bandes de Champagne's chains on the fixture's tokens).
    await request(ext, { type: 'store/select-system', system: 'bdc' });
    const board = await ext.context.newPage();
    await board.goto(`${EDITOR}?engine=legacy`);
    await board.waitForSelector('#command-post-overlay .mark', { state: 'attached', timeout: 15_000 });
    await ext.worker.evaluate(() => chrome.runtime.reload()).catch(() => undefined);
    await expect.poll(() => board.evaluate(() => document.querySelector('#command-post-overlay [data-message]')?.textContent ?? null), { timeout: 10_000 }).toMatch(/updated: reload the tab/);
    expect(await board.locator('#command-post-overlay .mark, #command-post-overlay .ring').count()).toBe(0);
    // A token that walks away afterwards is drawn nowhere, in command or out.
    await board.evaluate(() => (window as unknown as { __fx: { move(r: string, x: number, y: number): void } }).__fx.move('A1', 900, 900));
    await new Promise((r) => setTimeout(r, 300));
    expect(await board.locator('#command-post-overlay .mark').count()).toBe(0);
  });
});
