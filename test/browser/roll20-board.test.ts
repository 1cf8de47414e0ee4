// The Roll20 board: the fixture editor (test/fixtures/roll20) served over HTTPS and reached at the
// real https://app.roll20.net/editor address, so the manifest's own match patterns decide where
// the content script runs. Positions are read back from the overlay's SVG and the fixture's
// token elements (getBoundingClientRect), never computed by the test.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedExtension } from './launch';
import { EDITOR, expectMarksOnTokens, fixtureTable, frames, marks, rings, stealSecret, tokens } from './roll20-helpers';

const HOSTILE = '<img src=x onerror=alert(1)>';

// Les bandes de Champagne, no game yet: its default chains (10 cm base edge to base edge) on the tabletop's own groups.
const table = fixtureTable();
// The extension, once the file's tests have started it.
let ext: LaunchedExtension;
beforeAll(() => {
  ext = table.ext();
});

interface Opened {
  page: Page;
  errors: string[];
  dialogs: string[];
}

async function open(url: string, waitForMarks = true): Promise<Opened> {
  const page = await ext.context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  if (waitForMarks) await page.waitForSelector('#command-post-overlay .mark', { state: 'attached', timeout: 15_000 });
  return { page, errors, dialogs };
}

describe('Roll20 editor: where the content script runs', () => {
  it('runs on every editor URL form and not on pop-out character sheets', async () => {
    for (const url of [
      'https://app.roll20.net/editor',
      EDITOR,
      'https://app.roll20.net/editor?engine=legacy',
      'https://app.roll20.net/editor/#game',
    ]) {
      const { page } = await open(url);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-command-post')), url).toBe(true);
      await page.close();
    }
    const { page } = await open('https://app.roll20.net/editor/character/abc123/', false);
    await page.waitForTimeout(500);
    expect(
      await page.evaluate(() => [
        document.documentElement.hasAttribute('data-command-post'),
        !!document.getElementById('command-post-overlay'),
      ]),
    ).toEqual([false, false]);
    await page.close();
  });
});

