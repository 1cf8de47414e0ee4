// Les bandes de Champagne in the real popup of the built extension: vectors B3 (three morale tests
// entered as 7, 6, 2) and B7 (rally from routed with 3 PA, then, after undo, with 1 PA) played
// through the UI; the results survive a reopening of the popup.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, type LaunchedExtension } from './launch';

async function openBdc(ext: LaunchedExtension): Promise<Page & { errors: string[] }> {
  const page = (await ext.context.newPage()) as Page & { errors: string[] };
  await page.setViewportSize({ width: 400, height: 900 });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(ext.popupUrl);
  await page.getByTestId('system-picker').selectOption('bdc');
  await page.getByRole('heading', { name: 'Units and leaders' }).waitFor();
  return page;
}

async function add(page: Page, kind: 'unit' | 'leader', name: string, pa?: number) {
  const form = page.getByTestId('bdc-add');
  if (!(await form.isVisible())) await page.getByText('Add a unit or a leader').click();
  await page.locator('#bdc-kind').selectOption(kind);
  await page.locator('#bdc-name').fill(name);
  if (pa !== undefined) await page.locator('#bdc-new-pa').fill(String(pa));
  await page.getByTestId('bdc-add-submit').click();
  await page.locator('.fighter-name', { hasText: name }).waitFor();
}

const badge = (page: Page, id: string) => page.getByTestId(`badge-${id}`).textContent();

async function moraleTests(page: Page, id: string, dice: string) {
  const card = page.getByTestId(`troop-${id}`);
  if (!(await card.getAttribute('open'))) await card.locator('summary').click();
  await page.locator(`#${id}-hits`).fill(String(dice.split(' ').length));
  await page.locator(`#morale-${id}-typed`).fill(dice);
  await page.getByTestId(`morale-${id}-use`).click();
}

describe('bdc popup, in Chromium', () => {
  let ext: LaunchedExtension;
  beforeAll(async () => {
    ext = await launchExtension();
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('B3: Confiant (6), 3 hits, naturals 7, 6, 2 → Cloué (5), Démoralisé (4), 2 passes: Démoralisé', async () => {
    const page = await openBdc(ext);
    await add(page, 'unit', 'Groupe B3');
    await expect.poll(() => badge(page, 'u1')).toBe('Normal · 6');
    await moraleTests(page, 'u1', '7 6 2');
    await expect.poll(() => badge(page, 'u1')).toBe('Demoralised · 4');
    await expect
      .poll(() => page.getByTestId('bdc-last').textContent())
      .toBe(
        'Groupe B3 · 7 (total 7) vs 6: failure; 6 (total 6) vs 5: failure; 2 (total 2) vs 4: success · Normal → Demoralised',
      );
    // Stored by the worker: a new popup shows the same.
    const again = await openBdc(ext);
    await expect.poll(() => badge(again, 'u1')).toBe('Demoralised · 4');
    expect([...page.errors, ...again.errors]).toEqual([]);
    await page.close();
    await again.close();
  });

  it('B7: Déroute, rally with 3 PA → normal; undo; rally with 1 PA → Démoralisé', async () => {
    const page = await openBdc(ext);
    await add(page, 'unit', 'Groupe B7');
    await add(page, 'leader', 'Lt Morel', 5);
    const unit = 'u2'; // ids follow the game's serial: u1 came from B3
    const leader = 'l3';
    await moraleTests(page, unit, '9 8 0');
    await expect.poll(() => badge(page, unit)).toBe('Routed · 3');
    await page.getByTestId(`troop-${leader}`).locator('summary').click();
    await page.getByTestId(`activate-${leader}`).click();
    await expect.poll(() => page.getByTestId(`pa-${leader}`).textContent()).toBe('AP 5');

    await page.locator(`#${unit}-rally-payer`).selectOption(leader);
    await page.locator(`#${unit}-rally-pa`).selectOption('3');
    await expect.poll(() => page.getByTestId(`rally-preview-${unit}`).textContent()).toBe('Cost 3 AP → Normal');
    await page.getByTestId(`rally-${unit}`).click();
    await expect.poll(() => badge(page, unit)).toBe('Normal · 6');
    await expect.poll(() => page.getByTestId(`pa-${leader}`).textContent()).toBe('AP 2');

    await page.getByTestId('undo').click();
    await expect.poll(() => badge(page, unit)).toBe('Routed · 3');
    await page.locator(`#${unit}-rally-payer`).selectOption(leader);
    await page.locator(`#${unit}-rally-pa`).selectOption('1');
    await expect.poll(() => page.getByTestId(`rally-preview-${unit}`).textContent()).toBe('Cost 1 AP → Demoralised');
    await page.getByTestId(`rally-${unit}`).click();
    await expect.poll(() => badge(page, unit)).toBe('Demoralised · 4');
    await expect.poll(() => page.getByTestId(`pa-${leader}`).textContent()).toBe('AP 4');
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
