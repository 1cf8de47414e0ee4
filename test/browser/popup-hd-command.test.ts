// The Hell Dorado Command tracker in the real popup page of the built extension: the spec's worked
// example played through the UI, a refused over-spend, persistence across reloads and browser
// restarts, a corrupted store, forged requests, and hostile names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, type LaunchedExtension } from './launch';

// Callbacks given to worker/page.evaluate run inside the extension, where the native `chrome` exists.
declare const chrome: Browser.Browser;

const screenshotPath = path.resolve(__dirname, '../../docs/screenshot.png');

async function openPopup(ext: LaunchedExtension): Promise<Page> {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 420, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(ext.popupUrl);
  await page.locator('main.popup h1').waitFor();
  (page as Page & { errors?: string[] }).errors = errors;
  return page;
}

const pool = async (page: Page, side: 'A' | 'B') =>
  `${await page.getByTestId(`current-${side}`).textContent()}/${await page.getByTestId(`base-${side}`).textContent()}`;

async function expectPool(page: Page, side: 'A' | 'B', base: number, current: number) {
  await expect.poll(() => pool(page, side)).toBe(`${current}/${base}`);
}

async function addFighter(page: Page, side: 'A' | 'B', name: string, cmd: number) {
  await page.locator(`#side-${side}-new-name`).fill(name);
  await page.locator(`#side-${side}-new-cmd`).fill(String(cmd));
  await page.getByTestId(`setup-${side}`).getByRole('button', { name: 'Add' }).click();
  await page.getByTestId(`setup-${side}`).getByRole('cell', { name, exact: true }).waitFor();
}

async function spend(page: Page, side: 'A' | 'B', amount: number, kind: 'temp' | 'perm') {
  await page.locator(`#play-${side}-amount`).fill(String(amount));
  await page.getByTestId(`spend-${kind}-${side}`).click();
}

const storedRoot = (ext: LaunchedExtension) =>
  ext.worker.evaluate(async () => (await chrome.storage.local.get('commandPost')).commandPost as unknown);

