// Bases as they stand on the demo table: the command roll army's Cossacks stand on 2" × 1" cavalry
// bases turned to face the enemy, drawn as they stand; R and Shift+R turn one, Ctrl+Z takes the turn
// back, and a reload keeps it. Each status ring follows its base: a rounded box hugging a cavalry
// base, a circle round a round one (issue 39, item 6).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemo } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

/** The drawn box of a token on screen (turns included): how much taller than wide it stands. */
const tallness = async (page: Page, id: string): Promise<number> => {
  const box = await page.locator(`.board .token[data-token="${id}"]`).boundingBox();
  return box ? Math.round((box.height / box.width) * 100) / 100 : Number.NaN;
};

describe('oblong bases on the demo table', () => {
  it('stand turned as the army is laid out, turn with R and Shift+R, undo, and stay turned after a reload', async () => {
    const { page, errors } = await openDemo(ext, 'cr-army');
    const cossack = page.locator('.board .token[data-token="cossacks-a"]');
    await cossack.waitFor();
    expect(await cossack.evaluate((e) => e.classList.contains('oblong'))).toBe(true);
    // 2" long, turned a quarter: twice as tall as wide on screen. A round base stays round.
    expect(await tallness(page, 'cossacks-a')).toBe(2);
    expect(
      await page.locator('.board .token[data-token="ledru"]').evaluate((e) => e.classList.contains('oblong')),
    ).toBe(false);

    // Six presses of R: 90° more, lying across the table.
    await cossack.focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('r');
    await expect.poll(() => tallness(page, 'cossacks-a')).toBe(0.5);
    // Three of Shift+R: 45° back, as wide as tall.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+R');
    await expect.poll(() => tallness(page, 'cossacks-a')).toBe(1);
    // Ctrl+Z takes the last turn back (one press, one step).
    await page.keyboard.press('Control+z');
    await expect.poll(() => tallness(page, 'cossacks-a')).not.toBe(1);

    // Kept: a reload draws it as it was left.
    const before = await tallness(page, 'cossacks-a');
    await page.waitForTimeout(800);
    await page.reload();
    await page.locator('.board .token[data-token="cossacks-a"]').waitFor();
    await expect.poll(() => tallness(page, 'cossacks-a')).toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('ring each figure by its own base: a cavalry base wholly inside a ring that hugs it, a round base in a circle', async () => {
    const { page, errors } = await openDemo(ext, 'cr-army');
    const mark = (id: string) => page.locator(`#command-post-overlay [data-layer="marks"] [data-token="${id}"]`);
    await mark('cossacks-a').waitFor({ state: 'attached' });
    // On screen: the ring's box holds the token's drawn box (2" long, turned as it was left).
    const token = (await page.locator('.board .token[data-token="cossacks-a"]').boundingBox())!;
    const ring = (await mark('cossacks-a').boundingBox())!;
    expect(ring.x).toBeLessThanOrEqual(token.x + 0.5);
    expect(ring.y).toBeLessThanOrEqual(token.y + 0.5);
    expect(ring.x + ring.width).toBeGreaterThanOrEqual(token.x + token.width - 0.5);
    expect(ring.y + ring.height).toBeGreaterThanOrEqual(token.y + token.height - 0.5);
    // Hugging it, however it was left turned (the test above turns it): the gap is a few px each side.
    expect(ring.width - token.width).toBeLessThan(20);
    expect(ring.height - token.height).toBeLessThan(20);
    expect(await mark('cossacks-a').evaluate((e) => [e.tagName, e.getAttribute('data-shape')])).toEqual([
      'polygon',
      'box',
    ]);
    expect(await mark('ledru').evaluate((e) => [e.tagName, e.getAttribute('data-shape')])).toEqual([
      'circle',
      'circle',
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
