// Who is out, in one key, on the demo table: the finder button (and N, Shift+N) centres each figure
// out of command and each leader who cannot command in turn, selects it so its words open in full,
// and says who and why; pressed as many times as there are, it visits each once, then starts over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemo, openPopup } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

describe('the finder on the demo table', () => {
  it('centres every figure out of command in turn, opens its words, and says who and why', async () => {
    const { page, tab, errors } = await openDemo(ext, 'dc-army');
    await page.waitForTimeout(300);
    const out = await page
      .locator('#command-post-overlay .mark[data-status="out"], #command-post-overlay .mark[data-status="blocked"]')
      .evaluateAll((ms) => ms.map((m) => m.getAttribute('data-token')!));
    const blocked = await page.locator('#command-post-overlay .mark[data-status="blocked"]').count();
    expect(out.length).toBeGreaterThan(2);
    expect(blocked, 'the army has a leader who cannot command').toBeGreaterThan(0);
    const finder = page.getByTestId('demo-finder');
    expect(await finder.textContent()).toContain(`(${out.length})`);
    // The popup's live line counts the same ones, in two parts (it said 5 out where the finder had 6).
    const popup = await openPopup(ext, tab);
    const line = popup.getByTestId('board-summary');
    await expect.poll(() => line.textContent(), { timeout: 10_000 }).toMatch(/out of command/);
    const counts = (await line.textContent())!;
    const said = (re: RegExp) => Number(re.exec(counts)?.[1] ?? 0);
    expect(said(/(\d+) out of command/), counts).toBe(out.length - blocked);
    expect(said(/(\d+) leaders? who cannot command/), counts).toBe(blocked);
    await popup.close();
    const board = (await page.locator('.board').boundingBox())!;
    const seen: string[] = [];
    for (let i = 0; i < out.length; i++) {
      if (i % 2 === 0) await finder.click();
      else {
        // The shortcut, from the board itself.
        await page.locator('.board').focus();
        await page.keyboard.press('n');
      }
      await expect
        .poll(() => page.getByTestId('demo-finder-said').textContent())
        .toMatch(new RegExp(`^${i + 1} of ${out.length} · `));
      const selected = await page.locator('.board .token.selected').getAttribute('data-token');
      seen.push(selected!);
      // Centred on the board, its words open in full (no short form standing).
      const box = (await page.locator(`.board .token[data-token="${selected}"]`).boundingBox())!;
      expect(Math.abs(box.x + box.width / 2 - (board.x + board.width / 2))).toBeLessThan(2);
      expect(Math.abs(box.y + box.height / 2 - (board.y + board.height / 2))).toBeLessThan(2);
      const said = (await page.getByTestId('demo-finder-said').textContent())!;
      const label = page.locator(`#command-post-overlay [data-layer="labels"] > g[data-tokens~="${selected}"]`).first();
      if ((await label.count()) > 0) {
        const [shown, full] = await label.evaluate((g) => [
          g.querySelector('text')!.textContent,
          g.querySelector('title')!.textContent,
        ]);
        expect(shown, `${selected}'s words open`).toBe(full);
        expect(said).toContain(':');
      }
    }
    expect(new Set(seen)).toEqual(new Set(out));
    // Once more: back to the first; Shift+N back to the last.
    await finder.click();
    await expect.poll(() => page.locator('.board .token.selected').getAttribute('data-token')).toBe(seen[0]);
    await page.keyboard.press('Shift+N');
    await expect.poll(() => page.locator('.board .token.selected').getAttribute('data-token')).toBe(seen.at(-1));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the popup beside the board finds them too, one click a figure', async () => {
    const { page, tab } = await openDemo(ext, 'dc-army');
    const popup = await openPopup(ext, tab);
    // "N out" on the live line opens the board's section, the finder first in it.
    await expect.poll(() => popup.getByTestId('board-summary').textContent(), { timeout: 10_000 }).toMatch(/out/);
    if ((await popup.getByTestId('board-details').getAttribute('open')) === null)
      await popup.getByTestId('board-summary').click();
    const find = popup.getByTestId('board-find');
    await find.waitFor({ timeout: 10_000 });
    const count = Number((await find.textContent())!.match(/\((\d+)\)/)![1]);
    expect(count).toBe(Number((await page.getByTestId('demo-finder').textContent())!.match(/\((\d+)\)/)![1]));
    await find.click();
    await expect
      .poll(() => page.getByTestId('demo-finder-said').textContent())
      .toMatch(new RegExp(`^1 of ${count} · `));
    const first = await page.locator('.board .token.selected').getAttribute('data-token');
    await find.click();
    await expect
      .poll(() => page.getByTestId('demo-finder-said').textContent())
      .toMatch(new RegExp(`^2 of ${count} · `));
    expect(await page.locator('.board .token.selected').getAttribute('data-token')).not.toBe(first);
    await popup.close();
    await page.close();
  });

  it('is off where nobody is out, and N typed in a field stays in the field', async () => {
    const { page } = await openDemo(ext, 'hd-modifiers');
    await page.waitForTimeout(300);
    expect(await page.getByTestId('demo-finder').isDisabled()).toBe(true);
    await page.goto(page.url().replace('scene=hd-modifiers', 'scene=dc-army'));
    await page.getByTestId('demo-finder').waitFor();
    await page.getByTestId('demo-add').locator('summary').click();
    await page.getByTestId('demo-add-name').fill('');
    await page.getByTestId('demo-add-name').press('n');
    expect(await page.getByTestId('demo-add-name').inputValue()).toBe('n');
    expect(await page.getByTestId('demo-finder-said').textContent()).toBe('');
    expect(await page.locator('.board .token.selected').count()).toBe(0);
    await page.close();
  });
});
