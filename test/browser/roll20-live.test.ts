// Roll20 as it really behaves (issue 13), on the fixture at the real editor address: the page's
// settings edited live, data that cannot be read (field by field, layers, limits), the graphics
// collection replaced on the same page, both renderers' cameras (Jumpgate's parent node, Legacy
// zoomed and scrolled) checked against the fixture's own rendering, page switches followed by
// events rather than by asking every frame, and the hex lattice taken from the tokens.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedExtension } from './launch';
import type Browser from 'webextension-polyfill';
import {
  fixtureTable,
  expectMarksOnTokens,
  frames,
  fx,
  marks,
  openGame,
  rings,
  tokens,
  type Fx,
} from './roll20-helpers';

declare const chrome: Browser.Browser;

const table = fixtureTable();
const open = table.open;
// The extension, once the file's tests have started it.
let ext: LaunchedExtension;
beforeAll(() => {
  ext = table.ext();
});

const ringOf = (page: Page, id: string) =>
  page.evaluate((t) => {
    const r = document.querySelector(
      `#command-post-overlay .ring[data-token="${(window as unknown as Fx).__fx.id(t)}"]`,
    );
    return r ? { shape: r.getAttribute('data-shape'), w: r.getBoundingClientRect().width } : null;
  }, id);
const message = (page: Page) =>
  page.evaluate(() => document.querySelector('#command-post-overlay [data-message]')?.textContent ?? null);

describe('page settings edited live (Campaign.activePage().set)', () => {
  it('scale, cell size, grid type and diagonals reshape and resize the rings and recompute within a frame', async () => {
    const page = await open('engine=legacy');
    // 10 cm at 2.5 cm per 70 px cell, edge to edge: (4 + ½) cells each side.
    expect(await ringOf(page, 'L1')).toEqual({ shape: 'square', w: 2 * 4.5 * 70 });
    const steps = await page.evaluate(async () => {
      const f = (window as unknown as { __fx: { pageSet(a: object): void } }).__fx;
      const frame2 = () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      const ring = () => {
        const id = (window as unknown as Fx).__fx.id;
        const r = document.querySelector(`#command-post-overlay .ring[data-token="${id('L1')}"]`)!;
        return {
          shape: r.getAttribute('data-shape'),
          w: Math.round(r.getBoundingClientRect().width * 100) / 100,
          a3: document
            .querySelector(`#command-post-overlay .mark[data-token="${id('A3')}"]`)!
            .getAttribute('data-status'),
        };
      };
      const out: Record<string, unknown> = {};
      f.pageSet({ scale_number: 5 }); // 10 cm = 2 cells now
      await frame2();
      out.scale = ring();
      f.pageSet({ scale_number: 2.5, diagonaltype: 'threefive' });
      await frame2();
      out.diagonal = ring();
      f.pageSet({ diagonaltype: 'manhattan' });
      await frame2();
      out.manhattan = ring();
      f.pageSet({ diagonaltype: 'foure', snapping_increment: 2 }); // 140 px cells: 10 cm = 4 cells of 140 px
      await frame2();
      out.cell = ring();
      f.pageSet({ snapping_increment: 1, scale_units: 'in' }); // 2.5 in per cell: 10 cm ≈ 1.57 cells
      await frame2();
      out.units = ring();
      return out;
    });
    expect(steps.scale).toEqual({ shape: 'square', w: 2 * 2.5 * 70, a3: 'out' });
    expect((steps.diagonal as { shape: string }).shape).toBe('octagon');
    expect((steps.manhattan as { shape: string }).shape).toBe('diamond');
    // 140 px cells: the 70 px token's base is a quarter cell each side, (4 + ¼) cells of 140 px each side.
    expect(steps.cell).toMatchObject({ shape: 'square', w: 2 * 4.25 * 140 });
    expect((steps.units as { w: number }).w).toBeCloseTo(2 * (10 / 2.54 / 2.5 + 0.5) * 70, 0);
  });

  it("grid type switched to hex: hexagon rings on the leader's hex, within a frame", async () => {
    const page = await open('engine=jumpgate');
    const shape = await page.evaluate(async () => {
      (window as unknown as { __fx: { pageSet(a: object): void } }).__fx.pageSet({
        grid_type: 'hex',
        diagonaltype: 'hex',
      });
      await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      return document
        .querySelector(`#command-post-overlay .ring[data-token="${(window as unknown as Fx).__fx.id('L1')}"]`)
        ?.getAttribute('data-shape');
    });
    expect(shape).toBe('hexagon');
  });

  it('the bridge follows the page model itself, once (no listener left behind by a page switch)', async () => {
    const page = await open('engine=legacy');
    expect(await fx(page, (f) => f.pageListeners())).toBe(1);
    await fx(page, (f) => f.switchPage('page-2'));
    await frames(page);
    await fx(page, (f) => f.switchPage('page-1'));
    await frames(page);
    expect(await fx(page, (f) => f.pageListeners())).toBe(1);
  });
});

