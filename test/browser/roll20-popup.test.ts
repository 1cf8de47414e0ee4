// The popup's live board for a Roll20 tab (fixture at the real editor address): who is in command
// and why, a game setting that redraws the board, data-only mode, the chat summary, and the opt-in
// native auras that are put back as they were. The board reads the active game: Les bandes de
// Champagne here, before any roster (its default chains on the tabletop's own groups).
import type { Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedExtension } from './launch';
import { fixtureTable, idsOf, openGame, tokens } from './roll20-helpers';

declare const chrome: Browser.Browser;

const HOSTILE = '<img src=x onerror=alert(1)>';

const table = fixtureTable();
// The extension, once the file's tests have started it.
let ext: LaunchedExtension;
beforeAll(() => {
  ext = table.ext();
});

type Fx = {
  __fx: {
    remove(id: string): void;
    set(id: string, a: object): void;
    model(id: string): { get(k: string): unknown; saves: number };
  };
};

/** Opens the fixture game and the popup as a page standing for that tab (`?tab=<id>`). */
async function openBoth(
  query: string,
): Promise<{ game: Page; popup: Page; dialogs: string[]; id: (ref: string) => string }> {
  // Each test starts from a clean live-table store.
  await ext.worker.evaluate(() => chrome.storage.session.clear());
  const dialogs: string[] = [];
  const { game, tab } = await openGame(ext, query);
  const popup = await ext.context.newPage();
  popup.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await popup.goto(`${ext.popupUrl}?tab=${tab}`);
  await popup.getByTestId('board').waitFor();
  // The live section is one line that opens (the game comes first): opened, with its list of tokens.
  await popup.getByTestId('board-details').locator('summary').first().click();
  await popup.getByTestId('board-links').locator('summary').click();
  return { game, popup, dialogs, id: (await idsOf(game)).id };
}

const statusOf = (popup: Page, id: string) =>
  popup.locator(`[data-testid="board-figure"][data-token="${id}"]`).getAttribute('data-status');

