// The shared game of an Owlbear scene (src/adapters/owlbear/game.ts, sync.ts) between clients of one
// room whose metadata behaves as Owlbear's (whole keys replaced, JSON on the way): what one player
// does reaches the other, concurrent actions are all played, compaction loses nothing, seats decide
// who acts, anything malformed is dropped alone, and secret rosters stay sealed until their number comes up.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME_KEY, OPS_PREFIX } from '../../../src/adapters/owlbear/keys';
import type { SceneSync } from '../../../src/adapters/owlbear/sync';
import { gameOf } from '../../../src/store/load';
import type { SceneRequest } from '../../../src/messages';
import { SceneSync as Sync } from '../../../src/adapters/owlbear/sync';
import { Room, client, nodeCodec, testClock } from '../../support/owlbear-room';

const setup: SceneRequest[] = [
  { type: 'store/select-system', system: 'hd-command' },
  { type: 'game/dispatch', system: 'hd-command', event: { type: 'rosterSet', side: 'A', fighters: [{ name: 'Capitaine', cmd: 4 }, { name: 'Sergent', cmd: 2 }] } },
  { type: 'game/dispatch', system: 'hd-command', event: { type: 'rosterSet', side: 'B', fighters: [{ name: 'Chef', cmd: 5 }] } },
  { type: 'game/dispatch', system: 'hd-command', event: { type: 'start' } },
];
const spend = (side: 'A' | 'B', amount = 1): SceneRequest => ({ type: 'game/dispatch', system: 'hd-command', event: { type: 'spend', side, amount, permanent: false } });

/** Submits and writes; throws on refusal. */
async function act(room: Room, c: SceneSync, request: SceneRequest): Promise<string> {
  const r = await c.submit(request);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  room.set(r.value.write, c);
  return r.value.id;
}

const sync = async (room: Room, ...clients: SceneSync[]) => {
  for (const c of clients) await room.deliver(c);
};

const current = (c: SceneSync, side: 'A' | 'B') => {
  const game = gameOf(c.state.root, 'hd-command');
  const spends = game.log.events.slice(0, game.log.cursor).filter((e) => (e as { type: string; side?: string }).type === 'spend' && (e as { side: string }).side === side);
  return spends.reduce((n, e) => n + (e as { amount: number }).amount, 0);
};

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
    expect(gm.state.root.games).toEqual(player.state.root.games);
    expect(gm.state.root.activeSystem).toBe('hd-command');
  });

  it('two players acting at the same moment are both counted, in the same order everywhere', async () => {
    const { room, gm, player } = await table();
    // Both act on the same view, before either sees the other's write.
    const a = await gm.submit(spend('A', 1));
    const b = await player.submit(spend('B', 3));
    expect(a.ok && b.ok).toBe(true);
    room.set(a.ok ? a.value.write : {}, gm);
    room.set(b.ok ? b.value.write : {}, player);
    await sync(room, gm, player);
    expect([current(gm, 'A'), current(gm, 'B')]).toEqual([1, 3]);
    expect(gm.state.root.games).toEqual(player.state.root.games);
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
    const a = await gm.submit(spend('B', 3));
    const b = await player.submit(spend('B', 3));
    room.set(a.ok ? a.value.write : {}, gm);
    room.set(b.ok ? b.value.write : {}, player);
    await sync(room, gm, player);
    expect(current(gm, 'B')).toBe(3);
    expect(current(player, 'B')).toBe(3);
    const told = [...gm.state.refused, ...player.state.refused];
    expect(told).toHaveLength(1);
    expect(told[0]!.error.code).toBe('amount-exceeds-current');
  });

  it('compaction keeps the game and empties the writers’ keys', async () => {
    const { room, gm, player } = await table();
    for (let i = 0; i < 30; i++) {
      await act(room, i % 2 ? gm : player, i % 3 === 2 ? { type: 'game/dispatch', system: 'hd-command', event: { type: 'upkeep' } } : spend(i % 2 ? 'A' : 'B', 1));
      await sync(room, gm, player);
    }
    const before = structuredClone(gm.state.root.games);
    expect(gm.needsCompaction()).toBe(true);
    room.set((await gm.compact())!, gm);
    await sync(room, gm, player);
    for (const c of [gm, player]) {
      const heal = c.heal();
      if (heal) room.set(heal, c);
    }
    await sync(room, gm, player);
    expect(gm.state.root.games).toEqual(before);
    expect(player.state.root.games).toEqual(before);
    // Keys are emptied, never left to `undefined` to delete.
    expect(Object.entries(room.metadata).filter(([k, v]) => k.startsWith(OPS_PREFIX) && v !== null)).toEqual([]);
    expect(gm.state.pendingOps).toBe(0);
    // And play goes on after it.
    await act(room, player, spend('B', 1));
    await sync(room, gm, player);
    expect(gm.state.root.games).toEqual(player.state.root.games);
  });

  it('a writer whose key was overwritten or deleted writes its ops again', async () => {
    const { room, gm, player } = await table();
    await act(room, player, spend('B', 2));
    room.set({ [OPS_PREFIX + 'connP.bg']: null });
    await sync(room, gm, player);
    expect(current(gm, 'B')).toBe(0);
    const heal = player.heal();
    expect(heal).not.toBeNull();
    room.set(heal!, player);
    await sync(room, gm, player);
    expect(current(gm, 'B')).toBe(2);
  });

  it('a compaction undone by a stale copy loses nothing: the game master writes his again, the writers theirs', async () => {
    const { room, gm, player } = await table();
    const settle = async () => {
      for (let round = 0; round < 4; round++) {
        await sync(room, gm, player);
        for (const c of [gm, player]) {
          const w = c.heal();
          if (w) room.set(w, c);
        }
      }
    };
    await act(room, player, spend('B', 2));
    await sync(room, gm, player);
    room.set((await gm.compact())!, gm);
    await settle();
    const stale = structuredClone(room.metadata);
    await act(room, player, spend('B', 1));
    await sync(room, gm, player);
    room.set((await gm.compact())!, gm);
    await settle();
    expect(room.metadata[OPS_PREFIX + 'connP.bg']).toBeNull();
    // A client whose copy is behind writes it back whole: the older compacted game, the player's key as it was then.
    room.set(stale);
    await sync(room, gm, player);
    // The player's second spend is in neither: his page has kept it, and the game master's the newer game.
    expect(player.heal()).toHaveProperty([OPS_PREFIX + 'connP.bg']);
    expect(gm.heal()).toHaveProperty([GAME_KEY]);
    await settle();
    expect(current(gm, 'B')).toBe(3);
    expect(current(player, 'B')).toBe(3);
    expect(player.state.root.games).toEqual(gm.state.root.games);
  });
});

