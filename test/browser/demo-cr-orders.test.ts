// The board and the game never disagree in silence: on the command roll's army, Ledru's number is
// played and the board measures the 18e de ligne 1.5" from his unit. Ticked in the popup beside the
// board, the order is not taken silently: the popup says what the board says and asks once; untick
// or order anyway, and then the history says it was given on the players' word. A unit in reach is
// ordered with no question.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDemo, openPopup } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';

// Each test on an extension of its own: both start from the army as it loads, Ledru's orders not given.
let ext: LaunchedExtension;
beforeEach(async () => {
  ext = await launchExtension();
});
afterEach(async () => {
  await ext?.close();
});

describe('an order the board measures out of reach', () => {
  it("is asked once, with the board's words, and recorded as given on the players' word", async () => {
    const { page, tab, errors } = await openDemo(ext, 'cr-army');
    const popup = await openPopup(ext, tab);
    const units = popup.getByTestId('cr-direct-units');
    await units.waitFor({ timeout: 15_000 });
    // The popup has the live board: the 18e's line says how it stands there.
    await expect
      .poll(() => units.locator('li', { hasText: '18e de ligne' }).locator('[data-testid^="piece-status-"]').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    // In the command roll's words, and saying the board measures (it said "0/2 in command" and "the distances are yours to judge").
    expect(
      await units.locator('li', { hasText: '18e de ligne' }).locator('[data-testid^="piece-status-"]').textContent(),
    ).toMatch(/^ · 0\/\d+ can be ordered now/);
    expect(await popup.getByTestId('cr-direct-hint').textContent()).toContain('the board measures the distances');
    await units.getByLabel('18e de ligne').check();
    await popup.getByTestId('cr-direct-give').click();
    const ask = popup.getByTestId('cr-direct-give-ask');
    await expect.poll(() => ask.textContent()).toMatch(/18e de ligne 1\.5 in from Ledru’s unit/);
    expect(await ask.textContent()).toContain('on your word');
    // In view where it is asked (it opened at the popup's bottom edge, y ≈ 595 of 600), the focus on its safe answer.
    const box = await ask.boundingBox();
    const view = await popup.evaluate(() => ({ h: window.innerHeight, w: window.innerWidth }));
    expect(
      box && box.y >= 0 && box.y + box.height <= view.h,
      `the question at ${JSON.stringify(box)} in a popup ${view.h} px tall`,
    ).toBe(true);
    expect(await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['testid'])).toBe(
      'cr-direct-give-untick',
    );
    // Untick: the 18e is no longer ticked, nothing was ordered.
    await popup.getByTestId('cr-direct-give-untick').click();
    expect(await units.getByLabel('18e de ligne').isChecked()).toBe(false);
    expect(await popup.getByTestId('history').textContent()).not.toContain('players’ word');
    // Ticked again with the 24e (in reach): asked about the 18e only; ordered anyway.
    await units.getByLabel('24e léger').check();
    await units.getByLabel('18e de ligne').check();
    await popup.getByTestId('cr-direct-give').click();
    expect(await ask.textContent()).not.toContain('24e');
    await popup.getByTestId('cr-direct-give-anyway').click();
    await expect
      .poll(() => popup.getByTestId('history').textContent())
      .toMatch(
        /orders 24e léger, 18e de ligne directly, on the players’ word \(the board had 18e de ligne out of reach\)/,
      );
    expect(errors).toEqual([]);
    await popup.close();
    await page.close();
  });

  it('a unit in reach is ordered with no question', async () => {
    const { page, tab } = await openDemo(ext, 'cr-army');
    const popup = await openPopup(ext, tab);
    const units = popup.getByTestId('cr-direct-units');
    await units.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => units.locator('li', { hasText: '24e léger' }).locator('[data-testid^="piece-status-"]').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await units.getByLabel('24e léger').check();
    await popup.getByTestId('cr-direct-give').click();
    await expect.poll(() => popup.getByTestId('history').textContent()).toMatch(/Ledru orders 24e léger directly(?!,)/);
    expect(await popup.getByTestId('cr-direct-give-ask').count()).toBe(0);
    await popup.close();
    await page.close();
  });
});
