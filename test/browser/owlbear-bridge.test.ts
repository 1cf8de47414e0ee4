// The browser extension on an Owlbear Rodeo tab: its content script (manifest match
// https://www.owlbear.rodeo/*, reached at that address on the test host) finds the Command Post frame
// Owlbear loaded, and the toolbar popup then shows and plays the scene's shared game — the same game
// the players' Owlbear popovers show. Frames from other origins, or messages from anywhere but the
// top page, are dropped; a tab without Command Post keeps the extension's own games.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwlbearServers, EVIL, type OwlbearServers } from '../fixtures/owlbear/server';
import { launchExtension, storedRoot, type LaunchedExtension } from './launch';
import { sceneBoard, sceneRequest } from '../../src/adapters/demo/example';
import {
  GM,
  PLAYER,
  action,
  background,
  drawn,
  extensionTrusting,
  gridOf,
  host,
  itemsOf,
  openAction,
  sendFrom,
} from './owlbear';

let servers: OwlbearServers;
let ext: LaunchedExtension;
let build: { dir: string; remove(): void };
let page: Page;
let tabId: number;

/** The id of the tab that is active now (the host page, just opened). */
const activeTab = (): Promise<number> =>
  ext.worker.evaluate(async () => {
    const [tab] = await (
      globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id: number }[]> } } }
    ).chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return tab!.id;
  });

async function openHost(): Promise<Page> {
  const p = await ext.context.newPage();
  await p.goto(servers.hostUrl);
  await p.waitForSelector('html[data-host-ready]', { state: 'attached' });
  return p;
}

beforeAll(async () => {
  servers = await startOwlbearServers();
  // The test host serves the Owlbear extension from http://localhost: a build that names that origin as where it is hosted.
  build = await extensionTrusting(servers.ext);
  ext = await launchExtension({ args: servers.args, dir: build.dir });
  page = await openHost();
  tabId = await activeTab();
  await page.evaluate(
    (ps) => (window as unknown as { obr: { join(p: unknown): Promise<void> } }).obr.join(ps),
    [GM, PLAYER],
  );
  for (const p of [GM, PLAYER])
    await background(page, p.connectionId).locator('html[data-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  const gm = await openAction(page, GM.connectionId);
  for (const r of [
    { type: 'store/select-system', system: 'hd-command' },
    {
      type: 'game/dispatch',
      system: 'hd-command',
      event: {
        type: 'rosterSet',
        side: 'A',
        fighters: [
          { name: 'Capitaine', cmd: 4 },
          { name: 'Sergent', cmd: 2 },
        ],
      },
    },
    {
      type: 'game/dispatch',
      system: 'hd-command',
      event: { type: 'rosterSet', side: 'B', fighters: [{ name: 'Chef', cmd: 5 }] },
    },
    { type: 'game/dispatch', system: 'hd-command', event: { type: 'start' } },
  ])
    expect((await sendFrom(gm, r)).ok).toBe(true);
}, 120_000);
afterAll(async () => {
  await ext?.close();
  await servers?.close();
  build?.remove();
});

const openPopup = async (tab: number): Promise<Page> => {
  const popup = await ext.context.newPage();
  await popup.goto(`${ext.popupUrl}?tab=${tab}`);
  return popup;
};

describe('the bridge', () => {
  it('the content script runs on the Owlbear tab and finds the Command Post frame there', async () => {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-command-post-table')), {
        timeout: 10_000,
      })
      .toBe('connected');
  });

  it('the popup shows the scene’s game, and a spend made in it shows in the players’ Owlbear popovers', async () => {
    const popup = await openPopup(tabId);
    await expect.poll(() => popup.getByTestId('current-A').textContent(), { timeout: 15_000 }).toBe('6');
    expect(await popup.locator('#board-title').textContent()).toBe('Live scene (Owlbear Rodeo)');
    await popup.locator('#play-A-amount').fill('2');
    await popup.getByTestId('spend-temp-A').click();
    await expect.poll(() => popup.getByTestId('current-A').textContent(), { timeout: 10_000 }).toBe('4');
    // Played on the scene: the game master's Owlbear popover follows, and the player's background page has it too.
    await expect
      .poll(() => action(page, GM.connectionId).getByTestId('current-A').textContent(), { timeout: 10_000 })
      .toBe('4');
    const player = await openAction(page, PLAYER.connectionId);
    await expect.poll(() => player.getByTestId('current-A').textContent(), { timeout: 10_000 }).toBe('4');
    // And not in the extension's own store.
    expect((await storedRoot(ext)).games['hd-command']).toBeUndefined();
    // A spend in Owlbear reaches the popup.
    await player.locator('#play-B-amount').fill('1');
    await player.getByTestId('spend-temp-B').click();
    await expect.poll(() => popup.getByTestId('current-B').textContent(), { timeout: 10_000 }).toBe('4');
    await popup.close();
  });

  it('a frame of another origin saying hello, or a window other than the top page, is never answered', async () => {
    const dropped = () =>
      page.evaluate(() => Number(document.documentElement.getAttribute('data-command-post-table-dropped')));
    const before = await dropped();
    // A page of another origin in the room pretends to be Command Post and sends a game of its own.
    await page.evaluate((src) => {
      const f = document.createElement('iframe');
      f.id = 'forged';
      f.src = src;
      document.body.append(f);
      return new Promise((r) => f.addEventListener('load', r));
    }, `${EVIL}/forged.html`);
    const forged = page.frameLocator('#forged');
    await forged.locator('body').evaluate(() => {
      const w = window as unknown as { forge(m: unknown): void };
      w.forge({ ns: 'command-post/owlbear', type: 'bridge/hello', v: 1 });
      w.forge({ ns: 'command-post/owlbear', type: 'bridge/state', root: null, board: null, player: null });
      // And it writes to the Command Post frame directly, as if it were Owlbear's page.
      for (let i = 0; i < window.top!.frames.length; i++)
        window.top!.frames[i]!.postMessage(
          {
            ns: 'command-post/owlbear',
            type: 'bridge/request',
            rid: 'x1',
            request: { type: 'store/select-system', system: 'bdc' },
          },
          '*',
        );
    });
    await expect.poll(dropped, { timeout: 5000 }).toBeGreaterThanOrEqual(before + 2);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-command-post-table'))).toBe(
      'connected',
    );
    const frameDropped = await background(page, GM.connectionId)
      .locator('html')
      .evaluate(
        () =>
          (globalThis as unknown as { commandPostOwlbear(): { dropped: { bridge: number } } }).commandPostOwlbear()
            .dropped.bridge,
      );
    expect(frameDropped).toBeGreaterThan(0);
    // Nothing changed on the scene.
    const popup = await openPopup(tabId);
    await expect.poll(() => popup.getByTestId('current-A').textContent(), { timeout: 15_000 }).toBe('4');
    await popup.close();
  });

  it('a malformed request from the popup side is refused, not played', async () => {
    const popup = await openPopup(tabId);
    await expect.poll(() => popup.getByTestId('current-A').textContent(), { timeout: 15_000 }).toBe('4');
    const answer = await popup.evaluate(() =>
      (
        globalThis as unknown as { commandPostSend(r: unknown): Promise<{ ok: boolean; error?: { code: string } }> }
      ).commandPostSend({
        type: 'game/dispatch',
        system: 'hd-command',
        event: { type: 'spend', side: 'A', amount: '<img src=x onerror=alert(1)>', permanent: false },
      }),
    );
    expect(answer).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    const notInScene = await popup.evaluate(() =>
      (
        globalThis as unknown as { commandPostSend(r: unknown): Promise<{ ok: boolean; error?: { code: string } }> }
      ).commandPostSend({ type: 'store/backups' }),
    );
    expect(notInScene).toMatchObject({ ok: false, error: { code: 'owlbear-not-in-scene' } });
    expect(await popup.getByTestId('current-A').textContent()).toBe('4');
    await popup.close();
  });

  it('on an Owlbear tab without Command Post in the room, the popup keeps the extension’s own games', async () => {
    const empty = await openHost();
    const otherTab = await activeTab();
    await expect
      .poll(() => empty.evaluate(() => document.documentElement.getAttribute('data-command-post-table')))
      .toBe('waiting');
    const popup = await openPopup(otherTab);
    await expect.poll(() => popup.locator('.system-picker select').count(), { timeout: 15_000 }).toBe(1);
    expect(await popup.locator('#board-title').count()).toBe(0);
    await popup.close();
    await empty.close();
  });
});

