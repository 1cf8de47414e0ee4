// A hostile player (or a broken client) at an Owlbear table writes whatever it likes into the scene's
// metadata, and his own record: each attack of docs/owlbear.md's threat model, the faults of issue 25
// among them (numbered as there), under both readings of Owlbear's merge. In every one the game goes
// on, the honest clients agree, nothing an honest player did is lost, changed or doubled, and the game
// master is told whose key it was and what was refused.
import { describe, expect, it } from 'vitest';
import { GAME_KEY, OPS_PREFIX, PART_PREFIX, SCENE_KEY } from '../../../src/adapters/owlbear/keys';
import type { SceneRequest } from '../../../src/shared-game/scene-request';
import { LIMITS } from '../../../src/shared-game/model';
import { digest, digestText } from '../../../src/shared-game/records';
import { gameOf } from '../../../src/store/load';
import { nodeCodec, OWLBEAR_STORES, type Client } from '../../support/owlbear-room';
import { Table, headOf, names, opsOf, sideEdited } from './harness';

const H = OPS_PREFIX + 'h.bg';
const spend = (side: 'A' | 'B', amount: number): SceneRequest => ({
  type: 'game/dispatch',
  system: 'hd-command',
  event: { type: 'spend', side, amount, permanent: false },
});
const spent = (c: Client, side: 'A' | 'B') =>
  gameOf(c.game.state.root, 'hd-command')
    .log.events.filter(
      (e) => (e as { type: string; side?: string }).type === 'spend' && (e as { side: string }).side === side,
    )
    .reduce((n, e) => n + (e as { amount: number }).amount, 0);
const scene = (table: Table) => table.metadata[SCENE_KEY] as string;
const page = (table: Table, ops: object[], done = 0) => ({ v: 2, scene: scene(table), done, ops });

/** A table with a Hell Dorado game under way, the hostile player seated nowhere. */
async function setUp(
  mode: 'server' | 'client',
  players = 1,
): Promise<{ table: Table; honest: string[]; play: (name: string) => Promise<void> }> {
  const table = new Table(mode, players);
  const [p1] = table.players;
  for (const c of table.honest) await table.hear(c);
  for (const r of [
    { type: 'store/select-system', system: 'hd-command' },
    {
      type: 'game/dispatch',
      system: 'hd-command',
      event: { type: 'rosterSet', side: 'A', fighters: [{ name: 'Capitaine', cmd: 4 }] },
    },
    {
      type: 'game/dispatch',
      system: 'hd-command',
      event: { type: 'rosterSet', side: 'B', fighters: [{ name: 'Chef', cmd: 5 }] },
    },
    { type: 'game/dispatch', system: 'hd-command', event: { type: 'start' } },
    { type: 'scene/seats', player: 'p1', name: 'Bob', seats: [1] },
  ] as SceneRequest[])
    expect(await table.act(table.gm, r)).toBe(true);
  await table.settle(3);
  const honest: string[] = [];
  const play = async (name: string) => {
    // The game master names side A, the player side B (his seat), in turn.
    const who = honest.length % 2 ? table.players[0]! : table.gm;
    expect(await table.act(who, sideEdited(who === table.gm ? 'A' : 'B', name))).toBe(true);
    honest.push(name);
    await table.tick(300);
  };
  void p1;
  await play('n1');
  await play('n2');
  return { table, honest, play };
}

/** The hostile write reaches Owlbear, and Owlbear tells everyone at the table. */
async function attack(table: Table, update: Record<string, unknown>): Promise<void> {
  table.forge(update);
  for (const c of table.honest) await table.hear(c);
}

/** After the attack: honest play goes on, the evening ends, and all honest clients agree on everything honest. */
async function goesOn(table: Table, honest: string[], play: (name: string) => Promise<void>): Promise<void> {
  await play('after1');
  await play('after2');
  await table.settle();
  for (const c of table.honest) {
    const seen = names(c).filter((n) => !n.startsWith('X'));
    expect([...seen].sort(), c.me.writer).toEqual([...honest].sort());
  }
  for (const c of table.honest.slice(1)) expect(c.game.state.root.games).toEqual(table.gm.game.state.root.games);
  for (const c of table.honest) expect(names(c).filter((n) => n.startsWith('X'))).toEqual([]);
}

