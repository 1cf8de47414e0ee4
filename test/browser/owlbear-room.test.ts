// The Owlbear Rodeo extension as a real room: a game master, a player and a hostile player on the
// test host, under both readings of where Owlbear merges a metadata update (test/fixtures/owlbear/host.ts:
// by key on Owlbear's side, or over the writer's own copy, which lags behind here). A token hidden
// from players never reaches the player; a write Owlbear refuses is shown as pending, then failed
// with a way to try again, and lands by itself without any other change at the table; and the
// hostile player's writes spoil nothing but his own actions, while the game master is told.
import type { FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_KEY, OPS_PREFIX, PART_PREFIX, RECORD_KEY, SCENE_KEY } from '../../src/adapters/owlbear/keys';
import { digest } from '../../src/shared-game/records';
import { tokenItem } from '../support/owlbear-items';
import {
  GM,
  HOSTILE,
  PLAYER,
  drawn,
  host,
  launchPlain,
  openAction,
  openRoom,
  sendFrom,
  type Launched,
  type Room,
} from './owlbear';

const HIDDEN = 'Ambusher Von Hidden';
const hd = (event: object) => ({ type: 'game/dispatch', system: 'hd-command', event });
const current = (frame: FrameLocator, side: 'A' | 'B') => frame.getByTestId(`current-${side}`).textContent();

