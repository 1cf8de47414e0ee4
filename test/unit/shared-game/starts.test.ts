// Issue 36, fault 1: a forged checkpoint that reads, written where a page has nothing of its own to
// check against — a fresh scene, right after the game master's first action, while he is away and when
// he comes back (with and without browser storage), with no game master at the table. Three forgeries
// each: unsigned, signed by the hostile player's own key (his record vouching for it), and claiming the
// game master's public key with a signature that is not his. Under both readings of Owlbear's merge.
// Before checkpoints were signed by the game master's key, each of these was taken "as found" and
// signed by his page (the attacker seated on both sides, honest actions lost).
import { describe, expect, it } from 'vitest';
import { GAME_KEY, PART_PREFIX, SCENE_KEY } from '../../../src/adapters/owlbear/keys';
import type { SceneRequest } from '../../../src/shared-game/scene-request';
import { headText, readHead, signedText, type Head } from '../../../src/shared-game/checkpoint';
import { checkpointEntry, digestText, readRecord } from '../../../src/shared-game/records';
import { signCheckpoint } from '../../../src/shared-game/signing';
import { nodeCodec, type Client } from '../../support/owlbear-room';
import { Table, names, sideEdited } from './harness';

type Signature = 'unsigned' | 'hostile-key' | 'claims-gm-key';
const SIGNATURES: Signature[] = ['unsigned', 'hostile-key', 'claims-gm-key'];

/** The hostile player's key, and his record: it publishes the key and vouches for it on the scene. */
async function hostileKey(table: Table, scene: string): Promise<{ secret: string; key: string }> {
  const secret = (await nodeCodec.newSecret())!;
  const key = (await nodeCodec.publicKey(secret))!;
  table.room.records.set('h', { v: 1, ops: [], cp: [], k: key, g: { s: scene, k: [key] } });
  for (const c of table.honest) table.room.deliverParty(c);
  return { secret, key };
}

/**
 * A checkpoint that reads: the hostile player seated on both sides, every writer covered far ahead,
 * numbered far ahead. `how` 'gm-key': signed by the game master's own key for `scene`, as any game of
 * his other scenes is (the hostile player copies one in).
 */
async function forgeGame(
  table: Table,
  how: Signature | 'gm-key',
  gen: number,
  scene = (table.metadata[SCENE_KEY] as string | undefined) ?? 'forged-scene',
): Promise<number> {
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
  const covers = Object.fromEntries([...table.honest, table.hostile].map((c) => [c.me.writer, 1e9]));
  let head: Head = {
    v: 2,
    scene,
    gen,
    by: 'gm.bg',
    covers,
    lamport: 1e9,
    gm: {},
    state: [{ key: 'state.0', h: digestText(state) }],
  };
  if (how === 'gm-key') {
    const secret = table.keepers.get(table.gm.me.writer)!.secretKey()!;
    head = { ...head, key: (await nodeCodec.publicKey(secret))! };
    head = { ...head, sig: (await signCheckpoint(nodeCodec, secret, signedText(head)))! };
  } else if (how !== 'unsigned') {
    const { secret, key } = await hostileKey(table, scene);
    const gmKey = readRecord(table.room.records.get(table.gm.holder))?.k;
    head = { ...head, key: how === 'claims-gm-key' && gmKey ? gmKey : key };
    head = { ...head, sig: (await signCheckpoint(nodeCodec, secret, signedText(head)))! };
  }
  expect(readHead(head).head, 'the forgery reads').not.toBeNull();
  table.forgedHeads.add(JSON.stringify(head));
  table.forge({ [SCENE_KEY]: scene, [`${PART_PREFIX}state.0`]: state, [GAME_KEY]: head });
  return gen;
}

const forgedHash = (table: Table): string => digestText(headText(table.metadata[GAME_KEY] as Head));

/** No honest client plays the forgery, the attacker sits nowhere, and no game master's record signs it. */
function refused(clients: readonly Client[], hash: string, gen: number): void {
  for (const c of clients) {
    expect(c.game.state.game.seats['h'], `${c.me.writer}: the attacker is seated`).toBeUndefined();
    expect(c.game.state.checkpoint.gen, `${c.me.writer} plays the forgery`).not.toBe(gen);
    expect(
      checkpointEntry(c.book.record, c.game.sceneId ?? '')?.h ?? null,
      `${c.me.writer} signs the forgery`,
    ).not.toBe(hash);
  }
}

/** After the evening: every honest action once, everywhere, the same game for all, nothing of the attacker's. */
function agree(table: Table, honest: readonly string[]): void {
  for (const c of table.honest) expect([...names(c)].sort(), c.me.writer).toEqual([...honest].sort());
  for (const c of table.honest.slice(1))
    expect(c.game.state.root.games, c.me.writer).toEqual(table.gm.game.state.root.games);
  for (const c of table.honest) expect(c.game.state.game.seats['h']).toBeUndefined();
}