describe('a choice in progress in the toolbar popup', () => {
  it('units ticked there show on the board of the Owlbear player the bridge plays as, and nowhere else', async () => {
    await host(page, 'setGrid', gridOf(sceneBoard('dc').scene));
    await host(page, 'setItems', itemsOf('dc'));
    // The game master's popover, open since the start.
    const gm = action(page, GM.connectionId);
    expect((await sendFrom(gm, { type: 'store/select-system', system: 'dc' })).ok).toBe(true);
    expect((await sendFrom(gm, sceneRequest('dc'))).ok).toBe(true);
    const popup = await openPopup(tabId);
    await popup.getByTestId('dc-leader-pick-L1').click({ timeout: 15_000 });
    for (const id of ['U3', 'U4']) await popup.getByTestId(`dc-pick-${id}`).locator('input').check();
    const ticked = async (conn: string) => {
      const m = (await drawn(page, conn)).marks;
      return [m.i1, m.i2];
    };
    // One connection's background page is the bridge's frame: its board follows; the other's does not.
    await expect
      .poll(async () => (await Promise.all([GM, PLAYER].map((p) => ticked(p.connectionId)))).map(String).sort(), {
        timeout: 10_000,
      })
      .toEqual(['commanded,commanded', 'eligible,eligible']);
    for (const id of ['U3', 'U4']) await popup.getByTestId(`dc-pick-${id}`).locator('input').uncheck();
    await expect
      .poll(async () => (await Promise.all([GM, PLAYER].map((p) => ticked(p.connectionId)))).map(String), {
        timeout: 10_000,
      })
      .toEqual(['eligible,eligible', 'eligible,eligible']);
    await popup.close();
  });
});

describe('the production build', () => {
  it('trusts no localhost frame: the Command Post frame served from this machine is never answered', async () => {
    const prod = await launchExtension({ args: servers.args });
    try {
      const p = await prod.context.newPage();
      await p.goto(servers.hostUrl);
      await p.waitForSelector('html[data-host-ready]', { state: 'attached' });
      await p.evaluate((ps) => (window as unknown as { obr: { join(p: unknown): Promise<void> } }).obr.join(ps), [GM]);
      await background(p, GM.connectionId).locator('html[data-ready]').waitFor({ state: 'attached', timeout: 20_000 });
      await expect
        .poll(
          () => p.evaluate(() => Number(document.documentElement.getAttribute('data-command-post-table-dropped'))),
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
      expect(await p.evaluate(() => document.documentElement.getAttribute('data-command-post-table'))).toBe('waiting');
    } finally {
      await prod.close();
    }
  });
});
