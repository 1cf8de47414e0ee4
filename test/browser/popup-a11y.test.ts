// axe-core over every rule panel of the real popup: each system at setup and mid-game (its worked
// example), in the light and the dark theme, with every disclosure opened: no serious or critical
// violation. Also the in-popup question and the game file and backups section.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMOS } from '../../src/rules/demos';
import { SYSTEM_IDS, type SystemId } from '../../src/rules/ids';
import { axeProblems } from './axe';
import { launchExtension, request, type LaunchedExtension } from './launch';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

async function openPopup(system: SystemId, colorScheme: 'light' | 'dark'): Promise<Page> {
  await request(ext, { type: 'store/select-system', system });
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 400, height: 900 });
  await page.emulateMedia({ colorScheme });
  await page.goto(ext.popupUrl);
  await page.locator('.undo-bar').waitFor();
  return page;
}

/** Every closed part of the panel opened, so that axe reads what a player can reach. */
async function openEverything(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  await page.getByTestId('export-game').waitFor();
  await page.locator('[data-testid="backups"], [data-testid="backups-empty"]').first().waitFor();
}

const report = (problems: Awaited<ReturnType<typeof axeProblems>>) =>
  problems.map((p) => `${p.impact} ${p.id}: ${p.help} — ${p.targets.slice(0, 3).join(', ')}`);

describe.each(['light', 'dark'] as const)('the popup in the %s theme, checked by axe-core', (colorScheme) => {
  for (const system of SYSTEM_IDS) {
    it(`${system}: at setup, then mid-game`, async () => {
      await request(ext, { type: 'game/replace', system, events: [] });
      const page = await openPopup(system, colorScheme);
      await openEverything(page);
      expect(report(await axeProblems(page)), `${system} at setup`).toEqual([]);
      await page.close();

      const [played] = (await request(ext, { type: 'game/replace', system, events: DEMOS[system].events })) as {
        ok: boolean;
      }[];
      expect(played!.ok).toBe(true);
      const mid = await openPopup(system, colorScheme);
      await mid.getByTestId('history').waitFor({ state: 'attached' });
      await openEverything(mid);
      expect(report(await axeProblems(mid)), `${system} mid-game`).toEqual([]);
      await mid.close();
    });
  }

  it('the in-popup question', async () => {
    await request(ext, { type: 'game/replace', system: 'hd-command', events: DEMOS['hd-command'].events });
    const page = await openPopup('hd-command', colorScheme);
    await page.getByTestId('new-game').click();
    await page.getByTestId('confirm').waitFor();
    expect(report(await axeProblems(page))).toEqual([]);
    await page.close();
  });
});
