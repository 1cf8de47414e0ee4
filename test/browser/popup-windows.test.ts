// Two windows, one system each (issue 39, item 8): a system picked in one tab's popup does not switch
// the popup of another tab, open or opened again; the worker keeps each tab's system and forgets it
// with the tab; the demo table sets its own tab's; the popup learns its tab's id without the `tabs`
// permission.
import type { Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabSystemKey } from '../../src/store/root';
import { openDemo } from './demo';
import { launchExtension, sessionItems, storedRoot, toolbarPopup, type LaunchedExtension } from './launch';

declare const chrome: Browser.Browser;

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

/** The ids of every open tab, as the worker sees them (ids only: no `tabs` permission). */
const tabIds = (): Promise<number[]> =>
  ext.worker.evaluate(async () => (await chrome.tabs.query({})).map((t) => t.id!));

/** A plain tab of its own (standing for a window's tab), and its id. */
async function openTab(): Promise<{ page: Page; tab: number }> {
  const before = new Set(await tabIds());
  const page = await ext.context.newPage();
  await page.goto('about:blank');
  const fresh = (await tabIds()).filter((id) => !before.has(id));
  expect(fresh).toHaveLength(1);
  return { page, tab: fresh[0]! };
}

const shown = (popup: Page) => popup.getByTestId('system-picker').inputValue();

describe('two windows, one system each', () => {
  it("a system picked in one tab's popup does not switch another tab's, open or opened again; each plays its own game", async () => {
    const one = await openTab();
    const two = await openTab();
    const a = await toolbarPopup(ext, one.tab);
    const b = await toolbarPopup(ext, two.tab);
    await a.getByTestId('system-picker').selectOption('bdc');
    await a.getByTestId('bdc-end-turn').waitFor();
    await b.getByTestId('system-picker').selectOption('dc');
    await expect.poll(async () => (await storedRoot(ext)).activeSystem).toBe('dc');
    // The first popup heard the store change (it asks the worker for it) and still shows its own.
    await a.waitForTimeout(1000);
    expect(await shown(a)).toBe('bdc');
    expect(await a.getByTestId('bdc-end-turn').isVisible()).toBe(true);
    expect(await shown(b)).toBe('dc');
    await a.close();
    await b.close();

    // Opened again on each tab: its own system, though the other tab picked last.
    const again = await toolbarPopup(ext, one.tab);
    expect(await shown(again)).toBe('bdc');
    const other = await toolbarPopup(ext, two.tab);
    expect(await shown(other)).toBe('dc');
    // A third tab, never picked on, opens on the store's system (the last picked anywhere).
    const three = await openTab();
    const third = await toolbarPopup(ext, three.tab);
    expect(await shown(third)).toBe('dc');
    for (const p of [again, other, third, three.page]) await p.close();

    // The worker keeps each tab's system, and forgets a closed tab's.
    expect(await sessionItems(ext)).toMatchObject({ [tabSystemKey(one.tab)]: 'bdc', [tabSystemKey(two.tab)]: 'dc' });
    await one.page.close();
    await expect.poll(async () => Object.keys(await sessionItems(ext))).not.toContain(tabSystemKey(one.tab));
    expect((await sessionItems(ext))[tabSystemKey(two.tab)]).toBe('dc');
    await two.page.close();
  });

  it("a demo table opening a scene sets its own tab's system: the popup there follows it, one on another tab does not", async () => {
    const elsewhere = await openTab();
    const away = await toolbarPopup(ext, elsewhere.tab);
    await away.getByTestId('system-picker').selectOption('bdc');
    await away.getByTestId('bdc-end-turn').waitFor();
    const { page, tab } = await openDemo(ext, 'cr');
    const popup = await toolbarPopup(ext, tab);
    expect(await shown(popup)).toBe('cr');
    await page.getByTestId('demo-scene').selectOption('hd-modifiers');
    await expect.poll(() => shown(popup)).toBe('hd-modifiers');
    await away.waitForTimeout(500);
    expect(await shown(away)).toBe('bdc');
    for (const p of [popup, page, away, elsewhere.page]) await p.close();
  });

  it("the popup learns its tab's id from tabs.query({active, currentWindow}) without the tabs permission", async () => {
    const page = await ext.context.newPage();
    await page.goto(ext.popupUrl);
    await page.bringToFront();
    const [queried, current, permissions] = await page.evaluate(async () => {
      const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
      return [
        { id: tab?.id, url: tab?.url },
        (await chrome.tabs.getCurrent())?.id,
        chrome.runtime.getManifest().permissions,
      ] as const;
    });
    expect(permissions).toEqual(['storage']);
    expect(queried.id).toBe(current);
    expect(typeof queried.id).toBe('number');
    // On a web page's tab (where the toolbar popup opens), its id is given, its address is not (that
    // would need the permission): only the id is read.
    const web = await openTab();
    await web.page.bringToFront();
    const seen = await page.evaluate(async (id) => (await chrome.tabs.query({})).find((t) => t.id === id), web.tab);
    expect(seen?.id).toBe(web.tab);
    expect(seen?.url).toBeUndefined();
    await web.page.close();
    await page.close();
  });
});
