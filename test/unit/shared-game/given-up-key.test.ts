// Issue 36, "honest clients agreeing at every quiet point": pages under a gone connection, signed in a
// player's name by the key his record names, are his; if his record then names another key, the one
// before is given up (src/shared-game/record-keys.ts). Before, the clients that had played the pages
// while his record named that key went on playing them, and those that read them after did not: the
// table played two games until a game master came back (seed -1460483351, with OWLBEAR_FORGERIES=all).
import { describe, expect, it } from 'vitest';
import { OPS_PREFIX } from '../../../src/adapters/owlbear/keys';
import { canonicalJson } from '../../../src/game/json';
import { digestText, readRecord } from '../../../src/shared-game/records';
import { signPages } from '../../../src/shared-game/signing';
import { nodeCodec } from '../../support/owlbear-room';
import { Table, names, sideEdited } from './harness';

async function keyPair() {
  const secret = (await nodeCodec.newSecret())!;
  return { secret, key: (await nodeCodec.publicKey(secret))! };
}

/** The hostile player's record, naming this key (as only he may write it). */
function hisRecordNames(table: Table, key: string): void {
  table.room.records.set('h', { ...(readRecord(table.room.records.get('h')) ?? { v: 1, ops: [], cp: [] }), k: key });
  for (const c of table.honest) table.room.deliverParty(c);
}

for (const mode of ['server', 'client'] as const) {
  describe(`a record that names another key (${mode} merge)`, () => {
    it('gives up the one before: pages only it made his are no one’s, for the clients that played them as for a newcomer', async () => {
      const table = new Table(mode, 2, 900, 600, true);
      await table.chooseGame(2);
      expect(await table.act(table.players[0]!, sideEdited('A', 'p1'))).toBe(true);
      await table.calm();
      // No game master at the table: nothing folds the pages into a checkpoint meanwhile.
      const gm = table.gmLeaves();
      const scene = table.players[0]!.game.sceneId!;
      const first = await keyPair();
      hisRecordNames(table, first.key);
      const writer = 'gone1h.bg';
      const page = {
        v: 2,
        scene,
        done: 0,
        ops: [{ seq: 1, lamport: 50, by: 'h', request: sideEdited('A', 'Xown') }],
      };
      const h = digestText(canonicalJson([page, null, null, null, null, null, null, null]));
      const sig = await signPages(nodeCodec, first.secret, first.key, writer, { scene, player: 'h', gm: false, h });
      table.forgedKeys.add(first.key);
      table.forge({ [`${OPS_PREFIX}${writer}`]: page, [`${OPS_PREFIX}${writer}.s`]: sig });
      const [early, late] = table.players as [(typeof table.players)[0], (typeof table.players)[0]];
      await table.hear(early);
      expect(names(early), 'while his record names that key, the pages are his').toEqual(['p1', 'Xown']);
      hisRecordNames(table, (await keyPair()).key);
      await table.hear(early);
      await table.hear(late);
      const newcomer = table.client('j1.bg', 'j1', false);
      table.players.push(newcomer);
      table.room.join(newcomer);
      await table.hear(newcomer);
      for (const c of [early, late, newcomer]) expect(names(c), c.me.writer).toEqual(['p1']);
      // His game master, back, is asked about them, knows them for no one's, and every client agrees.
      await table.gmBack(gm, true);
      await table.settle();
      expect(table.unprovenChoices).toEqual(['leave']);
      for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['p1']);
    });
  });
}
