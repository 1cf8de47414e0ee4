// The shared game converges whatever happens at the table (property): random interleavings of honest
// actions, stale merges (a writer's update spread over its own copy, under the `client` reading of
// Owlbear's merge), writes Owlbear refuses, a hostile player's writes of every kind, and compaction.
// At the end of the evening every honest action is in every honest client's game exactly once, and
// the honest clients have the same game.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME_KEY, OPS_PREFIX } from '../../../src/adapters/owlbear/keys';
import type { SceneSync } from '../../../src/adapters/owlbear/sync';
import { nodeCodec } from '../../support/owlbear-room';
import { Table, names, opsOf, sideEdited } from './harness';

type Forgery = 'clock' | 'by' | 'gm' | 'into' | 'empty' | 'game' | 'replay' | 'flood' | 'huge' | 'stale';

type Step =
  | { kind: 'act'; who: number; side: 'A' | 'B' }
  | { kind: 'hostile-act' }
  | { kind: 'land'; who: number }
  | { kind: 'refuse'; who: number }
  | { kind: 'hear'; who: number }
  | { kind: 'tick'; ms: number }
  | { kind: 'compact' }
  | { kind: 'forge'; what: Forgery; victim: number };

const who = fc.integer({ min: 0, max: 2 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('act' as const), who, side: fc.constantFrom('A' as const, 'B' as const) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'hostile-act' as const }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('land' as const), who }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refuse' as const), who }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('hear' as const), who }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(100, 300, 700) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'compact' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('forge' as const), what: fc.constantFrom<Forgery>('clock', 'by', 'gm', 'into', 'empty', 'game', 'replay', 'flood', 'huge', 'stale'), victim: who }) },
);

const HOSTILE = 'X';

/** One forged write of the hostile player's (his client writes whatever it likes, wherever it likes). */
async function forge(table: Table, what: Forgery, victim: SceneSync, history: Record<string, unknown>[], n: number): Promise<void> {
  const meta = table.metadata;
  const hKey = OPS_PREFIX + 'h.bg';
  const hOps = opsOf(meta, 'h.bg');
  const next = (hOps[hOps.length - 1]?.seq ?? 0) + 1;
  const mine = (op: object) => ({ v: 1, ops: [...hOps, { seq: next, lamport: (hOps[hOps.length - 1]?.lamport ?? 0) + 1, by: 'h', ...op }] });
  const name = `${HOSTILE}${n}`;
  switch (what) {
    case 'clock':
      return table.forge({ [hKey]: mine({ lamport: Number.MAX_SAFE_INTEGER, request: sideEdited('A', name) }) });
    case 'by':
      return table.forge({ [hKey]: mine({ by: victim.identity.player, request: sideEdited('B', name) }) });
    case 'gm':
      return table.forge({ [hKey]: mine({ gm: true, request: { type: 'scene/seats', player: 'h', name: 'h', seats: [0, 1] } }) });
    case 'into': {
      const theirs = opsOf(meta, victim.identity.writer);
      const last = theirs[theirs.length - 1];
      const seq = (last?.seq ?? (table.gm.state.game && 0)) + 1;
      return table.forge({ [OPS_PREFIX + victim.identity.writer]: { v: 1, ops: [...theirs, { seq, lamport: (last?.lamport ?? 0) + 1, by: victim.identity.player, request: sideEdited('A', name) }] } });
    }
    case 'empty':
      return table.forge({ [OPS_PREFIX + victim.identity.writer]: null });
    case 'game': {
      const game = await nodeCodec.pack(JSON.stringify({ v: 1, activeSystem: 'hd-command', games: {}, bindings: {}, seats: { h: { name: 'h', seats: [0, 1] } }, opened: {} }));
      const covers = Object.fromEntries([...table.honest, table.hostile].map((c) => [c.identity.writer, 1e9]));
      return table.forge({ [GAME_KEY]: { v: 1, gen: 1e6, covers, lamport: Number.MAX_SAFE_INTEGER - 5, game } });
    }
    case 'replay': {
      // An older copy of the victim's key, or the victim's ops copied into the hostile player's.
      const old = history[Math.floor(history.length / 2)];
      if (old && n % 2) return table.forge({ [OPS_PREFIX + victim.identity.writer]: old[OPS_PREFIX + victim.identity.writer] ?? null });
      const theirs = opsOf(meta, victim.identity.writer);
      return table.forge({ [hKey]: { v: 1, ops: [...hOps, ...theirs.map((op, i) => ({ ...op, seq: next + i }))] } });
    }
    case 'flood':
      return table.forge(Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`${OPS_PREFIX}fake${n}x${i}.bg`, { v: 1, ops: [{ seq: 1, lamport: 1, by: `fake${i}`, request: sideEdited('A', name) }] }])));
    case 'huge':
      return table.forge({ [hKey]: mine({ request: { type: 'game/dispatch', system: 'hd-command', event: { type: 'spend', side: 'A', amount: 1e308, permanent: false, note: 'x'.repeat(100_000) } } }) });
    case 'stale': {
      // A whole old copy written back, as a stale client would (every key of it).
      const old = history[Math.floor((n * 7) % Math.max(1, history.length))];
      if (old) table.forge(old);
      return;
    }
  }
}

