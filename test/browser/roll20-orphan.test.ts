// The extension reloaded (or updated) under an open Roll20 tab: the old content script is left in the
// page with no extension behind it. It takes its drawing away and says to reload the tab, then ends
// quietly: no uncaught error nor unhandled rejection in the page ("Extension context invalidated"),
// whatever the page does next (tokens moving, the pointer over the board, a message on the window, the
// tab hidden), and nothing of it listens or ticks any more.
import type { ConsoleMessage, Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { describe, expect, it } from 'vitest';
import { request, type LaunchedExtension } from './launch';
import { EDITOR, fixtureTable } from './roll20-helpers';

declare const chrome: Browser.Browser;

const table = fixtureTable();

/**
 * Everything the page says went wrong: uncaught errors and unhandled rejections of every world (the
 * page's and the content script's, which Playwright's own events do not show: the DevTools protocol
 * does), and errors on its console.
 */
async function faults(ext: LaunchedExtension, page: Page): Promise<string[]> {
  const said: string[] = [];
  const cdp = await ext.context.newCDPSession(page);
  cdp.on('Runtime.exceptionThrown', (e) =>
    said.push(`uncaught: ${e.exceptionDetails.exception?.description ?? e.exceptionDetails.text}`),
  );
  cdp.on('Log.entryAdded', (e) => {
    if (e.entry.level === 'error' && !e.entry.text.startsWith('Failed to load resource'))
      said.push(`log: ${e.entry.text}`);
  });
  await cdp.send('Runtime.enable');
  await cdp.send('Log.enable');
  page.on('pageerror', (e) => said.push(`pageerror: ${e.message}`));
  page.on('console', (m: ConsoleMessage) => {
    // (The fixture serves no favicon: a missing resource is the server's word, not a script's fault.)
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) said.push(`console: ${m.text()}`);
  });
  return said;
}

describe('the Roll20 script orphaned by an extension reload', () => {
  it('says to reload the tab, then ends quietly: no uncaught error, nothing still listening or ticking', async () => {
    const ext = table.ext();
    await request(ext, { type: 'store/select-system', system: 'bdc' });
    // Three tabs, each script's second ticking on its own: a report due in the moment after the
    // extension went and before its script found out comes in one of them at least.
    const tabs: { page: Page; said: string[] }[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await ext.context.newPage();
      const said = await faults(ext, page);
      await page.goto(`${EDITOR}?engine=legacy`);
      await page.waitForSelector('#command-post-overlay .mark', { state: 'attached', timeout: 15_000 });
      tabs.push({ page, said });
    }
    expect(
      tabs.flatMap((t) => t.said),
      'a healthy start says nothing wrong',
    ).toEqual([]);

    await ext.worker.evaluate(() => chrome.runtime.reload()).catch(() => undefined);
    // A message each script counts (a report within 250 ms), as the extension goes.
    for (const { page } of tabs)
      await page.evaluate(() =>
        window.postMessage({ ns: 'command-post/roll20', dir: 'page', secret: 'forged', msg: { type: 'delta' } }, '*'),
      );
    for (const { page } of tabs) {
      await expect
        .poll(
          () =>
            page.evaluate(() => document.querySelector('#command-post-overlay [data-message]')?.textContent ?? null),
          { timeout: 10_000 },
        )
        .toMatch(/updated: reload the tab/);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-command-post'))).toBe('orphaned');
      expect(await page.locator('#command-post-overlay .mark, #command-post-overlay .ring').count()).toBe(0);
    }
    const { page: board, said } = tabs[0]!;
    await Promise.all(tabs.slice(1).map((t) => t.page.close()));
    for (const t of tabs.slice(1)) said.push(...t.said);

    // The page goes on after it: the token still moves, the pointer crosses the board, a stranger's
    // message comes (once counted as dropped), the tab is hidden.
    const dropped = await board.evaluate(
      () => document.getElementById('command-post-overlay')?.getAttribute('data-dropped') ?? '0',
    );
    await board.evaluate(() => {
      let i = 0;
      setInterval(
        () =>
          (window as unknown as { __fx: { move(r: string, x: number, y: number): void } }).__fx.move(
            'A1',
            300 + (i++ % 20) * 10,
            300,
          ),
        40,
      );
    });
    for (let i = 0; i < 6; i++) {
      await board.mouse.move(200 + i * 40, 200 + i * 30);
      await board.evaluate(() =>
        window.postMessage({ ns: 'command-post/roll20', dir: 'page', secret: 'forged', msg: { type: 'delta' } }, '*'),
      );
      await new Promise((r) => setTimeout(r, 150));
    }
    await board.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    // Longer than every timer the script ran: its report (250 ms), its tick (1 s), its retries and hellos (5 s).
    await new Promise((r) => setTimeout(r, 6000));
    expect(await board.locator('#command-post-overlay .mark, #command-post-overlay .ring').count()).toBe(0);
    expect(said).toEqual([]);
    expect(
      await board.evaluate(() => document.getElementById('command-post-overlay')?.getAttribute('data-dropped') ?? '0'),
      'nothing listens to the window any more',
    ).toBe(dropped);
    await board.close();
  });
});