describe('Roll20 live table in the popup', () => {
  it('lists sides, units and who is in command and why; names stay text', async () => {
    const { game, popup, dialogs, id } = await openBoth('engine=jumpgate');
    await expect.poll(() => popup.getByTestId('board-figure').count()).toBe(6);
    expect(await popup.getByRole('heading', { name: 'Alice' }).count()).toBe(1);
    expect(await popup.getByRole('heading', { name: 'Bob' }).count()).toBe(1); // the Sergeant's character is Bob's
    await expect.poll(() => statusOf(popup, id('A3'))).toBe('out');
    expect(await popup.locator(`[data-token="${id('A3')}"] [data-testid="board-reason"]`).textContent()).toMatch(
      /out · 2\.5 cm too far from Rifleman [12]/,
    );
    expect(await popup.locator(`[data-token="${id('B1')}"] [data-testid="board-name"]`).textContent()).toBe(HOSTILE);
    expect(await popup.locator('img').count()).toBe(0);
    // The renderer mounts after the data, as Roll20's does.
    await expect.poll(() => popup.getByTestId('board-page').textContent()).toContain('Jumpgate');
    expect(dialogs).toEqual([]);
    await game.close();
    await popup.close();
  });

  it("the game's command distance, changed in its house rules, redraws the board", async () => {
    const { game, popup, id } = await openBoth('engine=legacy');
    await popup.locator('summary', { hasText: 'Settings and house rules' }).click();
    await popup.locator('#bdc-rule-commandCm').fill('13');
    await popup.locator('#bdc-rule-commandCm').blur();
    await expect
      .poll(() => game.locator(`#command-post-overlay .mark[data-token="${id('A3')}"]`).getAttribute('data-status'))
      .toBe('link');
    await expect.poll(() => statusOf(popup, id('A3'))).toBe('link');
    // Back to the default for the other tests.
    await popup.getByTestId('undo').click();
    await expect.poll(() => statusOf(popup, id('A3'))).toBe('out');
    await game.close();
    await popup.close();
  });

  it('says so when the board is data-only, and why', async () => {
    const { game, popup } = await openBoth('engine=legacy&strip=renderer');
    await expect.poll(() => popup.getByTestId('board-data-only').textContent()).toContain('renderer');
    expect(await popup.getByTestId('r20-undrawn').textContent()).toBe(
      'Roll20’s board is not there (not yet, or no longer): Command Post draws on it as soon as it is.',
    );
    expect(await popup.getByTestId('board-figure').count()).toBe(6);
    await game.close();
    await popup.close();
  });

  it('a renderer that mounts late: the popup says why nothing is drawn, then draws, and the diagnostics say when it was found', async () => {
    const { game, popup } = await openBoth('engine=jumpgate&mount=2500');
    await expect.poll(() => popup.getByTestId('r20-undrawn').getAttribute('data-reason')).toBe('renderer');
    await expect.poll(() => popup.getByTestId('board-page').textContent(), { timeout: 8000 }).toContain('Jumpgate');
    expect(await popup.getByTestId('r20-undrawn').count()).toBe(0);
    expect(await popup.getByTestId('board-data-only').count()).toBe(0);
    const mountedAt = await game.evaluate(() => (window as unknown as { __fx: { mountedAt: number } }).__fx.mountedAt);
    await popup.evaluate(() => {
      navigator.clipboard.writeText = async (t: string) => void ((window as unknown as { copied: string }).copied = t);
    });
    await popup.getByTestId('r20-diagnostics').click();
    await popup.getByTestId('r20-diagnostics-done').waitFor();
    const d = JSON.parse(await popup.evaluate(() => (window as unknown as { copied: string }).copied)) as {
      engine: string;
      rendererWatch: { reason: null; foundAt: number; changes: number };
    };
    expect(d.engine).toBe('jumpgate');
    expect(d.rendererWatch.reason).toBeNull();
    // Found within a second of mounting (both on the page's clock), after having been looked for in vain.
    expect(d.rendererWatch.foundAt - mountedAt).toBeGreaterThanOrEqual(0);
    expect(d.rendererWatch.foundAt - mountedAt).toBeLessThan(1000);
    expect(d.rendererWatch.changes).toBe(1);
    await game.close();
    await popup.close();
  });

  it('a hex page: the popup names the lattice the hexes are counted on, and why', async () => {
    const { game, popup } = await openBoth('engine=jumpgate&grid=hex&only=L1,A1');
    await expect
      .poll(() => popup.getByTestId('r20-lattice').textContent())
      .toBe(
        'Hexes are counted on Roll20’s own hex lattice (column pitch 75.199 px, row pitch 66.966 px): 2 of the 2 tokens stand on it.',
      );
    await game.close();
    await popup.close();
  });

  it("without Roll20's game data it waits and says so; the page keeps working", async () => {
    const { game, popup } = await openBoth('engine=legacy&strip=campaign');
    expect(await popup.getByTestId('board-state').textContent()).toBe('Waiting for the game to load…');
    await game.click('#fx-button');
    expect(await game.textContent('#fx-count')).toBe('1');
    await game.close();
    await popup.close();
  });

  it('native auras: one click writes the radius into aura 1 once, nothing follows on its own, another click puts back what was there', async () => {
    const { game, popup } = await openBoth('engine=legacy');
    const aura = () =>
      game.evaluate(() => {
        const m = (window as unknown as Fx).__fx.model('L1');
        return [m.get('aura1_radius'), m.get('aura1_square'), m.get('showplayers_aura1'), m.saves];
      });
    expect(await aura()).toEqual(['', false, false, 0]);
    await popup.locator('summary', { hasText: 'Roll20 auras' }).click();
    await popup.getByTestId('r20-auras-write').click();
    // BdC's 10 cm = 4 cells of 2.5 cm, in page units; a square aura on a 5E-diagonal square grid.
    await expect.poll(aura).toEqual([10, true, true, 1]);
    // The grant was used: a later change of the board writes nothing by itself.
    await game.evaluate(() => (window as unknown as Fx).__fx.set('L1', { left: 175 }));
    await game.waitForTimeout(400);
    expect((await aura())[3]).toBe(1);
    await popup.getByTestId('r20-auras-restore').click();
    await expect.poll(aura).toEqual(['', false, false, 2]);
    await game.close();
    await popup.close();
  });

  it('Copy diagnostics: the redacted JSON goes to the clipboard; when the browser refuses, it is shown to copy by hand', async () => {
    const { game, popup, id } = await openBoth('engine=jumpgate');
    // The real clipboard API, watched on its way.
    await popup.evaluate(() => {
      const real = navigator.clipboard.writeText.bind(navigator.clipboard);
      navigator.clipboard.writeText = (t: string) => {
        (window as unknown as { copied: string }).copied = t;
        return real(t);
      };
    });
    await popup.getByTestId('r20-diagnostics').click();
    await popup.getByTestId('r20-diagnostics-done').waitFor();
    const copied = JSON.parse(await popup.evaluate(() => (window as unknown as { copied: string }).copied)) as {
      format: string;
      engine: string;
      tokens: { ref: string; screen: { x: number; y: number } }[];
      renderer: Record<string, unknown>;
    };
    expect(copied).toMatchObject({ format: 'command-post/roll20-diagnostics', engine: 'jumpgate' });
    expect(copied.tokens.map((t) => t.ref)).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
    expect(copied.renderer['camera.parentIsCameraTransform']).toBe(true);
    // Where the overlay put each token is where its mark is on the page.
    const marks = await game.evaluate(() =>
      [...document.querySelectorAll('#command-post-overlay .mark')].map((m) => {
        const r = m.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
      }),
    );
    for (const t of copied.tokens)
      expect(marks.some(([x, y]) => Math.abs(x! - t.screen.x) < 0.6 && Math.abs(y! - t.screen.y) < 0.6)).toBe(true);
    const text = JSON.stringify(copied);
    for (const secret of [
      'Captain',
      'Rifleman',
      'Alice',
      id('pA'),
      id('L1'),
      id('page-1'),
      'flying-flag',
      'http',
      HOSTILE,
    ])
      expect(text).not.toContain(secret);
    // Which renderer was found and when, which lattice and why.
    expect(copied).toMatchObject({ rendererWatch: { reason: null, changes: 1 }, lattice: null });
    expect((copied as unknown as { rendererWatch: { foundAt: number } }).rendererWatch.foundAt).toBeGreaterThan(0);

    await popup.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await popup.getByTestId('r20-diagnostics').click();
    const shown = JSON.parse(await popup.getByTestId('r20-diagnostics-text').inputValue()) as { format: string };
    expect(shown.format).toBe('command-post/roll20-diagnostics');
    await game.close();
    await popup.close();
  });
});