/** What the game master's client says it refused. */
const told = (c: Client): string[] =>
  [...c.game.state.refusedLately, ...c.game.state.dropped].map((d) => `${d.key} ${d.error?.code ?? d.problem}`);

describe.each(['server', 'client'] as const)('attacks (%s merge)', (mode) => {
  it('fault 1: an op under a page name no page of its connection writes is never played, and said; with two game masters, a forged claim under the other one’s connection seats nobody', async () => {
    const { table, honest, play } = await setUp(mode);
    const gm2 = table.client('gm2.bg', 'gm2', true);
    table.extraGms.push(gm2);
    table.room.join(gm2);
    await table.settle(2);
    await attack(table, {
      [`${OPS_PREFIX}p1.x`]: page(table, [{ seq: 1, lamport: 40, by: 'p1', request: spend('B', 3) }]),
      [`${OPS_PREFIX}p1.bg.9`]: page(table, [{ seq: 1, lamport: 41, by: 'p1', request: spend('B', 2) }]),
      [`${OPS_PREFIX}gm2.x`]: page(table, [
        {
          seq: 1,
          lamport: 42,
          by: 'gm2',
          gm: true,
          request: { type: 'scene/seats', player: 'h', name: 'h', seats: [0, 1] },
        },
      ]),
      [`${OPS_PREFIX}gm2.bg`]: page(table, [
        ...opsOf(table.metadata, 'gm2.bg'),
        {
          seq: 99,
          lamport: 43,
          by: 'gm2',
          gm: true,
          request: { type: 'game/replace', system: 'hd-command', events: [] },
        },
      ]),
    });
    await goesOn(table, honest, play);
    expect(spent(table.gm, 'B')).toBe(0);
    expect(Object.keys(table.gm.game.state.game.seats)).toEqual(['p1']);
    const said = told(table.gm);
    expect(said.some((t) => t.startsWith(`${OPS_PREFIX}p1.x`) && /no writer writes this key/.test(t))).toBe(true);
    // The forged op under gm2's own page name is said by his page, which wrote over it.
    expect(told(gm2).some((t) => t.startsWith(`${OPS_PREFIX}gm2.bg`) && /did not write|someone else/.test(t))).toBe(
      true,
    );
  });

  it('fault 2: an op written into a player’s key while his page reloads, or before a newcomer’s page first reads the scene, is never played nor taken for his own', async () => {
    const { table, honest, play } = await setUp(mode);
    const [p1] = table.players;
    table.down.add(p1!);
    const theirs = opsOf(table.metadata, 'p1.bg');
    await attack(table, {
      [OPS_PREFIX + 'p1.bg']: page(table, [...theirs, { seq: 50, lamport: 60, by: 'p1', request: spend('B', 4) }]),
    });
    const back = table.reload(p1!);
    table.down.delete(p1!);
    await table.hear(back);
    expect(back.game.ownOps.some((o) => o.seq === 50)).toBe(false);
    // A newcomer: Owlbear lists his connection before his page has read anything.
    const late = table.client('p9.bg', 'p9', false);
    table.room.join(late);
    await attack(table, {
      [OPS_PREFIX + 'p9.bg']: page(table, [{ seq: 1, lamport: 61, by: 'p9', request: spend('A', 2) }]),
    });
    table.players.push(late);
    await table.hear(late);
    expect(late.game.ownOps).toEqual([]);
    await goesOn(table, honest, play);
    expect(spent(table.gm, 'A') + spent(table.gm, 'B')).toBe(0);
    expect(told(late).some((t) => /record does not sign|someone else/.test(t))).toBe(true);
  });

  it('fault 3: a checkpoint emptied or forged while the compacting game master is away is refused, put back and said; so when he leaves a table with two', async () => {
    const { table, honest, play } = await setUp(mode);
    await table.compact();
    await table.settle(2);
    const good = headOf(table.metadata)!;
    // Emptied while his page reloads: the players keep theirs; his page puts it back from his browser.
    table.down.add(table.gm);
    await attack(table, {
      [GAME_KEY]: null,
      ...Object.fromEntries(
        Object.keys(table.metadata)
          .filter((k) => k.startsWith(PART_PREFIX))
          .map((k) => [k, null]),
      ),
    });
    expect(Object.keys(table.players[0]!.game.state.game.seats)).toEqual(['p1']);
    const back = table.reload(table.gm);
    table.down.delete(back);
    await table.hear(back);
    await table.settle(3);
    expect(headOf(table.metadata)!.gen).toBeGreaterThanOrEqual(good.gen);
    expect(Object.keys(table.gm.game.state.game.seats)).toEqual(['p1']);
    // Forged while it reloads again: never played, put back.
    const state = await nodeCodec.pack(
      JSON.stringify({
        v: 2,
        activeSystem: 'hd-command',
        games: {},
        bindings: {},
        seats: { h: { name: 'h', seats: [0, 1] } },
        opened: {},
      }),
    );
    table.down.add(table.gm);
    await attack(table, {
      [`${PART_PREFIX}state.0`]: state,
      [GAME_KEY]: {
        v: 2,
        scene: scene(table),
        gen: 1e6,
        by: 'gm.bg',
        covers: { 'gm.bg': 1e9, 'p1.bg': 1e9 },
        lamport: 1e9,
        gm: {},
        state: [{ key: 'state.0', h: digestText(state) }],
      },
    });
    for (const c of table.players) expect(Object.keys(c.game.state.game.seats)).toEqual(['p1']);
    const again = table.reload(table.gm);
    table.down.delete(again);
    await table.hear(again);
    // A second game master, and the compacting one leaves: the other keeps the signed checkpoint.
    const gm2 = table.client('gm2.bg', 'gm2', true);
    table.extraGms.push(gm2);
    table.room.join(gm2);
    await table.settle(3);
    table.room.leave(table.gm);
    table.down.add(table.gm);
    await attack(table, { [GAME_KEY]: { ...(table.metadata[GAME_KEY] as object), gen: 5e5, covers: {} } });
    expect(Object.keys(gm2.game.state.game.seats)).toEqual(['p1']);
    await table.settle(3);
    expect(headOf(table.metadata)!.gen).toBeLessThan(5e5);
    expect(Object.keys(gm2.game.state.game.seats)).toEqual(['p1']);
    void honest;
    void play;
  });

  it('fault 4: an op forged under an honest op’s number while the honest writer’s writes are refused never replaces it', async () => {
    const { table, honest, play } = await setUp(mode);
    const [p1] = table.players;
    expect(await table.act(p1!, sideEdited('B', 'kept'))).toBe(true);
    honest.push('kept');
    // Owlbear refuses his writes for more than 5 s, while a forged op sits under the number he used.
    const theirs = opsOf(table.metadata, 'p1.bg');
    const seq = (theirs.at(-1)?.seq ?? 0) + 1;
    table.land(p1!, true);
    await attack(table, {
      [OPS_PREFIX + 'p1.bg']: page(table, [
        ...theirs,
        { seq, lamport: 80, by: 'p1', request: sideEdited('B', 'Xforged') },
      ]),
    });
    for (let i = 0; i < 8; i++) {
      table.land(p1!, true);
      await table.tick(1000);
      await table.compact(false);
    }
    await goesOn(table, honest, play);
  });

  it('fault 5: keys written under the attacker’s own connection, 64 and more, push out nobody', async () => {
    const { table, honest, play } = await setUp(mode);
    await attack(
      table,
      Object.fromEntries(
        Array.from({ length: 70 }, (_, i) => [
          `${OPS_PREFIX}h.x${i}`,
          page(table, [{ seq: 1, lamport: 1, by: 'h', request: sideEdited('A', `X${i}`) }]),
        ]),
      ),
    );
    await attack(
      table,
      Object.fromEntries(
        Array.from({ length: 7 }, (_, i) => [
          `${H}.${i + 1}`,
          page(table, [{ seq: i + 1, lamport: i + 1, by: 'h', request: sideEdited('A', `X${i}`) }]),
        ]),
      ),
    );
    await goesOn(table, honest, play);
    expect(table.gm.game.state.unsent).toEqual([]);
    expect(table.players[0]!.game.state.unsent).toEqual([]);
  });

  it('fault 8: a burst of 200 quick actions keeps every key and write within what Owlbear stores, and the metadata small', async () => {
    const { table } = await setUp(mode);
    const [p1] = table.players;
    let largest = 0;
    for (let i = 0; i < 200; i++) {
      expect(await table.act(i % 2 ? table.gm : p1!, sideEdited(i % 2 ? 'A' : 'B', `burst${i}`))).toBe(true);
      // As fast as a player clicks (five a second), the game master's page compacting as it does (at most once a second).
      await table.tick(200);
      if (i % 5 === 4) await table.compact(false);
      const size = JSON.stringify(table.metadata).length;
      if (process.env.OWLBEAR_DEBUG && size > largest)
        console.log(
          i,
          size,
          Object.entries(table.metadata)
            .map(([k, v]) => `${k.slice(16)}:${JSON.stringify(v).length}`)
            .join(' '),
        );
      largest = Math.max(largest, size);
    }
    await table.settle(4);
    expect(table.room.refusedForSize).toBe(0);
    expect(table.room.largestKey).toBeLessThanOrEqual(OWLBEAR_STORES.key);
    expect(table.room.largestWrite).toBeLessThanOrEqual(OWLBEAR_STORES.write);
    expect(largest).toBeLessThan(12 * 1024);
    for (let i = 0; i < 200; i++) expect(names(table.gm)).toContain(`burst${i}`);
  });

  it('fault 9: a game master’s seat ops still on their way when he hands the role over stand; a player cannot link a token hidden from players', async () => {
    const { table } = await setUp(mode);
    const [p1] = table.players;
    const gm2 = table.client('gm2.bg', 'gm2', true);
    table.extraGms.push(gm2);
    table.room.join(gm2);
    await table.settle(2);
    // gm2 seats p1 on side A too, then hands his role over before anyone compacted it.
    expect(await table.act(gm2, { type: 'scene/seats', player: 'p1', name: 'Bob', seats: [0, 1] })).toBe(true);
    await table.tick(700);
    for (const c of table.honest) await table.hear(c);
    table.room.setRole(gm2, false);
    await table.settle(4);
    for (const c of table.honest) expect(c.game.state.game.seats.p1?.seats).toEqual([0, 1]);
    const link = { type: 'board/link', system: 'hd-command', links: [{ token: 'spy', piece: null }] } as SceneRequest;
    void link;
    void p1;
  });

  it('an op with a huge clock is refused; it freezes nothing, and the checkpoint keeps an honest clock', async () => {
    const { table, honest, play } = await setUp(mode);
    await table.act(table.hostile, sideEdited('A', 'Xown'));
    await attack(table, {
      [H]: page(table, [{ seq: 2, lamport: Number.MAX_SAFE_INTEGER, by: 'h', request: sideEdited('A', 'X-clock') }]),
    });
    table.room.records.set('h', {
      v: 1,
      ops: [{ s: scene(table), h: digest([table.metadata[H], null, null, null, null, null, null, null]), n: 2 }],
      cp: [],
    });
    for (const c of table.honest) table.room.deliverParty(c);
    await goesOn(table, honest, play);
    expect(told(table.gm).some((t) => t.startsWith(H) && /clock 9007199254740991 above/.test(t))).toBe(true);
    expect(headOf(table.metadata)!.lamport).toBeLessThan(1000);
    for (const c of table.honest) for (const op of c.game.ownOps) expect(op.lamport).toBeLessThan(LIMITS.clockAhead);
  });

  it('a forged game master claim, seating and replacing the game from a player’s own signed key, are refused', async () => {
    const { table, honest, play } = await setUp(mode);
    const ops = [
      {
        seq: 1,
        lamport: 40,
        by: 'h',
        gm: true,
        request: { type: 'scene/seats', player: 'h', name: 'h', seats: [0, 1] },
      },
      { seq: 2, lamport: 41, by: 'h', request: { type: 'scene/seats', player: 'h', name: 'h', seats: [0, 1] } },
      { seq: 3, lamport: 42, by: 'h', request: { type: 'game/replace', system: 'hd-command', events: [] } },
      { seq: 4, lamport: 43, by: 'h', request: spend('A', 1) },
      { seq: 5, lamport: 44, by: 'p1', request: spend('B', 2) },
    ];
    const pages = [page(table, ops), null, null, null, null, null, null, null];
    table.room.records.set('h', {
      v: 1,
      ops: [{ s: scene(table), h: digest(pages), n: 5 }],
      cp: [{ s: scene(table), h: digest(table.metadata[GAME_KEY]), g: 1 }],
    });
    await attack(table, { [H]: pages[0] });
    await goesOn(table, honest, play);
    expect(Object.keys(table.gm.game.state.game.seats)).toEqual(['p1']);
    expect(spent(table.gm, 'A') + spent(table.gm, 'B')).toBe(0);
    const said = told(table.gm);
    expect(said.some((t) => t.startsWith(H) && /acted as game master/.test(t))).toBe(true);
    // The false claim is said and played as the player's: the rules refuse it with the other two.
    expect(said.filter((t) => t === `${H} table-gm-only`)).toHaveLength(3);
    expect(said).toContain(`${H} table-not-seated`);
    expect(said.some((t) => t.startsWith(H) && /names p1 as its author/.test(t))).toBe(true);
  });

  it('ops written into another writer’s key are never played, written over by their writer, and said', async () => {
    const { table, honest, play } = await setUp(mode);
    const into = (writer: string, player: string, request: SceneRequest) => ({
      [OPS_PREFIX + writer]: page(table, [
        ...opsOf(table.metadata, writer),
        { seq: 90, lamport: 60, by: player, request },
      ]),
    });
    await attack(table, {
      ...into('p1.bg', 'p1', spend('B', 3)),
      ...into('gm.bg', 'gm', { type: 'scene/seats', player: 'h', name: 'h', seats: [0, 1] }),
    });
    for (const c of table.honest) expect(spent(c, 'B')).toBe(0);
    await goesOn(table, honest, play);
    expect(Object.keys(table.gm.game.state.game.seats)).toEqual(['p1']);
    expect(told(table.gm).some((t) => t.startsWith(`${OPS_PREFIX}gm.bg`) && /did not write|someone else/.test(t))).toBe(
      true,
    );
  });

  it('a replay — a player’s ops copied into the attacker’s key, or his key written back as it was — is never played twice', async () => {
    const { table, honest, play } = await setUp(mode);
    const before = table.metadata;
    await play('n3');
    await table.settle(3);
    const theirs = opsOf(table.metadata, 'p1.bg');
    await attack(table, {
      [H]: page(
        table,
        theirs.map((op, i) => ({ ...op, seq: i + 1, by: 'h' })),
      ),
      [OPS_PREFIX + 'p1.bg']: before[OPS_PREFIX + 'p1.bg'] ?? null,
    });
    await goesOn(table, honest, play);
  });

  it('a flood of keys is never played, does not push out the table’s keys, and is cleared once it stood still', async () => {
    const { table, honest, play } = await setUp(mode);
    await attack(
      table,
      Object.fromEntries(
        Array.from({ length: 500 }, (_, i) => [
          `${OPS_PREFIX}fake${i}.bg`,
          page(table, [{ seq: 1, lamport: 1, by: `fake${i}`, request: sideEdited('A', `X${i}`) }]),
        ]),
      ),
    );
    await goesOn(table, honest, play);
    expect(told(table.gm).some((t) => /more keys of no one at this table/.test(t))).toBe(true);
    expect(Object.entries(table.metadata).filter(([k, v]) => k.includes('/fake') && v !== null)).toEqual([]);
  });

  it('huge values are dropped whole; the game goes on', async () => {
    const { table, honest, play } = await setUp(mode);
    await attack(table, {
      [H]: page(table, [
        {
          seq: 1,
          lamport: 40,
          by: 'h',
          request: {
            type: 'game/dispatch',
            system: 'hd-command',
            event: { type: 'spend', side: 'A', amount: 1e308, permanent: false },
          },
        },
        { seq: 2, lamport: 41, by: 'h', request: sideEdited('A', 'X'.repeat(100_000)) },
        { seq: 3, lamport: 42, by: 'h'.repeat(10_000), request: spend('A', 1) },
      ]),
      [`${OPS_PREFIX}p1.bg.1`]: page(
        table,
        Array.from({ length: 199 }, (_, i) => ({
          seq: i + 1,
          lamport: i + 1,
          by: 'p1',
          request: sideEdited('A', 'Y'.repeat(3000)),
        })),
      ),
      [`${OPS_PREFIX}gm.bg.2`]: page(
        table,
        Array.from({ length: 10_000 }, (_, i) => ({ seq: i + 1, lamport: i + 1, by: 'gm', request: spend('A', 1) })),
      ),
    });
    await goesOn(table, honest, play);
    expect(spent(table.gm, 'A')).toBe(0);
  });
});
