// Issue 36, "authorship proven, not inferred ... across returns": a game master who leaves before his last
// actions are compacted. His connection's record, which signed his pages, goes with it; his pages also
// carry his browser key's signature (src/shared-game/signing.ts `signPages`), so that his next connection
// and a newcomer can prove them his as the players who saw him do. Before, his next connection took his
// own keys for no one's: the players played his actions and his page did not, and the checkpoint he then
// wrote lacked them.
import { describe, expect, it } from 'vitest';
import { OPS_PREFIX } from '../../../src/adapters/owlbear/keys';
import { canonicalJson } from '../../../src/game/json';
import { digestText } from '../../../src/shared-game/records';
import { signPages } from '../../../src/shared-game/signing';
import { MemoryKeeper, nodeCodec, type Client } from '../../support/owlbear-room';
import { Table, names, sideEdited } from './harness';

const json = canonicalJson;

async function started(table: Table): Promise<void> {
  await table.chooseGame(2);
  expect(await table.act(table.players[0]!, sideEdited('A', 'p1'))).toBe(true);
  await table.settle(6);
  expect(table.gm.game.state.checkpoint.trust).toBe('own');
}

/** The game master acts, his writes land and everyone hears them, and he leaves before any compaction. */
async function actsThenLeaves(table: Table, ...actions: string[]): Promise<Client> {
  for (const a of actions) expect(await table.act(table.gm, sideEdited('B', a))).toBe(true);
  await table.calm();
  expect(table.gm.game.ownOps.length, 'his actions are not compacted yet').toBe(actions.length);
  return table.gmLeaves();
}

/**
 * He comes back in the same browser; his first connection's keys are emptied once the checkpoint holds
 * them, then forgotten by it, which says so. Returns his second connection.
 */
async function backUntilForgotten(table: Table, first: Client): Promise<Client> {
  const second = await table.gmBack(first, true);
  await table.settle();
  for (let i = 0; i < 4; i++) {
    await table.tick(30_000);
    await table.settle(4);
  }
  const head = table.metadata['dev.commandpost/game'] as {
    covers: Record<string, number>;
    forgot?: Record<string, number>;
  };
  expect(head.covers[first.me.writer], 'forgotten by the checkpoint').toBeUndefined();
  expect(head.forgot?.[first.me.writer], 'which says so, and how far it held him (his choice of system, and g1)').toBe(
    2,
  );
  return second;
}

/** A player who never saw the table before joins it. */
function newcomerJoins(table: Table): void {
  const late = table.client('late.bg', 'late', false);
  table.players.push(late);
  table.room.join(late);
}

