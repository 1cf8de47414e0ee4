// The demo table's own history of moves: Ctrl+Z takes back the last change on the board (a figure
// dragged or stepped, added, killed), Ctrl+Y plays it again, and the board, its save and the popup
// follow; a scale below the page's minimum is refused in the field's words, and the board stays as it
// was.
import type Browser from 'webextension-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, type DemoBoard } from '../../src/adapters/demo/model';
import { exampleView, statuses } from '../support/demo';
import { dragBy, expectMarks, openDemo, openPopup, popupStatuses, tokens } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';

declare const chrome: Browser.Browser;

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

const stored = (): Promise<DemoBoard | undefined> =>
  ext.worker.evaluate(
    async (key) =>
      ((await chrome.storage.local.get(key))[key] as { boards: Record<string, DemoBoard> } | undefined)?.boards.bdc,
    DEMO_KEY,
  );
const storedAt = async (id: string) => (await stored())?.tokens.find((t) => t.id === id);

describe('the demo table: Ctrl+Z undoes the last move', () => {
  it('a drag, then a step, taken back one at a time, played again with Ctrl+Y; the save and the popup follow', async () => {
    const { page, tab, errors } = await openDemo(ext, 'bdc');
    const example = statuses(exampleView('bdc'));
    await expectMarks(page, example);
    const popup = await openPopup(ext, tab);
    const start = (await tokens(page)).A!;
    const at = (await storedAt('A'))!;

    // Fusilier A dragged 25 cm away: out of command, and so is B, who was commanded through him.
    await dragBy(page, 'A', 0, 250);
    await expect.poll(async () => (await storedAt('A'))?.y).toBeCloseTo(at.y + 250, 2);
    await expect.poll(() => popupStatuses(popup)).toMatchObject({ A: 'out', B: 'out' });
    // Then Fusilier C stepped one cell up with the arrow key.
    const c = (await storedAt('C'))!;
    await page.locator('.board .token[data-token="C"]').focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await storedAt('C'))?.y).toBeLessThan(c.y);

    // Ctrl+Z takes back the step, then the drag: the example again, on the board, in storage and in the popup.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await storedAt('C'))?.y).toBe(c.y);
    expect((await storedAt('A'))?.y).toBeCloseTo(at.y + 250, 2);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await storedAt('A'))?.y).toBe(at.y);
    await expectMarks(page, example);
    await expect.poll(() => popupStatuses(popup)).toEqual(example);
    const back = (await tokens(page)).A!;
    expect(Math.abs(back.y - start.y)).toBeLessThan(0.6);
    expect(await page.getByTestId('demo-undone').textContent()).toBe('Undone: the last change on the board.');
    await page.keyboard.press('Control+z');
    expect(await page.getByTestId('demo-undone').textContent()).toBe('Nothing to undo on this board.');

    // Ctrl+Y plays the drag again.
    await page.keyboard.press('Control+y');
    await expect.poll(async () => (await storedAt('A'))?.y).toBeCloseTo(at.y + 250, 2);
    await expect.poll(() => popupStatuses(popup)).toMatchObject({ A: 'out' });
    expect(errors).toEqual([]);
    await popup.close();
    await page.close();
  });

  it("a scale below the page's minimum is refused, said in the field's words, and the board is not changed", async () => {
    const { page, errors } = await openDemo(ext, 'bdc');
    await page.getByTestId('demo-settings').locator('summary').click();
    const before = (await stored())!.scene;
    const scale = page.getByTestId('demo-scale');
    for (const typed of ['0.0001', 'abc', '-1', '1e309']) {
      await scale.fill(typed);
      await scale.press('Enter');
      await expect
        .poll(() => page.getByTestId('demo-settings').getByTestId('field-error').textContent())
        .toBe(`Scale must be a number from 0.01 to 100000; you typed “${typed}”.`);
    }
    await page.waitForTimeout(300);
    expect((await stored())!.scene).toEqual(before);
    // A scale it takes is applied, and the message goes; Ctrl+Z puts the old one back.
    await scale.fill('5');
    await scale.press('Enter');
    await expect.poll(async () => (await stored())!.scene.unitsPerCell).toBe(5);
    expect(await page.getByTestId('demo-settings').getByTestId('field-error').count()).toBe(0);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await stored())!.scene.unitsPerCell).toBe(before.unitsPerCell);
    expect(errors).toEqual([]);
    await page.close();
  });
});
