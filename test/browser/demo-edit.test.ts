// Changing the demo table: a figure marked dead (its loss proposed in the popup), one added with a
// hostile name (text everywhere), one taken off; the board's grid and measurement; a played game is
// never replaced without asking, and is kept as a backup when it is; a damaged save falls back to the
// example and says so; only the demo page's own tab may report its board; the popup opens the demo;
// the page in the dark theme and in a narrow window.
import type Browser from 'webextension-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleBoard } from '../../src/adapters/demo/example';
import { DEMO_KEY, statusOf, tableOf, type DemoBoard } from '../../src/adapters/demo/model';
import { summaryOf } from '../../src/board/summary';
import type { SystemId } from '../../src/rules/ids';
import { exampleView, statuses } from '../support/demo';
import { demoUrl, expectMarks, markBoxes, marks, openDemo, openPopup, popupStatuses, ready, tokens } from './demo';
import { launchExtension, request, storedRoot, type LaunchedExtension } from './launch';
import type { SceneId } from '../../src/adapters/demo/scenes';

declare const chrome: Browser.Browser;
const HOSTILE = '<img src=x onerror=alert(1)>';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

const storage = <T>(area: 'local' | 'session', key: string | null): Promise<T> =>
  ext.worker.evaluate(
    async ([a, k]) => (k === null ? chrome.storage[a].get(null) : (await chrome.storage[a].get(k))[k]) as unknown,
    [area, key] as const,
  ) as Promise<T>;
const stored = async (scene: SceneId) =>
  (await storage<{ boards: Record<string, DemoBoard> } | undefined>('local', DEMO_KEY))?.boards[scene];
const gameLog = async (system: SystemId) =>
  (await storedRoot<{ games: Record<string, { log: { events: { type: string }[] } } | undefined> }>(ext)).games[system]
    ?.log.events ?? [];

describe('Hell Dorado Command: figures marked dead, added and taken off', () => {
  it('a figure marked dead leaves the reckoning and its loss is proposed; applied, Command drops; alive again, it is drawn as lost', async () => {
    const { page, tab, errors, dialogs } = await openDemo(ext, 'hd-command');
    const popup = await openPopup(ext, tab);
    await page.locator('.board .token[data-token="fc"]').click();
    expect(await page.getByTestId('demo-selected-name').textContent()).toBe('Franc-capitaine');
    await page.getByTestId('demo-kill').click();
    await expect.poll(async () => Object.keys(await marks(page))).not.toContain('fc');
    expect(await page.locator('.board .token[data-token="fc"]').getAttribute('data-dead')).toBe('true');
    expect(await page.locator('.board .token[data-token="fc"] [data-marker="dead"]').count()).toBe(1);
    expect(await page.locator('.board .token[data-token="fc"]').getAttribute('aria-label')).toBe(
      'Franc-capitaine, Arnaud, dead',
    );
    const proposal = popup.locator('[data-testid="board-proposal"][data-key="loss:A1"]');
    await expect.poll(() => proposal.count()).toBe(1);
    expect(await proposal.textContent()).toContain('Franc-capitaine is marked dead on the board: his loss (CMD 4)');
    await proposal.getByTestId('board-proposal-apply').click();
    await expect
      .poll(() => page.locator('#command-post-overlay [data-note="0"]').textContent())
      .toBe('Arnaud — Command: base 3 / current 3');
    expect((await gameLog('hd-command')).at(-1)).toEqual({
      type: 'fighterLost',
      side: 'A',
      fighterId: 'A1',
      how: 'killed',
    });
    await page.getByTestId('demo-kill').click();
    await expect.poll(async () => (await marks(page)).fc).toBe('lost');
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
    await popup.close();
    await page.close();
  });

  it(`a figure named ${HOSTILE} is text on the board, in the overlay and in the popup; taken off, it is gone`, async () => {
    const { page, tab, errors, dialogs } = await openDemo(ext, 'hd-command');
    const popup = await openPopup(ext, tab);
    await page.locator('[data-testid="demo-add"] summary').click();
    await page.getByTestId('demo-add-name').fill(HOSTILE);
    await page.getByTestId('demo-add-submit').click();
    const added = page.locator('.board .token[data-token="t1"]');
    await added.waitFor();
    // Put on the table at the middle of the view, selected and focused.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-token'))).toBe('t1');
    expect(await added.getAttribute('aria-label')).toBe(`${HOSTILE}, Arnaud`);
    // Hell Dorado reads no positions: no mark, but the overlay writes the name, as text.
    await expect
      .poll(() => page.locator('#command-post-overlay [data-label="name:t1"] text').textContent())
      .toBe(HOSTILE);
    expect((await marks(page)).t1).toBeUndefined();
    expect(await page.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
    // Hell Dorado: a figure come onto the table on Arnaud's side is a late entry.
    const entry = popup.locator('[data-testid="board-proposal"][data-key="entry:t1"]');
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.textContent()).toContain(`${HOSTILE} came onto the table for Arnaud: a late entry`);
    expect(
      await popup.locator('[data-testid="board-figure"][data-token="t1"] [data-testid="board-name"]').textContent(),
    ).toBe(HOSTILE);
    expect(await popup.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
    await page.getByTestId('demo-remove').click();
    await expect.poll(() => page.locator('.board .token[data-token="t1"]').count()).toBe(0);
    await expect.poll(async () => Object.keys(await marks(page))).not.toContain('t1');
    await expect.poll(() => entry.count()).toBe(0);
    await expect.poll(async () => (await stored('hd-command'))?.changes.arrived).toEqual([]);
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
    await popup.close();
    await page.close();
  });
});

describe('a played game is never replaced without asking', () => {
  it('"Reset to the example" asks; "Keep my game" keeps it; "Replace it" replaces it and keeps it as a backup', async () => {
    const { page } = await openDemo(ext, 'hd-command');
    const played = await gameLog('hd-command');
    expect(played.at(-1)?.type).toBe('fighterLost');
    await page.getByTestId('demo-reset').click();
    const dialog = page.getByTestId('demo-confirm');
    await dialog.waitFor();
    expect(await dialog.locator('p').textContent()).toBe(
      'This replaces your Hell Dorado · Command points game with the example; your game is kept as a backup.',
    );
    await page.getByTestId('demo-confirm-no').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await gameLog('hd-command')).toEqual(played);
    const backups = async () =>
      Object.entries(await storage<Record<string, unknown>>('local', null)).filter(([k]) =>
        k.startsWith('commandPost.backup.'),
      );
    expect(await backups()).toEqual([]);
    await page.getByTestId('demo-reset').click();
    await page.getByTestId('demo-confirm-yes').click();
    await expect
      .poll(async () => (await gameLog('hd-command')).map((e) => e.type))
      .toEqual(['sideEdited', 'sideEdited', 'rosterSet', 'rosterSet', 'start']);
    await expectMarks(page, statuses(exampleView('hd-command')));
    const kept = await backups();
    expect(kept).toHaveLength(1);
    expect(kept[0]![1]).toMatchObject({
      kind: 'game-replaced',
      system: 'hd-command',
      game: { log: { events: played } },
      binding: { links: { fc: 'A1' } },
    });
    await page.close();
  });
});

