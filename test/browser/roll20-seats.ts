// The Roll20 table's one game in the browser tests: each player's tab on the fixture's journal
// (test/fixtures/roll20/journal.ts) with its popup, the game master's clicks, and what a popup says.
import type { Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { expect } from 'vitest';
import type { FixtureServer } from '../fixtures/roll20/server';
import type { LaunchedExtension } from './launch';
import { openGame } from './roll20-helpers';

declare const chrome: Browser.Browser;

export interface Seat {
  readonly game: Page;
  readonly tab: number;
  popup: Page;
}

export const PLAYERS = [
  { ref: 'gina', name: 'Gina' },
  { ref: 'bob', name: 'Bob' },
  { ref: 'carol', name: 'Carol' },
];

export function seatsOf(ext: LaunchedExtension, srv: FixtureServer, journal: string) {
  /** The popup of `tab`, as a page standing for it (`?tab=<id>`). */
  const popupOf = async (tab: number): Promise<Page> => {
    const popup = await ext.context.newPage();
    await popup.setViewportSize({ width: 420, height: 900 });
    await popup.goto(`${ext.popupUrl}?tab=${tab}`);
    await popup.locator('main.popup h1').waitFor();
    return popup;
  };
  /** Until the tab plays the table's game, then its popup opened again (one opened before plays the browser's own). */
  const reopen = async (s: Seat): Promise<void> => {
    const state = () =>
      ext.worker.evaluate(
        async (tab) =>
          (
            (await chrome.storage.session.get(`commandPost.live.${tab}`))[`commandPost.live.${tab}`] as
              { shared?: { state: string } } | undefined
          )?.shared?.state,
        s.tab,
      );
    await expect.poll(state, { timeout: 15_000 }).toBe('ready');
    await s.popup.close();
    s.popup = await popupOf(s.tab);
  };
  /** The live section of a popup, opened. */
  const details = (s: Seat) => s.popup.getByTestId('board-details').locator('summary').first().click();
  /** A ledger character of the server's journal, by what its name says after the prefix. */
  const ledger = (name: string) =>
    srv.journal.snapshot(journal).characters.find((c) => c.name === `Command Post · ${name}`);
  return {
    ledger,
    details,
    reopen,
    async open(player: string): Promise<Seat> {
      const { game, tab } = await openGame(ext, `journal=${journal}&player=${player}&n=4`);
      await game.evaluate(() =>
        (window as unknown as { __fx: { journal: { ready(): Promise<void> } } }).__fx.journal.ready(),
      );
      return { game, tab, popup: await popupOf(tab) };
    },
    /** The game master's click, then Bob seated on side 1 and Carol on side 2 as Roll20 seats players; every popup opened again. */
    async shareAndSeat(seats: Record<'gina' | 'bob' | 'carol', Seat>): Promise<void> {
      await details(seats.gina);
      await seats.gina.popup.getByTestId('r20-share').click();
      const listed = () =>
        ledger('Side 2') &&
        ledger('table')?.attribs.find((a) => a.name === 'cp_sides')?.current ===
          JSON.stringify([ledger('Side 1')!.id, ledger('Side 2')!.id]);
      await expect.poll(listed, { timeout: 10_000 }).toBe(true);
      await seats.gina.game.evaluate(
        ({ bob, carol }) => {
          const chars = (
            window as unknown as {
              Campaign: { characters: { models: { get(k: string): string; save(a: object): void }[] } };
            }
          ).Campaign.characters.models;
          chars.find((c) => c.get('name') === 'Command Post · Side 1')!.save({ controlledby: bob });
          chars.find((c) => c.get('name') === 'Command Post · Side 2')!.save({ controlledby: carol });
        },
        { bob: srv.journal.id('bob'), carol: srv.journal.id('carol') },
      );
      for (const s of Object.values(seats)) await reopen(s);
    },
  };
}

/** A request of the popup's kind sent through the tab's port, as the popup sends it: ok, or the error's code. */
export const send = (seat: Seat, request: object) =>
  seat.popup.evaluate(
    ({ tab, request }) =>
      new Promise<{ ok: boolean; code?: string }>((resolve, reject) => {
        const port = chrome.tabs.connect(tab, { name: 'command-post-table' });
        setTimeout(() => reject(new Error(`tab ${tab} did not answer within 20 s`)), 20_000);
        port.onMessage.addListener((raw: unknown) => {
          const m = raw as { type: string; response?: { ok: boolean; error?: { code: string } } };
          if (m.type !== 'port/response') return;
          port.disconnect();
          resolve(m.response!.ok ? { ok: true } : { ok: false, code: m.response!.error?.code });
        });
        port.postMessage({ type: 'port/request', rid: 'r1', request });
      }),
    { tab: seat.tab, request },
  );

export const hd = (event: object) => ({ type: 'game/dispatch', system: 'hd-command', event });

/** Side's current Command as the popup shows it (what it shows instead, if none). */
export const current = (popup: Page, side: 'A' | 'B') =>
  popup
    .getByTestId(`current-${side}`)
    .textContent({ timeout: 2000 })
    .catch(
      async () =>
        `no current-${side}: ${(
          (await popup
            .locator('body')
            .textContent({ timeout: 1000 })
            .catch(() => '')) ?? ''
        )
          .replace(/\s+/g, ' ')
          .slice(0, 300)}`,
    );

/** The Hell Dorado game the spends play: side A's 6 points of Command, side B's 5 (its one fighter named `nameB`). */
export async function startHellDorado(gina: Seat, nameB = 'Voyageuse'): Promise<void> {
  for (const r of [
    { type: 'store/select-system', system: 'hd-command' },
    hd({
      type: 'rosterSet',
      side: 'A',
      fighters: [
        { name: 'Capitaine', cmd: 4 },
        { name: 'Sergent', cmd: 2 },
      ],
    }),
    hd({ type: 'rosterSet', side: 'B', fighters: [{ name: nameB, cmd: 5 }] }),
    hd({ type: 'start' }),
  ]) {
    expect(await send(gina, r)).toEqual({ ok: true });
  }
}

/** The game master's *Check this table*, clicked in his popup (live section open): what it says once this check is done. */
export async function runCheck(gina: Seat): Promise<string | null> {
  const check = gina.popup.getByTestId('r20-check');
  await expect.poll(() => check.getAttribute('data-state'), { timeout: 20_000 }).not.toBe('running');
  // (Clicked in the page: the live section's layout moves as the table's state comes in.)
  await gina.popup.getByTestId('r20-check-run').evaluate((b) => (b as HTMLButtonElement).click());
  await expect.poll(() => check.getAttribute('data-state'), { timeout: 10_000 }).toBe('running');
  await expect.poll(() => check.getAttribute('data-state'), { timeout: 25_000 }).toBe('done');
  return gina.popup.getByTestId('r20-check-result').textContent();
}