describe('the finder on Roll20', () => {
  it('the popup’s “who is out” steps through every figure out, scrolls Legacy’s editor to each, opens its words on the board and says who and why', async () => {
    const { game, popup, id } = await openBoth('engine=legacy');
    // Zoomed in, with a second rifleman walked away: more than one figure out, and room to scroll to each.
    await game.evaluate(() => {
      const fx = (
        window as unknown as { __fx: { camera(c: object): void; move(ref: string, l: number, t: number): void } }
      ).__fx;
      fx.camera({ zoom: 2, x: 0, y: 0 });
      fx.move('A1', 70 * 14 + 35, 70 * 10 + 35);
    });
    const outNow = () =>
      game
        .locator('#command-post-overlay .mark[data-status="out"], #command-post-overlay .mark[data-status="blocked"]')
        .evaluateAll((ms) => ms.map((m) => m.getAttribute('data-token')!).sort());
    await expect.poll(async () => (await outNow()).length, { timeout: 10_000 }).toBeGreaterThan(1);
    const out = await outNow();
    expect(out).toContain(id('A1'));
    const button = popup.getByTestId('board-find');
    await expect.poll(() => button.textContent()).toContain(String(out.length));
    /** How far the mark of `token` stands from the middle of the editor, on screen (px). */
    const offCentre = (token: string) =>
      game.evaluate((t) => {
        const w = document.getElementById('editor-wrapper')!.getBoundingClientRect();
        const r = document.querySelector(`#command-post-overlay .mark[data-token="${t}"]`)!.getBoundingClientRect();
        return Math.hypot(r.left + r.width / 2 - (w.left + w.width / 2), r.top + r.height / 2 - (w.top + w.height / 2));
      }, token);
    const names = await game.evaluate(
      (ids) =>
        ids.map((t) =>
          (
            window as unknown as {
              Campaign: { activePage(): { thegraphics: { get(id: string): { get(k: string): string } } } };
            }
          ).Campaign.activePage()
            .thegraphics.get(t)
            .get('name'),
        ),
      out,
    );
    const seen: string[] = [];
    for (let i = 0; i < out.length; i++) {
      await button.click();
      await expect
        .poll(() => popup.getByTestId('board-find-said').textContent())
        .toContain(`${i + 1} of ${out.length}`);
      // The figure it names: in the middle of the editor, its words open on the board in full (not the short form).
      const said = (await popup.getByTestId('board-find-said').textContent())!;
      const named = out.filter((_, k) => said.includes(` · ${names[k]}:`));
      expect(named, said).toHaveLength(1);
      const token = named[0]!;
      seen.push(token);
      await expect.poll(() => offCentre(token), { timeout: 5000 }).toBeLessThan(2);
      await expect
        .poll(
          () =>
            game
              .locator(`#command-post-overlay .label-box[data-kind="reason"][data-tokens~="${token}"] text`)
              .first()
              .textContent(),
          { timeout: 5000 },
        )
        .toMatch(/^[^✕]{12,}/);
    }
    // Each figure out once, then back to the first.
    expect([...seen].sort()).toEqual(out);
    await button.click();
    await expect.poll(() => popup.getByTestId('board-find-said').textContent()).toContain(`1 of ${out.length}`);
    await expect.poll(() => offCentre(seen[0]!), { timeout: 5000 }).toBeLessThan(2);
    await game.close();
    await popup.close();
  });
});

