// The Owlbear popover on a phone (390 × 844) and a tablet (768 × 1024), played with a finger
// (issue 29): the test host's page in a touch-screen Chromium, the popover's frame as wide as Owlbear
// can make it there (the phone's whole width; its 420 px on the tablet). It fits (nothing wider than
// the frame, every control where a finger reaches it); a tap on the finder selects the next figure
// out of command in Owlbear and says why, the board opens its words and the popover lists it; a tap
// opens the board's list with each figure's reason; an order is given by taps; axe (target size
// included) finds nothing in Owlbear's light and dark themes, whichever the system's own, and the
// notices' colours keep their contrast under either.
import type { BrowserContext, Frame, FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneBoard, sceneRequest } from '../../src/adapters/demo/example';
import { sceneRef, type SceneId } from '../../src/adapters/demo/scenes';
import { finderStops } from '../../src/board/finder';
import { sceneView } from '../support/demo';
import { axeProblems } from './axe';
import {
  GM,
  drawn,
  gridOf,
  host,
  itemsOf,
  launchPlain,
  openAction,
  openRoom,
  sendFrom,
  type Launched,
  type Room,
} from './owlbear';
import { fit, SCREENS, unreachable } from './touch';

let l: Launched;
let context: BrowserContext;
let room: Room;
let gm: FrameLocator;
let frame: Frame;

beforeAll(async () => {
  l = await launchPlain();
  context = await l.browser.newContext({
    viewport: { width: SCREENS[0].width, height: SCREENS[0].height },
    hasTouch: true,
  });
  room = await openRoom(context, l.servers, [GM]);
  gm = await openAction(room.page, GM.connectionId);
  frame = (await (await room.page.$(`iframe[data-conn="${GM.connectionId}"][data-page="action"]`))!.contentFrame())!;
}, 120_000);
afterAll(async () => {
  await context?.close();
  await l?.close();
});

/** The host page at the screen's size, the popover as wide as Owlbear can make it there (its 420 px, or the screen's width) and as tall as it holds. */
async function screenOf(screen: { width: number; height: number }): Promise<void> {
  await room.page.setViewportSize({ width: screen.width, height: screen.height });
  await room.page.evaluate(
    ([conn, w, h]) => {
      document.body.style.margin = '0';
      const iframe = document.querySelector<HTMLIFrameElement>(`iframe[data-conn="${conn}"][data-page="action"]`)!;
      iframe.width = String(w);
      iframe.height = String(h);
      iframe.style.cssText = 'border:0;margin:0;display:block';
    },
    [GM.connectionId, Math.min(420, screen.width), screen.height - 80] as const,
  );
  await expect.poll(() => frame.evaluate(() => window.innerWidth)).toBe(Math.min(420, screen.width));
}

/** A demo scene laid out as Owlbear tokens, its game the scene's, loaded by the game master. */
async function loadScene(scene: SceneId): Promise<void> {
  await host(room.page, 'setGrid', gridOf(sceneBoard(scene).scene));
  await host(room.page, 'setItems', itemsOf(scene));
  for (const r of [{ type: 'store/select-system', system: sceneRef(scene)!.system }, sceneRequest(scene)]) {
    const answer = await sendFrom(gm, r);
    expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
  }
}

const report = (problems: Awaited<ReturnType<typeof axeProblems>>) =>
  problems.map((p) => `${p.impact} ${p.id}: ${p.help} — ${p.targets.slice(0, 4).join(', ')}`);

/** Contrast of a notice's words on its ground, for each kind of notice the popover shows (made for the measure, then taken away). */
const noticeContrast = () =>
  frame.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const out: Record<string, number> = {};
    const at = document.querySelector('.popup') ?? document.body;
    for (const cls of ['notice', 'refusal', 'field-error', 'board-notice', 'cr-tie', 'owlbear-problems']) {
      const p = document.createElement('p');
      p.className = cls;
      p.textContent = 'Aa';
      at.append(p);
      const s = getComputedStyle(p);
      const [a, b] = [lum(s.color), lum(s.backgroundColor)];
      out[cls] = Math.round(((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)) * 100) / 100;
      p.remove();
    }
    return out;
  });

