// What the board shows, on the demo table: every figure, only the side whose turn it is, or only the
// figure hovered or selected; kept with the board (a reload reads it), said when the game has no side
// to play. The marks drawn are compared with what the core cuts from the same scene in Node.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Browser from 'webextension-polyfill';
import { DEMO_KEY } from '../../src/adapters/demo/model';
import { visibleView } from '../../src/board/visibility';
import { sceneRun } from '../support/demo';
import { openDemo, ready } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';

declare const chrome: Browser.Browser;

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

const drawnMarks = (page: Page) =>
  page.locator('#command-post-overlay .mark').evaluateAll((ms) => ms.map((m) => m.getAttribute('data-token')!).sort());
const show = async (page: Page, value: string) => {
  const settings = page.getByTestId('demo-settings');
  if (!(await settings.evaluate((d) => (d as HTMLDetailsElement).open))) await settings.locator('summary').click();
  await page.getByTestId('demo-show').selectOption(value);
};

describe('what the demo table shows', () => {
  it('the side whose turn it is: only the command roll army’s side to play, as the core cuts it, and still so after a reload', async () => {
    const { page, errors } = await openDemo(ext, 'cr-army');
    const run = sceneRun('cr-army');
    const all = run.view.marks.map((m) => m.id).sort();
    await expect.poll(() => drawnMarks(page), { timeout: 10_000 }).toEqual(all);
    await show(page, 'turn');
    const want = visibleView(run.view, run.bound, { show: 'turn', gmOnly: false }, { focus: new Set(), gm: true })
      .marks.map((m) => m.id)
      .sort();
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(all.length);
    await expect.poll(() => drawnMarks(page), { timeout: 5000 }).toEqual(want);
    // Kept with the board: saved, then read back by the page after a reload.
    await expect
      .poll(
        () =>
          ext.worker.evaluate(
            async (key) =>
              ((await chrome.storage.local.get(key))[key] as { boards: Record<string, { show?: string }> } | undefined)
                ?.boards['cr-army']?.show,
            DEMO_KEY,
          ),
        { timeout: 5000 },
      )
      .toBe('turn');
    await page.reload();
    await ready(page);
    await expect.poll(() => drawnMarks(page), { timeout: 10_000 }).toEqual(want);
    await show(page, 'all');
    await expect.poll(() => drawnMarks(page)).toEqual(all);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('only the figure hovered or selected: nothing marked until a figure is hovered, then it and its leader; the finder still steps through who is out', async () => {
    const { page, errors } = await openDemo(ext, 'bdc-army');
    await show(page, 'focus');
    await expect.poll(() => drawnMarks(page)).toEqual([]);
    expect(await page.getByTestId('demo-show-said').textContent()).toMatch(/Hover, select or find a figure/);
    const run = sceneRun('bdc-army');
    const out = run.view.marks.find((m) => m.status === 'out')!;
    const box = (await page.locator(`.board .token[data-token="${out.id}"]`).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => drawnMarks(page)).toContain(out.id);
    const linked = run.view.edges.filter((e) => e.to === out.id).map((e) => e.from);
    for (const l of linked) expect(await drawnMarks(page)).toContain(l);
    // Its words, in full.
    await expect
      .poll(() =>
        page
          .locator(`#command-post-overlay .label-box[data-kind="reason"][data-tokens~="${out.id}"] text`)
          .first()
          .textContent(),
      )
      .toMatch(/^[^✕]{12,}/);
    await page.mouse.move(2, 2);
    await expect.poll(() => drawnMarks(page)).toEqual([]);
    // The finder finds figures whose marks are not drawn, and shows each one it finds.
    await page.getByTestId('demo-finder').click();
    const found = await page.locator('.board .token.selected').getAttribute('data-token');
    await expect.poll(() => drawnMarks(page)).toContain(found);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the side whose turn it is, where the game says no one’s: every figure shown, and said', async () => {
    const { page } = await openDemo(ext, 'bdc-army');
    const run = sceneRun('bdc-army');
    await show(page, 'turn');
    await expect
      .poll(() => page.getByTestId('demo-show-said').textContent())
      .toBe('No side is to play now: every figure is shown.');
    await expect.poll(() => drawnMarks(page)).toEqual(run.view.marks.map((m) => m.id).sort());
    await show(page, 'all');
    await page.close();
  });
});
