// Every rule system's board on Owlbear: each system's worked example (the demo table's scene, which
// test/unit/demo/scenes.test.ts holds to its board scenario, test/scenarios/<id>/board-*.json) laid
// out as Owlbear tokens on the test host, its game loaded into the scene, and what each client draws
// as local items compared with what the core computes in Node for the same table (test/support/demo.ts).
import type { FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneBoard, sceneRequest } from '../../src/adapters/demo/example';
import { SCENE_IDS, sceneRef, type SceneId } from '../../src/adapters/demo/scenes';
import { LOCAL_KEY } from '../../src/adapters/owlbear/keys';
import { SYSTEM_IDS } from '../../src/rules/ids';
import { finderStops } from '../../src/board/finder';
import { exampleView, sceneRun, sceneView, statuses } from '../support/demo';
import { visibleView } from '../../src/board/visibility';
import {
  GM,
  PLAYER,
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

let l: Launched;
let room: Room;
let gm: FrameLocator;

beforeAll(async () => {
  l = await launchPlain();
  room = await openRoom(l.context, l.servers, [GM, PLAYER]);
  gm = await openAction(room.page, GM.connectionId);
}, 120_000);
/** The player's popover, opened once for the file (the host keeps one frame per opening). */
let playerFrame: FrameLocator | null = null;
const playerPopover = async (): Promise<FrameLocator> =>
  (playerFrame ??= await openAction(room.page, PLAYER.connectionId));
afterAll(async () => {
  await l?.close();
});

/** A demo scene laid out as Owlbear tokens on the host's scene, its game the scene's, loaded by the game master. */
async function loadScene(scene: SceneId): Promise<void> {
  await host(room.page, 'setGrid', gridOf(sceneBoard(scene).scene));
  await host(room.page, 'setItems', itemsOf(scene));
  const selected = await sendFrom(gm, { type: 'store/select-system', system: sceneRef(scene)!.system });
  expect(selected.ok, JSON.stringify(selected.error)).toBe(true);
  const loaded = await sendFrom(gm, sceneRequest(scene));
  expect(loaded.ok, JSON.stringify(loaded.error)).toBe(true);
}

describe.each(SYSTEM_IDS)('the %s worked example on Owlbear', (system) => {
  it('draws, for the game master and the player, what the core computes for its board', async () => {
    await loadScene(system);
    const view = exampleView(system);
    const want = statuses(view);
    const rings: Record<string, string[]> = {};
    for (const r of view.rings) (rings[r.id] ??= []).push(r.kind);
    for (const k of Object.keys(rings)) rings[k]!.sort();
    const edges = Object.fromEntries(view.edges.map((e) => [e.to, { from: e.from, kind: e.kind }]));
    for (const conn of [GM.connectionId, PLAYER.connectionId]) {
      await expect.poll(async () => (await drawn(room.page, conn)).marks, { timeout: 15_000 }).toEqual(want);
      await expect
        .poll(async () => (await drawn(room.page, conn)).items.filter((i) => i.id.startsWith('cp-note-')).length, {
          timeout: 10_000,
        })
        .toBe(view.notes.length);
      const d = await drawn(room.page, conn);
      expect(d.rings, `${conn} rings`).toEqual(rings);
      expect(d.edges, `${conn} edges`).toEqual(edges);
      // Each mark where its token stands.
      for (const m of view.marks) {
        const item = d.items.find((i) => i.id === `cp-mark-${m.id}`)!;
        expect(item.position.x).toBeCloseTo(m.x, 1);
        expect(item.position.y).toBeCloseTo(m.y, 1);
      }
      // The view's notes (Hell Dorado: each side's Command) as labels.
      expect(d.items.filter((i) => i.id.startsWith('cp-note-'))).toHaveLength(view.notes.length);
    }
  });
});

describe('a choice in progress on Owlbear', () => {
  it("units ticked in the game master's popover show on his board, as the popover greys them; not on the player's", async () => {
    await loadScene('dc');
    await gm.getByTestId('dc-leader-pick-L1').click();
    await gm.getByTestId('dc-pick-U3').locator('input').check();
    await gm.getByTestId('dc-pick-U4').locator('input').check();
    const picks = async (conn: string) => {
      const m = (await drawn(room.page, conn)).marks;
      return [m.i1, m.i2, m.cav];
    };
    // Six hexes from Infantry 1: the cavalry cannot join the two ticked (at most 3 between chosen units).
    await expect.poll(() => picks(GM.connectionId), { timeout: 10_000 }).toEqual(['commanded', 'commanded', 'out']);
    expect(await gm.getByTestId('dc-pick-U7').getAttribute('class')).toContain('greyed');
    // Ticks are the popover's own: nothing of them is written to the scene.
    await expect
      .poll(() => picks(PLAYER.connectionId), { timeout: 10_000 })
      .toEqual(['eligible', 'eligible', 'eligible']);
    await gm.getByTestId('dc-pick-U4').locator('input').uncheck();
    await gm.getByTestId('dc-pick-U3').locator('input').uncheck();
    await expect.poll(() => picks(GM.connectionId), { timeout: 10_000 }).toEqual(['eligible', 'eligible', 'eligible']);
  });
});

describe('after every system', () => {
  it('no page had an error', () => {
    expect(room.errors).toEqual([]);
  });
});

/** The player looks at the whole scene: Owlbear's viewport fitted to its tokens on his 1280 × 800 canvas. */
function fitViewport(scene: SceneId): {
  position: { x: number; y: number };
  scale: number;
  width: number;
  height: number;
} {
  const board = sceneBoard(scene);
  const xs = board.tokens.map((t) => t.x);
  const ys = board.tokens.map((t) => t.y);
  const pad = board.scene.pixelsPerCell * 2;
  const scale = Math.min(
    1280 / (Math.max(...xs) - Math.min(...xs) + 2 * pad),
    800 / (Math.max(...ys) - Math.min(...ys) + 2 * pad),
  );
  return {
    position: { x: -(Math.min(...xs) - pad) * scale, y: -(Math.min(...ys) - pad) * scale },
    scale,
    width: 1280,
    height: 800,
  };
}

type Box = { x: number; y: number; w: number; h: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

// The command roll's army stands mid-turn on numbers whose rosters a shared table keeps sealed: its
// game cannot be loaded there in one go (cr-slot-sealed), as it can on the demo table, where its words
// are checked (demo-words.test.ts). Every other scene is.
const ON_OWLBEAR = SCENE_IDS.filter((id) => id !== 'cr-army');

describe.each(ON_OWLBEAR)('the words of the %s scene on Owlbear', (scene) => {
  it("never overlap on the player's screen, and each fits the box it is drawn in", async () => {
    const { system } = sceneRef(scene)!;
    await loadScene(scene);
    const viewport = fitViewport(scene);
    await host(room.page, 'setViewport', PLAYER.connectionId, viewport);
    const want = statuses(sceneView(scene));
    await expect
      .poll(async () => (await drawn(room.page, PLAYER.connectionId)).marks, { timeout: 15_000 })
      .toEqual(want);
    // A poll of the viewport later, the words are placed for it.
    await new Promise((r) => setTimeout(r, 700));
    const items = (await drawn(room.page, PLAYER.connectionId)).items as unknown as {
      id: string;
      type: string;
      position: { x: number; y: number };
      width?: number;
      height?: number;
      metadata: Record<string, { kind: string; part?: string }>;
    }[];
    const { scale, position } = viewport;
    const boxes = items
      .filter(
        (i) =>
          i.type === 'SHAPE' &&
          ['reason', 'count', 'legend'].includes(i.metadata[LOCAL_KEY]!.kind) &&
          (i.metadata[LOCAL_KEY]!.part === 'box' || i.id === 'cp-legend-box'),
      )
      .map((i) => ({
        id: i.id,
        box: {
          x: i.position.x * scale + position.x,
          y: i.position.y * scale + position.y,
          w: i.width! * scale,
          h: i.height! * scale,
        },
      }));
    // The key at least (a system that reads positions marks every token).
    if (!system.startsWith('hd-'))
      expect(
        boxes.some((b) => b.id === 'cp-legend-box'),
        'the key on the board',
      ).toBe(true);
    for (let a = 0; a < boxes.length; a++) {
      const { id, box } = boxes[a]!;
      expect(
        box.x >= -0.5 && box.y >= -0.5 && box.x + box.w <= 1280.5 && box.y + box.h <= 800.5,
        `${id} on the screen`,
      ).toBe(true);
      for (let b = a + 1; b < boxes.length; b++)
        expect(overlap(box, boxes[b]!.box), `${id} × ${boxes[b]!.id}`).toBe(false);
    }
    // Drawn as the host draws what a player sees, with the browser's own text metrics: each text inside its box.
    await host(
      room.page,
      'render',
      PLAYER.connectionId,
      { x: -position.x / scale, y: -position.y / scale, width: 1280 / scale, height: 800 / scale },
      { width: 1280, height: 800 },
    );
    const spills = await room.page.evaluate(() =>
      [...document.querySelectorAll<SVGTextElement>('#board text[data-box]')]
        .map((t) => {
          const [x, y, w, h] = t.dataset.box!.split(',').map(Number) as [number, number, number, number];
          const b = t.getBBox();
          return b.x >= x - 0.5 && b.x + b.width <= x + w + 0.5 && b.y >= y - h * 0.15 && b.y + b.height <= y + h * 1.15
            ? null
            : `${t.textContent} spills out of its box`;
        })
        .filter(Boolean),
    );
    expect(spills).toEqual([]);
  });
});

describe('the key on Owlbear', () => {
  it("is the player's to switch off and on, from his popover", async () => {
    const player = await playerPopover();
    const key = async () =>
      (await drawn(room.page, PLAYER.connectionId)).items.filter((i) => i.id.startsWith('cp-legend-')).length;
    await expect.poll(key, { timeout: 10_000 }).toBeGreaterThan(2);
    await player.getByTestId('owlbear-legend').uncheck();
    await expect.poll(key, { timeout: 10_000 }).toBe(0);
    await player.getByTestId('owlbear-legend').check();
    await expect.poll(key, { timeout: 10_000 }).toBeGreaterThan(2);
  });
});

describe('the finder on Owlbear', () => {
  it('steps through who is out of the Bandes de Champagne army with the popover’s button and N, Shift+N: each centred in the player’s view, selected, and said with its reason', async () => {
    const scene: SceneId = 'bdc-army';
    await loadScene(scene);
    const player = await playerPopover();
    const stops = finderStops(sceneView(scene));
    expect(stops.length, 'the army has figures out').toBeGreaterThan(2);
    const button = player.getByTestId('owlbear-finder');
    await expect.poll(() => button.textContent(), { timeout: 15_000 }).toContain(`(${stops.length})`);
    const view = () =>
      host<{
        viewport: { position: { x: number; y: number }; scale: number; width: number; height: number };
        selection: string[];
      }>(room.page, 'viewOf', PLAYER.connectionId);
    await host(room.page, 'setViewport', PLAYER.connectionId, { scale: 0.5, position: { x: 0, y: 0 } });
    /** The stop now selected in Owlbear and centred in the player's view (its scale kept). */
    const expectAt = async (i: number) => {
      const stop = stops[i]!;
      await expect.poll(async () => (await view()).selection, { timeout: 10_000 }).toEqual([stop.token]);
      const { viewport: v } = await view();
      expect(v.scale).toBe(0.5);
      expect(stop.x * v.scale + v.position.x).toBeCloseTo(v.width / 2, 3);
      expect(stop.y * v.scale + v.position.y).toBeCloseTo(v.height / 2, 3);
      const said = await player.getByTestId('owlbear-finder-said').textContent();
      expect(said).toContain(`${i + 1} of ${stops.length}`);
      expect(said).toContain(stop.name);
      // Its reason in full words, never the board's short form; on the board too, where its selection opens them.
      expect(said).not.toMatch(/✕/);
      if (stop.reason)
        await expect
          .poll(async () => (await drawn(room.page, PLAYER.connectionId)).reasons[stop.token] ?? '', {
            timeout: 10_000,
          })
          .toMatch(/^[^✕]{12,}/);
    };
    await button.click();
    await expectAt(0);
    await button.click();
    await expectAt(1);
    await player.locator('body').press('n');
    await expectAt(2);
    await player.locator('body').press('Shift+N');
    await expectAt(1);
  });
});

describe('what the board shows on Owlbear, and to whom', () => {
  it('the game master says it for the table: the side whose turn it is on every board, then his marks to himself alone; a player’s own try is refused', async () => {
    const scene: SceneId = 'dc-army';
    await loadScene(scene);
    const run = sceneRun(scene);
    const marksOf = (show: 'all' | 'turn') =>
      statuses(visibleView(run.view, run.bound, { show, gmOnly: false }, { focus: new Set(), gm: true }));
    for (const conn of [GM.connectionId, PLAYER.connectionId])
      await expect.poll(async () => (await drawn(room.page, conn)).marks, { timeout: 15_000 }).toEqual(marksOf('all'));
    await gm.getByTestId('owlbear-show').selectOption('turn');
    const turn = marksOf('turn');
    expect(Object.keys(turn).length).toBeLessThan(Object.keys(marksOf('all')).length);
    for (const conn of [GM.connectionId, PLAYER.connectionId])
      await expect.poll(async () => (await drawn(room.page, conn)).marks, { timeout: 10_000 }).toEqual(turn);
    // His marks to himself: the player's board draws none of the figures' marks, rings, links or words.
    await gm.getByTestId('owlbear-gm-only-set').check();
    await expect
      .poll(
        async () =>
          (await drawn(room.page, PLAYER.connectionId)).items.filter((i) => /^cp-(mark|ring|edge|reason)/.test(i.id))
            .length,
        { timeout: 10_000 },
      )
      .toBe(0);
    expect((await drawn(room.page, GM.connectionId)).marks).toEqual(turn);
    const player = await playerPopover();
    await expect
      .poll(() => player.getByTestId('owlbear-gm-only').textContent())
      .toBe('The game master keeps the board’s marks to himself.');
    expect(await player.getByTestId('owlbear-show').count(), 'the setting is not the player’s').toBe(0);
    // Nor can his page script say otherwise.
    const forced = await player.locator('html').evaluate(() =>
      (
        globalThis as unknown as {
          commandPostSession: { submit(r: unknown): Promise<{ ok: boolean; error?: { code: string } }> };
        }
      ).commandPostSession.submit({ type: 'scene/visibility', show: 'all', gmOnly: false }),
    );
    expect(forced).toMatchObject({ ok: false, error: { code: 'table-gm-only' } });
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      (await drawn(room.page, PLAYER.connectionId)).items.filter((i) => /^cp-(mark|ring|edge|reason)/.test(i.id)),
    ).toEqual([]);
    // Back as it was, for the table.
    await gm.getByTestId('owlbear-gm-only-set').uncheck();
    await gm.getByTestId('owlbear-show').selectOption('all');
    await expect
      .poll(async () => (await drawn(room.page, PLAYER.connectionId)).marks, { timeout: 10_000 })
      .toEqual(marksOf('all'));
  });
});
