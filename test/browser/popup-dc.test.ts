// Désastre Colonial in the real popup of the built extension: the seed's whole Desharbes example
// played through the UI, with hex positions so that the command-range engine checks every choice.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, type LaunchedExtension } from './launch';

async function openPopup(ext: LaunchedExtension): Promise<Page & { errors: string[] }> {
  const page = (await ext.context.newPage()) as Page & { errors: string[] };
  await page.setViewportSize({ width: 400, height: 900 });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(ext.popupUrl);
  await page.locator('main.popup h1').waitFor();
  await page.getByTestId('system-picker').selectOption('dc');
  await page.getByTestId('dc-add').waitFor();
  return page;
}

async function add(
  page: Page,
  kind: 'leader' | 'unit',
  side: 'colonial' | 'native',
  name: string,
  extra: string,
  q: number,
  r: number,
) {
  await page.getByTestId('dc-add-kind').selectOption(kind);
  await page.getByTestId('dc-add-side').selectOption(side);
  await page.getByTestId('dc-add-name').fill(name);
  await page.getByTestId(kind === 'leader' ? 'dc-add-profile' : 'dc-add-losses').fill(extra);
  await page.getByTestId('dc-add-q').fill(String(q));
  await page.getByTestId('dc-add-r').fill(String(r));
  await page.getByTestId('dc-add-submit').click();
  await expect.poll(() => page.getByTestId('dc-add-name').inputValue()).toBe('');
}

