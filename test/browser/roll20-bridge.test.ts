// The Roll20 bridge under attack by the page (issue 28), on the fixture at the real editor address:
// a page script that keeps the hello's port hears nothing on it, and what it replays or forges there
// does nothing (one click, one post; no aura on a real token, a Game Master layer token least of
// all); one that stops the real hello and hands the bridge its own is found out (the board says the
// page is interfering, the popup's click posts nothing); a `pagehide` the page dispatches itself does
// not take the tab's live table away. The same attacks in Firefox: test/firefox/firefox.test.ts.
import type { Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureHijack, keptPort, syntheticPagehide, type AttackLog } from '../support/roll20-attacks';
import type { LaunchedExtension } from './launch';
import { fixtureTable, openGame, type Fx } from './roll20-helpers';

declare const chrome: Browser.Browser;

const table = fixtureTable();
let ext: LaunchedExtension;
beforeAll(() => {
  ext = table.ext();
});

const INTERFERING = 'Command Post is off on this page: a script of the page is interfering with it.';

/** The fixture game with `attack` run before the page's own scripts, its tab's id, and the popup standing for that tab. */
async function attacked(
  attack: ((arg: boolean) => void) | (() => void),
  arg = false,
): Promise<{ game: Page; popup: Page; tab: number }> {
  await ext.worker.evaluate(() => chrome.storage.session.clear());
  const { game, tab } = await openGame(ext, 'engine=legacy', (page) => page.addInitScript(attack, arg));
  const popup = await ext.context.newPage();
  await popup.goto(`${ext.popupUrl}?tab=${tab}`);
  await popup.getByTestId('board-details').evaluate((d) => void ((d as HTMLDetailsElement).open = true));
  return { game, popup, tab };
}

const attackLog = (game: Page) => game.evaluate(() => (window as unknown as { __attack: AttackLog }).__attack);
const chatLines = (game: Page) => game.locator('#fx-chat li').allTextContents();
const aura = (game: Page, ref: string) =>
  game.evaluate((r) => {
    const m = (window as unknown as Fx).__fx.model(r);
    return [m.get('aura1_radius'), m.saves];
  }, ref);
const overlayMessage = (game: Page) =>
  game.evaluate(() => document.querySelector('#command-post-overlay [data-message]')?.textContent ?? null);
/** The player's one click on "Post the command summary", and what the popup then says. */
async function postOnce(popup: Page): Promise<string | null> {
  await popup.getByTestId('r20-chat').click();
  await popup.getByTestId('r20-chat-result').waitFor();
  return popup.getByTestId('r20-chat-result').textContent();
}

describe('the Roll20 bridge against a hostile page', () => {
  it("a page script that keeps the hello's port and listens on it hears nothing: no chat command, no secret", async () => {
    const { game, popup } = await attacked(keptPort, false);
    await game.waitForSelector('#command-post-overlay .mark', { state: 'attached', timeout: 15_000 });
    expect(await postOnce(popup)).toBe('Posted.');
    await expect.poll(() => chatLines(game)).toHaveLength(1);
    await popup.locator('summary', { hasText: 'Roll20 auras' }).click();
    await popup.getByTestId('r20-auras-write').click();
    await expect.poll(() => aura(game, 'L1')).toEqual([10, 1]);
    const secret = await game.evaluate(() => document.documentElement.outerHTML.match(/[0-9a-f]{32}/)?.[0] ?? null);
    const heard = (await attackLog(game)).heard;
    expect(heard, 'heard on the kept port').toEqual([]);
    if (secret) expect(heard.join('')).not.toContain(secret);
  });

  it('what it replays on the kept port does nothing: one click, one post', async () => {
    const { game, popup } = await attacked(keptPort, true);
    await game.waitForSelector('#command-post-overlay .mark', { state: 'attached', timeout: 15_000 });
    expect(await postOnce(popup)).toBe('Posted.');
    // The replays and forgeries go on for two seconds after the board is up.
    await game.waitForTimeout(2500);
    expect((await attackLog(game)).sent).toBeGreaterThan(0);
    expect(await chatLines(game)).toHaveLength(1);
    expect(await overlayMessage(game)).toBeNull();
  });

  it("an aura write it forges on the kept port writes nothing, on a Game Master layer token least of all; the player's own click still writes the leader's", async () => {
    const { game, popup } = await attacked(keptPort, true);
    await game.waitForSelector('#command-post-overlay .mark', { state: 'attached', timeout: 15_000 });
    await game.waitForTimeout(2500);
    expect(await aura(game, 'G1')).toEqual(['', 0]);
    expect(await aura(game, 'L1')).toEqual(['', 0]);
    await popup.locator('summary', { hasText: 'Roll20 auras' }).click();
    await popup.getByTestId('r20-auras-write').click();
    await expect.poll(() => aura(game, 'L1')).toEqual([10, 1]);
    expect(await aura(game, 'G1')).toEqual(['', 0]);
  });

  it('a capture listener that stops the real hello and hands the bridge its own port is found out: the board says so, the click posts nothing, nor does the page through the bridge', async () => {
    const { game, popup, tab } = await attacked(captureHijack);
    await expect.poll(() => overlayMessage(game), { timeout: 15_000 }).toBe(INTERFERING);
    expect(await game.locator('#command-post-overlay .mark').count()).toBe(0);
    // The popup says why there is no table (and offers no post); a post asked for anyway says why it was not made.
    await expect
      .poll(() => popup.getByTestId('board-state').textContent())
      .toMatch(/^This page is interfering with Command Post/);
    expect(await popup.getByTestId('r20-chat').count()).toBe(0);
    expect(
      await popup.evaluate((t) => chrome.tabs.sendMessage(t, { type: 'roll20/chat', text: 'the summary' }), tab),
    ).toBe('interfering');
    await game.waitForTimeout(2000);
    expect((await attackLog(game)).sent).toBe(1);
    expect(await chatLines(game)).toEqual([]);
  });

  it("a `pagehide` the page dispatches itself leaves the tab's live table where it is", async () => {
    const { game, tab } = await attacked(syntheticPagehide);
    await game.waitForSelector('#command-post-overlay .mark', { state: 'attached', timeout: 15_000 });
    await expect.poll(async () => (await attackLog(game)).sent, { timeout: 10_000 }).toBe(1);
    await game.waitForTimeout(1000);
    const kept = await ext.worker.evaluate(
      async (t) => (await chrome.storage.session.get(`commandPost.live.${t}`))[`commandPost.live.${t}`] !== undefined,
      tab,
    );
    expect(kept).toBe(true);
    // The browser's own, when the tab goes: the live table goes with it.
    await game.close();
    await expect
      .poll(() =>
        ext.worker.evaluate(
          async (t) =>
            (await chrome.storage.session.get(`commandPost.live.${t}`))[`commandPost.live.${t}`] === undefined,
          tab,
        ),
      )
      .toBe(true);
  });
});