describe('the popover', () => {
  it('mirrors its background page’s ops, unsent until the scene holds them, landed even when a request reads back with its fields in another order', async () => {
    const room = new Room();
    const bg = client('conn.bg', 'p', true);
    const popover = new Sync(nodeCodec, bg.identity, undefined, undefined, testClock.now, true);
    room.join(bg);
    await sync(room, bg, popover);
    // A replace without its settings: reading it fills them in, after the events.
    const r = await bg.submit({ type: 'game/replace', system: 'bdc', events: [] });
    expect(r.ok).toBe(true);
    popover.mirrorOwn(JSON.parse(JSON.stringify(bg.ownOps)));
    expect(popover.state.unsent).toHaveLength(1);
    expect(popover.heal()).toBeNull();
    if (r.ok) room.set(r.value.write, bg);
    await sync(room, bg, popover);
    expect(bg.state.unsent).toEqual([]);
    expect(popover.state.unsent).toEqual([]);
    expect(popover.state.root.games).toEqual(bg.state.root.games);
  });
});

describe('a page that reloads', () => {
  it('takes its key’s ops for its own earlier ones, goes on numbering after them, and sees nothing foreign in them', async () => {
    const room = new Room();
    const gm = client('connGM.bg', 'gm', true);
    room.join(gm);
    await sync(room, gm);
    await act(room, gm, { type: 'game/replace', system: 'bdc', events: [] });
    await act(room, gm, { type: 'store/select-system', system: 'bdc' });
    // The same connection's background page, loaded again.
    const again = client('connGM.bg', 'gm', true);
    await sync(room, again);
    expect(again.ownOps.map((o) => o.seq)).toEqual([1, 2]);
    expect(again.heal()).toBeNull();
    expect(again.state.dropped).toEqual([]);
    const next = await again.submit({ type: 'store/select-system', system: 'hd-command' });
    expect(next.ok && next.value.id).toBe('connGM.bg:3');
  });
});