describe('what cannot be read is never shown as live', () => {
  it("a blank or string number falls back to Roll20's default for that field alone", async () => {
    const page = await open('engine=legacy');
    await fx(page, (f) => f.pageSet({ scale_number: '' })); // Roll20's default scale: 5 (cm here): 10 cm = 2 cells
    await expect.poll(async () => (await ringOf(page, 'L1'))?.w).toBe(2 * 2.5 * 70);
    await fx(page, (f) => f.pageSet({ scale_number: '2.5', grid_type: '' })); // a string of a number is the number; grid blank: square
    await expect.poll(async () => await ringOf(page, 'L1')).toEqual({ shape: 'square', w: 2 * 4.5 * 70 });
    expect(await message(page)).toBeNull();
  });

  it('map and GM-layer graphics are left out before the token limit: 6,000 of them do not hide the tokens', async () => {
    const page = await open('engine=legacy&tiles=6000');
    const t = await tokens(page);
    const m = await marks(page);
    expect(Object.keys(m).sort()).toEqual(['A1', 'A2', 'A3', 'B1', 'L1', 'L2']);
    expectMarksOnTokens(t, m, ['L1', 'A3']);
  });

  it('more tokens on the token layer than the limit: the board says so and shows nothing', async () => {
    const page = await open('engine=jumpgate&n=5001', false);
    await expect
      .poll(() => message(page), { timeout: 15_000 })
      .toBe('Command Post: too many tokens on this page to read; nothing is shown on it.');
    expect(await page.locator('#command-post-overlay .mark').count()).toBe(0);
  });

  it('a token that leaves the token layer leaves the board; one that comes onto it joins', async () => {
    const page = await open('engine=legacy');
    await fx(page, (f) => f.set('A1', { layer: 'gmlayer' }));
    await expect.poll(async () => Object.keys(await marks(page)).includes('A1')).toBe(false);
    await fx(page, (f) => f.set('G1', { layer: 'objects' }));
    await expect.poll(async () => (await marks(page)).G1?.status).toBeDefined();
    expectMarksOnTokens(await tokens(page), await marks(page), ['G1']);
  });

  it('a page whose data cannot be read: the board says so and clears, and comes back when it can be read', async () => {
    const page = await open('engine=legacy');
    await page.evaluate(() => {
      const f = (window as unknown as { __fx: { page(): { id: string }; pageSet(a: object): void } }).__fx;
      f.page().id = '';
      f.pageSet({ name: 'Renamed' });
    });
    await expect.poll(() => message(page)).toBe('Command Post cannot read this table: nothing is shown on it.');
    expect(await page.locator('#command-post-overlay .mark').count()).toBe(0);
    // A move now is not drawn on top of nothing.
    await fx(page, (f) => f.move('A3', 595, 315));
    await frames(page);
    expect(await page.locator('#command-post-overlay .mark').count()).toBe(0);
    await page.evaluate(() => {
      (window as unknown as { __fx: { page(): { id: string } } }).__fx.page().id = 'page-1';
    });
    await expect.poll(() => page.locator('#command-post-overlay .mark').count(), { timeout: 8000 }).toBe(6);
    expect(await message(page)).toBeNull();
    expect((await marks(page)).A3!.status).toBe('link');
  });
});