describe('what the board shows on Roll20, in this browser’s own game', () => {
  it('only the figure hovered: nothing marked until the pointer is on a figure, then it; every figure again once set back, and the setting kept', async () => {
    const { game, popup, id } = await openBoth('engine=legacy');
    await expect
      .poll(() => game.locator('#command-post-overlay .mark').count(), { timeout: 10_000 })
      .toBeGreaterThan(3);
    const all = await game.locator('#command-post-overlay .mark').count();
    await popup.locator('summary', { hasText: 'Board settings' }).click();
    await popup.getByTestId('r20-show').selectOption('focus');
    await expect.poll(() => game.locator('#command-post-overlay .mark').count(), { timeout: 5000 }).toBe(0);
    const t = (await tokens(game)).A3!;
    await game.mouse.move(t.x, t.y);
    await expect
      .poll(() =>
        game.locator('#command-post-overlay .mark').evaluateAll((ms) => ms.map((m) => m.getAttribute('data-token'))),
      )
      .toContain(id('A3'));
    await game.mouse.move(3, 3);
    await expect.poll(() => game.locator('#command-post-overlay .mark').count()).toBe(0);
    // Remembered with the browser's Roll20 settings.
    expect(
      await ext.worker.evaluate(async () =>
        Object.values(await chrome.storage.local.get(null)).some(
          (x) => (x as { show?: string } | null)?.show === 'focus',
        ),
      ),
    ).toBe(true);
    await popup.getByTestId('r20-show').selectOption('all');
    await expect.poll(() => game.locator('#command-post-overlay .mark').count()).toBe(all);
    await game.close();
    await popup.close();
  });
});
