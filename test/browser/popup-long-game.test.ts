// A long game in the real popup: 2,000 events open at once with the end of the game alone (its state
// and the last page of its history: the answer does not carry every event), one more event shows up
// at the top, and older lines come on demand, a page at a time from the worker, down to the first.
// The times are printed, not gated (targets live in the benchmarks); what is checked is what the user sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, request, type LaunchedExtension } from './launch';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

const EVENTS = 2000;

describe('a 2,000-event game in the popup', () => {
  it('opens with the newest page of its history and shows older lines on demand', async () => {
    const setup = [
      {
        type: 'rosterSet',
        side: 'A',
        fighters: [
          { name: 'chef', cmd: 5 },
          { name: 'sergent', cmd: 3 },
        ],
      },
      { type: 'rosterSet', side: 'B', fighters: [{ name: 'chef', cmd: 4 }] },
      { type: 'start' },
    ];
    // Upkeep, then spend one: a game that can go on for ever.
    const play = Array.from({ length: EVENTS - setup.length }, (_, i) =>
      i % 2 === 0 ? { type: 'upkeep' } : { type: 'spend', side: 'A', amount: 1, permanent: false },
    );
    const all = [...setup, ...play];
    const batches = [];
    for (let i = 0; i < all.length; i += 200)
      batches.push({ type: 'game/batch', system: 'hd-command', events: all.slice(i, i + 200) });
    const answers = (await request(ext, { type: 'store/select-system', system: 'hd-command' }, ...batches)) as {
      ok: boolean;
    }[];
    expect(answers.every((a) => a.ok)).toBe(true);

    const page = await ext.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const started = Date.now();
    await page.goto(ext.popupUrl);
    const history = page.getByTestId('history');
    await history.locator('li').first().waitFor();
    console.log(`popup with a ${EVENTS}-event game: history shown ${Date.now() - started} ms after navigation`);
    await expect.poll(() => history.locator('li').count()).toBe(50);
    // What the popup was sent on opening: the end of the game, not its 2,000 events.
    const opened = await page.evaluate(async () =>
      JSON.stringify(
        await (
          globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }
        ).chrome.runtime.sendMessage({ type: 'store/load' }),
      ),
    );
    expect((opened.match(/"upkeep"/g) ?? []).length).toBeLessThan(150);
    // Numbered from the game's real length, newest first.
    expect(await history.getAttribute('start')).toBe(String(EVENTS));
    expect(await history.locator('li').first().textContent()).toMatch(/^Turn \d+ · upkeep/i);

    // One more event: at the top, still one page.
    const spendAt = Date.now();
    await page.locator('#play-A-amount').fill('1');
    await page.getByTestId('spend-temp-A').click();
    await expect.poll(() => history.getAttribute('start')).toBe(String(EVENTS + 1));
    console.log(`one more event in a ${EVENTS}-event game: shown ${Date.now() - spendAt} ms after the click`);
    expect(await history.locator('li').first().textContent()).toMatch(/spend 1/);
    expect(await history.locator('li').count()).toBe(50);

    // Older lines, a few pages at a time, down to the setup.
    const older = page.getByTestId('history-older');
    await expect(older.textContent()).resolves.toMatch(/200.*1951/);
    // Clicked while it is there: the last page's answer takes the button away, at times between the
    // count and the click (a click then waited 30 s for a button gone for good: CI, once).
    await expect
      .poll(
        async () => {
          if (await older.count()) await older.click({ timeout: 1000 }).catch(() => undefined);
          return history.locator('li').count();
        },
        { timeout: 30_000 },
      )
      .toBe(EVENTS + 1);
    expect(await history.locator('li').last().textContent()).toMatch(/^Setup/);
    expect(errors).toEqual([]);
  }, 60_000);
});
