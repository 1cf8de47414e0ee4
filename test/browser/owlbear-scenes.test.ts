// Every rule system's board on Owlbear: each system's worked example (the demo table's scene, which
// test/unit/demo/scenes.test.ts holds to its board scenario, test/scenarios/<id>/board-*.json) laid
// out as Owlbear tokens on the test host, its game loaded into the scene, and what each client draws
// as local items compared with what the core computes in Node for the same table (test/support/demo.ts).
import type { FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleBoard, exampleRequest } from '../../src/adapters/demo/example';
import { SYSTEM_IDS } from '../../src/rules/ids';
import { exampleView, statuses } from '../support/demo';
import { GM, PLAYER, drawn, gridOf, host, itemsOf, launchPlain, openAction, openRoom, sendFrom, type Launched, type Room } from './owlbear';

let l: Launched;
let room: Room;
let gm: FrameLocator;

beforeAll(async () => {
  l = await launchPlain();
  room = await openRoom(l.context, l.servers, [GM, PLAYER]);
  gm = await openAction(room.page, GM.connectionId);
}, 120_000);
afterAll(async () => {
  await l?.close();
});

describe.each(SYSTEM_IDS)('the %s worked example on Owlbear', (system) => {
  it('draws, for the game master and the player, what the core computes for its board', async () => {
    const board = exampleBoard(system);
    await host(room.page, 'setGrid', gridOf(board.scene));
    await host(room.page, 'setItems', itemsOf(system));
    expect((await sendFrom(gm, { type: 'store/select-system', system })).ok).toBe(true);
    const loaded = await sendFrom(gm, exampleRequest(system));
    expect(loaded.ok, JSON.stringify(loaded.error)).toBe(true);
    const view = exampleView(system);
    const want = statuses(view);
    const rings: Record<string, string[]> = {};
    for (const r of view.rings) (rings[r.id] ??= []).push(r.kind);
    for (const k of Object.keys(rings)) rings[k]!.sort();
    const edges = Object.fromEntries(view.edges.map((e) => [e.to, { from: e.from, kind: e.kind }]));
    for (const conn of [GM.connectionId, PLAYER.connectionId]) {
      await expect.poll(async () => (await drawn(room.page, conn)).marks, { timeout: 15_000 }).toEqual(want);
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

describe('after every system', () => {
  it('no page had an error', () => {
    expect(room.errors).toEqual([]);
  });
});
