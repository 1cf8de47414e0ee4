// The shared game (src/shared-game/) between clients of one Owlbear room whose metadata behaves as
// Owlbear's (whole keys replaced, JSON on the way; each connection's record in its own player
// metadata): what one player does reaches the other, concurrent actions are all played, compaction
// loses nothing, seats decide who acts, anything malformed is dropped alone, and secret rosters stay
// sealed until their number comes up.
import { describe, expect, it } from 'vitest';
import { GAME_KEY, OPS_PREFIX, PART_PREFIX } from '../../../src/adapters/owlbear/keys';
import type { SceneRequest } from '../../../src/shared-game/scene-request';
import { gameOf } from '../../../src/store/load';
import { MemoryKeeper, Room, client, nodeCodec, write, type Client } from '../../support/owlbear-room';

const setup: SceneRequest[] = [
  { type: 'store/select-system', system: 'hd-command' },
  {
    type: 'game/dispatch',
    system: 'hd-command',
    event: {
      type: 'rosterSet',
      side: 'A',
      fighters: [
        { name: 'Capitaine', cmd: 4 },
        { name: 'Sergent', cmd: 2 },
      ],
    },
  },
  {
    type: 'game/dispatch',
    system: 'hd-command',
    event: { type: 'rosterSet', side: 'B', fighters: [{ name: 'Chef', cmd: 5 }] },
  },
  { type: 'game/dispatch', system: 'hd-command', event: { type: 'start' } },
];
const spend = (side: 'A' | 'B', amount = 1): SceneRequest => ({
  type: 'game/dispatch',
  system: 'hd-command',
  event: { type: 'spend', side, amount, permanent: false },
});

/** Submits and writes (and publishes the record); throws on refusal. */
async function act(room: Room, c: Client, request: SceneRequest): Promise<string> {
  const r = await c.game.submit(request);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  write(room, c, r.value.writes);
  return r.value.id;
}

/** Each client reads the room; then each writes what it should, and reads again. */
const sync = async (room: Room, ...clients: Client[]) => {
  for (const c of clients) await room.deliver(c);
  for (const c of clients) write(room, c, c.game.heal());
  for (const c of clients) await room.deliver(c);
};

const current = (c: Client, side: 'A' | 'B') => {
  const game = gameOf(c.game.state.root, 'hd-command');
  const spends = game.log.events
    .slice(0, game.log.cursor)
    .filter((e) => (e as { type: string; side?: string }).type === 'spend' && (e as { side: string }).side === side);
  return spends.reduce((n, e) => n + (e as { amount: number }).amount, 0);
};

const opsIn = (room: Room, writer: string) =>
  ((room.metadata[OPS_PREFIX + writer] as { ops?: unknown[] } | null)?.ops ?? []).length;

async function table() {
  const room = new Room();
  const gm = client('connGM.bg', 'gm', true);
  const player = client('connP.bg', 'p1', false);
  room.join(gm, player);
  await sync(room, gm, player);
  for (const r of setup) await act(room, gm, r);
  await sync(room, gm, player);
  return { room, gm, player };
}

