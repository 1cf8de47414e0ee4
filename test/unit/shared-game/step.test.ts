// The shared game's step (src/shared-game/step.ts), driven directly: one client's state, inputs in
// order, each with its moment. What it writes and plays depends on its state, the inputs and their
// moments only — no clock of its own, no randomness but the state's — and a moment decides when
// something is said, never what is played.
import { describe, expect, it } from 'vitest';
import { OWLBEAR_KEYS } from '../../../src/adapters/owlbear/keys';
import type { SceneRequest } from '../../../src/shared-game/scene-request';
import { RecordBook } from '../../../src/shared-game/records';
import { newSyncState, type SyncState } from '../../../src/shared-game/state';
import { step, type Input, type AsyncInput } from '../../../src/shared-game/step';
import type { SharedState, Update } from '../../../src/shared-game/types';
import { viewOf } from '../../../src/shared-game/view';
import { MemoryKeeper, nodeCodec } from '../../support/owlbear-room';
import { gameOf } from '../../../src/store/load';
import { sideEdited } from './harness';

/** A client whose browser holds `secret` and whose salts come in order: nothing random but what the test gives. */
function fresh(writer: string, player: string, gm: boolean, secret: string | null): SyncState {
  const keeper = new MemoryKeeper();
  if (secret) keeper.saveSecretKey(secret);
  let salt = 0;
  return newSyncState({
    codec: nodeCodec,
    keys: OWLBEAR_KEYS,
    me: { writer, player, gm },
    book: new RecordBook(),
    keeper,
    random: () => `salt${++salt}`,
  });
}

type Timed = readonly [input: Input, at: number];

/** The sides named in the game this client plays. */
const named = (view: SharedState): string[] =>
  gameOf(view.root, 'hd-command')
    .log.events.map((e) => (e as { name?: string }).name)
    .filter((x): x is string => x !== undefined);

/** Steps the inputs in order; every write is merged into the keys the next `keys` input reads (as the tabletop echoes them). */
async function run(
  s: SyncState,
  inputs: readonly Timed[],
): Promise<{ writes: Update[]; keys: Record<string, unknown> }> {
  const writes: Update[] = [];
  let keys: Record<string, unknown> = {};
  for (const [input, at] of inputs) {
    const given = input.type === 'keys' ? { ...input, metadata: { ...keys, ...input.metadata } } : input;
    const out = await step(s, given as AsyncInput, at);
    for (const w of out.writes ?? []) {
      writes.push(w);
      keys = { ...keys, ...w };
    }
  }
  return { writes, keys };
}

const act = (request: SceneRequest): AsyncInput => ({ type: 'act', request });
const keys = (metadata: Readonly<Record<string, unknown>> = {}): AsyncInput => ({ type: 'keys', metadata });
const alone = (gm: boolean): Input => ({
  type: 'party',
  members: [{ holder: 'gm', player: 'gm', gm, record: null }],
});

/** The game master alone at the table: he names the scene, acts twice, heals and compacts. */
const evening = (t0: number): Timed[] => [
  [alone(true), t0],
  [keys(), t0],
  [{ type: 'heal', force: true }, t0 + 10],
  [keys(), t0 + 1000],
  [act(sideEdited('A', 'Ney')), t0 + 1500],
  [keys(), t0 + 2000],
  [act(sideEdited('B', 'Soult')), t0 + 2500],
  [keys(), t0 + 3000],
  [{ type: 'compact' }, t0 + 3100],
  [keys(), t0 + 4000],
];

describe('the step', () => {
  it('refuses an action before the page has read the table, writing nothing', async () => {
    const s = fresh('gm.bg', 'gm', true, null);
    const out = await step(s, { type: 'act', request: sideEdited('A', 'Ney') }, 0);
    expect(out.writes).toBeNull();
    expect(out.acted?.ok).toBe(false);
    expect(out.acted && !out.acted.ok && out.acted.error.code).toBe('table-not-ready');
  });

  it('plays what it was given: a game master alone names the scene, acts, compacts, and plays both actions', async () => {
    const secret = (await nodeCodec.newSecret())!;
    const s = fresh('gm.bg', 'gm', true, secret);
    const { keys: table } = await run(s, evening(0));
    expect(table[OWLBEAR_KEYS.scene]).toEqual(expect.any(String));
    expect(table[OWLBEAR_KEYS.head]).toBeTruthy();
    const view = viewOf(s);
    expect(view.checkpoint).toEqual({ trust: 'own', gen: 1 });
    expect(view.unsent).toEqual([]);
    expect(named(view)).toEqual(['Ney', 'Soult']);
  });

  it('reads no clock: the same inputs at the same moments give the same writes, byte for byte, and an hour later too', async () => {
    const secret = (await nodeCodec.newSecret())!;
    const a = await run(fresh('gm.bg', 'gm', true, secret), evening(0));
    const b = await run(fresh('gm.bg', 'gm', true, secret), evening(0));
    const later = await run(fresh('gm.bg', 'gm', true, secret), evening(3_600_000));
    expect(a.writes.length).toBeGreaterThan(3);
    expect(JSON.stringify(b.writes)).toBe(JSON.stringify(a.writes));
    expect(JSON.stringify(later.writes)).toBe(JSON.stringify(a.writes));
  });

  it('a moment decides when a checkpoint no one stands behind is said, never whether it is played', async () => {
    // A forged head, signed by no one at the table, read by a player whose game master is away.
    const secret = (await nodeCodec.newSecret())!;
    const gm = fresh('gm.bg', 'gm', true, secret);
    const { keys: table } = await run(gm, evening(0));
    const forged = { ...(table[OWLBEAR_KEYS.head] as object), gen: 1_000_000 };
    const read = async (after: number) => {
      const p = fresh('p1.bg', 'p1', false, null);
      await step(p, { type: 'party', members: [{ holder: 'p1', player: 'p1', gm: false, record: null }] }, 0);
      await step(p, keys({ ...table, [OWLBEAR_KEYS.head]: forged }), 0);
      await step(p, keys({ ...table, [OWLBEAR_KEYS.head]: forged }), after);
      return viewOf(p);
    };
    const soon = await read(100);
    const late = await read(60_000);
    for (const view of [soon, late]) {
      expect(view.checkpoint).toEqual({ trust: 'none', gen: 0 });
      expect(named(view)).toEqual([]);
    }
    const said = (v: typeof soon) => v.dropped.some((d) => /no game master at this table signed/.test(d.problem));
    expect(said(soon)).toBe(false);
    expect(said(late)).toBe(true);
  });
});
