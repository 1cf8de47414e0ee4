// What the Roll20 browser tests read back from the fixture page: the fixture's token elements and
// the overlay's marks and rings, measured on screen (getBoundingClientRect), never computed by the test.
import type { Page } from 'playwright-core';
import type Browser from 'webextension-polyfill';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/roll20/server';
import { launchExtension, request, type LaunchedExtension } from './launch';

declare const chrome: Browser.Browser;

export const EDITOR = 'https://app.roll20.net/editor/';

export type Pos = Record<string, { x: number; y: number; w: number; h: number; status?: string }>;

/**
 * Centres of the elements matching `selector`, in client px, keyed by the fixture's short reference
 * of their token (`L1`): its elements carry it (data-ref), the overlay's marks carry the token's
 * Roll20 id (data-token), which the fixture maps back.
 */
export const positions = (page: Page, selector: string): Promise<Pos> =>
  page.evaluate((sel) => {
    const fx = (window as unknown as { __fx?: { ref(id: string): string } }).__fx;
    const out: Record<string, { x: number; y: number; w: number; h: number; status?: string }> = {};
    for (const el of document.querySelectorAll<HTMLElement | SVGElement>(sel)) {
      const r = el.getBoundingClientRect();
      const key =
        el.dataset.ref ?? (el.dataset.token && fx ? fx.ref(el.dataset.token) : (el.dataset.token ?? el.dataset.id))!;
      out[key] = {
        x: r.x + r.width / 2,
        y: r.y + r.height / 2,
        w: r.width,
        h: r.height,
        ...(el.dataset.status ? { status: el.dataset.status } : {}),
      };
    }
    return out;
  }, selector);

/** The statuses of the marks on the overlay, by the fixture's references. */
export const statuses = async (page: Page) =>
  Object.fromEntries(Object.entries(await marks(page)).map(([id, p]) => [id, p.status]));

export const tokens = (page: Page) => positions(page, '.fx-token');
export const marks = (page: Page) => positions(page, '#command-post-overlay .mark');
export const rings = (page: Page) => positions(page, '#command-post-overlay .ring');
/** Two animation frames: the bridge flushes in the first, its message is handled before the second. */
export const frames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

export function expectMarksOnTokens(t: Pos, m: Pos, ids: string[], tolerance = 0.6) {
  for (const id of ids) {
    expect(m[id], id).toBeDefined();
    expect(t[id], id).toBeDefined();
    expect(Math.abs(m[id]!.x - t[id]!.x), `${id} x`).toBeLessThan(tolerance);
    expect(Math.abs(m[id]!.y - t[id]!.y), `${id} y`).toBeLessThan(tolerance);
  }
}

/** An init script for a hostile page: it watches the DOM and keeps the bridge's per-load secret. */
export const stealSecret = () => {
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes) {
        const s = (n as Element).getAttribute?.('data-command-post-secret');
        if (s) (window as unknown as { stolen: string }).stolen = s;
      }
  }).observe(document, { childList: true, subtree: true });
};

/**
 * The fixture's Roll20 ids by reference: `id('A1')` is the token's push id, `ref(id)` the reference
 * back, `byRef(record)` a record keyed by ids keyed by references. `more`: references of tokens a
 * test will add.
 */
export async function idsOf(page: Page, more: string[] = []) {
  const map = await page.evaluate((m) => (window as unknown as Fx).__fx.ids(m), more);
  const back = new Map(Object.entries(map).map(([r, i]) => [i, r]));
  const id = (ref: string): string => {
    const found = map[ref];
    if (!found) throw new Error(`no fixture id for ${ref}`);
    return found;
  };
  const ref = (i: string): string => back.get(i) ?? i;
  const byRef = <V>(o: Record<string, V>): Record<string, V> =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [ref(k), v]));
  return { id, ref, byRef };
}