describe('one game for the table', () => {
  it('an action of one player reaches the other, with the same root', async () => {
    const { room, gm, player } = await table();
    await act(room, player, spend('B', 2));
    await sync(room, gm, player);
    expect(current(gm, 'B')).toBe(2);
    expect(gm.game.state.root.games).toEqual(player.game.state.root.games);
    expect(gm.game.state.root.activeSystem).toBe('hd-command');
  });

  it('two players acting at the same moment are both counted, in the same order everywhere', async () => {
    const { room, gm, player } = await table();
    const a = await gm.game.submit(spend('A', 1));
    const b = await player.game.submit(spend('B', 3));
    expect(a.ok && b.ok).toBe(true);
    write(room, gm, a.ok ? a.value.writes : null);
    write(room, player, b.ok ? b.value.writes : null);
    await sync(room, gm, player);
    expect([current(gm, 'A'), current(gm, 'B')]).toEqual([1, 3]);
    expect(gm.game.state.root.games).toEqual(player.game.state.root.games);
  });

  it('undo is the table’s: it takes back the last action, whoever made it', async () => {
    const { room, gm, player } = await table();
    await act(room, player, spend('B', 2));
    await sync(room, gm, player);
    await act(room, gm, { type: 'game/undo', system: 'hd-command' });
    await sync(room, gm, player);
    expect(current(player, 'B')).toBe(0);
    await act(room, player, { type: 'game/redo', system: 'hd-command' });
    await sync(room, gm, player);
    expect(current(gm, 'B')).toBe(2);
  });

  it('an action the rules refuse after a concurrent one is refused for everyone, and its author is told', async () => {
    const { room, gm, player } = await table();
    // Side B has 5 Command: two spends of 3 made at once cannot both stand.
    const a = await gm.game.submit(spend('B', 3));
    const b = await player.game.submit(spend('B', 3));
    write(room, gm, a.ok ? a.value.writes : null);
    write(room, player, b.ok ? b.value.writes : null);
    await sync(room, gm, player);
    expect(current(gm, 'B')).toBe(3);
    expect(current(player, 'B')).toBe(3);
    const told = [...gm.game.state.refused, ...player.game.state.refused];
    expect(told).toHaveLength(1);
    expect(told[0]!.error.code).toBe('amount-exceeds-current');
  });

  it('compaction keeps the game and takes the ops out of the writers’ pages', async () => {
    const { room, gm, player } = await table();
    for (let i = 0; i < 30; i++) {
      await act(
        room,
        i % 2 ? gm : player,
        i % 3 === 2
          ? { type: 'game/dispatch', system: 'hd-command', event: { type: 'upkeep' } }
          : spend(i % 2 ? 'A' : 'B', 1),
      );
      await sync(room, gm, player);
    }
    const before = structuredClone(gm.game.state.root.games);
    expect(gm.game.needsCompaction()).toBe(true);
    write(room, gm, await gm.game.compact());
    await sync(room, gm, player);
    expect(gm.game.state.root.games).toEqual(before);
    expect(player.game.state.root.games).toEqual(before);
    expect(player.game.state.checkpoint.trust).toBe('verified');
    expect([opsIn(room, 'connGM.bg'), opsIn(room, 'connP.bg')]).toEqual([0, 0]);
    expect(gm.game.state.pendingOps).toBe(0);
    // And play goes on after it.
    await act(room, player, spend('B', 1));
    await sync(room, gm, player);
    expect(gm.game.state.root.games).toEqual(player.game.state.root.games);
  });

  it('a writer whose key was overwritten or deleted writes its ops again', async () => {
    const { room, gm, player } = await table();
    await act(room, player, spend('B', 2));
    room.set({ [OPS_PREFIX + 'connP.bg']: null });
    await room.deliver(gm);
    await room.deliver(player);
    // Unsigned (its record signs the pages with the spend): the game master plays nothing of it meanwhile.
    expect(current(gm, 'B')).toBe(0);
    const heal = player.game.heal();
    expect(heal).not.toBeNull();
    write(room, player, heal);
    await sync(room, gm, player);
    expect(current(gm, 'B')).toBe(2);
  });

  it('a compaction undone by a stale copy loses nothing: the game master writes his again, the writers theirs', async () => {
    const { room, gm, player } = await table();
    await act(room, player, spend('B', 2));
    await sync(room, gm, player);
    write(room, gm, await gm.game.compact());
    await sync(room, gm, player);
    const stale = structuredClone(room.metadata);
    await act(room, player, spend('B', 1));
    await sync(room, gm, player);
    write(room, gm, await gm.game.compact());
    await sync(room, gm, player);
    expect(opsIn(room, 'connP.bg')).toBe(0);
    // A client whose copy is behind writes it back whole: the older checkpoint, the player's key as it was then.
    room.set(stale);
    await room.deliver(gm);
    await room.deliver(player);
    expect(gm.game.heal()?.some((u) => GAME_KEY in u)).toBe(true);
    for (let i = 0; i < 3; i++) await sync(room, gm, player);
    expect(current(gm, 'B')).toBe(3);
    expect(current(player, 'B')).toBe(3);
    expect(player.game.state.root.games).toEqual(gm.game.state.root.games);
  });

  it('a game longer than a key holds is kept in parts, each within what Owlbear stores, read whole by a late joiner', async () => {
    const { room, gm, player } = await table();
    for (let i = 0; i < 3000; i++) {
      const c = i % 2 ? gm : player;
      const r = await c.game.submit(
        i % 2
          ? {
              type: 'game/dispatch',
              system: 'hd-command',
              event: { type: 'sideEdited', side: 'A', name: `Fusiliers ${i}` },
            }
          : {
              type: 'game/dispatch',
              system: 'hd-command',
              event: { type: 'sideEdited', side: 'B', name: `Chasseurs ${i}` },
            },
      );
      expect(r.ok).toBe(true);
      if (r.ok) write(room, c, r.value.writes);
      if (i % 20 === 19) {
        await sync(room, gm, player);
        write(room, gm, await gm.game.compact());
        await sync(room, gm, player);
      }
    }
    const parts = Object.keys(room.metadata).filter((k) => k.startsWith(PART_PREFIX));
    expect(parts.length).toBeGreaterThan(1);
    expect(room.refusedForSize).toBe(0);
    const late = client('connL.bg', 'late', false);
    room.join(late);
    await room.deliver(late);
    expect(gameOf(late.game.state.root, 'hd-command').log.events).toHaveLength(
      gameOf(gm.game.state.root, 'hd-command').log.events.length,
    );
    expect(late.game.state.root.games).toEqual(gm.game.state.root.games);
  }, 60_000);
});