describe.each(SCREENS)('the Owlbear popover on a $name ($width × $height), by touch', (screen) => {
  it("fits and is in reach; a tap finds a figure out of command (selected in Owlbear, its words opened) and says why; a tap opens every figure's reason", async () => {
    await screenOf(screen);
    await loadScene('bdc');
    const stops = finderStops(sceneView('bdc'));
    expect(stops.length, 'figures out of command in the example').toBeGreaterThan(0);
    const finder = gm.getByTestId('owlbear-finder');
    await expect.poll(() => finder.textContent(), { timeout: 15_000 }).toContain(`(${stops.length})`);
    // The board's list opened (two taps; the popover keeps them open from the other screen's test), so that what is checked is what a player reaches.
    for (const details of [gm.getByTestId('board-details'), gm.getByTestId('board-links')]) {
      if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await details.locator('> summary').tap();
      await expect.poll(() => details.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    }
    const reasons = gm.locator('[data-testid="board-figure"] [data-testid="board-reason"]');
    await expect.poll(() => reasons.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const f = await fit(frame);
    expect(f.scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(f.innerWidth);
    expect(f.outside).toEqual([]);
    const reach = await unreachable(frame);
    expect(reach.tried).toBeGreaterThan(5);
    expect(reach.problems).toEqual([]);
    // Each reason's words whole within the popover's width.
    for (const box of await reasons.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right };
      }),
    )) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(f.innerWidth + 0.5);
    }

    // The next stop (the popover goes on from the one it found last, on the other screen's test).
    const view = () => host<{ selection: string[] }>(room.page, 'viewOf', GM.connectionId);
    const was = (await view()).selection;
    await finder.tap();
    await expect.poll(async () => (await view()).selection, { timeout: 10_000 }).not.toEqual(was);
    const selection = (await view()).selection;
    expect(selection).toHaveLength(1);
    const stop = stops.find((s) => s.token === selection[0])!;
    expect(stop, `${selection[0]} is one of the figures out: ${stops.map((s) => s.token).join(', ')}`).toBeDefined();
    const said = (await gm.getByTestId('owlbear-finder-said').textContent())!;
    expect(said).toContain(stop.name);
    // The popover lists it as selected, with its reason as the board's list words it.
    const listed = (await gm
      .locator(`[data-testid="board-figure"][data-token="${stop.token}"] [data-testid="board-reason"]`)
      .textContent())!.trim();
    await expect
      .poll(() => gm.locator(`[data-testid="board-selected"] li[data-token="${stop.token}"]`).textContent(), {
        timeout: 10_000,
      })
      .toContain(listed);
    // Selected, its words open on the board in full (never the short "✕" form).
    await expect
      .poll(async () => (await drawn(room.page, GM.connectionId)).reasons[stop.token] ?? '', { timeout: 10_000 })
      .toMatch(/^[^✕]{12,}/);
  });

  it('an order given by taps: Desharbes activated, two units ticked, the command given', async () => {
    await screenOf(screen);
    await loadScene('dc');
    const history = gm.getByTestId('history').locator('li');
    await gm.getByTestId('dc-leader-pick-L1').tap();
    const ticks = [gm.getByTestId('dc-pick-U3').locator('input'), gm.getByTestId('dc-pick-U4').locator('input')];
    await ticks[0]!.waitFor();
    // A tap ticks a unit, another takes the tick back (the popover keeps ticks made at this point of
    // the game, as the other screen's test left them: each unit is tapped until it is ticked, one tap
    // changing it each time).
    for (const tick of ticks) {
      for (const want of (await tick.isChecked()) ? [false, true] : [true]) {
        await tick.tap();
        await expect.poll(() => tick.isChecked()).toBe(want);
      }
    }
    // The ticks on the game master's board: both units commanded.
    await expect
      .poll(
        async () => {
          const m = (await drawn(room.page, GM.connectionId)).marks;
          return [m.i1, m.i2];
        },
        { timeout: 10_000 },
      )
      .toEqual(['commanded', 'commanded']);
    const before = await history.count();
    await gm.getByTestId('dc-command').tap();
    await expect.poll(() => history.count(), { timeout: 10_000 }).toBe(before + 1);
    expect(await history.first().textContent()).toContain('Desharbes');
    const f = await fit(frame);
    expect(f.scrollWidth).toBeLessThanOrEqual(f.innerWidth);
    expect(f.outside).toEqual([]);
  });

  it("axe finds nothing, target size included, in Owlbear's light and dark themes under either system theme; notices keep their contrast", async () => {
    await screenOf(screen);
    await loadScene('cr');
    await gm.getByTestId('board-summary').waitFor();
    await frame.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    for (const mode of ['LIGHT', 'DARK'] as const) {
      await host(room.page, 'setTheme', mode);
      await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.theme)).toBe(mode.toLowerCase());
      for (const colorScheme of ['light', 'dark'] as const) {
        await room.page.emulateMedia({ colorScheme });
        expect(report(await axeProblems(frame, { touch: true })), `Owlbear ${mode}, system ${colorScheme}`).toEqual([]);
        const contrast = await noticeContrast();
        for (const [kind, ratio] of Object.entries(contrast))
          expect(ratio, `${kind} in Owlbear ${mode}, system ${colorScheme}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    await host(room.page, 'setTheme', 'LIGHT');
    await room.page.emulateMedia({ colorScheme: null });
    expect(room.errors).toEqual([]);
  });
});
