// Every scene of the demo table, worked examples and armies, read as a player reads it: at the page's
// fit, zoomed in and out, and after moves that put figures out of command, no two words the board
// writes overlap, no words spill out of their box, none runs past the board's edge, and the key is
// in its corner, naming what is on the board. Measured on screen, never taken from the layout.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './axe';
import { openDemo } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';
import { boardWords, wordProblems } from './words';

let ext: LaunchedExtension;
let scenes: string[] = [];
beforeAll(async () => {
  ext = await launchExtension();
  const { page } = await openDemo(ext);
  scenes = await page.locator('[data-testid="demo-scene"] option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await page.close();
});
afterAll(async () => {
  await ext?.close();
});

const settle = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** The key's rows, as drawn. */
const keyRows = (page: Page) => page.locator('#command-post-overlay [data-layer="legend"] [data-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')!).sort());

/** Each kind of mark, ring, line and count on the board now, as the key names them. */
const drawnKinds = (page: Page) =>
  page.evaluate(() => {
    const svg = document.querySelector('#command-post-overlay')!;
    const kinds = new Set<string>();
    for (const m of svg.querySelectorAll('.mark')) kinds.add(m.hasAttribute('data-close-up') ? 'close-up' : `mark:${m.getAttribute('data-status')}`);
    for (const r of svg.querySelectorAll('.ring')) kinds.add(`ring:${r.getAttribute('data-kind')}`);
    for (const e of svg.querySelectorAll('[data-layer="edges"] line')) kinds.add(`edge:${e.getAttribute('data-kind')}`);
    if (svg.querySelector('[data-layer="counts"] > g')) kinds.add('count');
    // A reason in its short form ("✕ 6/3") is explained by the key's "short" row.
    if ([...svg.querySelectorAll('[data-layer="labels"] text')].some((t) => t.textContent!.includes('✕'))) kinds.add('short');
    return [...kinds].sort();
  });

async function expectReadable(page: Page, when: string): Promise<number> {
  await settle(page);
  const words = await boardWords(page, '.board .token');
  expect(wordProblems(words), `${when}`).toEqual([]);
  return words.boxes.length;
}

describe('the words on every scene of the demo table', () => {
  it('lists the worked examples and the armies', () => {
    expect(scenes.length).toBeGreaterThanOrEqual(5);
  });

  it('never overlap, at fit, zoomed in and out, and after moves', async () => {
    for (const scene of scenes) {
      const { page, errors } = await openDemo(ext, scene);
      await page.waitForTimeout(300);
      const atFit = await expectReadable(page, `${scene} at fit`);
      // The key is there, with a row for what is on the board.
      expect(atFit, `${scene}: some words on the board`).toBeGreaterThan(1);
      expect(await keyRows(page), `${scene}: the key names what is drawn`).toEqual(await drawnKinds(page));
      for (let i = 0; i < 3; i++) await page.getByTestId('demo-zoom-in').click();
      await expectReadable(page, `${scene} zoomed in`);
      for (let i = 0; i < 6; i++) await page.getByTestId('demo-zoom-out').click();
      await expectReadable(page, `${scene} zoomed out`);
      await page.getByTestId('demo-fit').click();
      // Moves: the first figures each walk four cells to the right, with the keyboard.
      const ids = await page.locator('.board .token').evaluateAll((els) => els.slice(0, 4).map((e) => (e as HTMLElement).dataset.token!));
      for (const id of ids) {
        await page.locator(`.board .token[data-token="${id}"]`).focus();
        for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
      }
      await page.waitForTimeout(200);
      await expectReadable(page, `${scene} after moves`);
      await page.getByTestId('demo-reset').click();
      expect(errors, scene).toEqual([]);
      await page.close();
    }
  });

  it('the key can be switched off and on, and the page stays accessible with it', async () => {
    const { page } = await openDemo(ext, 'bdc');
    const rows = page.locator('#command-post-overlay [data-layer="legend"] [data-key]');
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-key')))).toEqual(expect.arrayContaining(['mark:leader', 'mark:commanded', 'mark:out', 'ring:command', 'edge:radio']));
    expect(await axeProblems(page)).toEqual([]);
    await page.getByTestId('demo-legend').click();
    await expect.poll(() => rows.count()).toBe(0);
    expect(await page.getByTestId('demo-legend').getAttribute('aria-pressed')).toBe('false');
    await page.getByTestId('demo-legend').click();
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    await page.close();
  });
});
