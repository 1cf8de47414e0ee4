// Fingers for the browser tests: one finger dragged, two pinched, sent through the DevTools protocol
// (Input.dispatchTouchEvent: real touch events, through the browser's own gesture handling, so that
// what touch-action leaves to the browser it takes), and what a phone's or a tablet's screen must
// hold: nothing wider than the screen, every control where a finger reaches it.
import type { CDPSession, Frame, Page } from 'playwright-core';

/** A phone and a tablet, in CSS px, held upright. */
export const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Touch points for one page (its own DevTools session). */
export async function fingers(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: readonly Point[]) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id, radiusX: 4, radiusY: 4, force: 1 })),
    });
  const between = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
  return {
    /** One finger down at `from`, moved to `to` in `steps`; `before(end)` runs before it is lifted. */
    async drag(from: Point, to: Point, steps = 6, before?: () => Promise<unknown>): Promise<void> {
      await send('touchStart', [from]);
      for (let i = 1; i <= steps; i++) await send('touchMove', [between(from, to, i / steps)]);
      await before?.();
      await send('touchEnd', []);
    },
    /**
     * Two fingers down at a0 and b0, moved to a1 and b1 together; `lead`: the first finger moved there
     * before the second comes down (as fingers land a moment apart).
     */
    async pinch(a0: Point, b0: Point, a1: Point, b1: Point, steps = 8, lead?: Point): Promise<void> {
      await send('touchStart', [a0]);
      if (lead) for (let i = 1; i <= 3; i++) await send('touchMove', [between(a0, lead, i / 3)]);
      const from = lead ?? a0;
      await send('touchStart', [from, b0]);
      for (let i = 1; i <= steps; i++)
        await send('touchMove', [between(from, a1, i / steps), between(b0, b1, i / steps)]);
      await send('touchEnd', []);
    },
    close: () => cdp.detach(),
  };
}

export interface Fit {
  /** The screen's width as the page sees it, and how wide the page scrolls. */
  readonly innerWidth: number;
  readonly scrollWidth: number;
  /** What runs past the right edge (or starts left of the left one): the element and where it ends. */
  readonly outside: string[];
}

/**
 * How the page (or frame) fits its width: the scrolling element's width against the window's, and every
 * element outside it, the board's own contents (clipped to the board, which pans them) apart.
 */
export const fit = (page: Page | Frame): Promise<Fit> =>
  page.evaluate(() => {
    const outside: string[] = [];
    const width = window.innerWidth;
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('.board, #command-post-overlay, .visually-hidden, dialog:not([open])')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > width + 0.5 || box.left < -0.5)
        outside.push(
          `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().replaceAll(/\s+/g, '.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.left)}–${Math.round(box.right)}px`,
        );
    }
    return { innerWidth: width, scrollWidth: document.scrollingElement!.scrollWidth, outside };
  });

/**
 * The controls a finger cannot reach: each visible button, field, link and summary scrolled to the
 * middle of the screen must stand inside its width, and be what a touch at its centre lands on (not
 * covered by something else). Returns what fails, and how many were tried.
 */
export const unreachable = (page: Page | Frame, within = 'body'): Promise<{ tried: number; problems: string[] }> =>
  page.evaluate((root) => {
    const problems: string[] = [];
    let tried = 0;
    const scroller = document.scrollingElement!;
    const start = { x: scroller.scrollLeft, y: scroller.scrollTop };
    const controls = document
      .querySelector(root)!
      .querySelectorAll<HTMLElement>(
        'button, input:not([type="hidden"]), select, textarea, a[href], summary, [role="button"]',
      );
    for (const el of controls) {
      if (el.closest('.visually-hidden, dialog:not([open])') || el.matches('.board .token')) continue;
      // Inside a closed disclosure: not on screen, nothing to reach yet.
      const closed = el.closest('details:not([open])');
      if (closed && !(el.tagName === 'SUMMARY' && el.parentElement === closed)) continue;
      if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      tried++;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const box = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${(el.textContent || (el as HTMLInputElement).value || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
        problems.push(`${name} stands at ${Math.round(box.left)}–${Math.round(box.right)}px of ${window.innerWidth}`);
        continue;
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const label = hit?.closest('label');
      if (!hit || !(el.contains(hit) || (label && label.contains(el))))
        problems.push(`${name} is under ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)}` : 'nothing'}`);
    }
    scroller.scrollTo(start.x, start.y);
    return { tried, problems };
  }, within);

/**
 * The controls smaller than a finger's target (WCAG 2.2's 24 × 24 CSS px, measured on each control's
 * own box, not axe's spacing exception): every visible input, button, summary, select and link, the
 * board's figures apart (drawn at the scene's scale). Returns each one too small, with its size.
 */
export const smallTargets = (page: Page | Frame, min = 24): Promise<string[]> =>
  page.evaluate((min) => {
    const small: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>(
      'input:not([type="hidden"]), button, summary, select, a[href]',
    )) {
      if (el.closest('.visually-hidden, dialog:not([open])') || el.matches('.board .token')) continue;
      const closed = el.closest('details:not([open])');
      if (closed && !(el.tagName === 'SUMMARY' && el.parentElement === closed)) continue;
      if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      if (box.width + 0.01 >= min && box.height + 0.01 >= min) continue;
      const name = `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${(el.textContent || (el as HTMLInputElement).value || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
      small.push(`${name} ${Math.round(box.width * 10) / 10} × ${Math.round(box.height * 10) / 10}`);
    }
    return small;
  }, min);

/**
 * Opens an extension page (the popup) as a phone's browser opens it: its viewport, and a finger for a
 * pointer. Playwright's `hasTouch` reaches the page's touch points but not, on Chromium's extension
 * pages, its `(pointer: coarse)` media query (measured: false there, true on a web page of the same
 * context), and the popup's CSS sizes its controls for a finger by that query. The DevTools protocol's
 * own touch emulation sets both; it lasts while its session is attached and until the page navigates,
 * so it is set after the page loads and its session kept.
 */
export async function openAsTouchScreen(
  page: Page,
  url: string,
  screen: { width: number; height: number },
): Promise<void> {
  await page.setViewportSize({ width: screen.width, height: screen.height });
  await page.goto(url);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  if (!(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)))
    throw new Error(`${url}: still no coarse pointer`);
}
