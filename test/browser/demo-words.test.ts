// Every scene of the demo table, worked examples and armies, read as a player reads it: at the page's
// fit, zoomed in and out, and after moves that put figures out of command; every army in English,
// French and Russian at fit, ×2, ×4, ÷2 and ÷4, a leader dragged away from his unit, a figure hovered
// and one selected. No two words the board writes overlap, no words spill out of their box, none runs
// past the board's edge, and the key is where it hides no figure, naming what is on the board; no
// words cover a figure, every word stands nearer its own figure than another's (or a line joins
// them), no two names read alike, and every short form opens on hover, focus and selection. Measured
// on screen, never taken from the layout.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './axe';
import { demoUrl, dragBy, openDemo, ready, tokens, zoom } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';
import { boardWords, wordProblems } from './words';

let ext: LaunchedExtension;
let scenes: string[] = [];
beforeAll(async () => {
  ext = await launchExtension();
  const { page } = await openDemo(ext);
  scenes = await page
    .locator('[data-testid="demo-scene"] option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await page.close();
});
afterAll(async () => {
  await ext?.close();
});

const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** The key's rows, as drawn. */
const keyRows = (page: Page) =>
  page
    .locator('#command-post-overlay [data-layer="legend"] [data-key]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-key')!).sort());

/** Each kind of mark, ring, line and count on the board now, as the key names them. */
const drawnKinds = (page: Page) =>
  page.evaluate(() => {
    const svg = document.querySelector('#command-post-overlay')!;
    const kinds = new Set<string>();
    for (const m of svg.querySelectorAll('.mark'))
      kinds.add(m.hasAttribute('data-close-up') ? 'close-up' : `mark:${m.getAttribute('data-status')}`);
    for (const r of svg.querySelectorAll('.ring')) kinds.add(`ring:${r.getAttribute('data-kind')}`);
    for (const e of svg.querySelectorAll('[data-layer="edges"] line')) kinds.add(`edge:${e.getAttribute('data-kind')}`);
    if (svg.querySelector('[data-layer="counts"] > g')) kinds.add('count');
    // A reason in its short form ("✕ 6/3") is explained by the key's "short" row.
    if ([...svg.querySelectorAll('[data-layer="labels"] text')].some((t) => t.textContent!.includes('✕')))
      kinds.add('short');
    return [...kinds].sort();
  });

async function expectReadable(page: Page, when: string): Promise<number> {
  await settle(page);
  const words = await boardWords(page, '.board .token');
  // Soft: one run names every view that goes wrong, not the first alone.
  expect.soft(wordProblems(words), `${when}`).toEqual([]);
  return words.boxes.length;
}

/**
 * Opens each scene in turn in one page, its board drawn (settled two frames on: see expectReadable;
 * the worker's game is there once the page says it is ready).
 */
async function* eachScene(
  on: LaunchedExtension,
  list: readonly string[],
): AsyncGenerator<{ page: Page; errors: string[]; scene: string }> {
  const { page, errors } = await openDemo(on, list[0]);
  try {
    for (const [i, scene] of list.entries()) {
      if (i > 0) {
        await page.goto(demoUrl(on, scene));
        await ready(page);
      }
      yield { page, errors, scene };
    }
  } finally {
    await page.close();
  }
}

/** At the page's fit: readable, some words, and the key names what is drawn. */
async function expectAtFit(page: Page, when: string): Promise<void> {
  expect(await expectReadable(page, `${when} at fit`), `${when}: some words on the board`).toBeGreaterThan(1);
  expect(await keyRows(page), `${when}: the key names what is drawn`).toEqual(await drawnKinds(page));
}

/** The first figures each walk four cells to the right, with the keyboard (moves that put figures out of command). */
async function moves(page: Page): Promise<void> {
  const ids = await page
    .locator('.board .token')
    .evaluateAll((els) => els.slice(0, 4).map((e) => (e as HTMLElement).dataset.token!));
  for (const id of ids) {
    await page.locator(`.board .token[data-token="${id}"]`).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  }
}

/** The scene laid out again (its stored game too), as the next page to open it expects (its figures back where they stood). */
async function reset(page: Page): Promise<void> {
  const before = await page
    .locator('.board .token')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).style.cssText).join());
  await page.getByTestId('demo-reset').click();
  await expect
    .poll(
      () => page.locator('.board .token').evaluateAll((els) => els.map((e) => (e as HTMLElement).style.cssText).join()),
      { timeout: 5000 },
    )
    .not.toBe(before);
}

/** The demo's wheel zooms by exp(−deltaY · 0.0015) about the pointer (demo/board-view.ts): one turn of it by `factor`. */
const WHEEL_ZOOM = 0.0015;

