// The scene's text follows the game (issue 39, item 3): the words beside the board tell the scene's
// example only while the stored game is that example's, untouched. After *New game* (as the popup
// sends it), an undo or a move played in the popup they say the game as it stands, recomputed from the
// board: who is out of command now (the finder's count) and whose turn it is; a redo back to the
// example's end brings the scene's own words back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../scripts/locales.mjs';
import { formatMessage, type Catalogue } from '../../src/i18n/format';
import { openDemo } from './demo';
import { launchExtension, request, type LaunchedExtension } from './launch';

const english = loadCatalogue('en') as Catalogue;
const say = (key: string, ...subs: (string | number)[]) => formatMessage(english, key, subs);

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

describe("the demo table's scene text", () => {
  it("tells the example while the game is the example's, and the game as it stands after New game, undo and redo", async () => {
    const { page, errors } = await openDemo(ext, 'cr-army');
    const words = page.getByTestId('demo-try');
    const example = say('demo_try_cr_army');
    await expect.poll(() => words.textContent()).toBe(example);
    // The finder's count, the one count of who is out (the text says the same number).
    const out = async () => Number(/\((\d+)\)/.exec((await page.getByTestId('demo-finder').textContent())!)![1]);
    const moved = async () => {
      const n = await out();
      const text = (await words.textContent())!;
      return text.startsWith(`${say('demo_try_moved', say('demo_reset'))} ${say('demo_try_out', n)}`) ? 'moved' : text;
    };

    // New game, as the popup's button sends it: the example's turn ("5 against 2", Ledru's number) is gone.
    const [fresh] = (await request(ext, { type: 'game/dispatch', system: 'cr', event: { type: 'newGame' } })) as {
      ok: boolean;
    }[];
    expect(fresh!.ok).toBe(true);
    await expect.poll(() => words.textContent(), { timeout: 5_000 }).not.toBe(example);
    await expect.poll(moved).toBe('moved');
    expect(await words.getAttribute('data-game')).toBe('moved');

    // Undone: the example's game as its last action left it, the scene's own words again.
    const step = async (type: 'game/undo' | 'game/redo') =>
      expect(((await request(ext, { type, system: 'cr' })) as { ok: boolean }[])[0]!.ok).toBe(true);
    await step('game/undo');
    await expect.poll(() => words.textContent(), { timeout: 5_000 }).toBe(example);
    expect(await words.getAttribute('data-game')).toBe('scene');
    // Undone once more: the example's last action not played, no longer its turn.
    await step('game/undo');
    await expect.poll(moved, { timeout: 5_000 }).toBe('moved');
    // Redone to where the example stands: its words again.
    await step('game/redo');
    await expect.poll(() => words.textContent(), { timeout: 5_000 }).toBe(example);
    // The new game played again: the game as it stands.
    await step('game/redo');
    await expect.poll(moved, { timeout: 5_000 }).toBe('moved');
    expect(errors).toEqual([]);
    await page.close();
  });
});