describe.each(['server', 'client'] as const)(
  'a game master who leaves before his actions are compacted (%s merge)',
  (mode) => {
    it('back in the same browser: his next connection plays them as the players do, compacts them once, and empties his old keys', async () => {
      const table = new Table(mode, 2, 900, 600, true);
      await started(table);
      const old = await actsThenLeaves(table, 'g1', 'g2');
      for (const p of table.players) expect(names(p)).toEqual(['p1', 'g1', 'g2']);
      await table.tick(5000);
      const gm = await table.gmBack(old, true);
      expect(names(gm), 'his new page plays his earlier connection’s actions').toEqual(['p1', 'g1', 'g2']);
      expect(await table.act(gm, sideEdited('A', 'g3'))).toBe(true);
      await table.settle();
      for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['p1', 'g1', 'g2', 'g3']);
      for (const c of table.honest) expect(c.game.state.root.games, c.me.writer).toEqual(gm.game.state.root.games);
      expect(table.unprovenChoices, 'his key proves them: he is asked nothing').toEqual([]);
      const head = table.metadata['dev.commandpost/game'] as { covers: Record<string, number> };
      expect(head.covers[old.me.writer], 'his old connection’s actions are in the checkpoint').toBeGreaterThanOrEqual(
        2,
      );
      for (const key of Object.keys(table.metadata)) {
        if (key.startsWith(`${OPS_PREFIX}${old.me.writer}`)) expect(table.metadata[key] ?? null, key).toBeNull();
      }
    });

    it('back in the same browser after someone wrote over his pages while every page that held them reloaded: his browser kept them, signed, and his next connection writes them back for everyone', async () => {
      const table = new Table(mode, 2, 900, 600, true);
      await started(table);
      const old = await actsThenLeaves(table, 'g1', 'g2');
      // A stale copy of his pages, his signature of them with it, written over the ones he left.
      const key = `${OPS_PREFIX}${old.me.writer}`;
      const page = table.metadata[key] as { ops: unknown[] };
      table.forge({ [key]: { ...page, ops: page.ops.slice(0, 1) } });
      for (const p of [...table.players]) await table.hear(table.reload(p));
      await table.settle();
      // (g1 they play: the version that held it alone is one his signature names.)
      for (const p of table.players) expect(names(p), 'no page at the table holds g2 any more').toEqual(['p1', 'g1']);
      const gm = await table.gmBack(old, true);
      await table.settle();
      for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['p1', 'g1', 'g2']);
      for (const c of table.honest) expect(c.game.state.root.games, c.me.writer).toEqual(gm.game.state.root.games);
      expect(table.unprovenChoices, 'his key proves them: he is asked nothing').toEqual([]);
    });

    it('what his browser kept of a connection whose actions a checkpoint folded in, and then forgot, is never written back: a newcomer plays each action once', async () => {
      const table = new Table(mode, 2, 900, 600, true);
      await started(table);
      const first = await actsThenLeaves(table, 'g1');
      const second = await backUntilForgotten(table, first);
      // He leaves again, and comes back once more in the same browser; a newcomer joins.
      table.gmLeaves();
      const keeper = new MemoryKeeper(table.keepers.get(second.me.writer));
      const third = table.client('gm3.bg', 'gm', true, { keeper });
      (table as { gm: Client }).gm = third;
      table.room.join(third);
      newcomerJoins(table);
      await table.settle();
      for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['p1', 'g1']);
    });

    it('a stale copy that brings back the pages of a connection the checkpoint forgot: the checkpoint says how far it held him, and no client plays them again, a newcomer included', async () => {
      const table = new Table(mode, 2, 900, 600, true);
      await started(table);
      const first = await actsThenLeaves(table, 'g1');
      // His pages and his key's signature of them, as a stale copy of the scene still holds them.
      const stale = Object.fromEntries(
        Object.entries(table.metadata).filter(([key]) => key.startsWith(`${OPS_PREFIX}${first.me.writer}`)),
      );
      expect(Object.keys(stale).length, 'his pages and their signature').toBeGreaterThanOrEqual(2);
      await backUntilForgotten(table, first);
      table.forge(stale);
      newcomerJoins(table);
      await table.settle();
      for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['p1', 'g1']);
      for (const key of Object.keys(stale)) expect(table.metadata[key] ?? null, `${key}: emptied again`).toBeNull();
    });

    it('his pages carry his signature while he writes, as a player’s carry theirs, each with its role and its record’s key', async () => {
      const table = new Table(mode, 2, 900, 600, true);
      await started(table);
      expect(await table.act(table.gm, sideEdited('B', 'g1'))).toBe(true);
      expect(await table.act(table.players[1]!, sideEdited('A', 'p2'))).toBe(true);
      await table.calm();
      const pagesOf = (writer: string) =>
        digestText(
          json(
            [0, 1, 2, 3, 4, 5, 6, 7].map((p) => table.metadata[`${OPS_PREFIX}${writer}${p ? `.${p}` : ''}`] ?? null),
          ),
        );
      for (const [c, gm] of [
        [table.gm, true],
        [table.players[1]!, false],
      ] as const) {
        const sig = table.metadata[`${OPS_PREFIX}${c.me.writer}.s`] as
          { v: number; h: string; player: string; gm: boolean; key: string } | undefined;
        expect(sig, c.me.writer).toMatchObject({
          v: 3,
          p: expect.any(Array),
          player: c.me.player,
          gm,
          h: pagesOf(c.me.writer),
          key: c.book.record.k,
        });
      }
    });

    it('pages under a gone connection signed by a key no one trusts (the hostile player’s) are no one’s: not played, and emptied', async () => {
      const table = new Table(mode, 2, 900, 600, true);
      await started(table);
      const scene = table.gm.game.sceneId!;
      const secret = (await nodeCodec.newSecret())!;
      const key = (await nodeCodec.publicKey(secret))!;
      const writer = 'gone.bg';
      const page = {
        v: 2,
        scene,
        done: 0,
        ops: [{ seq: 1, lamport: 5, by: 'gm', gm: true, request: sideEdited('A', 'Xforged') }],
      };
      const h = digestText(json([page, null, null, null, null, null, null, null]));
      const sig = (await signPages(nodeCodec, secret, key, writer, { scene, player: 'gm', gm: true, h }))!;
      table.forgedKeys.add(key);
      table.forge({ [`${OPS_PREFIX}${writer}`]: page, [`${OPS_PREFIX}${writer}.s`]: sig });
      await table.hear(table.gm);
      expect(table.gm.game.state.unproven, 'the game master is asked').toEqual({
        player: 'gm',
        gm: true,
        actions: 1,
        key: key.slice(0, 12),
      });
      for (const c of table.players) expect(c.game.state.unproven, 'only he is').toBeNull();
      await table.settle();
      expect(table.unprovenChoices).toEqual(['leave']);
      for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['p1']);
      expect(table.metadata[`${OPS_PREFIX}${writer}`] ?? null, 'emptied as keys of no one are').toBeNull();
      expect(table.metadata[`${OPS_PREFIX}${writer}.s`] ?? null).toBeNull();
    });

    it('back on a browser that kept nothing, no one at the table vouching for his old key: he is asked, takes them, and every client plays them once', async () => {
      const table = new Table(mode, 2, 900, 600, false);
      await started(table);
      const old = await actsThenLeaves(table, 'g1', 'g2');
      await table.tick(5000);
      const gm = await table.gmBack(old, false);
      expect(gm.game.state.unproven).toMatchObject({ player: 'gm', actions: 2 });
      expect(await table.act(gm, sideEdited('A', 'g3'))).toBe(true);
      await table.settle();
      expect(table.unprovenChoices).toEqual(['take']);
      // (His action made before he answered may come first: each is played by its clock, the same order everywhere.)
      for (const c of table.honest) expect([...names(c)].sort(), c.me.writer).toEqual(['g1', 'g2', 'g3', 'p1']);
      for (const c of table.honest) expect(c.game.state.root.games, c.me.writer).toEqual(gm.game.state.root.games);
      for (const key of Object.keys(table.metadata)) {
        if (key.startsWith(`${OPS_PREFIX}${old.me.writer}`)) expect(table.metadata[key] ?? null, key).toBeNull();
      }
    });
  },
);
