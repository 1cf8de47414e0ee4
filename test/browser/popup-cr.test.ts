// The command-roll panel in the real popup page of the built extension: vectors R1 (4 vs 2, a "unit"
// number) and R5 (the C-in-C's rewrite takes effect at once) played through the UI, with secret rosters.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, type LaunchedExtension } from './launch';

/** Opens the popup on the cr panel; `playing`: the stored game has started (the panel shows the turn). */
async function openCr(ext: LaunchedExtension, playing = false): Promise<Page & { errors: string[] }> {
  const page = (await ext.context.newPage()) as Page & { errors: string[] };
  await page.setViewportSize({ width: 380, height: 900 });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(ext.popupUrl);
  await page.getByTestId('system-picker').selectOption('cr');
  await (playing ? page.getByTestId('cr-turn') : page.getByRole('heading', { name: 'Set up the armies' })).waitFor();
  return page;
}

async function add(page: Page, side: 'A' | 'B', kind: 'leader' | 'unit', name: string) {
  await page.locator(`#cr-${side}-${kind}`).fill(name);
  await page.getByTestId(`cr-${side}-${kind}-add`).click();
  await page.getByTestId(`cr-setup-${side}`).getByText(name, { exact: true }).waitFor();
}

async function army(page: Page, side: 'A' | 'B', leaders: string[], units: string[]) {
  for (const l of leaders) await add(page, side, 'leader', l);
  for (const u of units) await add(page, side, 'unit', u);
}

/** The player shows his roster, writes leaders against numbers, and hides it again. */
async function roster(page: Page, side: 'A' | 'B', slots: Record<number, string>) {
  await page.getByTestId(`hide-${side}`).uncheck();
  for (const [n, leader] of Object.entries(slots)) {
    await page.locator(`#cr-${side}-slot-${n}`).selectOption({ label: leader });
    await expect.poll(() => page.locator(`#cr-${side}-slot-${n} option:checked`).textContent()).toBe(leader);
  }
  await page.getByTestId(`hide-${side}`).check();
  await expect.poll(() => page.getByTestId(`roster-${side}`).locator('select').count()).toBe(0);
}

async function roll(page: Page, testId: string, dice: string) {
  await page.locator(`#${testId}-typed`).fill(dice);
  await page.getByTestId(`${testId}-use`).click();
}

const who = (page: Page) => page.getByTestId('cr-slot-who').textContent();

describe('command-roll popup, in Chromium', () => {
  let ext: LaunchedExtension;
  beforeAll(async () => {
    ext = await launchExtension();
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('R1: A rolls 4, B 2 → A plays 4 and 3, then B 2 and 1, where a unit that has not acted acts', async () => {
    const page = await openCr(ext);
    await army(page, 'A', ['Davout', 'Ney', 'Murat'], ['1st Line', 'Cuirassiers']);
    await army(page, 'B', ['Kutuzov', 'Bagration'], ['Jägers', 'Grenadiers', 'Cossacks']);
    await roster(page, 'A', { 4: 'Murat', 3: 'Ney' });
    await roster(page, 'B', { 2: 'Bagration' });
    await page.getByTestId('cr-start').click();
    await roll(page, 'cr-roll', '4 2');
    await expect
      .poll(() => page.getByTestId('cr-plan').textContent())
      .toBe('Numbers: A 4, 3 · B 2, 1. Slots used: A 2, B 2.');
    expect(await page.getByTestId('cr-queue').locator('li').allTextContents()).toEqual([
      'A 4 (now)',
      'A 3 (to come)',
      'B 2 (to come)',
      'B 1 (to come)',
    ]);
    await expect.poll(() => who(page)).toContain('Murat gives orders');
    await page.getByTestId('cr-direct-units').getByLabel('Cuirassiers').check();
    await page.getByTestId('cr-direct-give').click();
    await expect.poll(() => page.getByTestId('cr-slot-used').textContent()).toBe('Direct orders to: Cuirassiers.');
    await page.getByTestId('cr-done').click();
    await expect.poll(() => who(page)).toContain('Ney gives orders');
    await page.getByTestId('cr-done').click();
    await expect.poll(() => who(page)).toContain('Bagration gives orders');
    await page.getByTestId('cr-direct-units').getByLabel('Grenadiers').check();
    await page.getByTestId('cr-direct-give').click();
    await page.getByTestId('cr-slot-used').waitFor();
    await page.getByTestId('cr-done').click();
    await expect.poll(() => who(page)).toBe('Unit: any unit that has not acted this turn may act.');
    // The Grenadiers acted at number 2: they are not offered again.
    expect(await page.locator('#cr-unit-pick option').allTextContents()).toEqual(['Jägers', 'Cossacks']);
    await page.locator('#cr-unit-pick').selectOption({ label: 'Cossacks' });
    await page.getByTestId('cr-activate').click();
    await expect.poll(() => page.getByTestId('cr-slot-used').textContent()).toBe('Acted: Cossacks.');
    await page.getByTestId('cr-done').click();
    await page.getByTestId('cr-turn-over').waitFor();
    await page.getByTestId('cr-army-B').locator('summary').click();
    expect(await page.getByTestId('cr-acted-B').locator('li[data-acted="yes"]').allTextContents()).toEqual([
      'Grenadiers✓ acted',
      'Cossacks✓ acted',
    ]);
    expect(await page.getByTestId('history').textContent()).toContain('Turn 1 · B · number 1: Cossacks acts');
    await page.getByTestId('cr-next-turn').click();
    await expect.poll(() => page.getByTestId('cr-turn').textContent()).toBe('Turn 2');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('R5: A rolls 5, B 1; at number 5 the C-in-C moves Ney from 6 to 4, and Ney acts at 4 this turn', async () => {
    const page = await openCr(ext, true);
    // The first test's game is kept: start a new one from setup.
    // Asked in the popup, not in a native dialog.
    await page.getByTestId('cr-new-game').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByRole('heading', { name: 'Set up the armies' }).waitFor();
    await roster(page, 'A', { 5: 'Davout (C-in-C)', 6: 'Ney', 4: 'unit', 3: 'unit' });
    await page.getByTestId('cr-start').click();
    await roll(page, 'cr-roll', '5 1');
    await expect
      .poll(() => page.getByTestId('cr-plan').textContent())
      .toBe('Numbers: A 5, 4, 3, 2 · B 1. Slots used: A 4, B 1.');
    await expect.poll(() => who(page)).toContain('Davout, Commander-in-Chief');
    await page.getByTestId('cr-rewrite').locator('summary').click();
    await page.getByTestId('hide-rewrite-A').uncheck();
    await page.locator('#cr-rewrite-slot-6').selectOption('unit');
    await page.locator('#cr-rewrite-slot-4').selectOption({ label: 'Ney' });
    await page.getByTestId('cr-rewrite-apply').click();
    await expect.poll(() => page.getByTestId('cr-slot-used').textContent()).toBe('Roster rewritten.');
    await page.getByTestId('cr-done').click();
    await expect.poll(() => page.getByTestId('cr-slot').locator('h3').textContent()).toBe('Number 4 · A');
    expect(await who(page)).toContain('Ney gives orders');
    await page.getByTestId('cr-direct-units').getByLabel('1st Line').check();
    await page.getByTestId('cr-direct-give').click();
    await expect.poll(() => page.getByTestId('cr-slot-used').textContent()).toBe('Direct orders to: 1st Line.');
    // Undo goes back to Ney's number before his orders.
    await page.getByTestId('undo').click();
    await expect.poll(() => page.getByTestId('cr-slot-used').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