describe.each(['server', 'client'] as const)('an Owlbear room (%s merge)', (merge) => {
  let l: Launched;
  let room: Room;
  let gm: FrameLocator;
  let player: FrameLocator;

  beforeAll(async () => {
    l = await launchPlain();
    room = await openRoom(l.context, l.servers, [GM, PLAYER, HOSTILE], { merge, lag: 40 });
    gm = await openAction(room.page, GM.connectionId);
    player = await openAction(room.page, PLAYER.connectionId);
    expect((await sendFrom(gm, { type: 'store/select-system', system: 'hd-command' })).ok).toBe(true);
    await host(room.page, 'setItems', [
      tokenItem({
        id: 'cap',
        name: 'Capitaine',
        x: 225,
        y: 225,
        size: 150,
        tag: { side: '1', role: 'leader', unit: 'u1' },
      }),
      tokenItem({ id: 'f1', name: 'Fusilier', x: 375, y: 225, size: 150, tag: { side: '1', unit: 'u1' } }),
      tokenItem({
        id: 'spy',
        name: HIDDEN,
        x: 975,
        y: 225,
        size: 150,
        tag: { side: '2', role: 'leader', unit: 'u2' },
        visible: false,
      }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await l?.close();
  });

  it('a token hidden from players is never offered to the roster, and never reaches the player', async () => {
    // The game master's board lists it; the roster taken from the board leaves it out.
    await expect
      .poll(() => gm.locator('[data-testid="board-figure"][data-token="spy"]').count(), { timeout: 15_000 })
      .toBe(1);
    // The live section is one line that opens (the game comes first).
    await gm.getByTestId('board-details').evaluate((d) => void ((d as HTMLDetailsElement).open = true));
    await gm.getByTestId('board-roster-take').click();
    const offered = await gm
      .getByTestId('board-roster-name')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(offered.sort()).toEqual(['Capitaine', 'Fusilier']);
    await gm.getByTestId('board-roster-apply').click();
    for (const r of [hd({ type: 'rosterSet', side: 'B', fighters: [{ name: 'Chef', cmd: 5 }] }), hd({ type: 'start' })])
      expect((await sendFrom(gm, r)).ok).toBe(true);
    await expect.poll(() => current(player, 'A'), { timeout: 15_000 }).toBe('2');
    // Nothing in the player's popover, his drawing or his board names or counts it.
    const text = await player.locator('body').evaluate((b) => (b as HTMLElement).innerText + b.innerHTML);
    expect(text).toContain('Capitaine');
    expect(text).not.toContain(HIDDEN);
    expect(await player.locator('[data-token="spy"]').count()).toBe(0);
    expect(JSON.stringify((await drawn(room.page, PLAYER.connectionId)).items)).not.toMatch(/spy|Ambusher/);
    // (Hell Dorado marks no fighter that is not lost: the game master's drawing of a hidden token is
    // owlbear-table.test.ts's, on Les bandes de Champagne.)
    expect(await gm.locator('[data-testid="board-figure"][data-token="spy"]').count()).toBe(1);
    // Nor anything the scene's game holds.
    expect(JSON.stringify(await host(room.page, 'metadata'))).not.toContain('Ambusher');
  });

  it('a write Owlbear refuses shows as pending and is written again by itself until it lands, with no other change at the table', async () => {
    await host(room.page, 'refuseWrites', PLAYER.connectionId, 2);
    const before = await host<Record<string, unknown>>(room.page, 'metadata');
    await player.locator('#play-B-amount').fill('1');
    await player.getByTestId('spend-temp-B').click();
    await expect
      .poll(() => player.getByTestId('owlbear-unsent').getAttribute('data-status'), { timeout: 5000 })
      .toBe('pending');
    // Nobody else does anything: the player's page writes again (1 s, then 2 s later) until the scene holds it.
    await expect.poll(() => current(gm, 'B'), { timeout: 15_000 }).toBe('4');
    await expect.poll(() => player.getByTestId('owlbear-unsent').count(), { timeout: 10_000 }).toBe(0);
    const refused = await room.page.evaluate(
      () => (window as unknown as { obr: { state: { refused: string[] } } }).obr.state.refused,
    );
    expect(refused.filter((c) => c === PLAYER.connectionId)).toHaveLength(2);
    const after = await host<Record<string, unknown>>(room.page, 'metadata');
    // The only keys that changed are the player's own (his pages, and his key's signature of them), and the game master's checkpoint that took his action in (with the game master's page saying how far it covers him, and its signature of his pages).
    const changed = Object.keys({ ...before, ...after }).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    expect(
      changed
        .filter(
          (k) => k !== GAME_KEY && !k.startsWith(PART_PREFIX) && !k.startsWith(`${OPS_PREFIX}${GM.connectionId}.bg`),
        )
        .sort(),
    ).toEqual([`${OPS_PREFIX}${PLAYER.connectionId}.bg`, `${OPS_PREFIX}${PLAYER.connectionId}.bg.s`]);
  });

  it('a write refused again and again shows as failed, with a way to try again now', async () => {
    // (Refused until the page says it failed: how many attempts that takes is the page's business, and
    // its pages and their signature may go in one write or two.)
    await host(room.page, 'refuseWrites', PLAYER.connectionId, 1000);
    await player.getByTestId('spend-temp-B').click();
    await expect
      .poll(() => player.getByTestId('owlbear-unsent').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('failed');
    expect(await current(gm, 'B')).toBe('4');
    await host(room.page, 'refuseWrites', PLAYER.connectionId, 0);
    await player.getByTestId('owlbear-retry').click();
    await expect.poll(() => current(gm, 'B'), { timeout: 5000 }).toBe('3');
    await expect.poll(() => player.getByTestId('owlbear-unsent').count(), { timeout: 10_000 }).toBe(0);
  });

  it('a hostile player’s writes spoil only his own actions: the game goes on, both agree, the game master is told', async () => {
    // The hostile player runs a client of his own: no Command Post page of his writes for him.
    await host(room.page, 'stopPages', HOSTILE.connectionId);
    const meta = await host<Record<string, unknown>>(room.page, 'metadata');
    const scene = meta[SCENE_KEY] as string;
    const gmKey = `${OPS_PREFIX}${GM.connectionId}.bg`;
    const gmPage = (meta[gmKey] ?? null) as { ops?: { seq: number }[]; done?: number } | null;
    const gmNext = Math.max(gmPage?.done ?? 0, ...(gmPage?.ops ?? []).map((o) => o.seq)) + 1;
    const mine = {
      v: 2,
      scene,
      done: 0,
      ops: [
        // A huge clock, a forged game master's claim, a forged author, in his own key.
        {
          seq: 1,
          lamport: Number.MAX_SAFE_INTEGER,
          by: HOSTILE.id,
          request: hd({ type: 'spend', side: 'A', amount: 1, permanent: false }),
        },
        {
          seq: 2,
          lamport: 50,
          by: HOSTILE.id,
          gm: true,
          request: { type: 'scene/seats', player: HOSTILE.id, name: 'Mallory', seats: [0, 1] },
        },
        { seq: 3, lamport: 51, by: PLAYER.id, request: hd({ type: 'spend', side: 'B', amount: 1, permanent: false }) },
      ],
    };
    // He signs it in his own player metadata: it is his key, his word.
    await host(room.page, 'setPlayerMetadata', HOSTILE.connectionId, {
      [RECORD_KEY]: {
        v: 1,
        ops: [{ s: scene, h: digest([mine, null, null, null, null, null, null, null]), n: 3 }],
        cp: [],
      },
    });
    await host(room.page, 'writeMetadata', {
      [`${OPS_PREFIX}${HOSTILE.connectionId}.bg`]: mine,
      // An op in the game master's key, seating himself; and one under a page name the game master's connection has none of.
      [gmKey]: {
        ...(gmPage ?? { v: 2, scene, done: 0 }),
        ops: [
          ...(gmPage?.ops ?? []),
          {
            seq: gmNext,
            lamport: 52,
            by: GM.id,
            gm: true,
            request: { type: 'scene/seats', player: HOSTILE.id, name: 'Mallory', seats: [0, 1] },
          },
        ],
      },
      [`${OPS_PREFIX}${GM.connectionId}.x`]: {
        v: 2,
        scene,
        done: 0,
        ops: [
          {
            seq: 1,
            lamport: 53,
            by: GM.id,
            gm: true,
            request: { type: 'scene/seats', player: HOSTILE.id, name: 'Mallory', seats: [0, 1] },
          },
        ],
      },
      // A flood of keys of no one at the table.
      ...Object.fromEntries(
        Array.from({ length: 100 }, (_, i) => [
          `${OPS_PREFIX}fake${i}.bg`,
          {
            v: 2,
            scene,
            done: 0,
            ops: [
              {
                seq: 1,
                lamport: 1,
                by: `fake${i}`,
                request: hd({ type: 'spend', side: 'A', amount: 1, permanent: false }),
              },
            ],
          },
        ]),
      ),
    });
    // The game goes on: a spend from each honest side, both seen alike.
    await gm.locator('#play-A-amount').fill('1');
    await gm.getByTestId('spend-temp-A').click();
    await player.locator('#play-B-amount').fill('1');
    await player.getByTestId('spend-temp-B').click();
    for (const f of [gm, player]) {
      await expect.poll(() => current(f, 'A'), { timeout: 15_000 }).toBe('1');
      await expect.poll(() => current(f, 'B'), { timeout: 15_000 }).toBe('2');
    }
    // The game master's key is his again; nobody was seated by the forgeries.
    await expect
      .poll(async () => JSON.stringify((await host<Record<string, unknown>>(room.page, 'metadata'))[gmKey]), {
        timeout: 10_000,
      })
      .not.toContain(HOSTILE.id);
    expect(await player.getByTestId('owlbear-me').textContent()).not.toMatch(/You act for/);
    // The game master is told whose key, and what.
    const list = gm.getByTestId('owlbear-refused-table');
    await expect.poll(() => list.count(), { timeout: 10_000 }).toBe(1);
    await list.locator('summary').click();
    await expect
      .poll(async () => (await list.locator('li').allTextContents()).join('\n'), { timeout: 10_000 })
      .toMatch(/Mallory \(conn-h\.bg\): op 2: says its author acted as game master/);
    const lines = (await list.locator('li').allTextContents()).join('\n');
    expect(lines).toMatch(/Mallory \(conn-h\.bg\): op 1: clock 9007199254740991 above/);
    expect(lines).toMatch(/Mallory \(conn-h\.bg\): op 3: names player-p1 as its author/);
    expect(lines).toMatch(/Gamemaster \(conn-gm\.bg\): holds what this page did not write/);
    expect(lines).toMatch(/Gamemaster \(conn-gm\.x\): no writer writes this key/);
    expect(lines).toMatch(/no one at this table/);
    expect(room.errors).toEqual([]);
  });
});
