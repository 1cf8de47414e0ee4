// The popup's live table for a Roll20 tab (fixture at the real editor address): who is in command
// and why, settings that redraw the board, Hell Dorado losses proposed from the map, data-only
// mode, and the opt-in native auras that are put back as they were.
import type { Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/roll20/server';
import { launchExtension, type LaunchedExtension } from './launch';

declare const chrome: Browser.Browser;

const EDITOR = 'https://app.roll20.net/editor/';
const HOSTILE = '<img src=x onerror=alert(1)>';

let srv: FixtureServer;
let ext: LaunchedExtension;
beforeAll(async () => {
  srv = await startFixtureServer();
  ext = await launchExtension({ args: srv.args });
});
afterAll(async () => {
  await ext?.close();
  await srv?.close();
});

type Fx = {
  __fx: {
    remove(id: string): void;
    set(id: string, a: object): void;
    model(id: string): { get(k: string): unknown; saves: number };
  };
};

/** Opens the fixture game and the popup as a page standing for that tab (`?tab=<id>`). */
async function openBoth(query: string): Promise<{ game: Page; popup: Page; dialogs: string[] }> {
  // Each test starts from a clean live-table store.
  await ext.worker.evaluate(() => chrome.storage.session.clear());
  const game = await ext.context.newPage();
  const dialogs: string[] = [];
  await game.goto(`${EDITOR}?${query}`);
  const tab = await ext.worker.evaluate(async () => {
    for (let i = 0; i < 100; i++) {
      const key = Object.keys(await chrome.storage.session.get(null)).find((k) => k.startsWith('commandPost.live.'));
      if (key) return Number(key.slice('commandPost.live.'.length));
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  });
  expect(tab).not.toBeNull();
  const popup = await ext.context.newPage();
  popup.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await popup.goto(`${ext.popupUrl}?tab=${tab}`);
  await popup.getByTestId('r20-live').waitFor();
  return { game, popup, dialogs };
}

const statusOf = (popup: Page, id: string) => popup.locator(`[data-testid="r20-figure"][data-id="${id}"]`).getAttribute('data-status');

describe('Roll20 live table in the popup', () => {
  it('lists sides, units and who is in command and why; names stay text', async () => {
    const { game, popup, dialogs } = await openBoth('engine=jumpgate');
    await expect.poll(() => popup.getByTestId('r20-figure').count()).toBe(6);
    expect(await popup.getByRole('heading', { name: 'Alice' }).count()).toBe(1);
    expect(await popup.getByRole('heading', { name: 'Bob' }).count()).toBe(1); // the Sergeant's character is Bob's
    expect(await statusOf(popup, 'A3')).toBe('out');
    expect(await popup.locator('[data-id="A3"]').textContent()).toMatch(/too far from Rifleman [12] \(2\.5 cm over\)/);
    expect(await popup.locator('[data-id="B1"] [data-testid="r20-name"]').textContent()).toBe(HOSTILE);
    expect(await popup.locator('img').count()).toBe(0);
    expect(await popup.getByTestId('r20-page').textContent()).toContain('Jumpgate');
    expect(dialogs).toEqual([]);
    await game.close();
    await popup.close();
  });

  it('posts the command summary in the Roll20 chat, keeping the player\'s draft', async () => {
    const { game, popup } = await openBoth('engine=legacy');
    await popup.getByTestId('r20-chat').click();
    await expect.poll(() => game.locator('#fx-chat li').allTextContents()).toEqual([
      'Command Post — Battlefield: Captain 2/3 in command (out: Rifleman 3) · Sergeant 1/1 in command (out: —)',
    ]);
    expect(await game.locator('#textchat-input textarea').inputValue()).toBe('my draft');
    await game.close();
    await popup.close();
  });

  it('a setting changed in the popup redraws the board', async () => {
    const { game, popup } = await openBoth('engine=legacy');
    await popup.locator('summary', { hasText: 'Board settings' }).click();
    await popup.getByTestId('r20-radius-value').fill('13');
    await popup.getByTestId('r20-radius-value').blur();
    await expect.poll(() => game.locator('#command-post-overlay .mark[data-id="A3"]').getAttribute('data-status')).toBe('link');
    await expect.poll(() => statusOf(popup, 'A3')).toBe('link');
    // Back to the default for the other tests.
    await popup.getByTestId('r20-radius-value').fill('10');
    await popup.getByTestId('r20-radius-value').blur();
    await expect.poll(() => statusOf(popup, 'A3')).toBe('out');
    await game.close();
    await popup.close();
  });

  it('a figure removed from the map proposes its Hell Dorado loss; one click applies it', async () => {
    const { game, popup } = await openBoth('engine=legacy');
    await popup.evaluate(async () => {
      const send = (event: object) => chrome.runtime.sendMessage({ type: 'game/dispatch', system: 'hd-command', event });
      await send({ type: 'rosterSet', side: 'A', fighters: [{ name: 'Captain', cmd: 3 }, { name: 'Rifleman 2', cmd: 2 }] });
      await send({ type: 'start' });
    });
    await game.evaluate(() => (window as unknown as Fx).__fx.remove('A2'));
    const button = popup.getByTestId('r20-apply-loss');
    await button.waitFor();
    expect(await button.textContent()).toBe('Apply loss of Rifleman 2 (CMD 2)');
    await button.click();
    await expect.poll(() => button.count()).toBe(0);
    const last = await ext.worker.evaluate(async () => {
      const root = (await chrome.storage.local.get('commandPost')).commandPost as { games: { 'hd-command': { log: { events: unknown[]; cursor: number } } } };
      const log = root.games['hd-command'].log;
      return log.events[log.cursor - 1];
    });
    expect(last).toEqual({ type: 'fighterLost', side: 'A', fighterId: 'A2', how: 'killed' });
    // A dead marker is a loss too.
    await game.evaluate(() => (window as unknown as Fx).__fx.set('L1', { statusmarkers: 'flying-flag@1,dead' }));
    await expect.poll(() => popup.getByTestId('r20-apply-loss').textContent()).toBe('Apply loss of Captain (CMD 3)');
    await game.close();
    await popup.close();
  });

  it('says so when the board is data-only', async () => {
    const { game, popup } = await openBoth('engine=legacy&strip=renderer');
    await expect.poll(() => popup.getByTestId('r20-data-only').textContent()).toContain('renderer');
    expect(await popup.getByTestId('r20-figure').count()).toBe(6);
    await game.close();
    await popup.close();
  });

  it('without Roll20\'s game data it waits and says so; the page keeps working', async () => {
    const { game, popup } = await openBoth('engine=legacy&strip=campaign');
    expect(await popup.getByTestId('r20-state').textContent()).toBe('Waiting for the Roll20 game to load…');
    await game.click('#fx-button');
    expect(await game.textContent('#fx-count')).toBe('1');
    await game.close();
    await popup.close();
  });

  it('native auras (opt-in): leaders get the radius in aura 1, switching off restores what was there', async () => {
    const { game, popup } = await openBoth('engine=legacy');
    const aura = () => game.evaluate(() => {
      const m = (window as unknown as Fx).__fx.model('L1');
      return [m.get('aura1_radius'), m.get('aura1_square'), m.get('showplayers_aura1'), m.saves > 0];
    });
    expect(await aura()).toEqual(['', false, false, false]);
    await popup.locator('summary', { hasText: 'Board settings' }).click();
    await popup.getByTestId('r20-native-auras').check();
    // 10 cm = 4 cells of 2.5 cm, in page units; a square aura on a 5E-diagonal square grid.
    await expect.poll(aura).toEqual([10, true, true, true]);
    await popup.getByTestId('r20-native-auras').uncheck();
    await expect.poll(aura).toEqual(['', false, false, true]);
    await game.close();
    await popup.close();
  });
});