describe('a scene opened for the first time over a played game', () => {
  it('asks; kept, the figures are not linked and the page offers the example; loaded, they are', async () => {
    // A Les bandes de Champagne game someone started in the popup.
    await request(ext, {
      type: 'game/dispatch',
      system: 'bdc',
      event: {
        type: 'unitAdded',
        unit: { name: 'Mine', level: 'confiant', experience: 2, doctrine: 'rigid', teams: 1 },
      },
    });
    const page = await ext.context.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(demoUrl(ext, 'bdc'));
    await page.getByTestId('demo-confirm').waitFor();
    expect(await page.getByTestId('demo-confirm').locator('p').textContent()).toContain(
      'your Les bandes de Champagne game',
    );
    await page.getByTestId('demo-confirm-no').click();
    await expect.poll(() => page.getByTestId('demo-notice').getAttribute('data-kind')).toBe('unbound');
    expect(await page.getByTestId('demo-notice').textContent()).toContain(
      'These figures are not linked to your Les bandes de Champagne game.',
    );
    expect((await gameLog('bdc')).map((e) => e.type)).toEqual(['unitAdded']);
    // Kept: the game's binding holds none of the scene's tokens (its figures chain by the table's own groups).
    expect((await storedRoot(ext)).bindings.bdc).toBeUndefined();
    expect(Object.keys(await marks(page))).toHaveLength(9);
    await page.getByTestId('demo-load-example').click();
    await page.getByTestId('demo-confirm-yes').click();
    await expectMarks(page, statuses(exampleView('bdc')));
    await expect.poll(() => page.getByTestId('demo-notice').getAttribute('data-kind')).toBe('');
    await page.close();
  });
});