describe('the journal followed: a character given to another player, or deleted, moves its tokens', () => {
  it('the Sergeant represents Bob’s character: given to Alice his tokens are hers; the character deleted, each token is its own again', async () => {
    const { game, tab } = await openGame(ext, 'engine=legacy');
    await game.waitForSelector('#command-post-overlay .mark', { state: 'attached' });
    const ids = await game.evaluate(() => (window as unknown as Fx).__fx.ids(['pA', 'pB', 'c1']));
    /** Each figure's side as the worker holds the tab's live table for the popup. */
    const sides = () =>
      ext.worker.evaluate(async (t) => {
        const live = (await chrome.storage.session.get(`commandPost.live.${t}`))[`commandPost.live.${t}`] as
          { figures: { id: string; side: string | null }[] } | undefined;
        return Object.fromEntries((live?.figures ?? []).map((f) => [f.id, f.side]));
      }, tab);
    const L2 = await game.evaluate(() => (window as unknown as Fx).__fx.id('L2'));
    const B1 = await game.evaluate(() => (window as unknown as Fx).__fx.id('B1'));
    await expect.poll(async () => [(await sides())[L2], (await sides())[B1]]).toEqual([ids.pB, ids.pB]);
    // The game master gives the character to Alice (the character's sheet, "controlled by"): no token changes.
    await game.evaluate(
      (c) =>
        (
          window as unknown as { Campaign: { characters: { get(id: string): { set(a: object): void } } } }
        ).Campaign.characters
          .get(c.c1!)
          .set({ controlledby: c.pA }),
      ids,
    );
    await expect
      .poll(async () => [(await sides())[L2], (await sides())[B1]], { timeout: 5000 })
      .toEqual([ids.pA, ids.pA]);
    // Deleted: the Sergeant's token is controlled by its own list again (Alice), the other by nobody.
    await game.evaluate((c) => {
      const chars = (
        window as unknown as { Campaign: { characters: { get(id: string): unknown; remove(m: unknown): void } } }
      ).Campaign.characters;
      chars.remove(chars.get(c.c1!));
    }, ids);
    await expect.poll(async () => (await sides())[B1], { timeout: 5000 }).not.toBe(ids.pA);
    expect((await sides())[L2]).toBe(ids.pA);
  });
});

describe('the graphics collection replaced on the same page (Roll20 reloading its objects)', () => {
  it('the bridge follows the new collection, lets go of the old one, and later moves on new models show', async () => {
    const page = await open('engine=legacy');
    await fx(page, (f) => f.replaceGraphics({ A3: { left: 595, top: 315 } }));
    // No event says the collection was replaced: it is seen at the next camera read (every frame
    // while anything moves, else 4 times a second).
    await expect.poll(async () => (await marks(page)).A3?.status, { timeout: 1000, interval: 50 }).toBe('link');
    expectMarksOnTokens(await tokens(page), await marks(page), ['A3', 'L1']);
    // The fixture's own two listeners on the new collection, and the bridge's one; none left on the old.
    expect(await fx(page, (f) => f.collectionListeners())).toEqual({ old: 0, now: 3 });
    await fx(page, (f) => f.move('A3', 595, 595));
    await frames(page);
    expect((await marks(page)).A3!.status).toBe('out');
    expectMarksOnTokens(await tokens(page), await marks(page), ['A3']);
  });
});

describe("cameras, checked against the fixture's own rendering", () => {
  it.each([
    ['its own view and projection matrices', ''],
    ["the scene's transform matrix only", 'scene'],
  ])("Jumpgate pans through the camera's parent node (read through %s): marks stay on tokens", async (_, camfields) => {
    const page = await open(`engine=jumpgate&camfields=${camfields}`);
    expectMarksOnTokens(await tokens(page), await marks(page), ['L1', 'A1', 'A2', 'A3', 'L2', 'B1']);
    await fx(page, (f) => f.camera({ x: 700, y: -500, zoom: 1.7 }));
    await frames(page);
    const t = await tokens(page);
    expectMarksOnTokens(t, await marks(page), ['L1', 'A1', 'A2', 'A3', 'L2', 'B1']);
    expect((await rings(page)).L1!.w).toBeCloseTo(2 * 4.5 * 70 * 1.7, 0);
  });

  it('a view Roll20 moves by itself (no wheel, no drag) is followed within the quiet poll', async () => {
    const page = await open('engine=jumpgate');
    await page.waitForTimeout(1000); // nothing moves: the camera is read only a few times a second now
    await fx(page, (f) => f.camera({ x: 520, y: -350, zoom: 1.2 }, true));
    await page.waitForTimeout(400);
    expectMarksOnTokens(await tokens(page), await marks(page), ['L1', 'A1', 'B1']);
  });

  it('Legacy at zoom 0.6 and 1.75, scrolled by the player: marks stay on tokens', async () => {
    const page = await open('engine=legacy&zoom=0.6');
    expectMarksOnTokens(await tokens(page), await marks(page), ['L1', 'A1', 'A2', 'A3', 'L2', 'B1']);
    await fx(page, (f) => f.scroll(180, 75));
    await frames(page);
    expectMarksOnTokens(await tokens(page), await marks(page), ['L1', 'A1', 'A2', 'A3', 'L2', 'B1']);
    await fx(page, (f) => f.camera({ zoom: 1.75 }));
    await fx(page, (f) => f.scroll(260, 140));
    await frames(page);
    const t = await tokens(page);
    expectMarksOnTokens(t, await marks(page), ['L1', 'A1', 'A2', 'A3', 'L2', 'B1']);
    expect(t.A1!.w).toBeCloseTo(70 * 1.75, 0);
    expect((await rings(page)).L1!.w).toBeCloseTo(2 * 4.5 * 70 * 1.75, 0);
  });
});

