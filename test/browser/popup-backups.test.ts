// Backups and game files in the real popup: a damaged game is quarantined into a backup and the
// store's notice leads to it; the list shows it; its export downloads what storage holds; a played
// game replaced by an example comes back by Restore; Delete removes a backup; a game exported by
// "New game" imports again, and a file that is not a game changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMOS } from '../../src/rules/demos';
import { launchExtension, request, storedRoot, type LaunchedExtension } from './launch';

declare const chrome: Browser.Browser;

let ext: LaunchedExtension;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'command-post-files-'));
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openPopup(): Promise<Page> {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 400, height: 900 });
  page.on('dialog', (d) => void d.dismiss().then(() => expect.fail(`a native dialog: ${d.message()}`)));
  await page.goto(ext.popupUrl);
  await page.locator('main.popup h1').waitFor();
  return page;
}

async function openFiles(page: Page): Promise<void> {
  if (!(await page.getByTestId('game-files').evaluate((d: HTMLDetailsElement) => d.open)))
    await page.getByTestId('game-files').locator('summary').click();
  await page.getByTestId('export-game').waitFor();
}

const json = async (download: Download): Promise<unknown> =>
  JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
const backupKeys = async () =>
  Object.keys(await ext.worker.evaluate(() => chrome.storage.local.get(null)))
    .filter((k) => k.startsWith('commandPost.backup.'))
    .sort();
const bdcEvents = async () => ((await storedRoot(ext)).games.bdc?.log.events ?? []) as unknown[];

describe('backups and game files in the popup', () => {
  it('a damaged store: its notice leads to the backup, which exports as stored', async () => {
    const damaged = '{"schemaVersion":1,"games":{"bdc';
    // The worker has checked and written the store it started with (else its first write could land after ours).
    await storedRoot(ext);
    await ext.worker.evaluate(async (value) => chrome.storage.local.set({ commandPost: value }), damaged);
    const page = await openPopup();
    await page.getByTestId('store-notice').waitFor();
    await page.getByTestId('see-backups').click();
    // The list opens with the focus on it.
    await page.getByTestId('backup').first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('backups-title');
    const keys = await backupKeys();
    expect(keys).toHaveLength(1);
    const item = page.locator(`[data-testid="backup"][data-key="${keys[0]}"]`);
    expect(await item.textContent()).toContain('Every game');
    expect(await item.textContent()).toMatch(/\d+\.\d KB/);
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByTestId('backup-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^command-post-backup-store-.+\.json$/);
    expect(await json(download)).toBe(damaged);
    await page.close();
  });

  it('a played game replaced by an example comes back by Restore, after asking; Delete removes a backup, after asking', async () => {
    await request(
      ext,
      { type: 'store/select-system', system: 'bdc' },
      { type: 'game/dispatch', system: 'bdc', event: { type: 'tested', target: 6, modifier: 0, natural: 4 } },
    );
    const played = (await storedRoot(ext)).games.bdc;
    await request(ext, { type: 'game/replace', system: 'bdc', events: DEMOS.bdc.events });
    expect(await bdcEvents()).toHaveLength(DEMOS.bdc.events.length);
    const page = await openPopup();
    await openFiles(page);
    const replaced = (await backupKeys()).find((k) => k.includes('.bdc'))!;
    const item = page.locator(`[data-testid="backup"][data-key="${replaced}"]`);
    expect(await item.textContent()).toContain('Game · Les bandes de Champagne');

    await item.getByTestId('backup-restore').click();
    await page.getByTestId('confirm').waitFor();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(async () => (await storedRoot(ext)).games.bdc).toEqual(played);
    await expect.poll(() => page.getByTestId('files-status').textContent()).toBe(`Restored from ${replaced}.`);
    // The example it replaced is a backup now too.
    await expect.poll(async () => (await backupKeys()).length).toBe(3);

    const before = await backupKeys();
    await item.getByTestId('backup-delete').click();
    await page.getByTestId('confirm-cancel').click();
    expect(await backupKeys()).toEqual(before);
    await item.getByTestId('backup-delete').click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(backupKeys).toEqual(before.filter((k) => k !== replaced));
    await expect.poll(() => item.count()).toBe(0);
    await page.close();
  });

  it('"New game" exports the game first; the file imports again; a file that is not a game changes nothing', async () => {
    await request(
      ext,
      { type: 'game/replace', system: 'hd-command', events: DEMOS['hd-command'].events },
      { type: 'store/select-system', system: 'hd-command' },
    );
    const { games, bindings } = await storedRoot(ext);
    const game = games['hd-command'];
    const page = await openPopup();
    await page.getByTestId('new-game').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('confirm-export').click()]);
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      format: 'command-post/game',
      version: 2,
      system: 'hd-command',
      game,
      binding: bindings['hd-command'] ?? null,
    });
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('start').waitFor();

    await openFiles(page);
    const bad = path.join(dir, 'not-a-game.json');
    fs.writeFileSync(
      bad,
      '{"system":"hd-command","game":{"config":{},"log":{"events":[{"type":"spend"}],"cursor":1}}}',
    );
    const root = await storedRoot(ext);
    // Refused, in the words of play, before anything is asked: there is nothing to replace the game with.
    await page.getByTestId('import-game').setInputFiles(bad);
    await expect
      .poll(() => page.getByTestId('refusal').textContent())
      .toBe(
        'This file is not a game Command Post can read (its settings are not settings of this rule system). Nothing was changed.',
      );
    expect(await page.getByTestId('confirm').count()).toBe(0);
    expect(await storedRoot(ext)).toEqual(root);

    await page.getByTestId('import-game').setInputFiles(file);
    await page.getByTestId('confirm-yes').click();
    await expect.poll(async () => (await storedRoot(ext)).games['hd-command']).toEqual(game);
    await page.getByTestId('upkeep').waitFor();
    expect(await page.getByTestId('refusal').textContent()).toBe('');
    await page.close();
  });
});
