// The demo table as the reference board of every system: each scene (a worked example, an army) opened
// by demo.html?scene=<id> shows, mark for mark, what the core computes for the same scene in Node
// (test/support/demo.ts), on the tokens where the page drew them; the popup opened for the demo's tab
// shows the same board.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneBoard } from '../../src/adapters/demo/example';
import { SCENE_IDS, sceneRef } from '../../src/adapters/demo/scenes';
import { exampleView, sceneView, statuses } from '../support/demo';
import { expectMarks, markBoxes, openDemo, openPopup, popupStatuses, tokens } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

describe.each(SCENE_IDS)('the %s scene', (scene) => {
  const { system } = sceneRef(scene)!;
  it('marks each token as the core computes its scene, on the token, and the popup agrees', async () => {
    const { page, tab, errors, dialogs } = await openDemo(ext, scene);
    const expected = statuses(sceneView(scene));
    const count = sceneBoard(scene).tokens.length;
    // A system that reads positions marks every token; Hell Dorado's only the active and the lost.
    if (!system.startsWith('hd-')) expect(Object.keys(expected).length).toBe(count);
    await expectMarks(page, expected);
    // The URL names the scene, the picker too.
    expect(new URL(page.url()).searchParams.get('scene')).toBe(scene);
    expect(await page.getByTestId('demo-scene').inputValue()).toBe(scene);
    // Marks are drawn on their tokens, through the page's own camera.
    const t = await tokens(page);
    const m = await markBoxes(page);
    for (const id of Object.keys(expected)) {
      expect(Math.abs(m[id]!.x - t[id]!.x), `${id} x`).toBeLessThan(0.6);
      expect(Math.abs(m[id]!.y - t[id]!.y), `${id} y`).toBeLessThan(0.6);
    }
    // Each token is a focusable element named by its figure.
    const a11y = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.board .token')].map((el) => [
        el.getAttribute('role'),
        el.tabIndex,
        el.getAttribute('aria-label')!.startsWith(el.dataset.name!),
      ]),
    );
    expect(a11y.every(([role, tabIndex, named]) => role === 'button' && tabIndex === 0 && named)).toBe(true);
    // The popup, standing for this tab, reads the same board: the demo table, this system, these statuses.
    const popup = await openPopup(ext, tab);
    expect(await popup.getByTestId('system-picker').inputValue()).toBe(system);
    expect(await popup.locator('#board-title').textContent()).toBe('Demo table');
    // Every token is listed there, a token the view does not mark as having nothing to do now.
    const listed = Object.fromEntries(sceneBoard(scene).tokens.map((t) => [t.id, expected[t.id] ?? 'none']));
    await expect.poll(() => popupStatuses(popup)).toEqual(listed);
    expect(await popup.getByTestId('board-linked').textContent()).toBe(
      `Tokens linked to this game: ${count} of ${count}.`,
    );
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
    await popup.close();
    await page.close();
  });
});

describe('the demo table without a scene', () => {
  it('opens the scene of the system the popup shows', async () => {
    const { page } = await openDemo(ext, 'cr');
    await page.close();
    const { page: again } = await openDemo(ext);
    expect(await again.getByTestId('demo-scene').inputValue()).toBe('cr');
    await expectMarks(again, statuses(exampleView('cr')));
    await again.close();
  });
});

describe("a system's two scenes", () => {
  it('share its one game: the army replaces the untouched example without asking, and back', async () => {
    const { page, dialogs } = await openDemo(ext, 'bdc');
    await page.getByTestId('demo-scene').selectOption('bdc-army');
    await expectMarks(page, statuses(sceneView('bdc-army')));
    expect(new URL(page.url()).searchParams.get('scene')).toBe('bdc-army');
    await page.getByTestId('demo-scene').selectOption('bdc');
    await expectMarks(page, statuses(exampleView('bdc')));
    expect(await page.getByTestId('demo-confirm').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.close();
  });
});

describe('the popup picks another system', () => {
  it("the demo table follows with that system's scene: the one its game stands on", async () => {
    // The Désastre Colonial game is the army's (its scene was opened last).
    const { page, tab } = await openDemo(ext, 'bdc');
    const popup = await openPopup(ext, tab);
    await popup.getByTestId('system-picker').selectOption('dc');
    await expect.poll(() => page.getByTestId('demo-scene').inputValue()).toBe('dc-army');
    await expectMarks(page, statuses(sceneView('dc-army')));
    expect(new URL(page.url()).searchParams.get('scene')).toBe('dc-army');
    await expect.poll(() => popupStatuses(popup)).toEqual(statuses(sceneView('dc-army')));
    await popup.close();
    await page.close();
  });
});
