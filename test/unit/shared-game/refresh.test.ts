// Issue 36, "a refresh is a new connection ... a player who refreshes re-publishes what is not yet
// covered, as the same player". Owlbear resets a connection's player metadata on a refresh: the record
// that signed a player's pages goes with it, and his new page writes under a new name. His pages now
// carry his browser key's signature as a player's (src/shared-game/signing.ts `signPages`), and the
// record of his new connection names that key: everyone, newcomers included, plays his earlier
// connection's actions as his. Before, only the pages that had seen him played them; a newcomer, or the
// game master back while they were not compacted, took them for no one's.
import { describe, expect, it } from 'vitest';
import { OPS_PREFIX } from '../../../src/adapters/owlbear/keys';
import { digest } from '../../../src/shared-game/records';
import { signPages } from '../../../src/shared-game/signing';
import { nodeCodec, type Client } from '../../support/owlbear-room';
import { Table, names, sideEdited } from './harness';

/** A table of two players in browsers that keep their own copies, its game started and compacted. */
async function started(mode: 'server' | 'client'): Promise<Table> {
  const table = new Table(mode, 2, 900, 600, true);
  await table.chooseGame(4);
  expect(table.gm.game.state.checkpoint.trust).toBe('own');
  return table;
}

/** The game master leaves; the first player acts (`a1`), and every page hears it. */
async function actsWhileGmAway(mode: 'server' | 'client'): Promise<{ table: Table; gm: Client; p1: Client }> {
  const table = await started(mode);
  const gm = table.gmLeaves();
  const p1 = table.players[0]!;
  expect(await table.act(p1, sideEdited('A', 'a1'))).toBe(true);
  await table.calm();
  return { table, gm, p1 };
}

const newcomer = (table: Table, name: string): Client => {
  const c = table.client(`${name}.bg`, name, false);
  table.players.push(c);
  table.room.join(c);
  return c;
};

/** Pages under a connection no one saw, with one action, signed by `secret` in `player`'s name and role. */
async function gonePages(
  table: Table,
  writer: string,
  secret: string,
  player: string,
  gm: boolean,
  action: string,
): Promise<Record<string, unknown>> {
  const scene = table.gm.game.sceneId!;
  const key = (await nodeCodec.publicKey(secret))!;
  const page = {
    v: 2,
    scene,
    done: 0,
    ops: [{ seq: 1, lamport: 1, by: player, ...(gm ? { gm: true } : {}), request: sideEdited('A', action) }],
  };
  const sig = await signPages(nodeCodec, secret, key, writer, {
    scene,
    player,
    gm,
    h: digest([page, null, null, null, null, null, null, null]),
  });
  return { [`${OPS_PREFIX}${writer}`]: page, [`${OPS_PREFIX}${writer}.s`]: sig };
}

const secretOf = (c: Client): string => (c.game as unknown as { s: { signer: { secret: string } } }).s.signer.secret;

describe.each(['server', 'client'] as const)('a player who refreshes his tab (%s merge)', (mode) => {
  it('in the same browser, his game master away: his earlier connection’s actions are his to a newcomer too, and to the game master back, compacted once', async () => {
    const { table, gm, p1 } = await actsWhileGmAway(mode);
    const again = await table.refresh(p1);
    expect(again.book.record.k, 'the same browser, the same key').toBe(p1.book.record.k);
    await table.calm();
    const late = newcomer(table, 'late');
    await table.calm();
    expect(names(late), 'a newcomer plays it').toEqual(['a1']);
    expect(names(again), 'his new page plays it').toEqual(['a1']);
    expect(await table.act(again, sideEdited('A', 'a2'))).toBe(true);
    const back = await table.gmBack(gm, true);
    await table.settle();
    for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['a1', 'a2']);
    for (const c of table.honest) expect(c.game.state.root.games, c.me.writer).toEqual(back.game.state.root.games);
    expect(table.unprovenChoices, 'his new record proves his key: no one is asked').toEqual([]);
    const head = table.metadata['dev.commandpost/game'] as { covers: Record<string, number> };
    expect(head.covers[p1.me.writer], 'his earlier connection is in the checkpoint').toBe(1);
    for (const p of [0, 1])
      expect(table.metadata[`${OPS_PREFIX}${p1.me.writer}${p ? `.${p}` : ''}`] ?? null, 'its keys emptied').toBeNull();
  });

  it('in the same browser, his last write lost with the tab: his new connection writes his earlier pages back from his browser', async () => {
    const { table, gm, p1 } = await actsWhileGmAway(mode);
    // His second action never reaches Owlbear: the tab refreshes first.
    expect(await table.act(p1, sideEdited('A', 'a2'))).toBe(true);
    await table.refresh(p1);
    await table.settle(4);
    const back = await table.gmBack(gm, true);
    newcomer(table, 'late');
    await table.settle();
    for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['a1', 'a2']);
    for (const c of table.honest) expect(c.game.state.root.games, c.me.writer).toEqual(back.game.state.root.games);
  });

  it('made game master while the game master is away, he compacts his action and refreshes before any of it reaches the table: his next connection writes his pages back from his browser', async () => {
    const table = await started(mode);
    const gm = table.gmLeaves();
    const p2 = table.players[1]!;
    table.room.setRole(p2, true);
    await table.partyChanged();
    await table.calm();
    expect(await table.act(p2, sideEdited('A', 'a1'))).toBe(true);
    await table.compact(true, p2);
    expect(p2.game.ownOps, 'his own checkpoint covers it').toEqual([]);
    // His pages, his checkpoint and his record, still on their way, are lost with the tab.
    const again = await table.refresh(p2);
    table.room.setRole(again, false);
    await table.partyChanged();
    await table.settle(4);
    const back = await table.gmBack(gm, true);
    await table.settle();
    for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['a1']);
    for (const c of table.honest) expect(c.game.state.root.games, c.me.writer).toEqual(back.game.state.root.games);
  });

  it('on a browser that kept nothing (a new key): his game master, back, is asked about them as a player’s, and takes them', async () => {
    const { table, gm, p1 } = await actsWhileGmAway(mode);
    const again = await table.refresh(p1, false);
    expect(again.book.record.k).not.toBe(p1.book.record.k);
    table.answers = false;
    const back = await table.gmBack(gm, false);
    await table.settle(4);
    expect(back.game.state.unproven, 'asked, in a player’s words').toEqual({
      player: 'p1',
      gm: false,
      actions: 1,
      key: p1.book.record.k!.slice(0, 12),
    });
    table.answers = true;
    for (let i = 0; i < 20 && !table.unprovenChoices.length; i++) await table.tick(700);
    expect(table.unprovenChoices).toEqual(['take']);
    // His answer is in his record: every client plays them at once, before any checkpoint holds them.
    await table.calm();
    for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['a1']);
    await table.settle();
    for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['a1']);
  });
});

