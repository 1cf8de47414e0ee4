// Every army scene of the demo table, at the fit it opens with, read on real screenshots as a player
// with protanopia, deuteranopia or tritanopia (Machado et al. 2009, severity 1) or in greyscale sees
// it (issue 27: "each status tells itself apart ... at the fit zoom of every army scene"). The board
// is shot twice, with the marks' rings and badges and without them: the pixels that changed in the
// core of each ring's stroke are its colour as drawn. Any two statuses on the board are told apart
// when the median colours of their rings differ by ΔE2000 ≥ 10 in every vision, or else when their
// badges differ in shape and are drawn at least 8 px large. Every badge at fit is that large, and every
// ring long enough to show its pattern three times over. The palette's own check is
// test/unit/board/palette.test.ts.
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARK_LOOKS, CLOSE_UP_DASH } from '../../src/board/look';
import type { MarkStatus } from '../../src/board/model';
import { MIN_DELTA_E, seenDifference, VISIONS, type Rgb } from '../support/cvd';
import { openDemo } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';

/** The least size of a badge on screen, px (its larger side): a shape read at 14 px figures. */
const MIN_BADGE_PX = 8;
/** A ring shows its dash pattern at least this many times around. */
const MIN_PATTERN_REPEATS = 3;

let ext: LaunchedExtension;
let armies: string[] = [];
beforeAll(async () => {
  ext = await launchExtension();
  const { page } = await openDemo(ext);
  const scenes = await page
    .locator('[data-testid="demo-scene"] option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  armies = scenes.filter((s) => s.includes('army'));
  await page.close();
});
afterAll(async () => {
  await ext?.close();
});

interface DrawnMark {
  readonly token: string;
  /** The status, `out:close-up` for Les bandes de Champagne's must close up. */
  readonly look: string;
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly width: number;
}
interface DrawnBadge {
  readonly token: string;
  readonly look: string;
  readonly shape: string;
  readonly box: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
}

const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** The marks and badges as drawn, in client px, and the board's rectangle. */
const drawn = (page: Page) =>
  page.evaluate(() => {
    const svg = document.querySelector('#command-post-overlay')!;
    const board = document.querySelector('.board')!.getBoundingClientRect();
    const lookOf = (el: Element) =>
      `${el.getAttribute('data-status')}${el.hasAttribute('data-close-up') ? ':close-up' : ''}`;
    const closeUp = new Set([...svg.querySelectorAll('.mark[data-close-up]')].map((m) => m.getAttribute('data-token')));
    const marks = [...svg.querySelectorAll<SVGCircleElement>('.mark')].map((m) => {
      const b = m.getBoundingClientRect();
      return {
        token: m.getAttribute('data-token')!,
        look: lookOf(m),
        x: b.x + b.width / 2,
        y: b.y + b.height / 2,
        r: b.width / 2,
        width: Number(m.getAttribute('stroke-width')),
      };
    });
    const badges = [...svg.querySelectorAll('.badge')].map((el) => {
      const b = el.getBoundingClientRect();
      const token = el.getAttribute('data-token')!;
      return {
        token,
        look: `${el.getAttribute('data-status')}${closeUp.has(token) ? ':close-up' : ''}`,
        shape: el.getAttribute('data-badge')!,
        box: { x: b.x, y: b.y, w: b.width, h: b.height },
      };
    });
    const figures = [...document.querySelectorAll('.board .token')].map((t) => t.getBoundingClientRect().width);
    return {
      board: { x: board.x, y: board.y, width: board.width, height: board.height },
      marks,
      badges,
      figure: Math.min(...figures),
    };
  });

/** The board's pixels, marks shown or hidden. */
async function shoot(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
  marks: boolean,
): Promise<PNG> {
  await page.evaluate((shown) => {
    for (const layer of document.querySelectorAll<SVGGElement>(
      '#command-post-overlay [data-layer="marks"], #command-post-overlay [data-layer="badges"]',
    ))
      layer.style.visibility = shown ? '' : 'hidden';
  }, marks);
  await settle(page);
  return PNG.sync.read(await page.screenshot({ clip, animations: 'disabled', caret: 'hide' }));
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Each look's ring colour as drawn: the median of the pixels that changed in the core of its marks'
 * strokes (clear of its badge and of any other figure's ring), and how much of the core changed.
 */
function ringColours(
  shown: PNG,
  hidden: PNG,
  origin: { x: number; y: number; width: number },
  marks: readonly DrawnMark[],
  badges: readonly DrawnBadge[],
) {
  // Device px per client px (1 here; kept should the page's scale change).
  const scale = shown.width / origin.width;
  const pixels = new Map<string, number[][]>();
  const coverage: { token: string; look: string; changed: number; core: number }[] = [];
  for (const m of marks) {
    const band = Math.max(0.5, m.width / 2 - 0.75);
    const others = marks.filter((o) => o !== m && Math.hypot(o.x - m.x, o.y - m.y) < o.r + m.r + o.width + m.width);
    const x0 = Math.floor((m.x - m.r - m.width - origin.x) * scale);
    const y0 = Math.floor((m.y - m.r - m.width - origin.y) * scale);
    const size = Math.ceil(2 * (m.r + m.width) * scale) + 2;
    let changed = 0;
    let core = 0;
    for (let py = Math.max(0, y0); py < Math.min(shown.height, y0 + size); py++) {
      for (let px = Math.max(0, x0); px < Math.min(shown.width, x0 + size); px++) {
        const cx = origin.x + (px + 0.5) / scale;
        const cy = origin.y + (py + 0.5) / scale;
        if (Math.abs(Math.hypot(cx - m.x, cy - m.y) - m.r) > band) continue;
        if (
          badges.some(
            (b) => cx >= b.box.x - 2 && cx <= b.box.x + b.box.w + 2 && cy >= b.box.y - 2 && cy <= b.box.y + b.box.h + 2,
          )
        )
          continue;
        if (others.some((o) => Math.hypot(cx - o.x, cy - o.y) < o.r + o.width)) continue;
        core++;
        const i = 4 * (py * shown.width + px);
        const a = [shown.data[i]!, shown.data[i + 1]!, shown.data[i + 2]!];
        const b = [hidden.data[i]!, hidden.data[i + 1]!, hidden.data[i + 2]!];
        if (Math.max(Math.abs(a[0]! - b[0]!), Math.abs(a[1]! - b[1]!), Math.abs(a[2]! - b[2]!)) < 24) continue;
        changed++;
        if (!pixels.has(m.look)) pixels.set(m.look, []);
        pixels.get(m.look)!.push(a);
      }
    }
    coverage.push({ token: m.token, look: m.look, changed, core });
  }
  const colours = new Map<string, Rgb>();
  for (const [look, px] of pixels)
    colours.set(look, [median(px.map((p) => p[0]!)), median(px.map((p) => p[1]!)), median(px.map((p) => p[2]!))]);
  return { colours, coverage, counts: new Map([...pixels].map(([k, v]) => [k, v.length])) };
}

const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const dashOf = (look: string): readonly number[] =>
  look === 'out:close-up' ? CLOSE_UP_DASH : MARK_LOOKS[look as MarkStatus].dash;

describe('the army scenes read without colour, on real screenshots at fit', () => {
  it('lists the army scenes', () => {
    expect(armies.length).toBeGreaterThanOrEqual(5);
  });

  it('tells every status on the board apart under protanopia, deuteranopia, tritanopia and in greyscale', async () => {
    const report: string[] = [];
    const failures: string[] = [];
    for (const scene of armies) {
      const { page, errors } = await openDemo(ext, scene);
      await page.mouse.move(0, 0);
      // The worker's game arrives a moment after the page: wait for the marks to stop changing.
      let before = '';
      await expect
        .poll(
          async () => {
            await page.waitForTimeout(150);
            const now = JSON.stringify((await drawn(page)).marks.map((m) => [m.token, m.look]));
            const same = now === before && now !== '[]';
            before = now;
            return same;
          },
          { timeout: 10_000, interval: 0 },
        )
        .toBe(true);
      const { board, marks, badges, figure } = await drawn(page);
      const clip = {
        x: Math.round(board.x),
        y: Math.round(board.y),
        width: Math.round(board.width),
        height: Math.round(board.height),
      };
      const shown = await shoot(page, clip, true);
      const hidden = await shoot(page, clip, false);
      await shoot(page, clip, true);
      const { colours, coverage, counts } = ringColours(shown, hidden, clip, marks, badges);
      const looks = [...new Set(marks.map((m) => m.look))].sort();

      const problems: string[] = [];
      const check = (ok: boolean, what: string) => {
        if (!ok) problems.push(what);
      };
      // Every ring was found on the screenshot: a solid one whole (the sampler reads the stroke), a patterned one broken.
      for (const c of coverage) {
        check(c.core > 8, `${c.token}'s ring is not on screen (${c.core} px)`);
        const part = c.changed / c.core;
        if (dashOf(c.look).length === 0)
          check(part >= 0.8, `${c.token} (${c.look}): solid ring drawn ${Math.round(100 * part)} % whole`);
        else check(part < 0.9, `${c.token} (${c.look}): patterned ring drawn ${Math.round(100 * part)} % whole`);
      }
      for (const look of looks) check((counts.get(look) ?? 0) > 10, `${look}: ${counts.get(look) ?? 0} ring pixels`);

      // Badges: each large enough to read its shape; rings: each long enough for its pattern.
      const badgePx = badges.map((b) => Math.max(b.box.w, b.box.h));
      for (const b of badges)
        check(
          Math.max(b.box.w, b.box.h) >= MIN_BADGE_PX,
          `${b.token}'s ${b.shape} badge: ${Math.max(b.box.w, b.box.h).toFixed(1)} px`,
        );
      for (const m of marks) {
        const period = dashOf(m.look).reduce((sum, d) => sum + d, 0);
        if (period > 0)
          check(
            (2 * Math.PI * m.r) / period >= MIN_PATTERN_REPEATS,
            `${m.token}'s ring: its pattern ${((2 * Math.PI * m.r) / period).toFixed(1)} times around`,
          );
      }

      // Any two statuses: their ring colours apart in every vision, or their badges differ and are large.
      const shapeOf = (look: string) => MARK_LOOKS[look.split(':')[0] as MarkStatus].badge;
      const badgesLarge = (look: string) =>
        badges.filter((b) => b.look === look).every((b) => Math.max(b.box.w, b.box.h) >= MIN_BADGE_PX);
      /** The least ΔE2000 in each vision between two statuses of different colours, and which. */
      const minimum: Record<string, { dE: number; pair: string }> = {};
      for (const [i, a] of looks.entries()) {
        for (const b of looks.slice(i + 1)) {
          // Out of command and must close up are one status: the close-up is told by its dashes alone.
          if (a.split(':')[0] === b.split(':')[0]) continue;
          for (const vision of VISIONS) {
            const dE = seenDifference(colours.get(a)!, colours.get(b)!, vision);
            if (
              MARK_LOOKS[a.split(':')[0] as MarkStatus].colour !== MARK_LOOKS[b.split(':')[0] as MarkStatus].colour &&
              dE < (minimum[vision]?.dE ?? Infinity)
            )
              minimum[vision] = { dE, pair: `${a}/${b}` };
            if (dE >= MIN_DELTA_E) continue;
            check(
              shapeOf(a) !== shapeOf(b) && badgesLarge(a) && badgesLarge(b),
              `${a} ${hex(colours.get(a)!)} and ${b} ${hex(colours.get(b)!)}: ΔE2000 ${dE.toFixed(1)} (${vision}), badges ${shapeOf(a)}/${shapeOf(b)}`,
            );
          }
        }
      }
      report.push(
        `${scene}: figures ${figure.toFixed(1)} px, badges ${Math.min(...badgePx).toFixed(1)}–${Math.max(...badgePx).toFixed(1)} px; ` +
          `${looks.map((l) => `${l} ${hex(colours.get(l)!)}`).join(', ')}; least ΔE2000 between statuses: ${VISIONS.map((v) => `${v} ${minimum[v] ? `${minimum[v].dE.toFixed(1)} (${minimum[v].pair})` : '—'}`).join(', ')}`,
      );
      failures.push(...problems.map((p) => `${scene}: ${p}`), ...errors.map((e) => `${scene}: page error: ${e}`));
      await page.close();
    }
    console.log(report.join('\n'));
    expect(failures).toEqual([]);
  });
});
