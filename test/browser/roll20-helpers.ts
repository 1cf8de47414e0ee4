// What the Roll20 browser tests read back from the fixture page: the fixture's token elements and
// the overlay's marks and rings, measured on screen (getBoundingClientRect), never computed by the test.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const EDITOR = 'https://app.roll20.net/editor/';

export type Pos = Record<string, { x: number; y: number; w: number; h: number; status?: string }>;

/** Centres of the elements matching `selector` (by data-token or data-id), in client px. */
export const positions = (page: Page, selector: string): Promise<Pos> =>
  page.evaluate((sel) => {
    const out: Record<string, { x: number; y: number; w: number; h: number; status?: string }> = {};
    for (const el of document.querySelectorAll<HTMLElement | SVGElement>(sel)) {
      const r = el.getBoundingClientRect();
      out[(el.dataset.token ?? el.dataset.id)!] = { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width, h: r.height, ...(el.dataset.status ? { status: el.dataset.status } : {}) };
    }
    return out;
  }, selector);

export const tokens = (page: Page) => positions(page, '.fx-token');
export const marks = (page: Page) => positions(page, '#command-post-overlay .mark');
export const rings = (page: Page) => positions(page, '#command-post-overlay .ring');
/** Two animation frames: the bridge flushes in the first, its message is handled before the second. */
export const frames = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

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
    for (const r of records) for (const n of r.addedNodes) {
      const s = (n as Element).getAttribute?.('data-command-post-secret');
      if (s) (window as unknown as { stolen: string }).stolen = s;
    }
  }).observe(document, { childList: true, subtree: true });
};

/** The fixture's test handle (test/fixtures/roll20/fake-roll20.js). */
export type Fx = {
  __fx: {
    activePageCalls: number;
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
    camera(c: { zoom?: number; x?: number; y?: number }, silent?: boolean): void;
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