describe('what the metadata holds is checked', () => {
  it('a malformed key, a malformed op or a forged event is dropped alone; the rest is played', async () => {
    const { room, gm, player } = await table();
    const evil = client('evil.bg', 'x', false);
    room.join(evil);
    await act(room, player, spend('B', 1));
    room.set({
      [OPS_PREFIX + 'evil.bg']: { v: 1, ops: [{ seq: 1, lamport: 99, by: 'x', request: { type: 'game/dispatch', system: 'hd-command', event: { type: 'spend', side: 'B', amount: '<img src=x onerror=alert(1)>', permanent: false } } }, 'junk', { seq: 2, lamport: 100, by: 'x', request: { type: 'store/backups' } }] },
      [OPS_PREFIX + 'connGM.junk']: 'not a list',
      [OPS_PREFIX + 'connP.flood']: { v: 1, ops: Array(500).fill(null) },
    });
    await sync(room, gm);
    expect(current(gm, 'B')).toBe(1);
    const problems = gm.state.dropped.map((d) => `${d.key} ${d.problem}`);
    expect(problems.some((p) => p.includes('evil.bg') && p.includes('op 1'))).toBe(true);
    expect(problems.some((p) => p.includes('evil.bg') && p.includes('op 2'))).toBe(true);
    expect(problems.some((p) => p.includes('evil.bg') && p.includes('op 3'))).toBe(true);
    expect(problems.some((p) => p.includes('connGM.junk'))).toBe(true);
    expect(problems.some((p) => p.includes('connP.flood'))).toBe(true);
  });

  it('what could not be read is said and never played; once it stood still it is compacted like the rest, holding up nobody', async () => {
    const { room, gm, player } = await table();
    room.set({ [OPS_PREFIX + 'connP.other']: { v: 1, ops: [{ seq: 1, lamport: 5, by: 'p1', request: { type: 'nope' } }] } });
    await act(room, player, spend('B', 1));
    await sync(room, gm, player);
    expect(gm.state.dropped.some((d) => d.key === OPS_PREFIX + 'connP.other')).toBe(true);
    expect(gm.state.refusedCount + gm.state.dropped.length).toBeGreaterThan(0);
    room.set((await gm.compact())!, gm);
    await sync(room, gm, player);
    // Its writer is still here: his key stays his; what it held is covered, and the game went on.
    expect(room.metadata[OPS_PREFIX + 'connP.other']).toBeDefined();
    expect((room.metadata[GAME_KEY] as { covers: Record<string, number> }).covers['connP.other']).toBe(1);
    expect(current(gm, 'B')).toBe(1);
  });

  it('a damaged compacted game is said, and the ops are still played', async () => {
    const { room, gm, player } = await table();
    room.set({ [GAME_KEY]: { v: 1, gen: 1, covers: {}, lamport: 1, game: 'AAAA not deflate' } });
    await sync(room, player);
    expect(player.state.dropped.some((d) => d.key === GAME_KEY)).toBe(true);
    // The setup ops are still in the game master's key: played as before.
    expect(gameOf(player.state.root, 'hd-command').log.events).toHaveLength(3);
    void gm;
  });

  it('a compacted game that unpacks to too much is refused, not read', async () => {
    const { nodeCodec } = await import('../../support/owlbear-room');
    const room = new Room();
    const bomb = await nodeCodec.pack('['.repeat(5_000_000));
    room.set({ [GAME_KEY]: { v: 1, gen: 1, covers: {}, lamport: 1, game: bomb } });
    const c = client('c.bg', 'p', false);
    await room.deliver(c);
    expect(c.state.dropped.find((d) => d.key === GAME_KEY)?.problem).toMatch(/large|long/);
  });
});

describe('seats: who may act for which side', () => {
  it('once the game master seats players, each acts for his own side only; the game master for all', async () => {
    const { room, gm, player } = await table();
    await act(room, gm, { type: 'scene/seats', player: 'p1', name: 'Bob', seats: [1] });
    await sync(room, gm, player);
    const own = await player.submit(spend('B', 1));
    expect(own.ok).toBe(true);
    if (own.ok) room.set(own.value.write, player);
    await sync(room, player);
    const theirs = await player.submit(spend('A', 1));
    expect(theirs.ok ? null : theirs.error).toEqual({ code: 'owlbear-not-your-side', params: { side: 'A' } });
    const system = await player.submit({ type: 'store/select-system', system: 'bdc' });
    expect(system.ok ? null : system.error.code).toBe('owlbear-gm-only');
    expect((await gm.submit(spend('A', 1))).ok).toBe(true);
    // A player cannot seat himself.
    const seat = await player.submit({ type: 'scene/seats', player: 'p1', name: 'Bob', seats: [0, 1] });
    expect(seat.ok ? null : seat.error.code).toBe('owlbear-gm-only');
  });

  it('undo is checked against the side of the action it takes back', async () => {
    const { room, gm, player } = await table();
    await act(room, gm, { type: 'scene/seats', player: 'p1', name: 'Bob', seats: [1] });
    await act(room, gm, spend('A', 1));
    await sync(room, player);
    const undo = await player.submit({ type: 'game/undo', system: 'hd-command' });
    expect(undo.ok ? null : undo.error.code).toBe('owlbear-not-your-side');
  });
});

