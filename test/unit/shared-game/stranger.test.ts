// A newcomer whose party entry reaches the other pages late writes before anyone there knows him. His
// pages are no one's to them: signed by his browser's key, which no one can tie to him yet, his game
// master is asked about them (./gone-gm.test.ts); unsigned (a browser without Ed25519), they are keys
// of no one, which the compacting game master empties once they stood still `SYNC_TIMING.strangerMs`
// (a hostile player must not fill the scene with made-up writers). Either way his own page writes them
// again until the table holds them: the wait decides when his action is played, never whether.
import { describe, expect, it } from 'vitest';
import { OPS_PREFIX } from '../../../src/adapters/owlbear/keys';
import { SYNC_TIMING } from '../../../src/shared-game/policy';
import { nodeCodec } from '../../support/owlbear-room';
import { Table, names, sideEdited } from './harness';

/** A game master and a player at the table, a game chosen; then a newcomer whose page hears the party while no other page lists him yet. */
async function newcomer(mode: 'server' | 'client', signs: boolean, answers: boolean) {
  const table = new Table(mode, 1, 900, 600, true);
  table.answers = answers;
  await table.chooseGame(4);
  const late = table.client(
    'late.bg',
    'late',
    false,
    signs ? {} : { codec: { ...nodeCodec, newSecret: async () => null } },
  );
  table.players.push(late);
  await table.hear(late);
  expect(await table.act(late, sideEdited('A', 'n1'))).toBe(true);
  const others = table.honest.filter((c) => c !== late);
  return { table, late, others };
}

describe.each(['server', 'client'] as const)('a newcomer no other page lists yet (%s merge)', (mode) => {
  it('his browser cannot sign: his keys are emptied as no one’s, written again by his page, and his action is played once by everyone once he is listed', async () => {
    const { table, late, others } = await newcomer(mode, false, true);
    const key = `${OPS_PREFIX}${late.me.writer}`;
    let emptied = 0;
    for (let i = 0; i < 30 && emptied < 2; i++) {
      const before = table.metadata[key] ?? null;
      await table.tick(500);
      await table.compact(false);
      if (before !== null && (table.metadata[key] ?? null) === null) emptied++;
    }
    expect(emptied, 'emptied as no one’s, and again once his page wrote them back').toBe(2);
    expect(table.t, 'not before they stood still that long').toBeGreaterThanOrEqual(SYNC_TIMING.strangerMs);
    for (const c of others) expect(names(c), c.me.writer).toEqual([]);
    expect(
      late.game.state.unsent.map((u) => u.request),
      'his page still has it to send',
    ).toEqual([sideEdited('A', 'n1')]);
    table.room.join(late);
    await table.settle();
    for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['n1']);
    expect(late.game.state.unsent).toEqual([]);
  });

  it('his pages signed by his browser’s key: his game master is asked, nothing is emptied meanwhile, and once he is listed his action is played once by everyone and the question goes', async () => {
    const { table, late, others } = await newcomer(mode, true, false);
    for (let i = 0; i < 20; i++) {
      await table.tick(500);
      await table.compact(false);
    }
    expect(table.gm.game.state.unproven, 'asked about').toMatchObject({ player: 'late', gm: false, actions: 1 });
    expect(table.metadata[`${OPS_PREFIX}${late.me.writer}`] ?? null, 'kept while he is asked').not.toBeNull();
    for (const c of others) expect(names(c), c.me.writer).toEqual([]);
    table.room.join(late);
    await table.settle();
    for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['n1']);
    expect(table.gm.game.state.unproven).toBeNull();
    expect(late.game.state.unsent).toEqual([]);
  });
});
