// The popup at its real width (400 px) in French and Russian, whose words run longest: the system
// picker shows the whole name of each system, and no title or control runs past the popup's edge.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMOS } from '../../src/rules/demos';
import { SYSTEM_IDS } from '../../src/rules/ids';
import { launchExtension, request, type LaunchedExtension } from './launch';

/** The width the browser gives the popup: popup.css sets the page to 400 px. */
const POPUP_WIDTH = 400;

/** Elements wider than the popup or running past its right edge, by what they say. */
const overflowing = (page: Page) =>
  page.evaluate((width) => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px`);
    for (const el of document.querySelectorAll<HTMLElement>('main.popup *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('.visually-hidden')) continue;
      if (box.right > width + 0.5)
        out.push(
          `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 40)}" ends at ${Math.round(box.right)}px`,
        );
    }
    // A title cut short inside its own box (text-overflow) counts too.
    for (const el of document.querySelectorAll<HTMLElement>('h1, h2, h3, summary, legend, button')) {
      if (el.closest('.visually-hidden')) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
        out.push(`${el.tagName.toLowerCase()} "${el.textContent}" is cut`);
    }
    return out;
  }, POPUP_WIDTH);

/** How much of the chosen system's name the closed picker shows: its text's width against the room it has. */
const pickerRoom = (page: Page) =>
  page.getByTestId('system-picker').evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = canvas.measureText(select.selectedOptions[0]!.text).width;
    // The arrow takes about 20 px of the box.
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return { name: select.selectedOptions[0]!.text, text: Math.ceil(text), room: Math.floor(room) };
  });

describe.each(['fr', 'ru'])('the popup in %s at its real width', (locale) => {
  let ext: LaunchedExtension;
  beforeAll(async () => {
    ext = await launchExtension({ locale });
  });
  afterAll(async () => {
    await ext?.close();
  });

  for (const system of SYSTEM_IDS) {
    it(`${system}: the picker shows its whole name and nothing runs past the edge, mid-game with everything open`, async () => {
      await request(
        ext,
        { type: 'game/replace', system, events: DEMOS[system].events },
        { type: 'store/select-system', system },
      );
      const page = await ext.context.newPage();
      await page.setViewportSize({ width: POPUP_WIDTH, height: 900 });
      await page.goto(ext.popupUrl);
      await page.locator('.undo-bar').waitFor();
      const room = await pickerRoom(page);
      expect(room.text, `"${room.name}" needs ${room.text}px, has ${room.room}px`).toBeLessThanOrEqual(room.room);
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      await page.getByTestId('export-game').waitFor();
      expect(await overflowing(page)).toEqual([]);
      if (system === 'hd-modifiers') {
        // The states' effects table: each value shows whole, a negative one with its minus sign ("−1", never "-:").
        const cells = await page
          .locator('.hdm-cell')
          .evaluateAll((inputs: HTMLInputElement[]) =>
            inputs.map((i) => ({ value: i.value, cut: i.scrollWidth > i.clientWidth })),
          );
        expect(cells.length).toBeGreaterThan(10);
        expect(cells.filter((c) => c.cut)).toEqual([]);
        expect(cells.map((c) => c.value)).toContain('−1');
      }
      await page.screenshot({ path: `/tmp/cp/fit-${locale}-${system}.png`, fullPage: true });
      await page.close();
    });
  }
});
