// A side's ledger deleted (a player's script may, where Roll20 does not keep character deletion to the
// game master): the game master's tab notices it and keeps its seats, the ledger made again is
// controlled by the same players, and those players are told why they cannot act meanwhile.
import { describe, expect, it } from 'vitest';
import {
  SIDES_ATTR,
  ledgersToCreate,
  layoutOf,
  seatChanges,
  type Journal,
  type JournalCharacter,
} from '../../../src/adapters/roll20/ledger';
import { BOB, CAROL, GM, startedTable } from '../../support/roll20-table';
import { sideEdited } from '../shared-game/harness';

const ledger = (
  id: string,
  role: string,
  controlledby: string,
  attribs: Record<string, string> = {},
): JournalCharacter => ({
  id,
  name: `Command Post · ${id}`,
  controlledby,
  inplayerjournals: 'all',
  attribs: { cp_ledger: role, ...attribs },
});

describe('a side’s ledger gone from the journal', () => {
  it('is found from the table’s list of side ledgers; its players keep their seats, and it is made again with them', () => {
    const journal: Journal = {
      me: { player: GM, gm: true },
      players: [
        { id: GM, name: 'Gina', online: true },
        { id: BOB, name: 'Bob', online: true },
        { id: CAROL, name: 'Carol', online: true },
      ],
      characters: [
        ledger('t', 'table', '', { [SIDES_ATTR]: JSON.stringify(['a', 'b']) }),
        ledger('b', 'side.1', CAROL),
      ],
    };
    const layout = layoutOf(journal);
    expect(layout.missing).toEqual([0]);
    expect(layoutOf({ ...journal, characters: [...journal.characters, ledger('a', 'side.0', BOB)] }).missing).toEqual(
      [],
    );
    const seats = { [BOB]: { seats: [0] }, [CAROL]: { seats: [1] } };
    // The game master's tab unseats nobody from a side whose ledger is gone.
    expect(seatChanges(layout, journal.players, seats)).toEqual([]);
    // Made again: only the missing side's, controlled by the players seated there.
    expect(ledgersToCreate(['Side 1', 'Side 2'], layout, seats)).toEqual([
      { name: 'Command Post · Side 1', role: 'side.0', controlledby: BOB, inplayerjournals: 'all' },
    ]);
    // Nobody seated there: anyone's, as when first made.
    expect(ledgersToCreate(['Side 1', 'Side 2'], layout, { [CAROL]: { seats: [1] } })[0]!.controlledby).toBe('all');
  });

  it('deleted by a player’s script where the server lets him, with an action on it not folded yet: nothing is lost, the game master’s tab keeps the seats and makes it again with them, and its player acts again', async () => {
    const table = await startedTable({ enforce: false, attrMax: null });
    const [gm, bob, carol] = [table.seat(GM), table.seat(BOB), table.seat(CAROL)];
    expect(await bob.game.submit(sideEdited('A', 'before'))).toEqual({ ok: true });
    await table.settle();
    // An action of Bob's on his ledger, not yet folded into the checkpoint when the ledger goes.
    expect(await bob.game.submit(sideEdited('A', 'not folded yet'))).toEqual({ ok: true });
    table.land(bob);
    const side0 = table.ledger('side.0');
    expect(table.server.destroy(CAROL, side0)).toBe(true);
    await table.settle();
    expect(gm.game.ledgers!.missing).toEqual([0]);
    expect(gm.game.seats[BOB]?.seats).toEqual([0]);
    expect(bob.game.seatsMissing).toEqual([0]);
    expect(carol.game.seatsMissing).toEqual([]);
    expect(await bob.game.submit(sideEdited('A', 'meanwhile'))).toEqual({
      ok: false,
      error: { code: 'roll20-ledger-missing' },
    });
    expect(await carol.game.submit(sideEdited('B', 'Carol plays on'))).toEqual({ ok: true });
    // The game master's one click.
    const again = ledgersToCreate(['Side 1', 'Side 2'], gm.game.ledgers!, gm.game.seats);
    expect(again).toEqual([
      { name: 'Command Post · Side 1', role: 'side.0', controlledby: BOB, inplayerjournals: 'all' },
    ]);
    table.make(again);
    await table.settle();
    expect(table.ledger('side.0')).not.toBe(side0);
    expect(gm.game.ledgers!.missing).toEqual([]);
    expect(bob.game.seatsMissing).toEqual([]);
    expect(await bob.game.submit(sideEdited('A', 'after'))).toEqual({ ok: true });
    await table.settle();
    // Bob's tab wrote his unfolded action back on the new ledger.
    for (const s of table.seats)
      expect(table.names(s), s.player).toEqual(['before', 'not folded yet', 'Carol plays on', 'after']);
  });
});