describe('the popover', () => {
  it('mirrors its background page’s ops, unsent until the scene holds them signed, landed even when a request reads back with its fields in another order', async () => {
    const room = new Room();
    const bg = client('conn.bg', 'p', true);
    const popover = client('conn.bg', 'p', true, { mirror: true });
    room.join(bg);
    await room.deliver(bg);
    write(room, bg, bg.game.heal());
    await room.deliver(bg);
    await room.deliver(popover);
    // A replace without its settings: reading it fills them in, after the events.
    const r = await bg.game.submit({ type: 'game/replace', system: 'bdc', events: [] });
    expect(r.ok).toBe(true);
    popover.game.mirrorOwn(JSON.parse(JSON.stringify(bg.game.ownOps)));
    expect(popover.game.state.unsent).toHaveLength(1);
    expect(popover.game.heal()).toBeNull();
    if (r.ok) write(room, bg, r.value.writes);
    await room.deliver(bg);
    await room.deliver(popover);
    popover.game.mirrorOwn(JSON.parse(JSON.stringify(bg.game.ownOps)));
    expect(bg.game.state.unsent).toEqual([]);
    expect(popover.game.state.unsent).toEqual([]);
    expect(popover.game.state.root.games).toEqual(bg.game.state.root.games);
  });
});

