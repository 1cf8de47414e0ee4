// The popup from the keyboard alone, in Chromium: a Hell Dorado game set up (one history line per
// field typed, not one per key), started, a spend, Ctrl+Z / Ctrl+Y, and a new game asked and answered
// in the popup, with Tab, Enter, Escape and letters only.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, type LaunchedExtension } from './launch';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

/** Presses Tab (Shift+Tab with `back`) until the focus is on `selector`: it must be reachable that way. */
async function tabTo(page: Page, selector: string, back = false): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${selector} cannot be reached with ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Replaces a field's text as a person does: select it all, type over it. */
async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

const history = (page: Page) => page.getByTestId('history').locator('li').allTextContents();
const pool = async (page: Page) =>
  `${await page.getByTestId('base-A').textContent()}/${await page.getByTestId('current-A').textContent()}`;
const focused = (page: Page) =>
  page.evaluate(
    () => (document.activeElement as HTMLElement | null)?.dataset.testid ?? document.activeElement?.id ?? '',
  );

describe('the popup from the keyboard alone', () => {
  it('sets up a Hell Dorado game, spends, undoes and redoes, and asks before a new game', async () => {
    const page = await ext.context.newPage();
    await page.setViewportSize({ width: 400, height: 900 });
    await page.goto(ext.popupUrl);
    await page.locator('#side-A-name').waitFor();

    // A side's name typed key by key is one history line, written when the field is left.
    await tabTo(page, '#side-A-name');
    await typeOver(page, 'Arnaud');
    expect(await page.getByTestId('history').count()).toBe(0);
    await page.keyboard.press('Tab');
    await expect.poll(() => history(page)).toEqual(['Setup · Arnaud · now called Arnaud · base 0, current 0']);

    for (const [name, cmd] of [
      ['franc-capitaine', '4'],
      ['bretteur', '1'],
    ] as const) {
      await tabTo(page, '#side-A-new-name');
      await page.keyboard.type(name);
      await page.keyboard.press('Tab');
      await typeOver(page, cmd);
      await page.keyboard.press('Enter');
      await page.getByTestId('setup-A').getByRole('cell', { name, exact: true }).waitFor();
    }
    await tabTo(page, '#side-B-new-name');
    await page.keyboard.type('Hashishin');
    await page.keyboard.press('Enter');
    await page.getByTestId('setup-B').getByRole('cell', { name: 'Hashishin', exact: true }).waitFor();
    // Three fields typed, three fighters added: four lines, not one per key.
    expect(await history(page)).toHaveLength(4);

    await tabTo(page, '[data-testid="start"]');
    await page.keyboard.press('Enter');
    await page.locator('#play-A-amount').waitFor();
    await expect.poll(() => pool(page)).toBe('5/5');

    await tabTo(page, '#play-A-amount');
    await typeOver(page, '3');
    await tabTo(page, '[data-testid="spend-temp-A"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => pool(page)).toBe('5/2');

    // On a button, not in a text field: the history keys.
    await page.keyboard.press('Control+Z');
    await expect.poll(() => pool(page)).toBe('5/5');
    await page.keyboard.press('Control+Y');
    await expect.poll(() => pool(page)).toBe('5/2');
    // In the amount field, Ctrl+Z is the field's own.
    await tabTo(page, '#play-A-amount', true);
    await page.keyboard.press('Control+Z');
    await new Promise((r) => setTimeout(r, 200));
    expect(await pool(page)).toBe('5/2');

    // New game: asked in the popup, the focus inside; Escape keeps the game and gives the focus back.
    await tabTo(page, '[data-testid="new-game"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('confirm').waitFor();
    expect(await focused(page)).toBe('confirm-cancel');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('confirm').count()).toBe(0);
    expect(await focused(page)).toBe('new-game');
    expect(await pool(page)).toBe('5/2');
    // While the question is open, Ctrl+Z does nothing behind it.
    await page.keyboard.press('Enter');
    await page.getByTestId('confirm').waitFor();
    await page.keyboard.press('Control+Z');
    await new Promise((r) => setTimeout(r, 200));
    expect(await pool(page)).toBe('5/2');
    await tabTo(page, '[data-testid="confirm-yes"]');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="start"]').waitFor();
    expect((await history(page))[0]).toContain('new game');
    await page.close();
  });
});
