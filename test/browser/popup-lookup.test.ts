// The rule lookup in the real popup of the built extension: "/" opens it, "rally" finds the bdc rule
// with the stored game's "2 AP", and a French browser finds "ralliement" with its numbers in French.
// Nothing is fetched from outside the extension.
import type { Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { afterEach, describe, expect, it } from 'vitest';
import { launchExtension, type LaunchedExtension } from './launch';

// Callbacks given to page.evaluate run inside the extension, where the native `chrome` exists.
declare const chrome: Browser.Browser;

let ext: LaunchedExtension | undefined;
afterEach(async () => {
  await ext?.close();
  ext = undefined;
});

/** A bdc game with a demoralised unit, written by the worker as the popup's own requests would. */
async function demoralisedUnit(page: Page) {
  const replies = await page.evaluate(async () => {
    const send = (event: unknown) => chrome.runtime.sendMessage({ type: 'game/dispatch', system: 'bdc', event });
    return [
      await send({
        type: 'unitAdded',
        unit: { name: 'Groupe 1', level: 'confiant', experience: 2, doctrine: 'rigid', teams: 1 },
      }),
      await send({ type: 'moraleTests', id: 'u1', naturals: [9, 9] }),
    ];
  });
  for (const reply of replies) expect(reply).toMatchObject({ ok: true });
}

async function openPopup(ext: LaunchedExtension): Promise<Page & { errors: string[]; remote: string[] }> {
  const page = (await ext.context.newPage()) as Page & { errors: string[]; remote: string[] };
  await page.setViewportSize({ width: 420, height: 900 });
  page.errors = [];
  page.remote = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('request', (r) => {
    if (!r.url().startsWith('chrome-extension://')) page.remote.push(r.url());
  });
  await page.goto(ext.popupUrl);
  await page.locator('main.popup h1').waitFor();
  return page;
}

describe('rule lookup, in Chromium', () => {
  it('"/" then "rally": the bdc rally rule first, with "2 AP" for the demoralised unit', async () => {
    ext = await launchExtension();
    const page = await openPopup(ext);
    await demoralisedUnit(page);
    await page.reload();
    await page.getByTestId('lookup-open').waitFor();

    await page.keyboard.press('/');
    const input = page.getByRole('searchbox', { name: 'Search the rules of the five systems' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('rally');

    const first = page.getByTestId('lookup-results').locator('> li').first();
    await expect.poll(() => first.getAttribute('data-testid')).toBe('lookup-result-bdc-rally');
    await expect
      .poll(() => first.getByTestId('lookup-live-bdc-rally').textContent())
      .toContain('Rally Groupe 1 from Demoralised: 2 AP');
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Rules found: \d+$/);
    expect(await first.locator('h3').textContent()).toBe('Les bandes de ChampagneRally');

    // Keyboard: down into the results, Escape closes and gives the focus back to the button.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('lookup').count()).toBe(0);
    expect(await page.getByTestId('lookup-open').evaluate((el) => el === document.activeElement)).toBe(true);

    expect(page.errors).toEqual([]);
    expect(page.remote).toEqual([]);
    await page.close();
  });

  it('in French: Ctrl+K then "ralliement", with the numbers in French', async () => {
    ext = await launchExtension({ locale: 'fr' });
    const page = await openPopup(ext);
    await demoralisedUnit(page);
    await page.reload();
    await page.getByTestId('lookup-open').waitFor();

    await page.keyboard.press('Control+k');
    const input = page.getByRole('searchbox', { name: 'Chercher dans les règles des cinq systèmes' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('ralliement');

    const first = page.getByTestId('lookup-results').locator('> li').first();
    await expect.poll(() => first.getAttribute('data-testid')).toBe('lookup-result-bdc-rally');
    expect(await first.locator('h3').textContent()).toBe('Les bandes de ChampagneRalliement');
    await expect
      .poll(() => first.getByTestId('lookup-live-bdc-rally').textContent())
      .toContain('Rallier Groupe 1 depuis Démoralisé\u202f: 2 PA');
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Règles trouvées\u202f: \d+$/);

    expect(page.errors).toEqual([]);
    expect(page.remote).toEqual([]);
    await page.close();
  });
});
