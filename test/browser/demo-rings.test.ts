// The command roll's 1" control is drawn where it is measured, from the leader's unit: on the demo's
// command roll army, every unit the board calls eligible reaches into the drawn ring and every unit
// it calls out lies outside it, read from the SVG the page drew (the ring's own fill, as the browser
// hit-tests it), before and after the leader walks away from his unit.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemo } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension();
});
afterAll(async () => {
  await ext?.close();
});

/** Each marked figure: its status, and whether its base (its mark's disc, less the ring drawn round it) reaches into a ring's fill. */
const reach = (page: Page) =>
  page.evaluate(() => {
    const svg = document.querySelector('#command-post-overlay')!;
    const rings = [
      ...svg.querySelectorAll<SVGGeometryElement>('.ring[data-kind="control"], .ring[data-kind="signal"]'),
    ];
    return {
      rings: rings.map((r) => ({ shape: r.getAttribute('data-shape'), from: r.getAttribute('data-from') })),
      figures: [...svg.querySelectorAll<SVGCircleElement>('.mark')].map((m) => {
        const cx = Number(m.getAttribute('cx'));
        const cy = Number(m.getAttribute('cy'));
        // The mark stands 4 px outside its token (content/overlay.ts).
        const r = Number(m.getAttribute('r')) - 4;
        const inside = (shrink: number) => {
          for (let i = 0; i <= 64; i++) {
            const a = (i * Math.PI) / 32;
            const k = i === 64 ? 0 : Math.max(0, r - shrink);
            const p = new DOMPoint(cx + k * Math.cos(a), cy + k * Math.sin(a));
            if (rings.some((g) => g.isPointInFill(p))) return true;
          }
          return false;
        };
        return {
          token: m.getAttribute('data-token')!,
          status: m.getAttribute('data-status')!,
          reaches: inside(-0.5),
          within: inside(0.5),
        };
      }),
    };
  });

describe("the command roll's ring on the demo's army", () => {
  it("holds every eligible unit and none that is out, drawn from the leader's unit, also once he walks away", async () => {
    const { page, errors } = await openDemo(ext, 'cr-army');
    await page.waitForTimeout(300);
    const check = async (when: string) => {
      const { rings, figures } = await reach(page);
      expect(rings.length, when).toBeGreaterThan(0);
      // A leader with a unit of his own: the ring is his unit's outline.
      expect(
        rings.some((r) => r.shape === 'outline' && (r.from ?? '').split(' ').length > 1),
        `${when}: drawn from a unit`,
      ).toBe(true);
      const eligible = figures.filter((f) => f.status === 'eligible');
      const out = figures.filter((f) => f.status === 'out');
      expect(eligible.length, when).toBeGreaterThan(0);
      expect(out.length, when).toBeGreaterThan(0);
      // A unit is eligible if one of its figures is within reach; each out figure lies wholly outside.
      for (const f of out) expect(f.within, `${when}: ${f.token} is out but drawn inside`).toBe(false);
      return eligible;
    };
    const eligible = await check('as the army stands');
    // At least one eligible figure reaches in (its unit's nearest), and every eligible unit has one.
    const units = await page
      .locator('.board .token')
      .evaluateAll((els) =>
        Object.fromEntries(els.map((e) => [(e as HTMLElement).dataset.token!, (e as HTMLElement).dataset.unit ?? ''])),
      );
    const reachedUnits = new Set(eligible.filter((f) => f.reaches).map((f) => units[f.token]));
    for (const f of eligible)
      expect(
        reachedUnits.has(units[f.token]),
        `${f.token}'s unit (${units[f.token]}) is eligible but drawn outside`,
      ).toBe(true);

    // The leader walks three cells away from his unit: the ring stays on the unit, and so do the orders.
    const leader = await page
      .locator('#command-post-overlay .ring[data-kind="control"], #command-post-overlay .ring[data-kind="signal"]')
      .first()
      .getAttribute('data-token');
    await page.locator(`.board .token[data-token="${leader}"]`).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(200);
    const after = await check('after the leader walked away');
    const reachedAfter = new Set(after.filter((f) => f.reaches).map((f) => units[f.token]));
    for (const f of after)
      expect(reachedAfter.has(units[f.token]), `after the walk: ${f.token}'s unit is eligible but drawn outside`).toBe(
        true,
      );
    expect(errors).toEqual([]);
    await page.close();
  });
});