describe('Roll20 overlay, Legacy renderer, square grid', () => {
  it('marks each figure at its token, with its command status, and rings each leader', async () => {
    const { page, errors } = await open(`${EDITOR}?engine=legacy`);
    const t = await tokens(page);
    const m = await marks(page);
    expectMarksOnTokens(t, m, ['L1', 'A1', 'A2', 'A3', 'L2', 'B1']);
    expect(Object.fromEntries(Object.entries(m).map(([id, p]) => [id, p.status]))).toEqual({
      L1: 'leader',
      A1: 'commanded',
      A2: 'link',
      A3: 'out',
      L2: 'leader',
      B1: 'commanded',
    });
    // The map-layer token takes no part.
    expect(m.M1).toBeUndefined();
    // 10 cm at 2.5 cm per 70 px cell, base edge to base edge: (4 + ½) cells each side of the centre.
    const r = await rings(page);
    expect(r.L1!.x).toBeCloseTo(t.L1!.x, 0);
    expect(r.L1!.y).toBeCloseTo(t.L1!.y, 0);
    expect(r.L1!.w).toBeCloseTo(2 * 4.5 * 70, 0);
    expect(
      await page.evaluate(() => document.querySelector('#command-post-overlay .ring')!.getAttribute('data-shape')),
    ).toBe('square');
    // Pointer events pass through to the board.
    expect(
      await page.evaluate(() => getComputedStyle(document.getElementById('command-post-overlay')!).pointerEvents),
    ).toBe('none');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a figure hovered says its words in full, on either renderer; they go again when the pointer leaves', async () => {
    for (const engine of ['legacy', 'jumpgate']) {
      const { page, errors } = await open(`${EDITOR}?engine=${engine}`);
      // Zoomed out this far, a figure is a dot: the out rifleman's reason is not said on the board (folded into a count).
      await page.evaluate(() =>
        (window as unknown as { __fx: { camera(c: object): void } }).__fx.camera({ zoom: 0.07 }),
      );
      await frames(page);
      const a3 = await page.evaluate(() => (window as unknown as { __fx: { id(ref: string): string } }).__fx.id('A3'));
      const said = () =>
        page
          .locator(`#command-post-overlay .label-box[data-kind="reason"][data-tokens~="${a3}"] text`)
          .evaluateAll((ts) => ts.map((t) => t.textContent).join(' | '));
      await expect.poll(said, { timeout: 10_000 }).not.toMatch(/too far/);
      const t = (await tokens(page)).A3!;
      await page.mouse.move(t.x, t.y);
      await expect.poll(said, { timeout: 5000 }).toMatch(/^out · 2\.5 cm too far from Rifleman/);
      // Off every figure: not said again.
      await page.mouse.move(5, 5);
      await expect.poll(said, { timeout: 5000 }).not.toMatch(/too far/);
      expect(errors, engine).toEqual([]);
      await page.close();
    }
  });

  it('follows pan and zoom', async () => {
    const { page } = await open(`${EDITOR}?engine=legacy`);
    await page.evaluate(() =>
      (window as unknown as { __fx: { camera(c: object): void } }).__fx.camera({ zoom: 1.5, x: 40, y: 25 }),
    );
    await frames(page);
    const t = await tokens(page);
    expectMarksOnTokens(t, await marks(page), ['L1', 'A1', 'A2', 'B1']);
    expect((await rings(page)).L1!.w).toBeCloseTo(2 * 4.5 * 70 * 1.5, 0);
    await page.close();
  });

  it('a token move updates the overlay within one animation frame', async () => {
    const { page } = await open(`${EDITOR}?engine=legacy`);
    const result = await page.evaluate(async () => {
      const fx = (
        window as unknown as { __fx: { move(id: string, l: number, t: number): void; id(ref: string): string } }
      ).__fx;
      const mark = () => document.querySelector(`#command-post-overlay .mark[data-token="${fx.id('A3')}"]`)!;
      const before = [mark().getAttribute('cx'), mark().getAttribute('data-status')];
      fx.move('A3', 595, 105 + 70 * 3); // next to A2: now a chain link
      // The bridge flushes in this frame; the overlay must have changed before the next one is painted.
      await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      return { before, after: [mark().getAttribute('cy'), mark().getAttribute('data-status')] };
    });
    expect(result.before[1]).toBe('out');
    expect(result.after).toEqual(['315', 'link']);
    await page.close();
  });

  it('adds and removes marks as tokens come and go', async () => {
    const { page } = await open(`${EDITOR}?engine=legacy`);
    await page.evaluate(() => {
      const fx = (window as unknown as { __fx: { add(a: object): void; remove(id: string): void } }).__fx;
      fx.add({
        id: 'N1',
        name: 'New',
        left: 175,
        top: 105,
        width: 70,
        height: 70,
        statusmarkers: 'red@1',
        controlledby: 'pA',
      });
      fx.remove('A2');
    });
    await frames(page);
    const m = await marks(page);
    expect(m.N1?.status).toBe('commanded');
    expect(m.A2).toBeUndefined();
    await page.close();
  });

  it('a page switch rebinds to the new page and lets go of the old one', async () => {
    const { page } = await open(`${EDITOR}?engine=legacy`);
    const fixtureListeners = await page.evaluate(() =>
      (window as unknown as { __fx: { listeners(id: string): number } }).__fx.listeners('A1'),
    );
    expect(fixtureListeners).toBe(2); // the fixture's own redraw + the bridge
    await page.evaluate(() =>
      (window as unknown as { __fx: { switchPage(id: string): void } }).__fx.switchPage('page-2'),
    );
    await frames(page);
    expect(Object.keys(await marks(page)).sort()).toEqual(['P2L', 'P2a']);
    expectMarksOnTokens(await tokens(page), await marks(page), ['P2L', 'P2a']);
    const after = await page.evaluate(() => {
      const fx = (window as unknown as { __fx: { switchPage(id: string): void; listeners(id: string): number } }).__fx;
      fx.switchPage('page-1');
      return new Promise<number>((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => r(fx.listeners('A1')))),
      );
    });
    expect(after).toBe(2); // bound again once, not twice
    await page.close();
  });
});

