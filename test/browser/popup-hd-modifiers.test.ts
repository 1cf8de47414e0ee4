// Hell Dorado characteristic modifiers in the real popup of the built extension: vectors M2 and M5
// played through the UI, the breakdown read off the page, and the choice of system kept on reopening.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, type LaunchedExtension } from './launch';

async function openPopup(ext: LaunchedExtension): Promise<Page> {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 400, height: 900 });
  await page.goto(ext.popupUrl);
  await page.locator('main.popup h1').waitFor();
  return page;
}

async function addFighter(page: Page, name: string, card: Record<string, number>, id: string) {
  const summary = page.getByText('New fighter', { exact: true });
  await summary.waitFor();
  if (!(await page.locator('#hdm-new-name').isVisible())) await summary.click();
  await page.locator('#hdm-new-name').fill(name);
  for (const [c, v] of Object.entries(card)) await page.locator(`#hdm-new-${c}`).fill(String(v));
  await page.getByTestId('hdm-add-fighter').click();
  await page.getByTestId(`hdm-fighter-${id}`).waitFor();
}

type Effect = {
  fighter: string;
  characteristic: string;
  kind: 'increase' | 'bonus' | 'direct';
  amount: number;
  source: string;
  ceiling?: number;
  by?: string;
  scope?: string;
};

async function addEffect(page: Page, e: Effect) {
  const form = page.getByTestId('hdm-effect-form');
  // Folded until asked for: the fighters come first.
  if (!(await form.isVisible())) await page.getByTestId('hdm-add-effect-open').locator('summary').click();
  await form.locator('#hdm-fx-fighter').selectOption({ label: e.fighter });
  await form.locator('#hdm-fx-char').selectOption(e.characteristic);
  await form.locator('#hdm-fx-kind').selectOption(e.kind);
  await form.locator('#hdm-fx-amount').fill(String(e.amount));
  if (e.kind === 'increase')
    await form.locator('#hdm-fx-ceiling').fill(e.ceiling === undefined ? '' : String(e.ceiling));
  if (e.kind === 'direct') {
    await form.locator('#hdm-fx-by').selectOption({ label: e.by ?? '(none)' });
    await form.locator('#hdm-fx-scope').selectOption(e.scope ?? 'pass');
  }
  await form.locator('#hdm-fx-source').fill(e.source);
  await page.getByTestId('hdm-add-effect').click();
}

const value = (page: Page, fighter: string, c: string) => page.getByTestId(`hdm-value-${fighter}-${c}`).textContent();
const steps = (page: Page, fighter: string, c: string) =>
  page.getByTestId(`hdm-breakdown-${fighter}-${c}`).textContent();

describe('Hell Dorado modifiers popup, in Chromium', () => {
  let ext: LaunchedExtension;
  beforeAll(async () => {
    ext = await launchExtension();
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('M2: a Wounded Lancier with Célérité ×2 (DEF max 5), then Stunned: DPT 6, DEF 3, with the breakdown', async () => {
    const page = await openPopup(ext);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.getByTestId('system-picker').selectOption('hd-modifiers');
    await addFighter(page, 'Lancier', { DPT: 5, DEF: 4 }, 'f1');
    await page.getByTestId('hdm-state-f1-wounded').click();
    await expect.poll(() => value(page, 'f1', 'DEF')).toBe('3');
    const celerite = "Célérité de l'ourébi";
    await addEffect(page, { fighter: 'Lancier', characteristic: 'DPT', kind: 'increase', amount: 1, source: celerite });
    await page.getByTestId('hdm-add-effect').click(); // the form keeps its values: one click repeats it
    await expect.poll(() => value(page, 'f1', 'DPT')).toBe('6');
    await addEffect(page, {
      fighter: 'Lancier',
      characteristic: 'DEF',
      kind: 'increase',
      amount: 1,
      ceiling: 5,
      source: celerite,
    });
    await page.getByTestId('hdm-add-effect').click();
    await expect.poll(() => value(page, 'f1', 'DEF')).toBe('4');
    await page.getByTestId('hdm-state-f1-stunned').click();
    await expect.poll(() => value(page, 'f1', 'DEF')).toBe('3');
    expect(await value(page, 'f1', 'DPT')).toBe('6');
    const def = (await steps(page, 'f1', 'DEF'))!.replace(/\s+/g, ' ');
    expect(def).toMatch(
      /card 4.*\+1 Célérité de l'ourébi.*\+1 Célérité de l'ourébi.*ceiling 5.*→ 5.*−1 Wounded.*−1 Stunned.*→ 3.*bounds 1–5/,
    );
    await expect.poll(() => page.getByTestId('history').textContent()).toContain('Lancier is Stunned');
    expect(errors).toEqual([]);
  });

  it('M5: Tarik (active) uses Coup critique on a Succube with Bouclier de luxure: DEF 3, then 6 after the pass of arms', async () => {
    const page = await openPopup(ext);
    // The system chosen in the previous test was kept.
    await expect.poll(() => page.getByTestId('system-picker').inputValue()).toBe('hd-modifiers');
    await page.getByTestId('hdm-fighter-f1').getByRole('button', { name: 'Remove Lancier' }).click();
    await page.getByTestId('hdm-fighter-f1').waitFor({ state: 'detached' });
    await addFighter(page, 'Tarik', { DEF: 3 }, 'f2');
    await addFighter(page, 'Succube', { DEF: 4 }, 'f3');
    await addEffect(page, {
      fighter: 'Succube',
      characteristic: 'DEF',
      kind: 'direct',
      amount: 6,
      by: 'Succube',
      scope: 'turn',
      source: 'Bouclier de luxure',
    });
    await expect.poll(() => value(page, 'f3', 'DEF')).toBe('6');
    await page.getByTestId('hdm-active').selectOption({ label: 'Tarik' });
    await expect.poll(() => page.getByTestId('hdm-fighter-f2').textContent()).toContain('active');
    await addEffect(page, {
      fighter: 'Succube',
      characteristic: 'DEF',
      kind: 'direct',
      amount: 3,
      by: 'Tarik',
      scope: 'pass',
      source: 'Coup critique',
    });
    await expect.poll(() => value(page, 'f3', 'DEF')).toBe('3');
    const def = (await steps(page, 'f3', 'DEF'))!.replace(/\s+/g, ' ');
    expect(def).toContain('= 6 Bouclier de luxure (by Succube, turn)');
    expect(def).toContain('= 3 Coup critique (by Tarik, pass of arms)');
    await expect
      .poll(() => page.locator('[data-testid="hdm-breakdown-f3-DEF"] .hdm-wins').textContent())
      .toContain('Coup critique');

    await page.getByTestId('hdm-end-pass').click();
    await expect.poll(() => value(page, 'f3', 'DEF')).toBe('6');
    await page.getByTestId('undo').click();
    await expect.poll(() => value(page, 'f3', 'DEF')).toBe('3');
  });
});