describe.each(['server', 'client'] as const)(
  'pages under a gone connection signed as a player’s (%s merge)',
  (mode) => {
    it('in another player’s name, by a key of the hostile player’s own that his record names: no one plays them; his game master, asked, leaves them, and his checkpoint says so', async () => {
      const table = await started(mode);
      const secret = (await nodeCodec.newSecret())!;
      const key = (await nodeCodec.publicKey(secret))!;
      table.room.records.set('h', { v: 1, ops: [], cp: [], k: key });
      table.forgedKeys.add(key);
      table.forge(await gonePages(table, 'made-up.bg', secret, 'p1', false, 'Xforged'));
      await table.settle();
      expect(table.unprovenChoices).toEqual(['leave']);
      for (const c of table.honest) expect(names(c), c.me.writer).toEqual([]);
      expect(table.metadata[`${OPS_PREFIX}made-up.bg`] ?? null, 'emptied').toBeNull();
      const head = table.metadata['dev.commandpost/game'] as { left?: string[] };
      expect(head.left, 'the key he left, in the checkpoint he signs').toEqual([key]);
    });

    it('in his own name, played by a page while his record named the key, then his record naming another: his game master, asked, leaves them, and that page drops them too', async () => {
      const table = await started(mode);
      const secret = (await nodeCodec.newSecret())!;
      const key = (await nodeCodec.publicKey(secret))!;
      table.room.records.set('h', { v: 1, ops: [], cp: [], k: key });
      table.forgedKeys.add(key);
      const p1 = table.players[0]!;
      table.room.deliverParty(p1);
      table.forge(await gonePages(table, 'made-up.bg', secret, 'h', false, 'Xown'));
      await table.hear(p1);
      expect(names(p1), 'his record proves the key to this page').toEqual(['Xown']);
      // Before anyone else reads them, his record names another key.
      table.room.records.set('h', {
        v: 1,
        ops: [],
        cp: [],
        k: (await nodeCodec.publicKey((await nodeCodec.newSecret())!))!,
      });
      for (const c of table.honest) table.room.deliverParty(c);
      await table.settle();
      expect(table.unprovenChoices).toEqual(['leave']);
      // For good: that page does not write them back, nor play them again, while the game master empties them.
      const later = new Set<string>();
      for (let i = 0; i < 40; i++) {
        await table.settle(1);
        later.add(JSON.stringify([names(p1), table.metadata[`${OPS_PREFIX}made-up.bg`] ?? null]));
      }
      expect([...later]).toEqual([JSON.stringify([[], null])]);
      for (const c of table.honest) expect(names(c), c.me.writer).toEqual([]);
      for (const c of table.honest)
        expect(c.game.state.root.games, c.me.writer).toEqual(table.gm.game.state.root.games);
    });

    it('a player’s key never proves a game master’s actions: pages he signs as one, his connection at the table, are asked about and left', async () => {
      const table = await started(mode);
      const p1 = table.players[0]!;
      table.forgedKeys.add(p1.book.record.k!);
      table.forge(await gonePages(table, 'made-up.bg', secretOf(p1), 'p1', true, 'Xgm'));
      await table.settle();
      expect(table.unprovenChoices).toEqual(['leave']);
      for (const c of table.honest) expect(names(c), c.me.writer).toEqual([]);
    });

    it('in his own name, by his key: his actions, as a player’s, for everyone, whoever saw them first', async () => {
      const table = await started(mode);
      const p1 = table.players[0]!;
      table.forge(await gonePages(table, 'earlier1.bg', secretOf(p1), 'p1', false, 'e1'));
      await table.hear(p1);
      table.forge(await gonePages(table, 'earlier2.bg', secretOf(p1), 'p1', false, 'e2'));
      newcomer(table, 'late');
      await table.settle();
      for (const c of table.honest) expect(names(c).sort(), c.me.writer).toEqual(['e1', 'e2']);
      for (const c of table.honest)
        expect(c.game.state.root.games, c.me.writer).toEqual(table.gm.game.state.root.games);
      expect(table.unprovenChoices, 'no one is asked').toEqual([]);
    });
  },
);