describe('Roll20 overlay, Jumpgate renderer', () => {
  it("hex grid: hexagon rings on the leader's hex, marks on tokens, through pan and zoom", async () => {
    const { page } = await open(`${EDITOR}?engine=jumpgate&grid=hex`);
    let t = await tokens(page);
    expectMarksOnTokens(t, await marks(page), ['L1', 'A1', 'A2', 'A3', 'L2', 'B1']);
    expect(
      await page.evaluate(() => document.querySelector('#command-post-overlay .ring')!.getAttribute('data-shape')),
    ).toBe('hexagon');
    const r = await rings(page);
    expect(r.L1!.x).toBeCloseTo(t.L1!.x, 0);
    expect(r.L1!.y).toBeCloseTo(t.L1!.y, 0);
    // 4 hex steps on Roll20's own lattice (column pitch 75.1986 px): a pointy hexagon through corner hexes 4.5 columns out (flat sides left/right).
    expect(r.L1!.w).toBeCloseTo(2 * 4.5 * 75.1986, 0);
    await page.evaluate(() =>
      (window as unknown as { __fx: { camera(c: object): void } }).__fx.camera({ zoom: 0.5, x: 300, y: -200 }),
    );
    await frames(page);
    t = await tokens(page);
    expectMarksOnTokens(t, await marks(page), ['L1', 'A1', 'B1']);
    expect((await rings(page)).L1!.w).toBeCloseTo(4.5 * 75.1986, 0);
    await page.close();
  });

  it("non-default cell size (80 px): figures and rings scale with the page's cell, as Roll20's ruler does", async () => {
    const { page } = await open(`${EDITOR}?engine=jumpgate&si=${80 / 70}`);
    const t = await tokens(page);
    const m = await marks(page);
    expectMarksOnTokens(t, m, ['L1', 'A1', 'A2', 'A3']);
    expect(m.A1!.status).toBe('commanded');
    expect((await rings(page)).L1!.w).toBeCloseTo(2 * 4.5 * 80, 0);
    await page.close();
  });
});

