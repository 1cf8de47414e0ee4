// "Check this table" (src/adapters/roll20/check.ts) on the Node table of test/support/roll20-table.ts:
// what the game master's tab finds out of the journal server's rules, and that each check counts only
// the answers to itself, whatever order Roll20 delivers the check, its long value and the answers in.
import { describe, expect, it } from 'vitest';
import { CHECK_ATTR, CHECK_BIG_ATTR } from '../../../src/adapters/roll20/check';
import { BOB, CAROL, GM, startedTable, type Roll20Table, type Seat } from '../../support/roll20-table';
import { sideEdited } from '../shared-game/harness';

/**
 * One check carried as Roll20 may carry it (it keeps no order between two attributes): the check's
 * own attribute reaches the players before its long value, and `late`'s saves land `lateMs` after
 * everyone else's.
 */
async function reorderedCheck(table: Roll20Table, late: Seat, lateMs: number) {
  const gm = table.seat(GM);
  expect(gm.game.startCheck()).toBe(true);
  const writes = gm.outbox.splice(0);
  const players = table.seats.filter((s) => s !== gm);
  for (const w of writes.filter((w) => w.name !== CHECK_ATTR && w.name !== CHECK_BIG_ATTR)) table.server.save(GM, w);
  for (const name of [CHECK_ATTR, CHECK_BIG_ATTR]) {
    for (const w of writes.filter((w) => w.name === name)) table.server.save(GM, w);
    for (const s of players) await table.deliver(s);
  }
  const start = table.t;
  for (let i = 0; i < 40 && gm.game.checkResult?.state !== 'done'; i++) {
    table.t += 500;
    for (const s of table.seats) {
      await table.deliver(s);
      await s.game.tick();
      if (s !== late || table.t - start >= lateMs) table.land(s);
    }
  }
  return gm.game.checkResult;
}

describe('Check this table', () => {
  it.each([
    ['enforced', { enforce: true, attrMax: null }, { answered: 2, enforced: 'yes', longValue: 'whole' }],
    ['not enforced', { enforce: false, attrMax: null }, { answered: 2, enforced: 'no', longValue: 'whole' }],
    [
      'enforced, with a size limit below the longest value',
      { enforce: true, attrMax: 4000 },
      { answered: 2, enforced: 'yes', longValue: 'cut' },
    ],
  ] as const)('%s: the game master’s tab finds out what Roll20’s server does', async (_what, rules, want) => {
    const table = await startedTable({ ...rules });
    const gm = table.seat(GM);
    expect(gm.game.startCheck()).toBe(true);
    expect(gm.game.checkResult?.state).toBe('running');
    expect(table.seat(BOB).game.startCheck()).toBe(false); // a player cannot run it
    // At most the game master's wait (a long value the server refused is waited for before it is said cut).
    for (let i = 0; i < 16 && gm.game.checkResult?.state !== 'done'; i++) await table.settle(1);
    expect(gm.game.checkResult).toMatchObject({ state: 'done', ...want });
    expect(gm.game.checkResult!.roundTripMs).toBeGreaterThan(0);
    // The check is not the game's: every tab still plays the same game.
    expect(await table.seat(BOB).game.submit(sideEdited('A', 'after the check'))).toEqual({ ok: true });
    await table.settle();
    for (const s of table.seats) expect(table.names(s)).toEqual(['after the check']);
  });

  it('with no player’s tab answering: said, not guessed', async () => {
    const table = await startedTable();
    const gm = table.seat(GM);
    gm.game.startCheck();
    for (let i = 0; i < 20; i++) {
      table.t += 1000;
      await table.deliver(gm);
      await gm.game.tick();
      table.land(gm);
    }
    expect(gm.game.checkResult).toMatchObject({
      state: 'done',
      answered: 0,
      enforced: 'unknown',
      roundTripMs: null,
      longValue: 'unknown',
    });
  });

  it('two checks back to back, each check reaching the players before its long value (the first one’s still there for the second) and one player’s answers 4 s late: each counts its own answers, two of them, and the long value whole', async () => {
    const table = await startedTable();
    const results = [];
    for (const late of [table.seat(CAROL), table.seat(BOB)]) results.push(await reorderedCheck(table, late, 4000));
    const want = { state: 'done', answered: 2, enforced: 'yes', longValue: 'whole' };
    expect(results).toMatchObject([want, want]);
  });
});