async function typeDice(page: Page, testId: string, dice: string) {
  await page.locator(`#${testId}-typed`).fill(dice);
  await page.getByTestId(`${testId}-use`).click();
}

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe('Désastre Colonial popup, in Chromium', () => {
  let ext: LaunchedExtension;
  beforeAll(async () => {
    ext = await launchExtension();
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('plays the whole Desharbes example (seed 003) through the UI', async () => {
    const page = await openPopup(ext);
    // A clear error for a bad profile, and nothing added.
    await page.getByTestId('dc-add-name').fill('Nobody');
    await page.getByTestId('dc-add-profile').fill('4D7/3');
    await page.getByTestId('dc-add-submit').click();
    await expect.poll(() => text(page, 'refusal')).toBe("D7 is not a leader's die: D6, D8 or D10.");

    // The layout of test/unit/dc/activation.test.ts: four infantry in line 3 hexes from
    // Desharbes, the ends 3 apart; cavalry 3 from Desharbes and 3 from the rightmost infantry.
    await add(page, 'leader', 'colonial', 'Desharbes', '4D8/3', 0, 0);
    await add(page, 'leader', 'colonial', 'Aubert', '3D8/4', -2, 2);
    await add(page, 'unit', 'colonial', 'Infantry 1', '0', 0, -3);
    await add(page, 'unit', 'colonial', 'Infantry 2', '1', 1, -3);
    await add(page, 'unit', 'colonial', 'Infantry 3', '4', 2, -3);
    await add(page, 'unit', 'colonial', 'Infantry 4', '1', 3, -3);
    await add(page, 'unit', 'colonial', 'Cavalry', '0', 3, 0);
    await add(page, 'leader', 'native', 'Chief', '3D6/2', 0, 6);
    await add(page, 'unit', 'native', 'Warriors', '0', 1, 5);
    await page.getByTestId('dc-start').click();
    await page.getByTestId('dc-gain-colonial').click();
    await expect.poll(() => text(page, 'dc-dice-left-L1')).toBe('dice: 4');
    await page.getByTestId('dc-leader-pick-L1').click();

    // Step 1: all four infantry could be commanded; the cavalry is then greyed with its reason.
    const pick = (id: string) => page.getByTestId(`dc-pick-${id}`).locator('input');
    for (const id of ['U3', 'U4', 'U5', 'U6']) await pick(id).check();
    await expect.poll(() => pick('U7').isDisabled()).toBe(true);
    expect(await text(page, 'dc-pick-U7')).toContain('5 units but only 4 dice');
    // Step 2: the two leftmost only.
    await pick('U5').uncheck();
    await pick('U6').uncheck();
    await page.getByTestId('dc-command').click();
    await typeDice(page, 'dc-dice', '1 2 3 5');
    await expect.poll(() => text(page, 'dc-rolled')).toBe('Dice: 1235');
    expect(await text(page, 'dc-ones')).toContain('Colonial 1s: 1');
    // The reroll is offered (adjacent units) and never on the "1".
    await page.getByTestId('dc-reroll').locator('summary').click();
    const options = await page.getByTestId('dc-reroll-index').locator('option').allTextContents();
    expect(options).toEqual(['die 2: 2', 'die 3: 3', 'die 4: 5']);
    await page.getByTestId('dc-reroll-index').selectOption({ label: 'die 2: 2' });
    await typeDice(page, 'dc-reroll-dice', '6');
    await expect.poll(() => text(page, 'dc-rolled')).toBe('Dice: 1635');
    expect(await text(page, 'dc-no-reroll')).toBe('The reroll has been used.');
    await page.getByTestId('dc-assign-select-U3').selectOption({ label: 'die 4: 5' });
    await page.getByTestId('dc-assign-select-U4').selectOption({ label: 'die 2: 6' });
    await page.getByTestId('dc-resolve').click();

    // Step 3: keep the initiative: one die fewer.
    await page.getByTestId('dc-step-decide').waitFor();
    expect(await text(page, 'dc-dice-left-L1')).toBe('dice: 3');
    await page.getByTestId('dc-leader-pick-L1').click();
    await expect.poll(() => text(page, 'dc-initiative')).toContain('Colonial holds the initiative · kept 1×');
    expect(await text(page, 'dc-pick-U3')).toContain('already been commanded this turn');
    await pick('U6').check();
    await pick('U7').check();
    await page.getByTestId('dc-command').click();
    // Rolls 2 of the 3 dice; asking for 4 is refused with the reason, never cut to 3.
    await page.locator('#dc-dice-count').fill('4');
    await page.getByTestId('dc-dice-roll').click();
    expect(await page.getByTestId('dc-dice').getByTestId('field-error').textContent()).toBe(
      'Dice must be a whole number from 2 to 3; you typed “4”. Desharbes has 3 dice now.',
    );
    await typeDice(page, 'dc-dice', '4 7');
    await expect
      .poll(() => text(page, 'dc-no-reroll'))
      .toBe('No reroll: not every commanded unit is adjacent to another.');
    await page.getByTestId('dc-resolve').click();

    // Step 4 (what-if): Aubert would have only 1 die at the second keep.
    await page.getByTestId('dc-step-decide').waitFor();
    expect(await text(page, 'dc-dice-left-L2')).toBe('dice: 1');
    expect(await text(page, 'dc-dice-left-L1')).toBe('dice: 2');
    // Step 5: Desharbes keeps again with 2 dice for the fragile unit.
    await page.getByTestId('dc-leader-pick-L1').click();
    await expect.poll(() => text(page, 'dc-active-leader')).toContain('2D8 available');
    expect(await text(page, 'dc-pick-U5')).toContain('6+');
    await pick('U5').check();
    await page.getByTestId('dc-command').click();
    await typeDice(page, 'dc-dice', '1 5');
    await expect.poll(() => text(page, 'dc-ones')).toContain('Colonial 1s: 2');
    expect(await text(page, 'dc-no-reroll')).toContain('No reroll');
    await page.getByTestId('dc-resolve').click();

    // Step 6: deactivated, morale test, the initiative passes; step 7: Drama card of value 2 (or 1).
    await expect.poll(() => text(page, 'dc-initiative')).toBe('Native holds the initiative · kept 0×');
    expect(await text(page, 'dc-morale')).toContain('Infantry 3: fragile, commanded but not activated → morale test');
    expect(await text(page, 'dc-drama')).toContain('Drama card of value 2 or lower');
    expect(await page.getByTestId('dc-drama').getByRole('button').allTextContents()).toEqual([
      'Draw value 2',
      'Draw value 1',
      'No card',
    ]);
    expect(await text(page, 'dc-leader-L1')).toContain('deactivated');
    for (const id of ['U3', 'U4', 'U6', 'U7'])
      expect(await text(page, `dc-state-${id}`)).toContain('activated (icon side)');
    expect(await text(page, 'dc-state-U5')).toContain('marker removed');
    await page.getByTestId('dc-morale-U5').click();
    await page.getByTestId('dc-drama-2').click();
    await expect.poll(() => page.getByTestId('dc-drama').count()).toBe(0);
    expect(await text(page, 'history')).toContain('Turn 1 · Native · draws a Drama card of value 2');
    expect(await text(page, 'history')).toContain('Turn 1 · Colonial · rerolls a 2 → 6');

    // Undo brings the prompt back.
    await page.getByTestId('undo').click();
    await page.getByTestId('dc-drama').waitFor();
    expect(page.errors).toEqual([]);
  });
});

describe('Désastre Colonial popup in Russian', () => {
  let ext: LaunchedExtension;
  afterAll(async () => {
    await ext?.close();
  });

  it('speaks Russian, errors included, and fits the popup', async () => {
    ext = await launchExtension({ locale: 'ru' });
    const page = await openPopup(ext);
    await page.getByTestId('dc-add-name').fill('Дешарб');
    await page.getByTestId('dc-add-profile').fill('4D8/0');
    await page.getByTestId('dc-add-submit').click();
    await expect.poll(() => text(page, 'refusal')).toBe('Радиус командования от 1 до 5 гексов, а не 0.');
    await page.getByTestId('dc-add-profile').fill('4D8/3');
    await page.getByTestId('dc-add-submit').click();
    await add(page, 'unit', 'colonial', 'Зуавы', '2', 1, 1);
    await page.getByTestId('dc-start').click();
    await page.getByTestId('dc-gain-colonial').click();
    await page.getByTestId('dc-leader-pick-L1').click();
    expect(await text(page, 'dc-active-leader')).toContain('доступно 4D8');
    await page.getByTestId('dc-pick-U2').locator('input').check();
    expect(await text(page, 'dc-word')).toContain('Позиции неизвестны');
    // Nothing in the panel is wider than the popup (400 px page, 376 px of content).
    const overflow = await page.evaluate(() => {
      const main = document.querySelector('main.popup')!;
      return main.scrollWidth - main.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(page.errors).toEqual([]);
  });
});