async function evening(mode: 'server' | 'client', steps: Step[]): Promise<void> {
  const table = new Table(mode);
  const clients = table.honest;
  const accepted: string[] = [];
  const history: Record<string, unknown>[] = [];
  const refusedInRow = new Map<SceneSync, number>();
  let n = 0;
  for (const c of clients) await table.hear(c);
  await table.act(table.gm, { type: 'store/select-system', system: 'hd-command' });
  await table.tick(700);
  for (const s of steps) {
    if (s.kind === 'act') {
      const name = `n${++n}`;
      if (await table.act(clients[s.who]!, sideEdited(s.side, name))) accepted.push(name);
    } else if (s.kind === 'hostile-act') await table.act(table.hostile, sideEdited('A', `${HOSTILE}own${++n}`));
    else if (s.kind === 'land') {
      table.land(clients[s.who]!);
      refusedInRow.set(clients[s.who]!, 0);
    } else if (s.kind === 'refuse') {
      // Owlbear refuses a writer's write at most twice in a row (then it has the room's attention again).
      const c = clients[s.who]!;
      const row = refusedInRow.get(c) ?? 0;
      if (row < 2) {
        table.land(c, true);
        refusedInRow.set(c, row + 1);
      }
    } else if (s.kind === 'hear') await table.hear(clients[s.who]!);
    else if (s.kind === 'tick') await table.tick(s.ms);
    else if (s.kind === 'compact') await table.compact();
    else await forge(table, s.what, clients[s.victim]!, history, ++n);
    history.push(table.metadata);
  }
  // The hostile player stops; everything in flight arrives, pages heal, the game master compacts.
  await table.settle();
  for (const c of clients) {
    const honest = names(c).filter((x) => !x.startsWith(HOSTILE));
    expect([...honest].sort(), `${c.identity.writer}: every honest action once`).toEqual([...accepted].sort());
  }
  for (const c of clients.slice(1)) expect(c.state.root.games, `${c.identity.writer} plays the game master's game`).toEqual(clients[0]!.state.root.games);
  // Nothing forged in an honest writer's name was played.
  for (const c of clients) expect(names(c).filter((x) => x.startsWith(HOSTILE) && !x.startsWith(`${HOSTILE}own`))).toEqual([]);
  // And the evening ends compacted: nothing waits in the honest writers' keys.
  for (const c of clients) expect(opsOf(table.metadata, c.identity.writer), c.identity.writer).toEqual([]);
  expect(table.metadata[GAME_KEY]).toBeTruthy();
}

describe.each(['server', 'client'] as const)('no honest action lost or doubled, all honest clients equal (property, %s merge)', (mode) => {
  it('whatever the interleaving of honest actions, stale merges, refused and hostile writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 90, size: 'max' }), (steps) => evening(mode, steps)),
      { numRuns: Number(process.env.OWLBEAR_PROPERTY_RUNS ?? 60) },
    );
  }, 300_000);
});