describe("page switches: followed by Roll20's events, not by asking every frame", () => {
  it('idle: Campaign.activePage() about once a second (the slow poll), not once a frame', async () => {
    const page = await open('engine=jumpgate');
    await page.waitForTimeout(500);
    const a = await fx(page, (f) => f.activePageCalls);
    await page.waitForTimeout(2000);
    const b = await fx(page, (f) => f.activePageCalls);
    expect(b - a).toBeGreaterThanOrEqual(1);
    expect(b - a).toBeLessThanOrEqual(4);
  });

  it('a switch announced by Roll20 shows within two frames; one it does not announce within the slow poll', async () => {
    const page = await open('engine=legacy');
    const announced = await page.evaluate(async () => {
      (window as unknown as { __fx: { switchPage(id: string): void } }).__fx.switchPage('page-2');
      await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      return [...document.querySelectorAll('#command-post-overlay .mark')]
        .map((m) => (window as unknown as Fx).__fx.ref(m.getAttribute('data-token')!))
        .sort();
    });
    expect(announced).toEqual(['P2L', 'P2a']);
    const t0 = Date.now();
    await fx(page, (f) => f.switchPage('page-1', true));
    await page.waitForFunction(() => document.querySelectorAll('#command-post-overlay .mark').length === 6, null, {
      timeout: 3000,
    });
    expect(Date.now() - t0).toBeLessThan(2000);
    expectMarksOnTokens(await tokens(page), await marks(page), ['L1', 'A3']);
  });
});

describe("hex lattice from the tokens' own positions", () => {
  it.each([
    ['hex', 'regular'],
    ['hex', 'roll20'],
    ['hexr', 'regular'],
    ['hexr', 'roll20'],
  ])(
    "%s page, tokens on the %s lattice: rings centred on the leader's token, statuses by hex steps",
    async (grid, lattice) => {
      const page = await open(`engine=jumpgate&grid=${grid}&lattice=${lattice}`);
      const t = await tokens(page);
      const m = await marks(page);
      expectMarksOnTokens(t, m, ['L1', 'A1', 'A2', 'A3', 'L2', 'B1']);
      // A hex ring is centred on the leader's hex: on the lattice the tokens stand on, that is the token itself.
      const r = await rings(page);
      expect(Math.abs(r.L1!.x - t.L1!.x)).toBeLessThan(0.6);
      expect(Math.abs(r.L1!.y - t.L1!.y)).toBeLessThan(0.6);
      // 10 cm = 4 hexes of 2.5 cm (hex steps): the same statuses whichever lattice the page uses.
      expect(Object.fromEntries(Object.entries(m).map(([id, p]) => [id, p.status]))).toEqual({
        L1: 'leader',
        A1: 'commanded',
        A2: 'link',
        A3: 'out',
        L2: 'leader',
        B1: 'commanded',
      });
    },
  );
});

describe('recorded diagnostics replayed (one per renderer)', () => {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/roll20/recorded');
  it.each(['legacy-zoomed-scrolled', 'jumpgate-panned-hex'])(
    "%s: each mark where the recording put it, and on the fixture's token",
    async (name) => {
      const rec = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as {
        engine: string;
        tokens: { ref: string; screen: { x: number; y: number } }[];
      };
      const page = await open(`replay=${name}`);
      await page.waitForFunction(
        (n) => document.querySelectorAll('#command-post-overlay .mark').length === n,
        rec.tokens.length,
      );
      const m = await marks(page);
      for (const t of rec.tokens) {
        expect(Math.abs(m[t.ref]!.x - t.screen.x), `${t.ref} x`).toBeLessThan(0.6);
        expect(Math.abs(m[t.ref]!.y - t.screen.y), `${t.ref} y`).toBeLessThan(0.6);
      }
      expectMarksOnTokens(
        await tokens(page),
        m,
        rec.tokens.map((t) => t.ref),
      );
      expect(await page.evaluate(() => document.querySelector('#command-post-overlay [data-message]'))).toBeNull();
    },
  );
});