/** The fixture's test handle (test/fixtures/roll20/fake-roll20.js). */
export type Fx = {
  __fx: {
    activePageCalls: number;
    id(ref: string): string;
    ref(id: string): string;
    ids(more?: string[]): Record<string, string>;
    foreignClicks(): number;
    /** When the renderer last mounted (performance.now(), ms). */
    mountedAt?: number;
    mountRenderer(): void;
    unmountRenderer(): void;
    loseContext(): void;
    restoreContext(): void;
    model(id: string): { get(k: string): unknown; saves: number };
    page(): { get(k: string): unknown; id: string };
    move(id: string, left: number, top: number): void;
    set(id: string, a: object): void;
    add(a: object): void;
    remove(id: string): void;
    pageSet(a: object): void;
    replaceGraphics(moved?: Record<string, object>): void;
    collectionListeners(): { old: number; now: number };
    pageListeners(): number;
    switchPage(id: string, silent?: boolean): void;
    camera(c: { zoom?: number; x?: number; y?: number; rotate?: number }, silent?: boolean): void;
    scroll(left: number, top: number): void;
    strip(what: string): void;
    select(ids: string[]): void;
    cell(i: number, j: number): [number, number];
    listeners(id: string): number;
  };
};
/** Runs `f` on the fixture's handle in the page. */
export const fx = <T>(page: Page, f: (fx: Fx['__fx']) => T): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__fx)`) as Promise<T>;

/**
 * Opens the fixture game at `query` (`before`: what to do to the page first) and finds its tab's id by the live table the worker keeps for it
 * (`commandPost.live.<tab>`): only a tab opened now counts (tab ids grow), never a closed one whose
 * last report came after the storage was cleared.
 */
export async function openGame(
  ext: LaunchedExtension,
  query: string,
  before?: (game: Page) => Promise<unknown>,
): Promise<{ game: Page; tab: number }> {
  const newest = await ext.worker.evaluate(async () =>
    Math.max(0, ...(await chrome.tabs.query({})).map((t) => t.id ?? 0)),
  );
  const game = await ext.context.newPage();
  // What the page runs before its own scripts (a hostile page script, say).
  await before?.(game);
  await game.goto(`${EDITOR}?${query}`);
  const tab = await ext.worker.evaluate(async (after) => {
    for (let i = 0; i < 150; i++) {
      const ids = Object.keys(await chrome.storage.session.get(null))
        .filter((k) => k.startsWith('commandPost.live.'))
        .map((k) => Number(k.slice('commandPost.live.'.length)));
      const mine = ids.find((t) => t > after);
      if (mine !== undefined) return mine;
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  }, newest);
  expect(tab, 'the game tab reports its live table').not.toBeNull();
  return { game, tab: tab! };
}

/**
 * The Roll20 fixture and the extension for one test file: its server and browser started before the
 * file's tests (Les bandes de Champagne on screen, no game yet: 10 cm base edge to base edge on the
 * tabletop's own groups), every tab a test left open closed after it, both stopped at the end.
 * `open(query)` opens the fixture game and waits for the overlay's marks (`waitForMarks`).
 */
export function fixtureTable(): {
  readonly ext: () => LaunchedExtension;
  open(query: string, waitForMarks?: boolean): Promise<Page>;
} {
  let srv: FixtureServer | undefined;
  let ext: LaunchedExtension | undefined;
  beforeAll(async () => {
    srv = await startFixtureServer();
    ext = await launchExtension({ args: srv.args });
    await request(ext, { type: 'store/select-system', system: 'bdc' });
  });
  afterAll(async () => {
    await ext?.close();
    await srv?.close();
  });
  afterEach(async () => {
    for (const page of ext!.context.pages()) if (page.url() !== 'about:blank') await page.close();
  });
  return {
    ext: () => ext!,
    async open(query, waitForMarks = true) {
      const page = await ext!.context.newPage();
      await page.goto(`${EDITOR}?${query}`);
      if (waitForMarks)
        await page.waitForSelector('#command-post-overlay .mark', { state: 'attached', timeout: 15_000 });
      return page;
    },
  };
}
