// Each positional rule system on the Roll20 fixture, through the popup as a player uses it: the roster
// taken from the board, then the board and the game as one thing — a move that takes a figure out of
// command (mark and reason on the overlay, reason in the popup), a Désastre Colonial activation chosen
// without typing any position, a Hell Dorado loss proposed from a dead token.
import type { Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/roll20/server';
import { launchExtension, request, storedRoot, type LaunchedExtension } from './launch';
import { idsOf, openGame, type Fx } from './roll20-helpers';
import { boardWords, wordProblems } from './words';

declare const chrome: Browser.Browser;

let srv: FixtureServer;
let ext: LaunchedExtension;
beforeAll(async () => {
  srv = await startFixtureServer();
  ext = await launchExtension({ args: srv.args });
});
afterAll(async () => {
  await ext?.close();
  await srv?.close();
});
// A failed test leaves no tab behind for the next one.
afterEach(async () => {
  for (const page of ext.context.pages()) if (page.url() !== 'about:blank') await page.close();
});

/** The fixture game on `query` and the popup standing for its tab, with `system` the game on screen. */
async function open(
  system: string,
  query: string,
): Promise<{ game: Page; popup: Page; ids: Awaited<ReturnType<typeof idsOf>> }> {
  await ext.worker.evaluate(() => chrome.storage.session.clear());
  await request(ext, { type: 'store/select-system', system });
  const { game, tab } = await openGame(ext, query);
  const popup = await ext.context.newPage();
  await popup.goto(`${ext.popupUrl}?tab=${tab}`);
  await popup.getByTestId('board').waitFor();
  // The live section is one line that opens (the game comes first): opened, with its list of tokens.
  await popup.getByTestId('board-details').evaluate((d) => void ((d as HTMLDetailsElement).open = true));
  await popup.getByTestId('board-links').locator('summary').click();
  await expect.poll(() => popup.getByTestId('board-figure').count()).toBe(6);
  return { game, popup, ids: await idsOf(game, ['N1']) };
}

/** "Take the roster from the board", then apply it as proposed. */
async function takeRoster(popup: Page): Promise<void> {
  await popup.getByTestId('board-roster-take').click();
  await popup.getByTestId('board-roster-apply').click();
  await expect.poll(() => popup.getByTestId('board-linked').textContent()).toBe('Tokens linked to this game: 6 of 6.');
}

/** The overlay's mark, the popup's line and the overlay's label of the token the fixture calls `ref`. */
let id: (ref: string) => string = (r) => r;
const mark = (game: Page, ref: string) => game.locator(`#command-post-overlay .mark[data-token="${id(ref)}"]`);
const figure = (popup: Page, ref: string) => popup.locator(`[data-testid="board-figure"][data-token="${id(ref)}"]`);
/** The words the overlay writes for a token: its own, or its unit's note (which speaks for each of its figures). */
const label = (game: Page, ref: string) =>
  game.locator(`#command-post-overlay [data-tokens~="${id(ref)}"] text.label`).first();
const stored = () =>
  storedRoot<{
    games: Record<string, { log: { events: { type: string }[]; cursor: number } }>;
    bindings: Record<string, { links: Record<string, string> }>;
  }>(ext);

describe('Les bandes de Champagne on Roll20', () => {
  it('roster from the board; a move out of command and a demoralised leader show on the overlay and in the popup', async () => {
    const { game, popup, ids } = await open('bdc', 'engine=legacy');
    id = ids.id;
    await takeRoster(popup);
    const root = await stored();
    expect(ids.byRef(root.bindings.bdc!.links)).toMatchObject({ A1: 'u1', A2: 'u1', A3: 'u1', L1: 'l3' });
    expect(root.games.bdc!.log.events.map((e) => e.type)).toEqual([
      'unitAdded',
      'unitAdded',
      'leaderAdded',
      'leaderAdded',
    ]);
    await expect.poll(() => mark(game, 'A2').getAttribute('data-status')).toBe('link');

    // A1 walks away: A1 and A2 (whose chain ran through A1) are out, with the reason on the board and in the popup.
    await game.evaluate(() => (window as unknown as Fx).__fx.move('A1', 35 + 70 * 4, 35 + 70 * 8));
    await expect.poll(() => mark(game, 'A2').getAttribute('data-status')).toBe('out');
    expect(await mark(game, 'A2').getAttribute('data-reason')).toBe('out-of-range');
    // Its words, alone or in its unit's note.
    expect(await label(game, 'A2').textContent()).toMatch(
      /(^out · \d+(\.\d+)? cm too far from )|( — out of command range$)/,
    );
    // Rigid doctrine (the roster's default): a figure out of command must close up.
    expect(await mark(game, 'A2').getAttribute('data-close-up')).toBe('');
    expect(await mark(game, 'A2').getAttribute('stroke-dasharray')).toBe('6 3');
    await expect.poll(() => figure(popup, 'A2').getAttribute('data-reason')).toBe('out-of-range');
    expect(await figure(popup, 'A2').getByTestId('board-reason').textContent()).toMatch(/out · .* cm too far from/);

    // The words beside the figures can be switched off in the board settings.
    await popup.locator('summary', { hasText: 'Board settings' }).click();
    await popup.getByTestId('r20-labels').uncheck();
    await expect.poll(() => game.locator('#command-post-overlay text.label').count()).toBe(0);
    expect(await mark(game, 'A2').getAttribute('data-reason')).toBe('out-of-range');
    await popup.getByTestId('r20-labels').check();

    // Back, and the captain fails two morale tests in the game: demoralised, he commands nobody.
    await game.evaluate(() => (window as unknown as Fx).__fx.move('A1', 35 + 70 * 4, 35 + 70));
    await expect.poll(() => mark(game, 'A2').getAttribute('data-status')).toBe('link');
    await request(ext, {
      type: 'game/dispatch',
      system: 'bdc',
      event: { type: 'moraleTests', id: 'l3', naturals: [10, 10] },
    });
    await expect.poll(() => mark(game, 'A1').getAttribute('data-reason')).toBe('leader-cannot-command');
    await expect
      .poll(() => figure(popup, 'A1').getByTestId('board-reason').textContent())
      .toBe(' (Captain cannot command (demoralised))');
  });

  it("bases as they stand: 2×1 tokens turned a quarter are measured by their boxes, and the popup's setting reads them round", async () => {
    // A game of its own: the test before left the captain demoralised.
    await request(ext, { type: 'game/replace', system: 'bdc', events: [] });
    const { game, popup, ids } = await open('bdc', 'engine=legacy');
    id = ids.id;
    await takeRoster(popup);
    // 1 cell = 70 px = 2.5 cm. The captain and Rifleman 1 on 140×70 bases turned 90°, nose to tail,
    // 263.2 px = 9.4 cm apart edge to edge (centres 403.2 px apart): within his 10 cm.
    const set = (ref: string, attrs: Record<string, number>) =>
      game.evaluate(([r, a]) => (window as unknown as Fx).__fx.set(r, a), [ref, attrs] as const);
    await set('L1', { left: 105, top: 105, width: 140, height: 70, rotation: 90 });
    await set('A1', { left: 105, top: 105 + 403.2, width: 140, height: 70, rotation: 90 });
    await expect.poll(() => mark(game, 'A1').getAttribute('data-status')).toBe('commanded');
    // Turned back across: its long side faces him, 298.2 px = 10.65 cm: out by 0.65 cm (0.7 as the popup says it).
    await set('A1', { rotation: 0 });
    await expect.poll(() => mark(game, 'A1').getAttribute('data-status')).toBe('out');
    await expect
      .poll(() => figure(popup, 'A1').getByTestId('board-reason').textContent())
      .toMatch(/ 0\.7 cm too far from Captain/);
    await set('A1', { rotation: 270 });
    await expect.poll(() => mark(game, 'A1').getAttribute('data-status')).toBe('commanded');
    // The setting says "round": the 70 px discs inside the boxes, 333.2 px = 11.9 cm.
    await popup.locator('summary', { hasText: 'Settings and house rules' }).click();
    await popup.locator('#bdc-rule-bases').selectOption('round');
    await expect.poll(() => mark(game, 'A1').getAttribute('data-status')).toBe('out');
    await expect.poll(() => figure(popup, 'A1').getByTestId('board-reason').textContent()).toMatch(/1\.9 cm too far/);
  });
});

describe('Désastre Colonial on Roll20 (hex page)', () => {
  it('an activation chosen without typing any position: the hexes come from the tokens, and a unit out of reach says why', async () => {
    const { game, popup, ids } = await open('dc', 'engine=jumpgate&grid=hex&diag=hex&units=hex&scale=1');
    id = ids.id;
    await takeRoster(popup);
    await popup.getByTestId('dc-start').click();
    await popup.getByTestId('dc-gain-colonial').click();
    await popup.getByTestId('dc-leader-pick-L1').click();
    // The riflemen's unit (U2) is 3 hexes from the captain (3D8/3): it can be chosen, and no word is asked.
    const pick = popup.getByTestId('dc-pick-U2');
    // Its distance, read from the board (never typed).
    await expect.poll(() => pick.textContent()).toContain('3 hex');
    expect(await pick.getAttribute('class')).toBe('dc-pick');
    await expect.poll(() => mark(game, 'A1').getAttribute('data-status')).toBe('eligible');
    await pick.locator('input').check();
    // Ticked, not given yet: Roll20's board follows the popup's choice (a tab message to the content script).
    await expect.poll(() => mark(game, 'A1').getAttribute('data-reason')).toBe('dc-unit-ticked');
    expect(await mark(game, 'A1').getAttribute('data-status')).toBe('commanded');
    expect(await popup.getByTestId('dc-word').count()).toBe(0);
    await popup.getByTestId('dc-command').click();
    await expect
      .poll(async () => (await stored()).games.dc!.log.events.at(-1))
      .toMatchObject({ type: 'unitsCommanded', units: ['U2'] });
    const sent = (await stored()).games.dc!.log.events.at(-1) as unknown as {
      positions: Record<string, { q: number; r: number }>;
    };
    expect(Object.keys(sent.positions).sort()).toEqual(['L1', 'L3', 'U2', 'U4']);
    await expect.poll(() => mark(game, 'A1').getAttribute('data-status')).toBe('commanded');

    // Taken back; the riflemen march off 5 hexes: out of reach, the reason on the board and in the pick list.
    await popup.getByTestId('undo').click();
    await game.evaluate(() => {
      const fx = (window as unknown as Fx).__fx;
      for (const [id, i] of [
        ['A1', 9],
        ['A2', 10],
        ['A3', 11],
      ] as const)
        fx.move(id, ...fx.cell(i, 1));
    });
    await expect.poll(() => mark(game, 'A1').getAttribute('data-reason')).toBe('dc-out-of-range');
    await expect
      .poll(() => popup.getByTestId('dc-pick-U2').textContent())
      .toContain('Rifleman is 8 hexes away; the radius is 3.');
    // Both Riflemen are out for that one cause: one note for the unit.
    expect(await label(game, 'A1').textContent()).toBe('Rifleman — 8 hexes from Captain; at most 3');
  });
});

describe('Hell Dorado Command on Roll20', () => {
  it("the company from the board; a token marked dead proposes its fighter's loss; a figure put on the table its late entry", async () => {
    const { game, popup, ids } = await open('hd-command', 'engine=legacy');
    id = ids.id;
    await takeRoster(popup);
    await popup.getByTestId('start').click();
    // Each side's Command on the board (base / current, as in the rulebook).
    await expect
      .poll(() => game.locator('#command-post-overlay [data-layer="notes"] text').allTextContents())
      .toEqual(['A — Command: base 4 / current 4', 'B — Command: base 2 / current 2']);
    await game.evaluate(() => (window as unknown as Fx).__fx.set('A2', { statusmarkers: 'red@1,dead' }));
    const proposal = popup.getByTestId('board-proposal');
    await expect
      .poll(() => proposal.textContent())
      .toContain('Rifleman 2 is marked dead on the board: his loss (CMD 1)');
    // Nothing is applied silently.
    expect((await stored()).games['hd-command']!.log.events.at(-1)!.type).toBe('start');
    await proposal.getByTestId('board-proposal-apply').click();
    await expect
      .poll(async () => (await stored()).games['hd-command']!.log.events.at(-1))
      .toEqual({ type: 'fighterLost', side: 'A', fighterId: 'A3', how: 'killed' });
    await expect.poll(() => mark(game, 'A2').count()).toBe(0); // a dead token takes no part

    await game.evaluate(() =>
      (window as unknown as Fx).__fx.add({
        id: 'N1',
        name: 'Renfort',
        left: 175,
        top: 385,
        width: 70,
        height: 70,
        statusmarkers: 'red@1',
        controlledby: 'pA',
      }),
    );
    const entry = popup.locator(`[data-testid="board-proposal"][data-key="entry:${id('N1')}"]`);
    await entry.getByTestId('board-proposal-input').fill('2');
    await entry.getByTestId('board-proposal-apply').click();
    await expect
      .poll(async () => (await stored()).games['hd-command']!.log.events.at(-1))
      .toEqual({ type: 'fighterEnters', side: 'A', name: 'Renfort', cmd: 2 });
    await expect.poll(async () => (await stored()).bindings['hd-command']!.links[id('N1')]).toBe('A5');
    await expect
      .poll(() => game.locator('#command-post-overlay [data-layer="notes"] text').first().textContent())
      .toBe('A — Command: base 5 / current 5');
  });
});

describe('Hell Dorado modifiers on Roll20', () => {
  it('a token selected on the board brings its fighter forward in the popup', async () => {
    const { game, popup, ids } = await open('hd-modifiers', 'engine=jumpgate');
    id = ids.id;
    await takeRoster(popup);
    const fighter = (await stored()).bindings['hd-modifiers']!.links[id('A2')]!;
    expect(await popup.getByTestId(`hdm-selected-${fighter}`).count()).toBe(0);
    await game.evaluate(() => (window as unknown as Fx).__fx.select(['A2']));
    await popup.getByTestId(`hdm-selected-${fighter}`).waitFor();
    expect(await popup.getByTestId(`hdm-fighter-${fighter}`).getAttribute('aria-current')).toBe('true');
    await game.evaluate(() => (window as unknown as Fx).__fx.select([]));
    await expect.poll(() => popup.getByTestId(`hdm-selected-${fighter}`).count()).toBe(0);
  });
});

describe('An army on Roll20: the words the overlay writes', () => {
  it.each(['engine=legacy&n=60', 'engine=jumpgate&n=60&dpr=2'])(
    'never overlap, at any zoom and after moves (%s)',
    async (query) => {
      await ext.worker.evaluate(() => chrome.storage.session.clear());
      await request(ext, { type: 'store/select-system', system: 'bdc' });
      const { game, tab } = await openGame(ext, query);
      const popup = await ext.context.newPage();
      await popup.goto(`${ext.popupUrl}?tab=${tab}`);
      await popup.getByTestId('board').waitFor();
      // The live section is one line that opens (the game comes first).
      await popup.getByTestId('board-details').evaluate((d) => void ((d as HTMLDetailsElement).open = true));
      await expect.poll(() => popup.getByTestId('board-figure').count()).toBe(60);
      // The roster from the board (the first run takes it; the same tokens stay linked for the next).
      await expect.poll(() => popup.getByTestId('board-linked').textContent()).toMatch(/: (0|60) of 60/);
      if (!(await popup.getByTestId('board-linked').textContent())!.includes('60 of 60')) {
        await popup.getByTestId('board-roster-take').click();
        await popup.getByTestId('board-roster-apply').click();
      }
      await expect.poll(() => popup.getByTestId('board-linked').textContent()).toContain('60 of 60');
      const ids = await idsOf(
        game,
        Array.from({ length: 60 }, (_, k) => `t${k}`),
      );
      // The whole army in view; a dozen figures walk off from their units: out of command, each with its reason.
      await game.evaluate(() => (window as unknown as Fx).__fx.camera({ zoom: 0.4 }));
      for (let k = 1; k < 60; k += 5)
        await game.evaluate(([t, x]) => (window as unknown as Fx).__fx.move(t, x, 35 + 70 * 7), [
          ids.id(`t${k}`),
          35 + 70 * k,
        ] as const);
      await expect
        .poll(() => game.locator('#command-post-overlay .mark[data-status="out"]').count())
        .toBeGreaterThan(5);
      const readable = async (when: string) => {
        await game.evaluate(
          () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
        );
        const words = await boardWords(game);
        expect(wordProblems(words), when).toEqual([]);
        return words.boxes.length;
      };
      expect(await readable('as the page opens'), 'some words on the board').toBeGreaterThan(2);
      for (const zoom of [1, 0.6, 0.25]) {
        await game.evaluate((z) => (window as unknown as Fx).__fx.camera({ zoom: z }), zoom);
        await game.waitForTimeout(150);
        await readable(`zoom ${zoom}`);
      }
      // The key can be switched off in the board settings.
      await popup.locator('summary', { hasText: 'Board settings' }).click();
      await popup.getByTestId('r20-legend').uncheck();
      await expect.poll(() => game.locator('#command-post-overlay [data-layer="legend"] [data-key]').count()).toBe(0);
      await popup.getByTestId('r20-legend').check();
      await expect
        .poll(() => game.locator('#command-post-overlay [data-layer="legend"] [data-key]').count())
        .toBeGreaterThan(2);
      await popup.close();
      await game.close();
    },
  );
});
