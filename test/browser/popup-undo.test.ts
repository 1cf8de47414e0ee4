// Actions a player expects to take back, said when they are: Ctrl+Z in the popup says what it undid
// in the history's words, and when that leaves a token on the board standing for a piece the game no
// longer has; Remove is one click, said with its Undo; a token marked alive again offers to take back
// the loss it proposed; the token selected on the board is linked from the line about it; an import
// refused says why in the words of play, a file nested 20,000 levels deep included.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMOS } from '../../src/rules/demos';
import { openDemo, openPopup } from './demo';
import { launchExtension, request, storedRoot, type LaunchedExtension } from './launch';

let ext: LaunchedExtension;
let dir: string;
beforeAll(async () => {
  ext = await launchExtension();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'command-post-undo-'));
});
afterAll(async () => {
  await ext?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const notice = (popup: import('playwright-core').Page) => popup.getByTestId('action-notice').textContent();

describe('taking back, and saying so', () => {
  it('Ctrl+Z says what it undid; a piece taken back whose token is on the board is said too, with Redo and Unlink', async () => {
    const { page, tab } = await openDemo(ext, 'bdc');
    const popup = await openPopup(ext, tab);
    await popup.locator('.undo-bar').waitFor();
    await popup.locator('body').click({ position: { x: 390, y: 5 } });
    // The example's last action: the Caporal added. Ctrl+Z takes him back.
    await popup.keyboard.press('Control+z');
    await expect.poll(() => notice(popup)).toMatch(/^Undone: Caporal · .+\. Redo$/);
    await expect
      .poll(() => popup.getByTestId('board-orphans').textContent())
      .toContain('Still on the board, standing for nothing the game has now: Caporal.');
    // Redo from the notice: the Caporal is back, his token stands for him again.
    await popup.getByTestId('action-notice-back').click();
    await expect.poll(() => notice(popup)).toMatch(/^Redone: Caporal · /);
    await expect.poll(() => popup.getByTestId('board-orphans').count()).toBe(0);
    expect((await storedRoot(ext)).games.bdc!.log.cursor).toBe(DEMOS.bdc.events.length);

    // Remove: one click, said with its Undo; the tokens of Groupe 2 stand for nothing meanwhile.
    await popup.getByTestId('troop-u4').locator('summary').click();
    await popup.getByTestId('remove-u4').click();
    await expect.poll(() => notice(popup)).toBe('Removed: Groupe 2. Undo');
    await expect
      .poll(() => popup.getByTestId('board-orphans').textContent())
      .toContain('Grenadier D, Grenadier E, Grenadier F');
    await popup.getByTestId('action-notice-back').click();
    await expect.poll(() => popup.getByTestId('board-orphans').count()).toBe(0);
    await expect.poll(() => popup.getByTestId('troop-u4').count()).toBe(1);
    // The next action: the notice goes.
    await popup.getByTestId('bdc-end-turn').click();
    await expect.poll(() => notice(popup)).toBe('');
    await popup.close();
    await page.close();
  });

  it('a token marked dead, its loss applied, marked alive again: the loss is offered back and taken back', async () => {
    const { page, tab } = await openDemo(ext, 'hd-command');
    const popup = await openPopup(ext, tab);
    const token = page.locator('.board .token[data-token="fc"]');
    await token.click();
    // Selected on the board: the popup says so above the game, with what it stands for.
    await expect
      .poll(() => popup.getByTestId('board-selected').textContent())
      .toContain('Selected on the board: Franc-capitaine');
    expect(await popup.getByTestId('board-selected-link-fc').inputValue()).toBe('A1');
    await page.getByTestId('demo-kill').click();
    const proposal = popup.locator('[data-testid="board-proposal"][data-key="loss:A1"]');
    await proposal.getByTestId('board-proposal-apply').click();
    await expect
      .poll(async () => (await storedRoot(ext)).games['hd-command']!.log.events.at(-1))
      .toMatchObject({ type: 'fighterLost', fighterId: 'A1' });
    const events = (await storedRoot(ext)).games['hd-command']!.log.cursor;
    expect(await popup.getByTestId('board-alive-again').count()).toBe(0);
    // Alive again on the board.
    await page.getByTestId('demo-kill').click();
    await expect
      .poll(() => popup.getByTestId('board-alive-again').textContent())
      .toContain('Franc-capitaine is back on the board: take back the loss applied from it?');
    await popup.getByTestId('board-alive-again-undo').click();
    await expect.poll(async () => (await storedRoot(ext)).games['hd-command']!.log.cursor).toBe(events - 1);
    await expect.poll(() => popup.getByTestId('board-alive-again').count()).toBe(0);
    await expect.poll(() => popup.getByTestId('current-A').textContent()).toBe('7');
    await popup.close();
    await page.close();
  });

  it('an import refused says why as play does, and a file nested 20,000 levels deep is refused with a message', async () => {
    await request(
      ext,
      { type: 'game/replace', system: 'hd-command', events: DEMOS['hd-command'].events },
      { type: 'store/select-system', system: 'hd-command' },
    );
    const before = await storedRoot(ext);
    const popup = await ext.context.newPage();
    const errors: string[] = [];
    popup.on('pageerror', (e) => errors.push(e.message));
    await popup.goto(ext.popupUrl);
    await popup.getByTestId('game-files').locator('summary').click();
    const overspend = path.join(dir, 'overspend.json');
    fs.writeFileSync(
      overspend,
      JSON.stringify({
        system: 'hd-command',
        game: {
          config: before.games['hd-command']!.config,
          log: {
            events: [...DEMOS['hd-command'].events, { type: 'spend', side: 'A', amount: 50, permanent: false }],
            cursor: DEMOS['hd-command'].events.length + 1,
          },
        },
      }),
    );
    await popup.getByTestId('import-game').setInputFiles(overspend);
    await expect
      .poll(() => popup.getByTestId('refusal').textContent())
      .toBe(
        `This file is not a game Command Post can read (the rules refuse its action ${DEMOS['hd-command'].events.length + 1}: Cannot spend 50: only 7 Command left.). Nothing was changed.`,
      );
    const deep = path.join(dir, 'deep.json');
    fs.writeFileSync(
      deep,
      `{"system":"hd-command","game":{"config":{},"log":{"events":[${'['.repeat(20_000)}${']'.repeat(20_000)}],"cursor":1}}}`,
    );
    await popup.getByTestId('import-game').setInputFiles(deep);
    await expect
      .poll(() => popup.getByTestId('refusal').textContent())
      .toBe(
        'This file is not a game Command Post can read (it nests more than 64 levels deep, as no game does). Nothing was changed.',
      );
    expect(await storedRoot(ext)).toEqual(before);
    expect(errors).toEqual([]);
    await popup.close();
  });
});