describe("the board's grid, scale and measurement", () => {
  it('a square grid measured by Chebyshev draws its grid and its rings, and marks as the core computes them', async () => {
    const { page } = await openDemo(ext, 'bdc');
    await page.locator('[data-testid="demo-settings"] summary').click();
    expect(await page.locator('.grid-lines').getAttribute('d')).toBe('');
    await page.getByTestId('demo-grid').selectOption('square');
    await page.getByTestId('demo-measure').selectOption('chebyshev');
    await expect.poll(async () => (await stored('bdc'))?.scene.measurement).toBe('chebyshev');
    const board = (await stored('bdc'))!;
    expect(board.scene.grid).toBe('square');
    await expectMarks(page, statuses(exampleView('bdc', board)));
    expect((await page.locator('.grid-lines').getAttribute('d'))!.length).toBeGreaterThan(100);
    expect(await page.locator('#command-post-overlay .ring[data-token="L"]').getAttribute('data-shape')).toBe('square');
    // A scale the rules cannot measure in: said in the popup, nothing computed.
    await page.getByTestId('demo-scale-unit').selectOption('hex');
    const popup = await openPopup(ext, Number(await page.evaluate(() => document.documentElement.dataset.tab)));
    await expect.poll(() => popup.getByTestId('board-error').count()).toBe(1);
    await page.getByTestId('demo-reset').click();
    await expectMarks(page, statuses(exampleView('bdc')));
    await popup.close();
    await page.close();
  });
});

