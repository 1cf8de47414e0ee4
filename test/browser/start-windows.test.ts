// `npm start`'s windows, opened as it opens them (its own Chromium flags, scripts/side-by-side.mjs):
// the board's window and the popup's side by side within the screen, neither covering the other,
// and the popup reading the board's tab. (A `--window-position` flag once put the popup over the
// board: Chromium puts every new window there.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { expect, it } from 'vitest';
import { isRoot } from '../../scripts/chromium.mjs';
import { placeSideBySide, startArgs } from '../../scripts/side-by-side.mjs';
import { chromiumPath, extensionDir } from './launch';

type Bounds = { left: number; top: number; width: number; height: number };

it("npm start puts the popup beside the board, within the screen, reading the board's tab", async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'command-post-start-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    viewport: null,
    args: startArgs(extensionDir, { root: isRoot() }),
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`chrome-extension://${new URL(worker.url()).host}/demo.html?scene=bdc`);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    const screen = await page.evaluate(() => {
      const s = window.screen as Screen & { availLeft?: number };
      return { left: s.availLeft ?? 0, width: s.availWidth };
    });
    const popupPage = context.waitForEvent('page');
    const { board, popup } = (await placeSideBySide(page)) as { board: Bounds; popup: Bounds };
    for (const w of [board, popup]) {
      expect(w.left).toBeGreaterThanOrEqual(screen.left);
      expect(w.left + w.width).toBeLessThanOrEqual(screen.left + screen.width);
      expect(w.height).toBeGreaterThan(0);
    }
    // Side by side: the popup's window starts where the board's ends.
    expect(popup.left).toBeGreaterThanOrEqual(board.left + board.width);
    const opened = await popupPage;
    await opened.getByTestId('board').waitFor();
    const tab = await page.evaluate(
      async () => (await (globalThis as unknown as { chrome: typeof Browser }).chrome.tabs.getCurrent())!.id,
    );
    expect(new URL(opened.url()).searchParams.get('tab')).toBe(String(tab));
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