/** The board's middle on screen. */
async function boardMiddle(page: Page): Promise<{ x: number; y: number }> {
  const r = (await page.locator('.board').boundingBox())!;
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/**
 * Zooms the board by `factor` about its middle with one turn of the mouse wheel (as the − and +
 * buttons zoom, by 0.8 and 1.25: no whole number of presses makes ×2), then takes the mouse off the board.
 */
async function wheelZoom(page: Page, factor: number): Promise<void> {
  const m = await boardMiddle(page);
  await page.mouse.move(m.x, m.y);
  await page.mouse.wheel(0, -Math.log(factor) / WHEEL_ZOOM);
  await page.mouse.move(1, 1);
}

/** How far apart the board's first and last figures stand on screen, px (a figure's own size is kept to 6 px at least). */
const span = (page: Page) =>
  page.locator('.board .token').evaluateAll((els) => {
    const [a, b] = [els[0]!, els.at(-1)!].map((e) => e.getBoundingClientRect());
    return Math.hypot(b!.x + b!.width / 2 - a!.x - a!.width / 2, b!.y + b!.height / 2 - a!.y - a!.height / 2);
  });

/** The figures the pointer reaches (no other token over their centre, not at the board's edge) whose words stand in a short form. */
const unsaid = (page: Page) =>
  page.evaluate(() => {
    const board = document.querySelector('.board')!.getBoundingClientRect();
    const labels = [...document.querySelectorAll('#command-post-overlay [data-layer="labels"] > g')];
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.board .token')) {
      const r = el.getBoundingClientRect();
      const x = r.x + r.width / 2;
      const y = r.y + r.height / 2;
      if (
        x < board.x + 40 ||
        y < board.y + 40 ||
        x > board.right - 40 ||
        y > board.bottom - 40 ||
        document.elementFromPoint(x, y) !== el
      )
        continue;
      const token = el.dataset.token!;
      const own = labels.filter((g) => (g.getAttribute('data-tokens') ?? '').split(' ').includes(token));
      if (own.some((g) => g.querySelector('text')!.textContent !== g.querySelector('title')!.textContent))
        out.push(token);
    }
    return out;
  });

/** Whether each of a figure's labels now says its words in full, and it has one. */
const saidInFull = (page: Page, token: string) =>
  page.evaluate((t) => {
    const own = [...document.querySelectorAll('#command-post-overlay [data-layer="labels"] > g')].filter((g) =>
      (g.getAttribute('data-tokens') ?? '').split(' ').includes(t),
    );
    return (
      own.length > 0 && own.every((g) => g.querySelector('text')!.textContent === g.querySelector('title')!.textContent)
    );
  }, token);

/**
 * The leader to drag: of the figures the board marks as leaders (data-role), the one with most figures
 * in his unit; a board with none (Hell Dorado's companies) its first figure, the company's captain.
 */
const leaderToDrag = (page: Page) =>
  page.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLElement>('.board .token')];
    const size = (unit: string) => (unit ? all.filter((t) => t.dataset.unit === unit).length : 0);
    const leaders = all
      .filter((t) => t.dataset.role === 'leader')
      .sort((a, b) => size(b.dataset.unit!) - size(a.dataset.unit!));
    return (leaders[0] ?? all[0]!).dataset.token!;
  });

/**
 * Where to drag him, client px: the open place in view (clear of the key and the board's edges) that
 * stands furthest from every other figure, and so from his unit.
 */
const openPlace = (page: Page, id: string) =>
  page.evaluate((leader) => {
    const board = document.querySelector('.board')!.getBoundingClientRect();
    const key = document.querySelector('#command-post-overlay [data-legend-box]')?.getBoundingClientRect();
    const others = [...document.querySelectorAll<HTMLElement>('.board .token')]
      .filter((t) => t.dataset.token !== leader)
      .map((t) => {
        const r = t.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      });
    let best = { x: 0, y: 0, d: -1 };
    for (let x = board.x + 80; x <= board.right - 80; x += 10) {
      for (let y = board.y + 60; y <= board.bottom - 60; y += 10) {
        if (key && x > key.x - 80 && x < key.right + 80 && y > key.y - 60 && y < key.bottom + 60) continue;
        const d = Math.min(...others.map((o) => Math.hypot(o.x - x, o.y - y)));
        if (d > best.d) best = { x, y, d };
      }
    }
    return best;
  }, id);

/**
 * Every army in one language, each opened in turn in one page: at the page's fit; at ×2 and ×4 of
 * it, then ÷2 and ÷4 (the zoom read back from the page: its --zoom, and how far apart figures stand on
 * screen; the demo's 0.05–12 clamps none of them: the armies fit at about 0.48–0.80);
 * back at fit, a leader dragged with the mouse well away from his unit; then a figure hovered and
 * another selected, their words in full; then, laid out again, moves.
 */
