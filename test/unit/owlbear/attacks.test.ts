// A hostile player (or a broken client) at an Owlbear table writes whatever it likes into the scene's
// metadata: each attack of docs/owlbear.md's threat model, under both readings of Owlbear's merge. In
// every one the game goes on, the honest clients agree, nothing an honest player did is lost or
// doubled, and the game master is told whose key it was and what was refused.
import { describe, expect, it } from 'vitest';
import { SCENE_LIMITS } from '../../../src/adapters/owlbear/game';
import { GAME_KEY, OPS_PREFIX } from '../../../src/adapters/owlbear/keys';
import type { SceneRequest } from '../../../src/messages';
import { gameOf } from '../../../src/store/load';
import { nodeCodec } from '../../support/owlbear-room';
import { Table, baseOf, names, opsOf, sideEdited } from './harness';

const H = OPS_PREFIX + 'h.bg';
const spend = (side: 'A' | 'B', amount: number): SceneRequest => ({ type: 'game/dispatch', system: 'hd-command', event: { type: 'spend', side, amount, permanent: false } });
const spent = (table: Table, side: 'A' | 'B') =>
  gameOf(table.gm.state.root, 'hd-command')
    .log.events.filter((e) => (e as { type: string; side?: string }).type === 'spend' && (e as { side: string }).side === side)
    .reduce((n, e) => n + (e as { amount: number }).amount, 0);

/** A table with a Hell Dorado game under way, the hostile player seated nowhere. */
async function setUp(mode: 'server' | 'client'): Promise<{ table: Table; honest: string[]; play: (name: string) => Promise<void> }> {
  const table = new Table(mode, 1);
  const [p1] = table.players;
  for (const c of table.honest) await table.hear(c);
  for (const r of [
    { type: 'store/select-system', system: 'hd-command' },
    { type: 'game/dispatch', system: 'hd-command', event: { type: 'rosterSet', side: 'A', fighters: [{ name: 'Capitaine', cmd: 4 }] } },
    { type: 'game/dispatch', system: 'hd-command', event: { type: 'rosterSet', side: 'B', fighters: [{ name: 'Chef', cmd: 5 }] } },
    { type: 'game/dispatch', system: 'hd-command', event: { type: 'start' } },
    { type: 'scene/seats', player: 'p1', name: 'Bob', seats: [1] },
  ] as SceneRequest[])
    expect(await table.act(table.gm, r)).toBe(true);
  await table.settle(3);
  const honest: string[] = [];
  const play = async (name: string) => {
    // The game master names side A, the player side B (his seat), in turn.
    const who = honest.length % 2 ? p1! : table.gm;
    expect(await table.act(who, sideEdited(who === table.gm ? 'A' : 'B', name))).toBe(true);
    honest.push(name);
    await table.tick(300);
  };
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
    expect([...seen].sort(), c.identity.writer).toEqual([...honest].sort());
  }
  for (const c of table.players) expect(c.state.root.games).toEqual(table.gm.state.root.games);
}

/** What the game master's client says it refused. */
const told = (table: Table): string[] => table.gm.state.refusedLately.map((d) => `${d.key} ${d.error?.code ?? d.problem}`);

