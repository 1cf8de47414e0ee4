// The game first: every scene of the demo table (each system's worked example, and every other scene
// its picker offers) opened beside the popup at a toolbar popup's size, 400 × 600, in English, French
// and Russian: the next actions of the game on screen (a spend, activate, roll, next turn, the current
// number's orders) are in view without scrolling, and none is covered. One browser per language, one
// board page and one popup page, reopened for each scene, as a player reopens the toolbar popup.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSystemId, type SystemId } from '../../src/rules/ids';
import { openDemo, type OpenedDemo } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';

const POPUP = { width: 400, height: 600 };

/** The actions each system's panel must show mid-game (besides every control it marks `data-next`). */
const EXPECTED: Record<SystemId, readonly string[]> = {
  'hd-command': ['spend-temp-A', 'spend-perm-A', 'spend-temp-B', 'spend-perm-B', 'upkeep'],
  'hd-modifiers': ['hdm-active', 'hdm-end-pass', 'hdm-end-activation', 'hdm-end-turn'],
  bdc: ['bdc-end-turn'],
  dc: ['dc-new-turn'],
  cr: ['cr-next-turn', 'cr-done'],
};

/** The marked next actions, each with where it is and whether it is the element found at its centre. */
const nextActions = (page: Page) =>
  page.evaluate(({ width, height }) => {
    const out: {
      what: string;
      testid: string | null;
      top: number;
      bottom: number;
      right: number;
      covered: boolean;
      hidden: boolean;
    }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('[data-next]')) {
      const box = el.getBoundingClientRect();
      const at = document.elementFromPoint(
        Math.min(width - 1, box.x + box.width / 2),
        Math.min(height - 1, box.y + box.height / 2),
      );
      out.push({
        what: (el.textContent ?? '').trim().slice(0, 40),
        testid: el.getAttribute('data-testid'),
        top: Math.round(box.top),
        bottom: Math.round(box.bottom),
        right: Math.round(box.right),
        covered: !at || !(el === at || el.contains(at) || at.contains(el)),
        // Folded away (a closed disclosure) is not in view either.
        hidden: !el.checkVisibility(),
      });
    }
    return { actions: out, scrollX: document.documentElement.scrollWidth > width, scrollY: window.scrollY };
  }, POPUP);

describe.each(['en-US', 'fr', 'ru'])('the first screen of the popup in %s, 400 × 600 beside the board', (locale) => {
  let ext: LaunchedExtension;
  let demo: OpenedDemo;
  let popup: Page;
  let scenes: string[];
  beforeAll(async () => {
    ext = await launchExtension({ locale });
    demo = await openDemo(ext, 'hd-command');
    // Every scene the board offers: the worked examples, and whatever else its picker lists.
    scenes = await demo.page
      .getByTestId('demo-scene')
      .locator('option')
      .evaluateAll((options: HTMLOptionElement[]) => options.map((o) => o.value));
    popup = await ext.context.newPage();
    await popup.setViewportSize(POPUP);
  });
  afterAll(async () => {
    await ext?.close();
  });

  it("offers every system's worked example", () => {
    expect(scenes.filter(isSystemId).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('every scene: the next actions are in view without scrolling, none covered, nothing runs sideways', async () => {
    const problems: string[] = [];
    for (const scene of scenes) {
      await demo.page.goto(`chrome-extension://${ext.extensionId}/demo.html?scene=${scene}`);
      await demo.page.waitForSelector('#command-post-overlay [data-label]', { state: 'attached', timeout: 15_000 });
      // The popup as the toolbar opens it: anew, on this tab's board, its panel loaded, on the scene's system.
      await popup.goto(`${ext.popupUrl}?tab=${demo.tab}`);
      await popup.getByTestId('board').waitFor({ timeout: 15_000 });
      await popup.locator('.undo-bar').waitFor();
      const system = (await popup.getByTestId('system-picker').inputValue()) as SystemId;
      if (isSystemId(scene)) expect(system, scene).toBe(scene);
      await popup.locator('[data-next]').first().waitFor();
      const { actions, scrollX, scrollY } = await nextActions(popup);
      const where = `${locale} ${scene}`;
      if (scrollX) problems.push(`${where}: the popup scrolls sideways`);
      if (scrollY !== 0) problems.push(`${where}: opened scrolled by ${scrollY}px`);
      if (actions.length < 2) problems.push(`${where}: only ${actions.length} next action(s) marked`);
      for (const id of EXPECTED[system])
        if (!actions.some((a) => a.testid === id)) problems.push(`${where}: ${id} is not shown`);
      for (const a of actions) {
        if (a.hidden) problems.push(`${where}: "${a.what}" (${a.testid}) is folded away`);
        else if (a.bottom > POPUP.height || a.top < 0)
          problems.push(`${where}: "${a.what}" (${a.testid}) at ${a.top}–${a.bottom}px, below the fold`);
        else if (a.right > POPUP.width) problems.push(`${where}: "${a.what}" (${a.testid}) ends at ${a.right}px`);
        else if (a.covered) problems.push(`${where}: "${a.what}" (${a.testid}) is covered`);
      }
      if (process.env.FIRST_SCREEN_SHOTS)
        await popup.screenshot({ path: `${process.env.FIRST_SCREEN_SHOTS}/first-${locale}-${scene}.png` });
    }
    expect(problems).toEqual([]);
  });

  it("Désastre Colonial, step by step through an activation: each step's action stays in view", async () => {
    await demo.page.goto(`chrome-extension://${ext.extensionId}/demo.html?scene=dc`);
    await demo.page.waitForSelector('#command-post-overlay .mark', { state: 'attached', timeout: 15_000 });
    await popup.goto(`${ext.popupUrl}?tab=${demo.tab}`);
    await expect.poll(() => popup.getByTestId('system-picker').inputValue()).toBe('dc');
    const inView = async (testid: string, step: string) => {
      const button = popup.getByTestId(testid);
      await button.waitFor();
      const { actions } = await nextActions(popup);
      const found = actions.find((a) => a.testid === testid);
      expect(found, `${locale} dc ${step}: ${testid} marked`).toBeDefined();
      expect(found!.bottom, `${locale} dc ${step}: ${testid} in view`).toBeLessThanOrEqual(POPUP.height);
      expect(found!.hidden || found!.covered, `${locale} dc ${step}: ${testid} shown`).toBe(false);
      if (process.env.FIRST_SCREEN_SHOTS)
        await popup.screenshot({ path: `${process.env.FIRST_SCREEN_SHOTS}/first-${locale}-dc-${step}.png` });
      return button;
    };
    await (await inView('dc-leader-pick-L1', 'leader')).click();
    // Desharbes commands the two infantry units on the left.
    for (const unit of ['U3', 'U4']) await popup.getByTestId(`dc-pick-${unit}`).locator('input').check();
    await (await inView('dc-command', 'units')).click();
    await popup.locator('#dc-dice-typed').fill('5 6');
    await (await inView('dc-dice-roll', 'roll')).isVisible();
    await popup.getByTestId('dc-dice-use').click();
    await inView('dc-resolve', 'assign');
  });
});