describe('a page that reloads', () => {
  it('takes back what its record signs (its earlier life’s), goes on numbering after it, and sees nothing foreign in it', async () => {
    const room = new Room();
    const gm = client('connGM.bg', 'gm', true);
    room.join(gm);
    await sync(room, gm);
    await act(room, gm, { type: 'game/replace', system: 'bdc', events: [] });
    await act(room, gm, { type: 'store/select-system', system: 'bdc' });
    // The same connection's background page, loaded again: Owlbear still holds its record.
    const again = client('connGM.bg', 'gm', true, { record: room.records.get('connGM') });
    room.replace(gm, again);
    await room.deliver(again);
    expect(again.game.ownOps.map((o) => o.seq)).toEqual([1, 2]);
    expect(again.game.state.dropped).toEqual([]);
    const next = await again.game.submit({ type: 'store/select-system', system: 'hd-command' });
    expect(next.ok && next.value.id).toBe('connGM.bg:3');
  });

  it('takes back its own from its browser when someone wrote over its key meanwhile, and says so', async () => {
    const room = new Room();
    const keeper = new MemoryKeeper();
    const p = client('connP.bg', 'p', false, { keeper });
    room.join(p);
    await sync(room, p);
    await act(room, p, {
      type: 'game/dispatch',
      system: 'hd-command',
      event: { type: 'sideEdited', side: 'A', name: 'Mine' },
    });
    const scene = room.metadata['dev.commandpost/scene'] as string;
    // While the page reloads, a forged op lands in its key.
    room.set({
      [OPS_PREFIX + 'connP.bg']: {
        v: 2,
        scene,
        done: 0,
        ops: [
          {
            seq: 1,
            lamport: 9,
            by: 'p',
            request: {
              type: 'game/dispatch',
              system: 'hd-command',
              event: { type: 'sideEdited', side: 'A', name: 'Forged' },
            },
          },
        ],
      },
    });
    const again = client('connP.bg', 'p', false, { keeper, record: room.records.get('connP') });
    room.replace(p, again);
    await room.deliver(again);
    const named = (ops: readonly { request: unknown }[]) =>
      ops.map((o) => (o.request as { event: { name: string } }).event.name);
    expect(named(again.game.ownOps)).toEqual(['Mine']);
    expect(again.game.state.dropped.some((d) => /someone else/.test(d.problem))).toBe(true);
    write(room, again, again.game.heal());
    expect(named((room.metadata[OPS_PREFIX + 'connP.bg'] as { ops: { request: unknown }[] }).ops)).toEqual(['Mine']);
  });
});

describe('what the metadata holds is checked', () => {
  it('a malformed page, a malformed op or a forged event is dropped alone; the rest is played', async () => {
    const { room, gm, player } = await table();
    const evil = client('evil.bg', 'x', false);
    room.join(evil);
    await sync(room, gm, player, evil);
    const scene = room.metadata['dev.commandpost/scene'] as string;
    await act(room, player, spend('B', 1));
    const pages = [
      {
        v: 2,
        scene,
        done: 0,
        ops: [
          {
            seq: 1,
            lamport: 99,
            by: 'x',
            request: {
              type: 'game/dispatch',
              system: 'hd-command',
              event: { type: 'spend', side: 'B', amount: '<img src=x onerror=alert(1)>', permanent: false },
            },
          },
          'junk',
          { seq: 2, lamport: 100, by: 'x', request: { type: 'store/backups' } },
        ],
      },
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ];
    // The evil client signs its own mess (it is his to write), and writes keys no page has.
    room.set({
      [OPS_PREFIX + 'evil.bg']: pages[0],
      [OPS_PREFIX + 'connGM.junk']: 'not a page',
      [OPS_PREFIX + 'connP.bg.9']: {
        v: 2,
        scene,
        done: 0,
        ops: [{ seq: 1, lamport: 1, by: 'p1', request: spend('B', 4) }],
      },
    });
    const { digest } = await import('../../../src/shared-game/records');
    room.records.set('evil', { v: 1, ops: [{ s: scene, h: digest(pages), n: 2 }], cp: [] });
    await room.deliver(gm);
    expect(current(gm, 'B')).toBe(1);
    const problems = gm.game.state.dropped.map((d) => `${d.key} ${d.problem}`);
    expect(problems.some((p) => p.includes('evil.bg') && p.includes('op 1'))).toBe(true);
    expect(problems.some((p) => p.includes('evil.bg') && p.includes('op 2'))).toBe(true);
    expect(problems.some((p) => p.includes('evil.bg') && p.includes('op 3'))).toBe(true);
    expect(problems.some((p) => p.includes('connGM.junk') && /no writer writes/.test(p))).toBe(true);
    expect(problems.some((p) => p.includes('connP.bg.9') && /no writer writes/.test(p))).toBe(true);
  });

  it('a checkpoint no game master signs is not played while one is at the table; the game master puts his back', async () => {
    const { room, gm, player } = await table();
    write(room, gm, await gm.game.compact());
    await sync(room, gm, player);
    room.set({
      [GAME_KEY]: {
        v: 2,
        scene: room.metadata['dev.commandpost/scene'],
        gen: 9,
        by: 'connGM.bg',
        covers: {},
        lamport: 1,
        gm: {},
        state: [{ key: 'state.0', h: '0'.repeat(32) }],
      },
    });
    await room.deliver(player);
    // Played from the last signed one: the setup is still there.
    expect(gameOf(player.game.state.root, 'hd-command').log.events).toHaveLength(3);
    await sync(room, gm, player);
    expect((room.metadata[GAME_KEY] as { gen: number }).gen).toBe(1);
  });

  it('a checkpoint part that unpacks to too much is refused, not read', async () => {
    const room = new Room();
    const bomb = await nodeCodec.pack('['.repeat(5_000_000));
    const { digestText } = await import('../../../src/shared-game/records');
    room.set({
      'dev.commandpost/scene': 's1',
      [`${PART_PREFIX}state.0`]: bomb,
      [GAME_KEY]: {
        v: 2,
        scene: 's1',
        gen: 1,
        by: 'x.bg',
        covers: {},
        lamport: 1,
        gm: {},
        state: [{ key: 'state.0', h: digestText(bomb) }],
      },
    });
    // A player does not even read it (no game master stands behind it); the game master's page reads it to say what it holds.
    const player = client('c.bg', 'p', false);
    await room.deliver(player);
    expect(player.game.state.unvouched).toMatchObject({ gen: 1, events: null });
    const gm = client('g.bg', 'g', true);
    await room.deliver(gm);
    expect(gm.game.state.dropped.find((d) => d.key === GAME_KEY)?.problem).toMatch(/large|long/);
    expect(gm.game.state.checkpoint.trust).toBe('none');
  });
});