describe('Roll20 bridge: hostile input', () => {
  it('ignores forged and malformed messages from the page and counts them; a refused snapshot blanks the board instead of leaving it stale', async () => {
    // A hostile page script that watches the DOM can even steal the per-load secret: shape checks still hold.
    const page = await ext.context.newPage();
    await page.addInitScript(stealSecret);
    await page.goto(`${EDITOR}?engine=legacy`);
    await page.waitForSelector('#command-post-overlay .mark', { state: 'attached' });
    const before = await page.evaluate(() => document.getElementById('command-post-overlay')!.innerHTML);
    const dropped = await page.evaluate(async () => {
      const secret = (window as unknown as { stolen: string }).stolen;
      const ns = 'command-post/roll20';
      const view = { type: 'view', view: { x: 0, y: 0, w: 10, h: 10, sx: 9, sy: 9, ox: 0, oy: 0 } };
      const snapshot = {
        type: 'snapshot',
        page: {
          id: 'evil',
          name: 'x',
          snapping_increment: 1,
          scale_number: 1,
          scale_units: 'cm',
          grid_type: 'square',
          diagonaltype: 'foure',
        },
        tokens: [],
        players: [],
        engine: 'legacy',
        mode: 'full',
        missing: [],
      };
      const bad = [
        { ns, dir: 'page', secret: '0'.repeat(32), msg: snapshot }, // wrong secret
        { ns, dir: 'page', secret, msg: { ...view, view: { ...view.view, sx: 0 } } }, // a view that flattens the board
        { ns, dir: 'page', secret, msg: { type: 'view', view: { ...view.view, ox: 'x' } } },
        { ns, dir: 'page', secret, msg: { type: 'delta', pageId: 'page-1', changed: 'A1', removed: [] } },
        { ns, dir: 'page', secret, msg: { type: 'unknown' } },
        { ns, dir: 'page', secret },
      ];
      for (const b of bad) window.postMessage(b, location.origin);
      // From another window (a same-origin frame) with the right secret and a valid shape.
      const frame = document.createElement('iframe');
      document.body.append(frame);
      (frame.contentWindow as unknown as { eval(s: string): void }).eval(
        `parent.postMessage(${JSON.stringify({ ns, dir: 'page', secret, msg: snapshot })}, 'https://app.roll20.net')`,
      );
      // Roll20's own messages are not ours: ignored without counting.
      window.postMessage({ type: 'roll20-thing' }, location.origin);
      await new Promise((r) => setTimeout(r, 300));
      return document.getElementById('command-post-overlay')!.getAttribute('data-dropped');
    });
    expect(Number(dropped)).toBeGreaterThanOrEqual(7);
    await frames(page);
    expect(await page.evaluate(() => document.getElementById('command-post-overlay')!.innerHTML)).toBe(before);
    expect(Object.keys(await marks(page))).toContain('A1');

    // A snapshot with the secret that fails its checks: the table cannot be read. The board says so,
    // shows nothing of before, and a move sent after it is not merged into the old page.
    const after = await page.evaluate(async () => {
      const secret = (window as unknown as { stolen: string }).stolen;
      const ns = 'command-post/roll20';
      const tok = {
        id: 'A1',
        name: 'x',
        left: 999,
        top: 999,
        width: 70,
        height: 70,
        layer: 'objects',
        controlledby: 'pA',
        tint: '',
        markers: 'red@1',
      };
      window.postMessage(
        {
          ns,
          dir: 'page',
          secret,
          msg: {
            type: 'snapshot',
            page: {},
            tokens: [],
            players: [],
            engine: 'legacy',
            mode: 'full',
            missing: [],
            extra: 1,
          },
        },
        location.origin,
      );
      const fx = (window as unknown as { __fx: { id(ref: string): string } }).__fx;
      window.postMessage(
        {
          ns,
          dir: 'page',
          secret,
          msg: { type: 'delta', pageId: fx.id('page-1'), changed: [{ ...tok, id: fx.id('A1') }], removed: [] },
        },
        location.origin,
      );
      await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      const root = document.getElementById('command-post-overlay')!;
      return {
        marks: root.querySelectorAll('.mark').length,
        message: root.querySelector('[data-message]')?.textContent,
        display: getComputedStyle(root).display,
      };
    });
    expect(after).toEqual({
      marks: 0,
      message: 'Command Post cannot read this table: nothing is shown on it.',
      display: 'block',
    });
    // Asked again shortly after (Roll20 may have been mid-load; a forged snapshot must not blank the board for good).
    await page.waitForFunction(() => document.querySelectorAll('#command-post-overlay .mark').length === 6, null, {
      timeout: 5000,
    });
    expect(await page.evaluate(() => document.querySelector('#command-post-overlay [data-message]'))).toBeNull();
    expectMarksOnTokens(await tokens(page), await marks(page), ['A1']);
    await page.close();
  });

  it('a forged "write auras" or "post to chat" from the page world (which can read the secret) does nothing', async () => {
    const page = await ext.context.newPage();
    await page.addInitScript(stealSecret);
    await page.goto(`${EDITOR}?engine=legacy`);
    await page.waitForSelector('#command-post-overlay .mark', { state: 'attached' });
    const result = await page.evaluate(async () => {
      const secret = (window as unknown as { stolen: string }).stolen;
      const ns = 'command-post/roll20';
      const forged = [
        { type: 'auras-set', items: [{ id: 'L1', radius: 99, square: false, color: '#ff0000' }] },
        { type: 'auras-restore' },
        { type: 'chat', text: 'pwned by the page' },
      ];
      // As the content script would send them on the window, with the stolen secret…
      for (const msg of forged) window.postMessage({ ns, dir: 'content', secret, msg }, location.origin);
      // …and through a port of its own, as if it were the content script's.
      const channel = new MessageChannel();
      window.postMessage({ ns, dir: 'content', secret, msg: { type: 'hello' } }, location.origin, [channel.port2]);
      for (const msg of forged) channel.port1.postMessage({ ns, dir: 'content', secret, msg });
      await new Promise((r) => setTimeout(r, 500));
      const m = (
        window as unknown as { __fx: { model(id: string): { get(k: string): unknown; saves: number } } }
      ).__fx.model('L1');
      return { aura: m.get('aura1_radius'), saves: m.saves, chat: document.querySelectorAll('#fx-chat li').length };
    });
    expect(result).toEqual({ aura: '', saves: 0, chat: 0 });
    // The bridge still works for the real content script.
    await page.evaluate(() =>
      (window as unknown as { __fx: { move(id: string, l: number, t: number): void } }).__fx.move('A3', 595, 315),
    );
    await expect.poll(async () => (await marks(page)).A3?.status).toBe('link');
    await page.close();
  });

  it(`a token named ${HOSTILE} is text in the overlay: no element, no script`, async () => {
    const { page, dialogs, errors } = await open(`${EDITOR}?engine=legacy`);
    const overlay = await page.evaluate(() => {
      const root = document.getElementById('command-post-overlay')!;
      const b1 = (window as unknown as { __fx: { id(ref: string): string } }).__fx.id('B1');
      return {
        title: root.querySelector(`.mark[data-token="${b1}"] title`)!.textContent,
        imgs: root.querySelectorAll('img').length,
        images: document.images.length,
      };
    });
    expect(overlay).toEqual({ title: HOSTILE, imgs: 0, images: 0 });
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Roll20: when internals are missing', () => {
  const said = (page: Page) =>
    page.evaluate(() => {
      const root = document.getElementById('command-post-overlay')!;
      return {
        display: getComputedStyle(root).display,
        marks: root.querySelectorAll('.mark').length,
        message: root.querySelector('[data-message]')?.textContent ?? null,
      };
    });
  const NOT_THERE = 'Command Post cannot draw: Roll20’s board is not there (not yet, or no longer).';

  it('renderer never there: nothing drawn, the board says why, the page keeps working', async () => {
    const { page, errors } = await open(`${EDITOR}?engine=jumpgate&strip=renderer`, false);
    await page.waitForSelector('#command-post-overlay', { state: 'attached' });
    await expect.poll(() => said(page), { timeout: 5000 }).toEqual({ display: 'block', marks: 0, message: NOT_THERE });
    await page.click('#fx-button');
    await page.click('#fx-button');
    expect(await page.textContent('#fx-count')).toBe('2');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('renderer removed during the game: the marks go, the board says why, the page keeps working', async () => {
    const { page, errors } = await open(`${EDITOR}?engine=legacy`);
    await page.evaluate(() => (window as unknown as { __fx: { strip(w: string): void } }).__fx.strip('renderer'));
    // Nothing moves on the board: the renderer is looked for at each camera read, a few times a second.
    await expect
      .poll(() => said(page), { timeout: 1000, interval: 50 })
      .toEqual({ display: 'block', marks: 0, message: NOT_THERE });
    await page.click('#fx-button');
    expect(await page.textContent('#fx-count')).toBe('1');
    expect(errors).toEqual([]);
    await page.close();
  });
});
