// Every scene of the demo table, worked examples and armies, read as a player reads it: at the page's
// fit, zoomed in and out, and after moves that put figures out of command, no two words the board
// writes overlap, no words spill out of their box, none runs past the board's edge, and the key is
// where it hides no figure, naming what is on the board; no words cover a figure, no two names read
// alike, and every short form opens on hover, focus and selection. Measured on screen, never taken
// from the layout.
import type { Locator, Page } from 'playwright-core';
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

  it('in French and Russian too, on every army: at fit, zoomed in ×2 and out ×2, and the key names what is drawn', async () => {
    for (const locale of ['fr', 'ru']) {
      const other = await launchExtension({ locale });
      try {
        for (const scene of scenes.filter((s) => s.endsWith('-army'))) {
          const { page, errors } = await openDemo(other, scene);
          await page.waitForTimeout(300);
          expect(await expectReadable(page, `${locale}: ${scene} at fit`)).toBeGreaterThan(1);
          expect(await keyRows(page), `${locale}: ${scene}: the key names what is drawn`).toEqual(await drawnKinds(page));
          for (let i = 0; i < 3; i++) await page.getByTestId('demo-zoom-in').click();
          await expectReadable(page, `${locale}: ${scene} zoomed in`);
          for (let i = 0; i < 6; i++) await page.getByTestId('demo-zoom-out').click();
          await expectReadable(page, `${locale}: ${scene} zoomed out`);
          expect(errors, `${locale}: ${scene}`).toEqual([]);
          await page.close();
        }
      } finally {
        await other.close();
      }
    }
  });

  it('every short form opens: hover, Tab focus and a click on its figure show the full words', async () => {
    /**
     * The labels standing in a short form now: id, figure, the full words, and whether another token
     * covers the figure's centre (a Désastre Colonial leader in his unit's hex: a pointer reaches the
     * unit there, Tab focus the leader).
     */
    const shortened = (page: Page) =>
      page.locator('#command-post-overlay [data-layer="labels"] > g').evaluateAll((gs) =>
        gs
          .map((g) => {
            const token = g.getAttribute('data-token')!;
            const el = document.querySelector(`.board .token[data-token="${CSS.escape(token)}"]`);
            const r = el?.getBoundingClientRect();
            const covered = !r || document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) !== el;
            return { id: g.getAttribute('data-label')!, token, text: g.querySelector('text')!.textContent!, full: g.querySelector('title')!.textContent!, covered };
          })
          .filter((l) => l.text !== l.full && l.token !== ''),
      );
    const shown = (page: Page, id: string) => page.locator(`#command-post-overlay [data-layer="labels"] > g[data-label="${id}"] text`).textContent();
    const ways = {
      hover: (figure: Locator) => figure.hover(),
      'Tab focus': (figure: Locator) => figure.focus(),
      selection: async (figure: Locator) => {
        await figure.click();
        await figure.page().mouse.move(1, 1);
      },
    };
    let opened = 0;
    for (const scene of scenes.filter((s) => s.endsWith('-army'))) {
      const { page, errors } = await openDemo(ext, scene);
      for (const [way, open] of Object.entries(ways)) {
        // Each way on the army as it loads: two of its short forms, one after the other.
        await page.mouse.move(1, 1);
        await page.reload();
        await page.waitForTimeout(300);
        for (const l of (await shortened(page)).filter((x) => way === 'Tab focus' || !x.covered).slice(0, 2)) {
          await open(page.locator(`.board .token[data-token="${l.token}"]`));
          await expect.poll(() => shown(page, l.id), { message: `${scene}: ${l.id} (${l.text}) on ${way}`, timeout: 3000 }).toBe(l.full);
          expect(wordProblems(await boardWords(page, '.board .token')), `${scene}: ${l.id} open on ${way}`).toEqual([]);
          opened++;
        }
      }
      expect(errors, scene).toEqual([]);
      await page.close();
    }
    // The armies do shorten words at fit: the check opened some.
    expect(opened).toBeGreaterThanOrEqual(12);
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