describe('seats: who may act for which side', () => {
  it('once the game master seats players, each acts for his own side only; the game master for all', async () => {
    const { room, gm, player } = await table();
    await act(room, gm, { type: 'scene/seats', player: 'p1', name: 'Bob', seats: [1] });
    await sync(room, gm, player);
    const own = await player.game.submit(spend('B', 1));
    expect(own.ok).toBe(true);
    if (own.ok) write(room, player, own.value.writes);
    await sync(room, player);
    const theirs = await player.game.submit(spend('A', 1));
    expect(theirs.ok ? null : theirs.error).toEqual({ code: 'table-not-your-side', params: { side: 'A' } });
    const system = await player.game.submit({ type: 'store/select-system', system: 'bdc' });
    expect(system.ok ? null : system.error.code).toBe('table-gm-only');
    expect((await gm.game.submit(spend('A', 1))).ok).toBe(true);
    // A player cannot seat himself.
    const seat = await player.game.submit({ type: 'scene/seats', player: 'p1', name: 'Bob', seats: [0, 1] });
    expect(seat.ok ? null : seat.error.code).toBe('table-gm-only');
  });

  it('what the board shows is the game master’s to say: a player’s try is refused, and the setting survives a compaction and a newcomer’s read', async () => {
    const { room, gm, player } = await table();
    const mine = await player.game.submit({ type: 'scene/visibility', show: 'all', gmOnly: false });
    expect(mine.ok ? null : mine.error.code).toBe('table-gm-only');
    await act(room, gm, { type: 'scene/visibility', show: 'turn', gmOnly: true });
    await sync(room, gm, player);
    expect(player.game.state.game.visibility).toEqual({ show: 'turn', gmOnly: true });
    // A forged shape is refused as it is read, never played.
    const bad = await gm.game.submit({ type: 'scene/visibility', show: '<img onerror=x>', gmOnly: 1 } as never);
    expect(bad.ok).toBe(false);
    // Compacted into the checkpoint, and read from it by a client who joins later.
    const written = await gm.game.compact();
    expect(written).not.toBeNull();
    write(room, gm, written!);
    expect(JSON.stringify(room.metadata)).not.toContain('scene/visibility');
    const late = client('late.bg', 'p9', false);
    await sync(room, gm, player, late);
    expect(late.game.state.game.visibility).toEqual({ show: 'turn', gmOnly: true });
  });

  it('undo is checked against the side of the action it takes back', async () => {
    const { room, gm, player } = await table();
    await act(room, gm, { type: 'scene/seats', player: 'p1', name: 'Bob', seats: [1] });
    await act(room, gm, spend('A', 1));
    await sync(room, gm, player);
    const undo = await player.game.submit({ type: 'game/undo', system: 'hd-command' });
    expect(undo.ok ? null : undo.error.code).toBe('table-not-your-side');
  });

  it('only the game master links a token hidden from players', async () => {
    const room = new Room();
    const hidden = (t: string) => t === 'spy';
    const gm = client('connGM.bg', 'gm', true, { hidden });
    const player = client('connP.bg', 'p1', false, { hidden });
    room.join(gm, player);
    await sync(room, gm, player);
    for (const r of setup) await act(room, gm, r);
    await sync(room, gm, player);
    const link = { type: 'board/link', system: 'hd-command', links: [{ token: 'spy', piece: null }] } as SceneRequest;
    const refused = await player.game.submit(link);
    expect(refused.ok ? null : refused.error.code).toBe('table-hidden-token');
    expect((await player.game.submit({ ...link, links: [{ token: 'seen', piece: null }] } as SceneRequest)).ok).toBe(
      true,
    );
    expect((await gm.game.submit(link)).ok).toBe(true);
  });
});