describe('secret rosters (command roll)', () => {
  const cr = (event: unknown): SceneRequest => ({ type: 'game/dispatch', system: 'cr', event }) as SceneRequest;

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
    const slotsSeenBy = (c: SceneSync) => {
      const log = gameOf(c.state.root, 'cr').log;
      return (log.events.find((e) => (e as { type: string }).type === 'rosterSet') as unknown as { slots: string[] }).slots;
    };
    expect(slotsSeenBy(a)).toEqual(['unit', 'AL1', 'unit', 'AL2', 'unit', 'unit']);
    expect(slotsSeenBy(b).every((s) => s.startsWith('sealed:'))).toBe(true);

    await act(room, b, cr({ type: 'start' }));
    await sync(room, a, b);
    // A rolls 4, B 1: A plays his 4, 3, 2, then B his 1.
    await act(room, b, cr({ type: 'commandRoll', A: 4, B: 1 }));
    await sync(room, a, b);
    // B cannot act on a number still sealed; A's client opens the one that came up.
    const early = await b.submit(cr({ type: 'slotDone' }));
    expect(early.ok ? null : early.error.code).toBe('cr-slot-sealed');
    expect(b.openings()).toBeNull();
    const opening = a.openings();
    expect(opening?.type === 'scene/reveal' && opening.values.map((v) => v.value)).toEqual(['AL2']);
    await act(room, a, opening!);
    await sync(room, a, b);
    expect(slotsSeenBy(b)[3]).toBe('AL2');
    expect(slotsSeenBy(b).filter((s) => s.startsWith('sealed:'))).toHaveLength(5);
    // Ney's number played: the next one (3) comes up and is opened in turn; 2 stays sealed until then.
    await act(room, a, cr({ type: 'slotDone' }));
    await sync(room, a, b);
    await act(room, a, a.openings()!);
    await sync(room, a, b);
    expect(slotsSeenBy(b)[2]).toBe('unit');
    expect(slotsSeenBy(b)[1]).toMatch(/^sealed:/);
    // Both play the same shared game; only A's own view opens the rest of his roster.
    expect(b.state.game.root.games.cr).toEqual(a.state.game.root.games.cr);
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
    await act(room, a, a.openings()!);
    await sync(room, a, b);
    const before = structuredClone(b.state.root.games.cr);
    room.set((await a.compact())!, a);
    await sync(room, a, b);
    const rosterOf = (c: SceneSync) => (gameOf(c.state.game.root, 'cr').log.events.find((e) => (e as { type: string }).type === 'rosterSet') as unknown as { slots: string[] }).slots;
    expect(rosterOf(b)[2]).toBe('AL1');
    expect(rosterOf(b).filter((x) => x.startsWith('sealed:'))).toHaveLength(5);
    expect(b.state.game.opened).toEqual({});
    // The game plays the same: Davout's number is up.
    expect(b.state.root.games.cr).toEqual({ ...before!, log: { ...before!.log, events: gameOf(b.state.root, 'cr').log.events } });
    const { replay } = await import('../../../src/game/log');
    const { DESCRIPTORS } = await import('../../../src/rules');
    const st = replay(DESCRIPTORS.cr.rules, gameOf(b.state.root, 'cr').config, gameOf(b.state.root, 'cr').log);
    expect(st.ok && st.value.round?.activation?.holder).toBe('AL1');
  });

  it('an opening that does not match its seal is dropped', async () => {
    const room = new Room();
    const a = client('connA.bg', 'pa', false);
    const x = client('x.bg', 'x', false);
    room.join(a, x);
    await sync(room, a);
    room.set({ [OPS_PREFIX + 'x.bg']: { v: 1, ops: [{ seq: 1, lamport: 1, by: 'x', request: { type: 'scene/reveal', values: [{ seal: 'sealed:0123', salt: 's', value: 'AL1' }] } }] } });
    await sync(room, a);
    expect(a.state.dropped.some((d) => d.problem.includes('does not match'))).toBe(true);
  });
});