describe('Hell Dorado Command popup, in Chromium', () => {
  let ext: LaunchedExtension;
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'command-post-profile-'));

  beforeAll(async () => {
    ext = await launchExtension({ profileDir });
  });
  afterAll(async () => {
    await ext?.close();
    fs.rmSync(profileDir, { recursive: true, force: true });
  });

  it('plays the worked example 7/7 → … → 1/1 and refuses an over-spend with its reason', async () => {
    const page = await openPopup(ext);
    await page.locator('#side-A-name').fill('Arnaud');
    await page.locator('#side-A-name').press('Enter');
    await page.locator('#side-A-name').blur();
    for (const [name, cmd] of [
      ['franc-capitaine', 4],
      ['bretteur', 1],
      ['missionnaire', 1],
      ['sergent', 1],
    ] as const) {
      await addFighter(page, 'A', name, cmd);
    }
    await addFighter(page, 'B', 'Hashishin', 2);
    await expect.poll(() => page.getByTestId('initial-A').textContent()).toBe('Initial Command: 7');

    await page.getByTestId('start').click();
    await expectPool(page, 'A', 7, 7);
    await spend(page, 'A', 3, 'temp');
    await expectPool(page, 'A', 7, 4);
    await page.getByTestId('upkeep').click();
    await expectPool(page, 'A', 7, 7);
    await expect.poll(() => page.getByTestId('turn').textContent()).toBe('Turn 2');
    await spend(page, 'A', 4, 'temp');
    await expectPool(page, 'A', 7, 3);
    await spend(page, 'A', 2, 'perm');
    await expectPool(page, 'A', 5, 1);

    const sideA = page.getByTestId('side-A');
    await sideA.locator('summary').click();
    await page.locator('#loss-A-fighter').selectOption({ label: 'franc-capitaine (CMD 4)' });
    await page.locator('#loss-A-how').selectOption('killed');
    await page.getByTestId('lose-A').click();
    await expectPool(page, 'A', 1, 0);
    await page.getByTestId('upkeep').click();
    await expectPool(page, 'A', 1, 1);

    // Over-spend: greyed, and a click explains instead of acting.
    await spend(page, 'A', 2, 'temp');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Cannot spend 2: only 1 Command left.');
    expect(await page.getByTestId('short-A').textContent()).toBe('Not enough Command: 1 left.');
    await expectPool(page, 'A', 1, 1);

    const history = await page.getByTestId('history').locator('li').allTextContents();
    expect(history).toContain('Turn 2 · Arnaud · permanent spend 2 · base 5, current 1');
    expect(history).toContain('Turn 2 · Arnaud · franc-capitaine killed · base 1, current 0');
    expect((page as Page & { errors?: string[] }).errors).toEqual([]);
    await page.screenshot({ path: screenshotPath, fullPage: true });
    await page.close();
  });

  it('keeps the game when the popup is reopened', async () => {
    const page = await openPopup(ext);
    await expectPool(page, 'A', 1, 1);
    await page.reload();
    await expectPool(page, 'A', 1, 1);
    await expect.poll(() => page.getByTestId('turn').textContent()).toBe('Turn 3');
    await page.close();
  });

  it('keeps the game across a browser restart', async () => {
    await ext.close();
    ext = await launchExtension({ profileDir });
    const page = await openPopup(ext);
    await expectPool(page, 'A', 1, 1);
    await expectPool(page, 'B', 2, 2);
    // Undo still works on the restored log: back to before the turn 3 upkeep.
    await page.getByTestId('undo').click();
    await expectPool(page, 'A', 1, 0);
    await page.getByTestId('redo').click();
    await expectPool(page, 'A', 1, 1);
    await page.close();
  });

  it('drops forged or malformed requests and keeps the store intact', async () => {
    const before = await storedRoot(ext);
    const page = await openPopup(ext);
    const replies = await page.evaluate(async () => {
      const send = (m: unknown) => chrome.runtime.sendMessage(m);
      return Promise.all([
        send({ type: 'store/wipe' }),
        send({
          type: 'game/dispatch',
          system: 'hd-command',
          event: { type: 'spend', side: 'A', amount: '1', permanent: false },
        }),
        send({
          type: 'game/dispatch',
          system: 'hd-command',
          event: { type: 'spend', side: 'A', amount: 1, permanent: false, extra: true },
        }),
        send('store/load'),
      ]);
    });
    for (const reply of replies) expect(reply).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await storedRoot(ext)).toEqual(before);
    await page.close();
  });

  it('shows names typed by players as text', async () => {
    const page = await openPopup(ext);
    // "New game" asks in the popup (never a native dialog); confirm it.
    page.on('dialog', (d) => void d.dismiss().then(() => expect.fail(`a native dialog: ${d.message()}`)));
    await page.getByTestId('new-game').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('setup-B').waitFor();
    const hostile = `<img src=x onerror="document.title='pwned'">`;
    await page.locator('#side-B-name').fill(hostile);
    await page.locator('#side-B-name').blur();
    await addFighter(page, 'B', hostile, 1);
    await page.getByTestId('start').click();
    await page.getByTestId('side-B').locator('h3').getByText(hostile, { exact: true }).waitFor();
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
    await page.close();
  });

  it('backs up a corrupted header, reads the game back from its own keys and says so', async () => {
    const played = await ext.worker.evaluate(
      async () =>
        (
          await (
            globalThis as unknown as { commandPostRoot: () => Promise<{ games: Record<string, unknown> }> }
          ).commandPostRoot()
        ).games['hd-command'],
    );
    await ext.worker.evaluate(async () => {
      await chrome.storage.local.set({ commandPost: '{"schemaVersion":1,"games":{"hd-com' });
    });
    const page = await openPopup(ext);
    const notice = page.getByTestId('store-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('The stored data is not valid JSON.');
    expect(await notice.textContent()).toContain(
      'Each game was read back from its own records: Hell Dorado · Command points.',
    );
    const all = await ext.worker.evaluate(async () => chrome.storage.local.get(null));
    const backupKeys = Object.keys(all).filter((k) => k.startsWith('commandPost.backup.'));
    expect(backupKeys).toHaveLength(1);
    expect(all[backupKeys[0]!]).toBe('{"schemaVersion":1,"games":{"hd-com');
    expect(await notice.textContent()).toContain(backupKeys[0]);
    await notice.getByRole('button').click();
    await notice.waitFor({ state: 'detached' });
    // The game goes on as it was.
    await page.getByTestId('side-A').waitFor();
    expect(
      await ext.worker.evaluate(
        async () =>
          (
            await (
              globalThis as unknown as { commandPostRoot: () => Promise<{ games: Record<string, unknown> }> }
            ).commandPostRoot()
          ).games['hd-command'],
      ),
    ).toEqual(played);
    await page.close();
  });
});

describe('Hell Dorado Command popup: keyboard, theme and language', () => {
  let ext: LaunchedExtension;
  afterAll(async () => {
    await ext?.close();
  });

  it('is usable from the keyboard alone and follows the dark theme', async () => {
    ext = await launchExtension();
    const page = await openPopup(ext);
    await page.locator('#side-A-new-name').focus();
    await page.keyboard.type('chef');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter'); // submits the add-fighter form
    await page.getByTestId('setup-A').getByRole('cell', { name: 'chef', exact: true }).waitFor();
    await page.getByTestId('start').focus();
    await page.keyboard.press('Enter');
    await page.locator('#play-A-amount').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab'); // to "Temporary spend"
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('spend-temp-A');
    await page.keyboard.press('Enter');
    await expectPool(page, 'A', 3, 1);

    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background()).toBe('rgb(251, 250, 247)');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).toBe('rgb(27, 28, 26)');
    await page.close();
    await ext.close();
  });

  it('speaks Russian when the browser does', async () => {
    ext = await launchExtension({ locale: 'ru' });
    const page = await openPopup(ext);
    expect(await page.locator('#setup-heading').textContent()).toBe('Подготовка к игре');
    expect(await page.getByTestId('undo').textContent()).toBe('Отменить');
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^ru/);
    await page.close();
  });
});