async function hearAll(table: Table): Promise<void> {
  for (const c of table.honest) await table.hear(c);
}

/** A game under way: the game master's and a player's actions, compacted into a signed checkpoint. */
async function underWay(table: Table): Promise<string[]> {
  await hearAll(table);
  const honest: string[] = [];
  expect(await table.act(table.gm, { type: 'store/select-system', system: 'hd-command' } as SceneRequest)).toBe(true);
  await table.settle(2);
  for (let i = 1; i <= 6; i++) {
    const who = i % 2 ? table.gm : table.players[0]!;
    expect(await table.act(who, sideEdited('A', `n${i}`))).toBe(true);
    honest.push(`n${i}`);
    await table.tick(300);
  }
  await table.settle(6);
  expect(table.gm.game.state.checkpoint.trust).toBe('own');
  expect((table.metadata[GAME_KEY] as Head).sig, 'the game master signs his checkpoints').toMatch(/^[0-9a-f]{128}$/);
  return honest;
}

describe.each(['server', 'client'] as const)('a forged checkpoint that reads, at every start (%s merge)', (mode) => {
  it.each(SIGNATURES)(
    'on a fresh scene (%s): the game master is asked, never signs it, and the game he starts keeps every action',
    async (how) => {
      const table = new Table(mode, 1);
      table.answers = false;
      const gen = await forgeGame(table, how, 1_000_000);
      const hash = forgedHash(table);
      await hearAll(table);
      refused(table.honest, hash, gen);
      expect(table.gm.game.state.unvouched).toMatchObject({ gen: 1_000_000, events: 0 });
      expect(table.players[0]!.game.state.unvouched).toMatchObject({ gen: 1_000_000 });
      expect(table.gm.game.needsCompaction()).toBe(false);
      // The harness's game master answers as he would: not his game, start afresh.
      table.answers = true;
      table.readingMs = 0;
      await table.tick(1000);
      expect(table.choices).toEqual(['fresh']);
      const honest: string[] = [];
      expect(await table.act(table.gm, { type: 'store/select-system', system: 'hd-command' } as SceneRequest)).toBe(
        true,
      );
      for (let i = 1; i <= 4; i++) {
        expect(await table.act(i % 2 ? table.gm : table.players[0]!, sideEdited('A', `n${i}`))).toBe(true);
        honest.push(`n${i}`);
      }
      await table.settle();
      agree(table, honest);
      expect(table.gm.game.state.checkpoint.gen).toBeGreaterThan(1_000_000);
      expect(table.players[0]!.game.state.unvouched).toBeNull();
    },
  );

  it.each(SIGNATURES)(
    'right after the game master’s first action (%s): never played; he is asked, starts afresh, and nothing is lost',
    async (how) => {
      const table = new Table(mode, 1);
      await hearAll(table);
      expect(await table.act(table.gm, { type: 'store/select-system', system: 'hd-command' } as SceneRequest)).toBe(
        true,
      );
      expect(await table.act(table.gm, sideEdited('A', 'n1'))).toBe(true);
      await table.tick(700);
      const gen = await forgeGame(table, how, 1_000_000);
      const hash = forgedHash(table);
      await hearAll(table);
      refused(table.honest, hash, gen);
      const honest = ['n1'];
      for (let i = 2; i <= 12; i++) {
        expect(await table.act(i % 2 ? table.gm : table.players[0]!, sideEdited('B', `n${i}`))).toBe(true);
        honest.push(`n${i}`);
        await table.tick(300);
      }
      await table.settle();
      expect(table.choices).toEqual(['fresh']);
      agree(table, honest);
    },
  );

  describe.each([true, false])('the game master away, then back (browser storage: %s)', (storage) => {
    it.each(SIGNATURES)(
      '%s: the forgery written while he is away is never played; back as a new connection, he plays the game the table kept',
      async (how) => {
        const table = new Table(mode, 2, 900, 600, storage);
        const honest = await underWay(table);
        const old = table.gmLeaves();
        await table.tick(700);
        const gen = await forgeGame(table, how, 1_000_001);
        const hash = forgedHash(table);
        await hearAll(table);
        refused(table.players, hash, gen);
        // A player reloads while no game master is at the table: he does not take the forgery either.
        const p2 = table.players[1]!;
        table.down.add(p2);
        await table.hear(table.reload(p2));
        refused(table.players, hash, gen);
        // The other player, who holds the game master's signed checkpoint, puts it back. The reloaded one
        // takes it if his browser kept the game master's key; without storage the hostile player's record
        // leaves it vouched by no one, and he waits for the game master.
        for (let i = 0; i < 8; i++) await table.tick(1000);
        if (storage) expect(names(table.players[1]!).sort()).toEqual([...honest].sort());
        else expect(table.players[1]!.game.state.unvouched).not.toBeNull();
        refused(table.players, hash, gen);
        await table.gmBack(old, storage);
        refused(table.honest, hash, gen);
        expect(await table.act(table.gm, sideEdited('B', 'back1'))).toBe(true);
        expect(await table.act(table.players[0]!, sideEdited('A', 'back2'))).toBe(true);
        await table.settle();
        // Back on a new browser, the hostile player's word blocks the players' (he names no key, or his
        // own): the game master is asked, and takes the game the players put back.
        expect(table.choices).toEqual(storage ? [] : ['take']);
        agree(table, [...honest, 'back1', 'back2']);
      },
    );
  });

  it.each(['fresh', 'take'] as const)(
    'the game master back in the same browser, alone, the scene holding a newer checkpoint no one can prove: asked, his kept one named; %s',
    async (choice) => {
      const table = new Table(mode, 1);
      const honest = await underWay(table);
      const kept = table.gm.game.state.checkpoint.gen;
      const old = table.gmLeaves();
      const player = table.players[0]!;
      table.room.leave(player);
      table.down.add(player);
      await table.tick(700);
      // A player he made game master while away may have written it (with actions no other copy holds),
      // or a hostile one: nothing here tells which, so his browser's older copy is not put back over it unasked.
      const gen = await forgeGame(table, 'hostile-key', 1_000_001);
      const hash = forgedHash(table);
      table.answers = false;
      const gm = await table.gmBack(old, true);
      await table.tick(1000);
      expect(gm.game.state.unvouched).toMatchObject({ gen, kept });
      expect(gm.game.state.checkpoint.trust).toBe('none');
      expect(forgedHash(table), 'the scene’s checkpoint is left as it is while he is asked').toBe(hash);
      table.send(gm, await gm.game.choose(choice));
      await table.settle(4);
      expect(gm.game.state.unvouched).toBeNull();
      if (choice === 'fresh') {
        // His own, put back: every action he kept, numbered past the one he set aside.
        expect([...names(gm)].sort()).toEqual([...honest].sort());
        expect(gm.game.state.game.seats['h']).toBeUndefined();
        expect((table.metadata[GAME_KEY] as Head).gen).toBeGreaterThan(gen);
      } else expect(gm.game.state.game.seats['h'], 'the game he took').toBeDefined();
    },
  );

  it('another scene’s game of the same game master copied in as a newcomer joins: no client plays it, the newcomer included, and the table’s game is put back', async () => {
    const table = new Table(mode, 1);
    const honest = await underWay(table);
    const here = table.gm.game.sceneId!;
    // His record still signs that scene's last checkpoint (he played it earlier in this connection).
    const gen = await forgeGame(table, 'gm-key', 1_000_002, 'elsewhere');
    const hash = forgedHash(table);
    table.gm.book.setCheckpoint('elsewhere', { h: hash, g: gen });
    for (const c of table.honest) table.room.deliverParty(c);
    const late = table.client('p9.bg', 'p9', false);
    table.players.push(late);
    table.room.join(late);
    await hearAll(table);
    refused(table.honest, hash, gen);
    for (const c of table.honest) expect(c.game.sceneId ?? here, c.me.writer).toBe(here);
    expect(await table.act(table.players[0]!, sideEdited('B', 'after'))).toBe(true);
    await table.settle();
    refused(table.honest, hash, gen);
    expect(late.game.sceneId).toBe(here);
    agree(table, [...honest, 'after']);
  });

  it('players vouching for different keys, a forgery numbered past their game: a newcomer with nothing of his own plays nothing, and says why', async () => {
    const table = new Table(mode, 1, 900, 600, false);
    const honest = await underWay(table);
    table.gmLeaves();
    await table.tick(700);
    await forgeGame(table, 'hostile-key', 1_000_001);
    await hearAll(table);
    const late = table.client('p9.bg', 'p9', false);
    table.players.push(late);
    table.room.join(late);
    await table.hear(late);
    expect(late.game.state.checkpoint.trust).toBe('none');
    // The forgery is numbered past the checkpoint the players play: not offered, the players' awaited.
    expect(late.game.state.unvouched).toBeNull();
    expect(late.game.state.dropped.map((d) => d.problem).join('\n')).toMatch(
      /a player at this table plays checkpoint \d+, which the scene does not hold/,
    );
    expect(late.game.state.game.seats['h']).toBeUndefined();
    expect(names(table.players[0]!).sort()).toEqual([...honest].sort());
  });
});
