// Nothing half done is lost: a toolbar popup closes each time the player clicks the board, and opens
// again with what he had ticked, typed or chosen, for that tab and that system (storage.session, the
// popup its writer), until he sends it or clears it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMOS } from '../../src/rules/demos';
import { openDemo } from './demo';
import { launchExtension, request, sessionItems, storedRoot, toolbarPopup, type LaunchedExtension } from './launch';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

describe('a choice in progress survives the popup closing', () => {
  it('Hell Dorado: the points typed stay for their tab and system, not another, and go once spent', async () => {
    await request(
      ext,
      { type: 'game/replace', system: 'hd-command', events: DEMOS['hd-command'].events },
      { type: 'store/select-system', system: 'hd-command' },
    );
    let popup = await toolbarPopup(ext, 101);
    await popup.locator('#play-A-amount').fill('3');
    await popup.close();

    popup = await toolbarPopup(ext, 101);
    expect(await popup.locator('#play-A-amount').inputValue()).toBe('3');
    // Another tab's popup has its own (nothing typed there).
    const other = await toolbarPopup(ext, 202);
    expect(await other.locator('#play-A-amount').inputValue()).toBe('1');
    await other.close();
    // Another system and back: still there.
    await popup.getByTestId('system-picker').selectOption('bdc');
    await popup.getByTestId('bdc-end-turn').waitFor();
    await popup.getByTestId('system-picker').selectOption('hd-command');
    expect(await popup.locator('#play-A-amount').inputValue()).toBe('3');
    // Spent: the field is back to its first value, and so it opens next time.
    const before = (await storedRoot(ext)).games['hd-command']!.log.events.length;
    await popup.getByTestId('spend-temp-A').click();
    await expect.poll(async () => (await storedRoot(ext)).games['hd-command']!.log.events.length).toBe(before + 1);
    await expect.poll(() => popup.locator('#play-A-amount').inputValue()).toBe('1');
    await popup.waitForTimeout(300);
    await popup.close();
    popup = await toolbarPopup(ext, 101);
    expect(await popup.locator('#play-A-amount').inputValue()).toBe('1');
    await popup.close();
  });

  it('Désastre Colonial: the units ticked for an activation are ticked again, for that activation only', async () => {
    const { page, tab } = await openDemo(ext, 'dc');
    let popup = await toolbarPopup(ext, tab);
    await popup.getByTestId('dc-leader-pick-L1').click();
    await popup.getByTestId('dc-step-units').waitFor();
    for (const unit of ['U3', 'U4']) await popup.getByTestId(`dc-pick-${unit}`).locator('input').check();
    await popup
      .getByTestId('dc-word')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await popup.close();

    popup = await toolbarPopup(ext, tab);
    await popup.getByTestId('dc-step-units').waitFor();
    const ticked = () =>
      popup
        .getByTestId('dc-step-units')
        .evaluate((el) =>
          [...el.querySelectorAll<HTMLLabelElement>('[data-testid^="dc-pick-"]')]
            .filter((l) => l.querySelector('input')!.checked)
            .map((l) => l.dataset.testid),
        );
    expect(await ticked()).toEqual(['dc-pick-U3', 'dc-pick-U4']);
    // The dice typed for the roll that follows, too.
    await popup.getByTestId('dc-command').click();
    await popup.locator('#dc-dice-typed').fill('5 6');
    await popup.close();
    popup = await toolbarPopup(ext, tab);
    expect(await popup.locator('#dc-dice-typed').inputValue()).toBe('5 6');
    // Taken back with Undo, the activation starts again: what was ticked for the other one is not offered.
    await popup.getByTestId('undo').click();
    await popup.getByTestId('dc-step-units').waitFor();
    await popup.getByTestId('undo').click();
    await popup.getByTestId('dc-step-leader').waitFor();
    await popup.getByTestId('dc-leader-pick-L1').click();
    await popup.getByTestId('dc-step-units').waitFor();
    expect(await ticked()).toEqual([]);
    await popup.close();
    await page.close();
  });

  it('the command roll: the signal chosen and its order typed stay, until the signal is rolled', async () => {
    const { page, tab } = await openDemo(ext, 'cr');
    let popup = await toolbarPopup(ext, tab);
    await popup.getByTestId('cr-mode-signal').check();
    await popup.locator('#cr-order').fill('Charge the hill');
    await popup.close();

    popup = await toolbarPopup(ext, tab);
    expect(await popup.getByTestId('cr-mode-signal').isChecked()).toBe(true);
    expect(await popup.locator('#cr-order').inputValue()).toBe('Charge the hill');
    expect(Object.keys(await sessionItems(ext)).some((k) => k === `commandPost.draft.${tab}`)).toBe(true);
    await popup.locator('#cr-signal-typed').fill('3');
    await popup.getByTestId('cr-signal-use').click();
    await popup.getByTestId('cr-signal-radius').waitFor();
    expect(await popup.getByTestId('cr-signal-radius').textContent()).toContain('Charge the hill');
    await popup.close();
    await page.close();
  });
});
