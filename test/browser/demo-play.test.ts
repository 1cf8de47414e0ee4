// Playing on the demo table: a figure dragged with the mouse or a finger, or moved with the arrow keys
// (one cell, one hex), changes its mark within one animation frame and the popup's status and reason;
// the moved positions survive a reload; "Reset to the example" lays the example out again. Every
// expectation is what the core computes, in Node, for the positions the page saved.
import type { Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../scripts/locales.mjs';
import { exampleBoard } from '../../src/adapters/demo/example';
import { DEMO_KEY, type DemoBoard } from '../../src/adapters/demo/model';
import { canonicalJson } from '../../src/game/json';
import { formatText, type Catalogue } from '../../src/i18n/format';
import { reasonText } from '../../src/i18n/reasons';
import type { SystemId } from '../../src/rules/ids';
import { exampleView, statuses } from '../support/demo';
import {
  dragBy,
  expectMarks,
  marks,
  openDemo,
  openPopup,
  popupReason,
  popupStatuses,
  ready,
  statusNextFrame,
  tokens,
  zoom,
} from './demo';
import { launchExtension, type LaunchedExtension } from './launch';

declare const chrome: Browser.Browser;
const english = loadCatalogue('en') as Catalogue;

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

/** The board of `system` as the worker stored it (the page saves a moment after a move). */
const stored = (system: SystemId): Promise<DemoBoard | undefined> =>
  ext.worker.evaluate(
    async ([key, s]) =>
      ((await chrome.storage.local.get(key))[key] as { boards: Record<string, DemoBoard> } | undefined)?.boards[s],
    [DEMO_KEY, system] as const,
  );

const tokenAt = (board: DemoBoard | undefined, id: string) => board?.tokens.find((t) => t.id === id);

/** Waits until the stored board has `id` where `ok` says, and returns it. */
async function storedWhen(
  system: SystemId,
  id: string,
  ok: (t: { x: number; y: number }) => boolean,
): Promise<DemoBoard> {
  await expect
    .poll(
      async () => {
        const t = tokenAt(await stored(system), id);
        return t ? ok(t) : false;
      },
      { timeout: 5_000 },
    )
    .toBe(true);
  return (await stored(system))!;
}

/** The reason the popup words for `id`, as the core gives it for this board. */
function reasonFor(system: SystemId, board: DemoBoard, id: string): string {
  const mark = exampleView(system, board).marks.find((m) => m.id === id)!;
  return `(${formatText(english, reasonText(mark.reason!))})`;
}

describe('Les bandes de Champagne: dragging out of command', () => {
  it('a figure dragged away is out within one frame; dropped, the popup says why', async () => {
    const { page, tab, errors } = await openDemo(ext, 'bdc');
    await expectMarks(page, statuses(exampleView('bdc')));
    const popup = await openPopup(ext, tab);
    await expect.poll(() => popupStatuses(popup)).toMatchObject({ A: 'commanded', B: 'link' });
    // Fusilier A, 8 cm from his lieutenant, dragged 25 cm down: out of command during the drag.
    expect(await dragBy(page, 'A', 0, 250)).toBe('out');
    const board = await storedWhen('bdc', 'A', (t) => Math.abs(t.y - 550) < 0.5);
    const expected = statuses(exampleView('bdc', board));
    expect(expected).toMatchObject({ A: 'out', B: 'out' });
    await expectMarks(page, expected);
    await expect.poll(() => popupStatuses(popup)).toEqual(expected);
    await expect.poll(() => popupReason(popup, 'A')).toBe(reasonFor('bdc', board, 'A'));
    expect(await popupReason(popup, 'A')).toMatch(/too far from Lieutenant/);
    // The overlay says the same, in words: Fusilier A, selected, in his own; his unit, all out of range, in one note.
    expect(await page.locator('#command-post-overlay [data-label="reason:A"] text').textContent()).toBe(
      reasonFor('bdc', board, 'A').slice(1, -1),
    );
    expect(await page.locator('#command-post-overlay [data-label="unit:u2"] text').textContent()).toBe(
      'Groupe 1 — out of command range',
    );
    expect(errors).toEqual([]);
    await popup.close();
    await page.close();
  });

  it('an arrow key moves a focused figure one cell (2.5 cm): Fusilier C comes into command; a reload keeps him there', async () => {
    const { page } = await openDemo(ext, 'bdc');
    await page.getByTestId('demo-reset').click();
    await expectMarks(page, statuses(exampleView('bdc')));
    await page.locator('.board .token[data-token="C"]').focus();
    expect(await page.getByTestId('demo-selected-name').textContent()).toBe('Fusilier C');
    const before = (await tokens(page)).C!;
    await page.keyboard.press('ArrowUp');
    // 12 cm from Fusilier A, one cell closer: 9.5 cm, commanded through A.
    expect(await statusNextFrame(page, 'C')).toBe('link');
    const after = (await tokens(page)).C!;
    expect(after.y - before.y).toBeCloseTo(-25 * (await zoom(page)), 1);
    expect(after.x).toBeCloseTo(before.x, 1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-token'))).toBe('C');
    const board = await storedWhen('bdc', 'C', (t) => t.y === 420);
    expect(tokenAt(board, 'C')).toMatchObject({ x: 505, y: 420 });
    await page.reload();
    await ready(page);
    await expectMarks(page, statuses(exampleView('bdc', board)));
    expect((await marks(page)).C).toBe('link');
    await page.close();
  });

  it('"Reset to the example" lays the example out again', async () => {
    const { page } = await openDemo(ext, 'bdc');
    await page.locator('.board .token[data-token="B"]').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await storedWhen('bdc', 'B', (t) => t.x === 715);
    expect((await marks(page)).B).toBe('out');
    await page.getByTestId('demo-reset').click();
    await expectMarks(page, statuses(exampleView('bdc')));
    // Storage hands objects back with their keys in its own order.
    await expect.poll(async () => canonicalJson(await stored('bdc'))).toBe(canonicalJson(exampleBoard('bdc')));
    // The example's game is still the stored one: nothing was asked.
    expect(await page.getByTestId('demo-confirm').count()).toBe(0);
    await page.close();
  });
});

describe('Désastre Colonial on hexes: the arrow keys move one hex', () => {
  it('the cavalry one hex east is 4 hexes from Desharbes: out, in the popup too; back west, eligible; units ticked in the popup, the board follows the choice', async () => {
    const { page, tab } = await openDemo(ext, 'dc');
    await expectMarks(page, statuses(exampleView('dc')));
    const popup = await openPopup(ext, tab);
    await page.locator('.board .token[data-token="cav"]').focus();
    const before = (await tokens(page)).cav!;
    await page.keyboard.press('ArrowRight');
    expect(await statusNextFrame(page, 'cav')).toBe('out');
    expect((await tokens(page)).cav!.x - before.x).toBeCloseTo(70 * (await zoom(page)), 1);
    const board = await storedWhen('dc', 'cav', (t) => t.x > 250);
    await expect.poll(() => popupReason(popup, 'cav')).toBe(reasonFor('dc', board, 'cav'));
    expect(await popupReason(popup, 'cav')).toBe('(4 hexes from Desharbes; at most 3)');
    expect(await popup.locator('[data-testid="board-figure"][data-token="cav"]').getAttribute('data-status')).toBe(
      'out',
    );
    await page.keyboard.press('ArrowLeft');
    expect(await statusNextFrame(page, 'cav')).toBe('eligible');
    // Desharbes activated in the popup, the two leftmost infantry chosen from the hexes the board gives:
    // commanded on the board, as the worked example's step 2 (board scenario, step 17).
    await popup.getByTestId('dc-leader-pick-L1').click();
    await expectMarks(page, { ...statuses(exampleView('dc')), tA: 'leader' });
    // Ticked in the popup, not given yet: the board follows the choice as the popup greys it. Four ticks
    // take Desharbes's four dice: the cavalry cannot join; two taken back, it still cannot, 6 hexes
    // from Infantry 1 (at most 3 between chosen units).
    const picks = () =>
      page.evaluate(() =>
        ['i1', 'i2', 'i3', 'i4', 'cav'].map((id) => {
          const m = document.querySelector(`#command-post-overlay .mark[data-token="${id}"]`)!;
          return `${m.getAttribute('data-status')} ${m.getAttribute('data-reason')}`.trim();
        }),
      );
    for (const id of ['U3', 'U4', 'U5', 'U6']) await popup.getByTestId(`dc-pick-${id}`).locator('input').check();
    await expect.poll(picks).toEqual([...Array(4).fill('commanded dc-unit-ticked'), 'out dc-no-die-left']);
    for (const id of ['U5', 'U6']) await popup.getByTestId(`dc-pick-${id}`).locator('input').uncheck();
    await expect
      .poll(picks)
      .toEqual([
        'commanded dc-unit-ticked',
        'commanded dc-unit-ticked',
        'eligible',
        'eligible',
        'out dc-spread-too-wide',
      ]);
    expect(await popup.getByTestId('dc-pick-U7').getAttribute('class')).toContain('greyed');
    await popup.getByTestId('dc-command').click();
    // The command given, no other unit can join this activation.
    await expect
      .poll(async () => {
        const m = await marks(page);
        return [m.i1, m.i2, m.i3, m.i4];
      })
      .toEqual(['commanded', 'commanded', 'none', 'none']);
    await page.locator('.board .token[data-token="cav"]').focus();
    // Up twice on pointy tops: two rows up, back in the same column.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    const up = (await tokens(page)).cav!;
    expect(up.x).toBeCloseTo(before.x, 1);
    expect(before.y - up.y).toBeCloseTo(2 * 1.5 * (70 / Math.sqrt(3)) * (await zoom(page)), 1);
    await popup.close();
    await page.close();
  });
});

describe("Les bandes de Champagne's army: base contact with the radio operator", () => {
  it('4 mm between the bases is no contact; a table allowing 5 mm of slack says so in its house rules', async () => {
    const { page, tab } = await openDemo(ext, 'bdc-army');
    const reason = (id: string) =>
      page.locator(`#command-post-overlay .mark[data-token="${id}"]`).getAttribute('data-reason');
    const edge = (kind: string) => page.locator(`#command-post-overlay [data-kind="${kind}"]`).count();
    // Capitaine Morel has no radio: the operator touching his base lends him his, for his two lieutenants with a radio.
    await expect.poll(() => reason('lt1')).toBe('');
    const radios = await edge('radio');
    expect(radios).toBe(2);
    // Out and back (a drag must go further than a click's slop): 4 mm from touching.
    await dragBy(page, 'op', 40, 0);
    await dragBy(page, 'op', -36, 0);
    await expect.poll(() => reason('lt1')).toBe('out-of-range');
    expect(await reason('lt2')).toBe('out-of-range');
    const popup = await openPopup(ext, tab);
    await popup.locator('summary', { hasText: 'Settings and house rules' }).click();
    expect(await popup.locator('#bdc-rule-contactCm').inputValue()).toBe('0');
    await popup.locator('#bdc-rule-contactCm').fill('0.5');
    await popup.locator('#bdc-rule-contactCm').blur();
    await expect.poll(() => reason('lt1')).toBe('');
    expect(await edge('radio')).toBe(radios);
    await popup.getByTestId('undo').click();
    await expect.poll(() => reason('lt1')).toBe('out-of-range');
    await popup.close();
    await page.close();
  });
});

describe("the command roll: a finger drags the Cuirassiers into Murat's control", () => {
  it('a touch drag moves the figure and the mark follows', async () => {
    const { page } = await openDemo(ext, 'cr');
    await expectMarks(page, statuses(exampleView('cr')));
    expect((await marks(page)).cu).toBe('out');
    const from = (await tokens(page)).cu!;
    const z = await zoom(page);
    // 1.5" away from the 1st Line: 0.7" closer is within 1".
    const to = { x: from.x, y: from.y + 49 * z };
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
    await touch('touchStart', from);
    for (let i = 1; i <= 5; i++) await touch('touchMove', { x: from.x, y: from.y + ((to.y - from.y) * i) / 5 });
    expect(await statusNextFrame(page, 'cu')).toBe('eligible');
    await touch('touchEnd');
    const board = await storedWhen('cr', 'cu', (t) => Math.abs(t.y - (-175 + 49)) < 0.5);
    await expectMarks(page, statuses(exampleView('cr', board)));
    await page.close();
  });
});

describe('pan and zoom', () => {
  it('the marks stay on their tokens through the zoom buttons, the wheel and a drag of the board', async () => {
    const { page } = await openDemo(ext, 'dc');
    const onTokens = async (p: Page) => {
      const t = await tokens(p);
      const m = await p.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('#command-post-overlay .mark')].map((el) => {
            const r = el.getBoundingClientRect();
            return [el.getAttribute('data-token'), { x: r.x + r.width / 2, y: r.y + r.height / 2 }];
          }),
        ),
      );
      for (const id of Object.keys(t)) {
        expect(Math.abs(m[id]!.x - t[id]!.x), id).toBeLessThan(0.6);
        expect(Math.abs(m[id]!.y - t[id]!.y), id).toBeLessThan(0.6);
      }
    };
    const z0 = await zoom(page);
    await page.getByTestId('demo-zoom-in').click();
    expect(await zoom(page)).toBeCloseTo(z0 * 1.25, 6);
    await onTokens(page);
    const board = await page.locator('.board').boundingBox();
    await page.mouse.move(board!.x + 20, board!.y + board!.height - 20);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => zoom(page)).toBeGreaterThan(z0 * 1.3);
    await onTokens(page);
    const before = (await tokens(page)).tD!;
    await page.mouse.down();
    await page.mouse.move(board!.x + 120, board!.y + board!.height - 60, { steps: 4 });
    await page.mouse.up();
    const after = (await tokens(page)).tD!;
    expect(after.x - before.x).toBeCloseTo(100, 0);
    expect(after.y - before.y).toBeCloseTo(-40, 0);
    await onTokens(page);
    // Shift + wheel pans.
    await page.keyboard.down('Shift');
    await page.mouse.wheel(0, 100);
    await page.keyboard.up('Shift');
    await expect.poll(async () => (await tokens(page)).tD!.x).toBeCloseTo(after.x - 100, 0);
    await onTokens(page);
    await page.close();
  });

  it('the board fits again when its window changes size, until the player zooms or pans it himself', async () => {
    const { page } = await openDemo(ext, 'cr-army', { width: 1000, height: 700 });
    /**
     * How far the middle of the figures is from the middle of the room the fit gives them (the board
     * less the key's column on its right, if the key stands there), as a share of the board's width, and their spread.
     */
    const placement = async () => {
      const board = (await page.locator('.board').boundingBox())!;
      const key = await page.locator('#command-post-overlay [data-legend-box]').boundingBox();
      const t = Object.values(await tokens(page));
      // The key's column: where the key stands right of every figure (else it sits in a gap among them).
      const room = key && key.x > Math.max(...t.map((b) => b.x + b.w / 2)) ? key.x - board.x : board.width;
      const xs = t.map((b) => b.x);
      const ys = t.map((b) => b.y);
      const mid = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
      return {
        off: Math.hypot(mid.x - (board.x + room / 2), mid.y - (board.y + board.height / 2)) / board.width,
        span: (Math.max(...xs) - Math.min(...xs)) / board.width,
      };
    };
    const z0 = await zoom(page);
    // Twice as wide a window (a 1920 px screen): the army is laid out over the board again, not left in its first corner.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(() => zoom(page)).toBeGreaterThan(z0 * 1.2);
    const wide = await placement();
    expect(wide.off, 'the figures in the middle of the board').toBeLessThan(0.12);
    expect(wide.span, 'spread over the board').toBeGreaterThan(0.3);
    // The player zooms in: his camera is his, and a change of size keeps it.
    await page.getByTestId('demo-zoom-in').click();
    const mine = await zoom(page);
    await page.setViewportSize({ width: 1000, height: 700 });
    await page.waitForTimeout(300);
    expect(await zoom(page)).toBeCloseTo(mine, 6);
    // Fit gives the board back to the window.
    await page.getByTestId('demo-fit').click();
    await page.setViewportSize({ width: 1400, height: 900 });
    await expect.poll(async () => (await placement()).off).toBeLessThan(0.12);
    await page.close();
  });
});
