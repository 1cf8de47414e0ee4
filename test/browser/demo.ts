// Helpers for the demo table's browser tests: open a scene, read the overlay's marks and the tokens
// where the page drew them, drag with the real mouse, open the popup standing for the demo's tab.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LaunchedExtension } from './launch';

export interface OpenedDemo {
  readonly page: Page;
  /** The demo's tab id (the popup reads its board with `?tab=`). */
  readonly tab: number;
  readonly errors: string[];
  readonly dialogs: string[];
}

export const demoUrl = (ext: LaunchedExtension, scene?: string) =>
  `chrome-extension://${ext.extensionId}/demo.html${scene ? `?scene=${scene}` : ''}`;

/** Opens demo.html (a scene or none) and waits for its board and overlay. */
export async function openDemo(
  ext: LaunchedExtension,
  scene?: string,
  opts: { page?: Page; width?: number; height?: number } = {},
): Promise<OpenedDemo> {
  const page = opts.page ?? (await ext.context.newPage());
  await page.setViewportSize({ width: opts.width ?? 1280, height: opts.height ?? 720 });
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(demoUrl(ext, scene));
  await ready(page);
  const tab = Number(await page.evaluate(() => document.documentElement.dataset.tab));
  expect(tab).toBeGreaterThan(0);
  return { page, tab, errors, dialogs };
}

/** The page has started, and its overlay has drawn the board (its tokens' names, at least). */
export async function ready(page: Page): Promise<void> {
  await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 15_000 });
  await page.waitForSelector('#command-post-overlay [data-label]', { state: 'attached', timeout: 15_000 });
}

/** data-token → data-status of the overlay's marks. */
export const marks = (page: Page): Promise<Record<string, string>> =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('#command-post-overlay .mark')].map((m) => [
        m.getAttribute('data-token')!,
        m.getAttribute('data-status')!,
      ]),
    ),
  );

/** Waits until the overlay's marks are these (the worker's game arrives a moment after the page). */
export async function expectMarks(page: Page, expected: Record<string, string>): Promise<void> {
  await expect.poll(() => marks(page), { timeout: 10_000 }).toEqual(expected);
}

export type Boxes = Record<string, { x: number; y: number; w: number }>;

/** Client centres and widths of the elements matching `selector`, by data-token. */
export const boxes = (page: Page, selector: string): Promise<Boxes> =>
  page.evaluate((sel) => {
    const out: Record<string, { x: number; y: number; w: number }> = {};
    for (const el of document.querySelectorAll<HTMLElement | SVGElement>(sel)) {
      const r = el.getBoundingClientRect();
      out[el.getAttribute('data-token')!] = { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width };
    }
    return out;
  }, selector);

export const tokens = (page: Page) => boxes(page, '.board .token');
export const markBoxes = (page: Page) => boxes(page, '#command-post-overlay .mark');

/** The board's zoom (screen px per scene px). */
export const zoom = (page: Page): Promise<number> =>
  page.evaluate(() => Number(getComputedStyle(document.querySelector('.board')!).getPropertyValue('--zoom')));

/** One animation frame. */
export const frame = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => r())));

/** A mark's status one animation frame from now. */
export const statusNextFrame = (page: Page, id: string) =>
  page.evaluate(
    (token) =>
      new Promise<string | null>((r) =>
        requestAnimationFrame(() =>
          r(
            document.querySelector(`#command-post-overlay .mark[data-token="${token}"]`)?.getAttribute('data-status') ??
              null,
          ),
        ),
      ),
    id,
  );

/**
 * Drags a token with the mouse by (dx, dy) scene px and, before letting go, reads its mark one frame
 * after the last move: the overlay must have followed the drag, not the drop.
 */
export async function dragBy(page: Page, id: string, dx: number, dy: number): Promise<string | null> {
  const from = (await tokens(page))[id]!;
  const z = await zoom(page);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + (dx * z) / 2, from.y + (dy * z) / 2, { steps: 3 });
  await page.mouse.move(from.x + dx * z, from.y + dy * z, { steps: 3 });
  const during = await statusNextFrame(page, id);
  await page.mouse.up();
  return during;
}

/** The popup as a page standing for the demo's tab, its live section shown. */
export async function openPopup(ext: LaunchedExtension, tab: number, opts: { width?: number } = {}): Promise<Page> {
  const popup = await ext.context.newPage();
  await popup.setViewportSize({ width: opts.width ?? 420, height: 900 });
  await popup.goto(`${ext.popupUrl}?tab=${tab}`);
  await popup.getByTestId('board').waitFor({ timeout: 15_000 });
  return popup;
}

/** data-token → data-status of the popup's figures. */
export const popupStatuses = (popup: Page): Promise<Record<string, string>> =>
  popup.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('[data-testid="board-figure"]')].map((li) => [
        li.dataset.token!,
        li.dataset.status!,
      ]),
    ),
  );

export const popupReason = async (popup: Page, id: string) =>
  (
    await popup.locator(`[data-testid="board-figure"][data-token="${id}"] [data-testid="board-reason"]`).textContent()
  )?.trim();

/** Pictures of a scene as a player sees it: the demo table at `board`'s size, settled, and the popup beside it at `popup`'s (README's and stores' pictures). */
export async function boardAndPopup(
  ext: LaunchedExtension,
  scene: string,
  board: { width: number; height: number },
  popupSize: { width: number; height: number },
): Promise<{ board: Buffer; popup: Buffer; errors: string[] }> {
  const { page, tab, errors } = await openDemo(ext, scene, board);
  try {
    // The worker's game and the overlay settled, and no focus ring.
    await page.waitForTimeout(600);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const boardPng = await page.screenshot({ type: 'png' });
    const popup = await openPopup(ext, tab, { width: popupSize.width });
    await popup.setViewportSize(popupSize);
    await popup.locator('[data-next]').first().waitFor();
    await popup.waitForTimeout(300);
    const popupPng = await popup.screenshot({ type: 'png' });
    await popup.close();
    return { board: boardPng, popup: popupPng, errors };
  } finally {
    await page.close();
  }
}