async function armyViews(on: LaunchedExtension, locale: string, armies: readonly string[]): Promise<void> {
  for await (const { page, errors, scene: army } of eachScene(on, armies)) {
    const at = `${locale}: ${army}`;
    await expectAtFit(page, at);
    const fit = { zoom: await zoom(page), span: await span(page) };
    const expectZoom = async (factor: number, name: string) => {
      expect((await zoom(page)) / fit.zoom, `${at} ${name}: the zoom`).toBeCloseTo(factor, 5);
      expect((await span(page)) / fit.span / factor, `${at} ${name}: the figures' spread on screen`).toBeCloseTo(1, 2);
      await expectReadable(page, `${at} ${name}`);
    };
    await wheelZoom(page, 2);
    await expectZoom(2, '×2');
    await wheelZoom(page, 2);
    await expectZoom(4, '×4');
    await page.getByTestId('demo-fit').click();
    await wheelZoom(page, 0.5);
    await expectZoom(0.5, '÷2');
    await wheelZoom(page, 0.5);
    await expectZoom(0.25, '÷4');
    await page.getByTestId('demo-fit').click();
    expect(await zoom(page), `${at}: back at fit`).toBe(fit.zoom);

    // A leader dragged well away from his unit, with the mouse.
    const leader = await leaderToDrag(page);
    const from = (await tokens(page))[leader]!;
    const to = await openPlace(page, leader);
    await dragBy(page, leader, (to.x - from.x) / fit.zoom, (to.y - from.y) / fit.zoom);
    await page.mouse.move(1, 1);
    const moved = (await tokens(page))[leader]!;
    expect(Math.hypot(moved.x - from.x, moved.y - from.y), `${at}: ${leader} dragged away`).toBeGreaterThan(100);
    await expectReadable(page, `${at}: ${leader} dragged away`);

    // A figure hovered, then another selected: their words in full.
    const [hovered, selected] = await unsaid(page);
    expect.soft(selected, `${at}: two figures whose words are not all said`).toBeDefined();
    if (hovered && selected) {
      await page.locator(`.board .token[data-token="${hovered}"]`).hover();
      await expect
        .poll(() => saidInFull(page, hovered), { message: `${at}: ${hovered} hovered`, timeout: 3000 })
        .toBe(true);
      await expectReadable(page, `${at}: ${hovered} hovered`);
      await page.locator(`.board .token[data-token="${selected}"]`).click();
      await page.mouse.move(1, 1);
      await expect
        .poll(() => saidInFull(page, selected), { message: `${at}: ${selected} selected`, timeout: 3000 })
        .toBe(true);
      await expectReadable(page, `${at}: ${selected} selected`);
    }

    await reset(page);
    await moves(page);
    await expectReadable(page, `${at} after moves`);
    await reset(page);
    expect(errors, at).toEqual([]);
  }
}

describe('the words on every scene of the demo table', () => {
  it('lists the worked examples and the armies', () => {
    expect(scenes.length).toBeGreaterThanOrEqual(5);
  });

  it('never overlap on the worked examples, at fit, zoomed in and out, and after moves (the armies: below)', async () => {
    for await (const { page, errors, scene } of eachScene(
      ext,
      scenes.filter((s) => !s.endsWith('-army')),
    )) {
      await expectAtFit(page, scene);
      await wheelZoom(page, 2);
      await expectReadable(page, `${scene} ×2`);
      await wheelZoom(page, 1 / 4);
      await expectReadable(page, `${scene} ÷2`);
      await page.getByTestId('demo-fit').click();
      await moves(page);
      await expectReadable(page, `${scene} after moves`);
      await reset(page);
      expect(errors, scene).toEqual([]);
    }
  });

  // Every army in each language, as a player turns it about: at the page's fit, at exactly ×2, ×4,
  // ÷2 and ÷4 of it, a leader dragged well away from his unit, a figure hovered and one selected (their
  // words in full), and after moves. One page per language, each army opened in it in turn.
  for (const locale of ['en', 'fr', 'ru']) {
    it(`${locale}: every army at fit, ×2, ×4, ÷2, ÷4, a leader dragged away, hover, selection and moves`, async () => {
      const browser = locale === 'en' ? ext : await launchExtension({ locale });
      try {
        await armyViews(
          browser,
          locale,
          scenes.filter((s) => s.endsWith('-army')),
        );
      } finally {
        if (browser !== ext) await browser.close();
      }
    });
  }

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
            return {
              id: g.getAttribute('data-label')!,
              token,
              text: g.querySelector('text')!.textContent!,
              full: g.querySelector('title')!.textContent!,
              covered,
            };
          })
          .filter((l) => l.text !== l.full && l.token !== ''),
      );
    const shown = (page: Page, id: string) =>
      page.locator(`#command-post-overlay [data-layer="labels"] > g[data-label="${id}"] text`).textContent();
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
          await expect
            .poll(() => shown(page, l.id), { message: `${scene}: ${l.id} (${l.text}) on ${way}`, timeout: 3000 })
            .toBe(l.full);
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
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-key')))).toEqual(
      expect.arrayContaining(['mark:leader', 'mark:commanded', 'mark:out', 'ring:command', 'edge:radio']),
    );
    expect(await axeProblems(page)).toEqual([]);
    await page.getByTestId('demo-legend').click();
    await expect.poll(() => rows.count()).toBe(0);
    expect(await page.getByTestId('demo-legend').getAttribute('aria-pressed')).toBe('false');
    await page.getByTestId('demo-legend').click();
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    await page.close();
  });
});