describe('secret rosters (command roll)', () => {
  const cr = (event: unknown): SceneRequest => ({ type: 'game/dispatch', system: 'cr', event }) as SceneRequest;
  const slotsSeenBy = (c: Client) => {
    const log = gameOf(c.game.state.root, 'cr').log;
    return (log.events.find((e) => (e as { type: string }).type === 'rosterSet') as unknown as { slots: string[] })
      .slots;
  };

  it('a roster is shared sealed, opened number by number as each comes up', async () => {
    const room = new Room();
    const a = client('connA.bg', 'pa', false);
    const b = client('connB.bg', 'pb', false);
    room.join(a, b);
    await sync(room, a, b);
    await act(room, a, { type: 'store/select-system', system: 'cr' });
    for (const e of [
      { type: 'leaderAdded', side: 'A', name: 'Davout' },
      { type: 'leaderAdded', side: 'A', name: 'Ney' },
      { type: 'unitAdded', side: 'A', name: '1st' },
      { type: 'leaderAdded', side: 'B', name: 'Kutuzov' },
      { type: 'unitAdded', side: 'B', name: 'Jägers' },
    ])
      await act(room, a, cr(e));
    await sync(room, a, b);
    // A writes his roster: Ney on 4, Davout on 2.
    await act(room, a, cr({ type: 'rosterSet', side: 'A', slots: ['unit', 'AL1', 'unit', 'AL2', 'unit', 'unit'] }));
    await sync(room, a, b);
    const written = JSON.stringify(room.metadata);
    expect(written).not.toContain('AL2"');
    expect(written).not.toMatch(/"slots":\["unit"/);
    expect(slotsSeenBy(a)).toEqual(['unit', 'AL1', 'unit', 'AL2', 'unit', 'unit']);
    expect(slotsSeenBy(b).every((s) => s.startsWith('sealed:'))).toBe(true);

    await act(room, b, cr({ type: 'start' }));
    await sync(room, a, b);
    // A rolls 4, B 1: A plays his 4, 3, 2, then B his 1.
    await act(room, b, cr({ type: 'commandRoll', A: 4, B: 1 }));
    await sync(room, a, b);
    // B cannot act on a number still sealed; A's client opens the one that came up.
    const early = await b.game.submit(cr({ type: 'slotDone' }));
    expect(early.ok ? null : early.error.code).toBe('cr-slot-sealed');
    expect(b.game.openings()).toBeNull();
    const opening = a.game.openings();
    expect(opening?.type === 'scene/reveal' && opening.values.map((v) => v.value)).toEqual(['AL2']);
    await act(room, a, opening!);
    await sync(room, a, b);
    expect(slotsSeenBy(b)[3]).toBe('AL2');
    expect(slotsSeenBy(b).filter((s) => s.startsWith('sealed:'))).toHaveLength(5);
    // Ney's number played: the next one (3) comes up and is opened in turn; 2 stays sealed until then.
    await act(room, a, cr({ type: 'slotDone' }));
    await sync(room, a, b);
    await act(room, a, a.game.openings()!);
    await sync(room, a, b);
    expect(slotsSeenBy(b)[2]).toBe('unit');
    expect(slotsSeenBy(b)[1]).toMatch(/^sealed:/);
    // Both play the same shared game; only A's own view opens the rest of his roster.
    expect(b.game.state.game.root.games.cr).toEqual(a.game.state.game.root.games.cr);
  });

  it('a compaction writes each opened value in place of its seal; values still sealed stay sealed', async () => {
    const room = new Room();
    const a = client('connA.bg', 'pa', true);
    const b = client('connB.bg', 'pb', false);
    room.join(a, b);
    await sync(room, a, b);
    await act(room, a, { type: 'store/select-system', system: 'cr' });
    for (const e of [
      { type: 'leaderAdded', side: 'A', name: 'Davout' },
      { type: 'unitAdded', side: 'A', name: '1st' },
      { type: 'leaderAdded', side: 'B', name: 'Kutuzov' },
      { type: 'rosterSet', side: 'A', slots: ['unit', 'unit', 'AL1', 'unit', 'unit', 'unit'] },
      { type: 'start' },
      { type: 'commandRoll', A: 3, B: 1 },
    ])
      await act(room, a, cr(e));
    await sync(room, a, b);
    await act(room, a, a.game.openings()!);
    await sync(room, a, b);
    const before = structuredClone(b.game.state.root.games.cr);
    write(room, a, await a.game.compact());
    await sync(room, a, b);
    const rosterOf = (c: Client) =>
      (
        gameOf(c.game.state.game.root, 'cr').log.events.find(
          (e) => (e as { type: string }).type === 'rosterSet',
        ) as unknown as { slots: string[] }
      ).slots;
    expect(rosterOf(b)[2]).toBe('AL1');
    expect(rosterOf(b).filter((x) => x.startsWith('sealed:'))).toHaveLength(5);
    expect(b.game.state.game.opened).toEqual({});
    // The game plays the same: Davout's number is up.
    expect(b.game.state.root.games.cr).toEqual({
      ...before!,
      log: { ...before!.log, events: gameOf(b.game.state.root, 'cr').log.events },
    });
    const { replay } = await import('../../../src/game/log');
    const { DESCRIPTORS } = await import('../../../src/rules');
    const st = replay(
      DESCRIPTORS.cr.rules,
      gameOf(b.game.state.root, 'cr').config,
      gameOf(b.game.state.root, 'cr').log,
    );
    expect(st.ok && st.value.round?.activation?.holder).toBe('AL1');
  });

  it('an opening that does not match its seal is dropped', async () => {
    const room = new Room();
    const a = client('connA.bg', 'pa', false);
    const x = client('x.bg', 'x', false);
    room.join(a, x);
    await sync(room, a, x);
    await act(room, x, { type: 'scene/reveal', values: [{ seal: 'sealed:0123', salt: 's', value: 'AL1' }] });
    await sync(room, a);
    expect(a.game.state.dropped.some((d) => d.problem.includes('does not match'))).toBe(true);
  });
});