describe('a damaged save', () => {
  it('falls back to the example and says so, without an error', async () => {
    await ext.worker.evaluate(async (key) => {
      const stored = (await chrome.storage.local.get(key))[key] as { version: 1; boards: Record<string, unknown> };
      await chrome.storage.local.set({
        [key]: { ...stored, boards: { ...stored.boards, dc: { system: 'dc', tokens: 'lost' } } },
      });
    }, DEMO_KEY);
    const { page, errors } = await openDemo(ext, 'dc');
    expect(await page.getByTestId('demo-notice').getAttribute('data-kind')).toBe('damaged');
    expect(await page.getByTestId('demo-notice').textContent()).toBe(
      'The saved demo table of this scene could not be read: the example is laid out again.',
    );
    await expectMarks(page, statuses(exampleView('dc')));
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('who may report the demo board', () => {
  it('another extension page, the demo page in a frame, or the demo page speaking for Roll20: dropped', async () => {
    const { page, tab } = await openDemo(ext, 'cr');
    await expect
      .poll(
        async () => (await storage<{ tabletop?: string } | undefined>('session', `commandPost.live.${tab}`))?.tabletop,
      )
      .toBe('demo');
    const board = exampleBoard('cr');
    const summary = summaryOf(
      statusOf(board, [], (k) => k),
      tableOf(board),
      null,
      'cr',
    );
    // The popup opened as a page, in a tab of its own.
    const other = await ext.context.newPage();
    await other.goto(ext.popupUrl);
    const otherTab = await other.evaluate(async () => (await chrome.tabs.getCurrent())!.id!);
    // A dropped report gets no answer (the worker's listener resolves to nothing).
    expect(
      (await other.evaluate((table) => chrome.runtime.sendMessage({ type: 'table/update', table }), summary)) ?? null,
    ).toBeNull();
    // The demo page itself, in a frame of that page: it runs, and reports nothing.
    await other.evaluate(
      (url) =>
        new Promise<void>((resolve) => {
          const frame = document.createElement('iframe');
          frame.src = url;
          frame.onload = () => resolve();
          document.body.append(frame);
        }),
      demoUrl(ext, 'cr'),
    );
    await other.waitForTimeout(600);
    expect(await storage('session', `commandPost.live.${otherTab}`)).toBeUndefined();
    // The demo page cannot pass for Roll20.
    expect(
      (await page.evaluate(
        (table) => chrome.runtime.sendMessage({ type: 'table/update', table: { ...table, tabletop: 'roll20' } }),
        summary,
      )) ?? null,
    ).toBeNull();
    await page.waitForTimeout(300);
    expect((await storage<{ tabletop: string }>('session', `commandPost.live.${tab}`)).tabletop).toBe('demo');
    // The page going away clears its board.
    await page.close();
    await expect.poll(() => storage('session', `commandPost.live.${tab}`)).toBeUndefined();
    await other.close();
  });
});

describe('the popup opens the demo table', () => {
  it('on the scene of the system it shows, in a new tab', async () => {
    await ext.worker.evaluate(() => chrome.storage.session.clear());
    const popup = await ext.context.newPage();
    await popup.goto(ext.popupUrl);
    await popup.getByTestId('system-picker').selectOption('dc');
    const opened = ext.context.waitForEvent('page');
    await popup.getByTestId('open-demo').click();
    const demo = await opened;
    await ready(demo);
    expect(demo.url()).toBe(demoUrl(ext, 'dc'));
    await expectMarks(demo, statuses(exampleView('dc')));
    await demo.close();
    await popup.close();
  });
});

describe('the page in the dark theme and in a narrow window', () => {
  it('dark: dark surfaces, readable names; 420 px wide: board above the panel, nothing wider than the window', async () => {
    const { page, errors } = await openDemo(ext, 'bdc', { width: 420, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    const colours = await page.evaluate(() => {
      const lum = (c: string) => {
        const [r, g, b] = c.match(/\d+(\.\d+)?/g)!.map(Number);
        return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
      };
      const name = document.querySelector(
        '#command-post-overlay [data-kind="name"], #command-post-overlay [data-kind="unit-name"]',
      )!;
      return {
        body: lum(getComputedStyle(document.body).backgroundColor),
        board: lum(getComputedStyle(document.querySelector('.board')!).backgroundColor),
        name: lum(getComputedStyle(name.querySelector('text')!).fill),
        behind: lum(getComputedStyle(name.querySelector('rect')!).fill),
      };
    });
    expect(colours.body).toBeLessThan(0.2);
    expect(colours.board).toBeLessThan(0.3);
    // A name is dark on its own light box, whatever the theme.
    expect(colours.behind - colours.name).toBeGreaterThan(0.7);
    const layout = await page.evaluate(() => {
      const board = document.querySelector('.board')!.getBoundingClientRect();
      const panel = document.querySelector('.demo-panel')!.getBoundingClientRect();
      return {
        scroll: document.documentElement.scrollWidth,
        boardW: board.width,
        boardH: board.height,
        below: panel.top >= board.bottom - 1,
      };
    });
    expect(layout.scroll).toBeLessThanOrEqual(420);
    expect(layout.boardW).toBeGreaterThan(380);
    expect(layout.boardH).toBeGreaterThan(300);
    expect(layout.below).toBe(true);
    // Every token in view, its mark on it.
    const t = await tokens(page);
    const m = await markBoxes(page);
    for (const id of Object.keys(t)) {
      expect(t[id]!.x, id).toBeGreaterThan(0);
      expect(t[id]!.x, id).toBeLessThan(420);
      expect(Math.abs(m[id]!.y - t[id]!.y), id).toBeLessThan(0.6);
    }
    // Scrolling the page moves the board; the overlay follows.
    await page.mouse.wheel(0, 0);
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect
      .poll(async () => {
        const tt = (await tokens(page)).A!;
        const mm = (await markBoxes(page)).A!;
        return Math.abs(tt.y - mm.y) < 0.6;
      })
      .toBe(true);
    // 1280 × 720: the page fits without scrolling, the panel scrolls on its own.
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(720);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the popup and the board agree in the light theme at 1280 × 720', async () => {
    const { page, tab } = await openDemo(ext, 'cr');
    const popup = await openPopup(ext, tab);
    await expect.poll(() => popupStatuses(popup)).toEqual(await marks(page));
    await popup.close();
    await page.close();
  });
});

// Last: it makes the army's game the stored Les bandes de Champagne game, which the tests above expect fresh.
describe('one name per unit', () => {
  it("the board's units are called as the game calls them: the add form, the selected figure, the popup's groups", async () => {
    const { page, tab, errors } = await openDemo(ext, 'bdc-army');
    const popup = await openPopup(ext, tab);
    await page.locator('[data-testid="demo-add"] summary').click();
    const options = await page.getByTestId('demo-add-unit').locator('option').allTextContents();
    expect(options).toEqual([
      'No unit',
      'Commandement',
      'Groupe 1',
      'Groupe 2',
      'Groupe 3',
      'Groupe 4',
      'Groupe 5',
      'Groupe 6',
      'A new unit…',
    ]);
    await page.getByTestId('demo-add-name').fill('Voltigeur 2d');
    await page.getByTestId('demo-add-unit').selectOption({ label: 'Groupe 2' });
    await page.getByTestId('demo-add-submit').click();
    // It joins the group: the game's Groupe 2, by the group's token grouping.
    await expect.poll(async () => (await stored('bdc-army'))?.tokens.find((t) => t.id === 't1')?.unit).toBe('g2');
    expect(await page.getByTestId('demo-selected').textContent()).toContain('Unit Groupe 2');
    const groups = () => popup.locator('.board-unit h4').allTextContents();
    await expect.poll(groups).toContain('Groupe 2');
    expect((await groups()).some((h) => /\bg\d\b|hq/.test(h))).toBe(false);
    // A new unit is called what the player typed.
    await page.getByTestId('demo-add-name').fill('Éclaireur');
    await page.getByTestId('demo-add-unit').selectOption({ label: 'A new unit…' });
    await page.getByTestId('demo-add-unit-name').fill('Patrouille');
    await page.getByTestId('demo-add-submit').click();
    await expect.poll(groups).toContain('Patrouille');
    expect(errors).toEqual([]);
    await popup.close();
    await page.close();
  });
});