describe.each(['server', 'client'] as const)('attacks (%s merge)', (mode) => {
  it('an op with a huge clock is refused; it freezes nothing, and the compacted game keeps an honest clock', async () => {
    const { table, honest, play } = await setUp(mode);
    await attack(table, { [H]: { v: 1, ops: [{ seq: 1, lamport: Number.MAX_SAFE_INTEGER, by: 'h', request: sideEdited('A', 'X-clock') }] } });
    await goesOn(table, honest, play);
    expect(told(table).some((t) => t.startsWith(H) && /clock 9007199254740991 above/.test(t))).toBe(true);
    expect(baseOf(table.metadata)!.lamport).toBeLessThan(100);
    // Every later op carries a clock a client can still add one to.
    for (const c of table.honest) for (const op of c.ownOps) expect(op.lamport).toBeLessThan(SCENE_LIMITS.clockAhead);
  });

  it('a forged game master claim is refused; seating and replacing the game from a player’s key are refused', async () => {
    const { table, honest, play } = await setUp(mode);
    await attack(table, {
      [H]: {
        v: 1,
        ops: [
          { seq: 1, lamport: 40, by: 'h', gm: true, request: { type: 'scene/seats', player: 'h', name: 'h', seats: [0, 1] } },
          { seq: 2, lamport: 41, by: 'h', request: { type: 'scene/seats', player: 'h', name: 'h', seats: [0, 1] } },
          { seq: 3, lamport: 42, by: 'h', request: { type: 'game/replace', system: 'hd-command', events: [] } },
          { seq: 4, lamport: 43, by: 'h', request: spend('A', 1) },
        ],
      },
    });
    await goesOn(table, honest, play);
    expect(Object.keys(table.gm.state.game.seats)).toEqual(['p1']);
    expect(spent(table, 'A')).toBe(0);
    const said = told(table);
    expect(said.some((t) => t.startsWith(H) && /game master; Owlbear says he is not/.test(t))).toBe(true);
    expect(said.filter((t) => t === `${H} owlbear-gm-only`)).toHaveLength(2);
    expect(said).toContain(`${H} owlbear-not-seated`);
  });

  it('an op naming another player as its author is refused', async () => {
    const { table, honest, play } = await setUp(mode);
    await attack(table, { [H]: { v: 1, ops: [{ seq: 1, lamport: 40, by: 'p1', request: spend('B', 2) }] } });
    await goesOn(table, honest, play);
    expect(spent(table, 'B')).toBe(0);
    expect(told(table).some((t) => t.startsWith(H) && /names p1 as its author; Owlbear says this key is h's/.test(t))).toBe(true);
  });

  it('ops written into another writer’s key are written over by their writer, never adopted, and said', async () => {
    const { table, honest, play } = await setUp(mode);
    const meta = table.metadata;
    const into = (writer: string, player: string, request: SceneRequest) => {
      const theirs = opsOf(meta, writer);
      const seq = (theirs[theirs.length - 1]?.seq ?? (baseOf(meta)?.covers[writer] ?? 0)) + 1;
      return { [OPS_PREFIX + writer]: { v: 1, ops: [...theirs, { seq, lamport: 60, by: player, request }] } };
    };
    await attack(table, { ...into('p1.bg', 'p1', spend('B', 3)), ...into('gm.bg', 'gm', { type: 'scene/seats', player: 'h', name: 'h', seats: [0, 1] }) });
    await goesOn(table, honest, play);
    expect(spent(table, 'B')).toBe(0);
    expect(Object.keys(table.gm.state.game.seats)).toEqual(['p1']);
    expect(told(table).some((t) => t.startsWith(`${OPS_PREFIX}gm.bg`) && /not written by this page/.test(t))).toBe(true);
  });

  it('a forged compacted game is written over by the game master’s client; no honest action is lost', async () => {
    const { table, honest, play } = await setUp(mode);
    const game = await nodeCodec.pack(JSON.stringify({ v: 1, activeSystem: 'hd-command', games: {}, bindings: {}, seats: { h: { name: 'h', seats: [0, 1] } }, opened: {} }));
    await attack(table, { [GAME_KEY]: { v: 1, gen: 1e6, covers: { 'gm.bg': 1e9, 'p1.bg': 1e9 }, lamport: Number.MAX_SAFE_INTEGER - 5, game } });
    await goesOn(table, honest, play);
    expect(baseOf(table.metadata)!.gen).toBeLessThan(1e6);
    expect(Object.keys(table.gm.state.game.seats)).toEqual(['p1']);
    expect(told(table).some((t) => t.startsWith(GAME_KEY) && /did not write/.test(t))).toBe(true);
  });

  it('a replay — a player’s ops copied into another key, or his key written back as it was — is never played twice', async () => {
    const { table, honest, play } = await setUp(mode);
    const before = table.metadata;
    await play('n3');
    await table.settle(3);
    const theirs = opsOf(table.metadata, 'p1.bg');
    await attack(table, { [H]: { v: 1, ops: theirs.map((op, i) => ({ ...op, seq: i + 1 })) }, [OPS_PREFIX + 'p1.bg']: before[OPS_PREFIX + 'p1.bg'] ?? null });
    await goesOn(table, honest, play);
  });

  it('a flood of keys is never played, does not push out the table’s keys, and is cleared once it stood still', async () => {
    const { table, honest, play } = await setUp(mode);
    const flood = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`${OPS_PREFIX}fake${i}.bg`, { v: 1, ops: [{ seq: 1, lamport: 1, by: `fake${i}`, request: sideEdited('A', `X${i}`) }] }]));
    await attack(table, flood);
    await goesOn(table, honest, play);
    expect(told(table).some((t) => /492 more keys of no connection at this table/.test(t))).toBe(true);
    expect(Object.entries(table.metadata).filter(([k, v]) => k.includes('/fake') && v !== null)).toEqual([]);
  });

  it('huge values are dropped whole; the game goes on', async () => {
    const { table, honest, play } = await setUp(mode);
    await attack(table, {
      [H]: {
        v: 1,
        ops: [
          { seq: 1, lamport: 40, by: 'h', request: { type: 'game/dispatch', system: 'hd-command', event: { type: 'spend', side: 'A', amount: 1e308, permanent: false } } },
          { seq: 2, lamport: 41, by: 'h', request: sideEdited('A', 'X'.repeat(100_000)) },
          { seq: 3, lamport: 42, by: 'h'.repeat(10_000), request: spend('A', 1) },
        ],
      },
      [`${OPS_PREFIX}p1.x`]: { v: 1, ops: Array.from({ length: 199 }, (_, i) => ({ seq: i + 1, lamport: i + 1, by: 'p1', request: sideEdited('A', 'Y'.repeat(3000)) })) },
      [`${OPS_PREFIX}gm.x`]: { v: 1, ops: Array.from({ length: 10_000 }, (_, i) => ({ seq: i + 1, lamport: i + 1, by: 'gm', request: spend('A', 1) })) },
    });
    await goesOn(table, honest, play);
    expect(spent(table, 'A')).toBe(0);
    const unreadable = table.gm.state.dropped.map((d) => `${d.key} ${d.problem}`);
    expect(unreadable.some((t) => t.startsWith(`${OPS_PREFIX}p1.x`) && /characters/.test(t)) || told(table).length > 0).toBe(true);
  });
});
