// A writer whose pages say a checkpoint holds more of his actions than the compactor's covers, while his
// record says he plays another, is held back from compaction (with what follows him in play order): the
// gap between is in that other checkpoint only (seed 1352901382, converge.ts KNOWN). A hostile player can
// say so of himself for ever, and change his record's word every few seconds: the table's compaction is
// held `giveUpMs` at most, however often he does.
import { describe, expect, it } from 'vitest';
import { GAME_KEY, OPS_PREFIX, SCENE_KEY } from '../../../src/adapters/owlbear/keys';
import { SYNC_TIMING } from '../../../src/shared-game/policy';
import { digest } from '../../../src/shared-game/records';
import { Table, names, sideEdited } from './harness';

describe.each(['server', 'client'] as const)('a writer held back from compaction (%s merge)', (mode) => {
  it('is held giveUpMs at most, however often his record changes its word', async () => {
    const table = new Table(mode, 2, 900, 600, true);
    await table.chooseGame(2);
    const scene = table.metadata[SCENE_KEY] as string;
    const gen = (table.metadata[GAME_KEY] as { gen: number }).gen;
    // His page: actions 1 to 5 "in a checkpoint", action 6 early in play order; his record signs it and says he plays another checkpoint.
    const page = { v: 2, scene, done: 5, ops: [{ seq: 6, lamport: 1, by: 'h', request: sideEdited('A', 'Xown') }] };
    const pages = [page, null, null, null, null, null, null, null];
    table.forge({ [`${OPS_PREFIX}h.bg`]: page });
    const say = (i: number) => {
      table.room.records.set('h', { v: 1, ops: [{ s: scene, h: digest(pages), n: 6 }], cp: [], g: { s: scene, k: [], n: gen + 1, h: i.toString(16).padStart(32, '0') } });
      for (const c of table.honest) table.room.deliverParty(c);
    };
    say(1);
    await table.calm();
    expect(names(table.gm), 'his action is played').toContain('Xown');
    expect(await table.act(table.players[0]!, sideEdited('B', 'p1'))).toBe(true);
    await table.calm();
    const covered = () => (table.metadata[GAME_KEY] as { covers: Record<string, number> }).covers['p1.bg'] ?? 0;
    expect(covered(), 'held back behind him at first').toBe(0);
    // He changes his word every 3 s; the game master's page compacts as it does.
    for (let t = 0, i = 2; t <= SYNC_TIMING.giveUpMs + 6000; t += 3000, i++) {
      say(i);
      await table.tick(3000);
      await table.calm();
    }
    expect(covered(), 'the player’s action is in a checkpoint').toBe(1);
    for (const c of table.honest) expect(names(c), c.me.writer).toEqual(names(table.gm));
  });
});
