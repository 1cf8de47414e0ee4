// Two faults a hostile player's review found in Roll20's one game for the table (issue 36, fault 5),
// on the fixture's journal with a server that trusts its players (any player may write or delete any
// ledger, as the fixture allows where `controlledby` is not enforced): a game master and two players,
// each in a tab of his own with its popup.
// - "Check this table" run twice back to back while Roll20 delivers changes late and out of order
//   (the fixture's jitter: messages about different attributes overtake each other);
// - Bob's page script deletes his side's ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/roll20/server';
import { launchExtension, type LaunchedExtension } from './launch';
import { PLAYERS, current, hd, runCheck, seatsOf, send, startHellDorado, type Seat } from './roll20-seats';

const GAME = 'faults';
let srv: FixtureServer;
let ext: LaunchedExtension;
let table: ReturnType<typeof seatsOf>;
const seats = {} as Record<'gina' | 'bob' | 'carol', Seat>;

beforeAll(async () => {
  srv = await startFixtureServer();
  srv.journal.configure(GAME, { players: PLAYERS, gms: ['gina'], enforce: false });
  ext = await launchExtension({ args: srv.args });
  table = seatsOf(ext, srv, GAME);
  for (const p of ['gina', 'bob', 'carol'] as const) seats[p] = await table.open(p);
}, 120_000);
afterAll(async () => {
  await ext?.close();
  await srv?.close();
});

describe('the Roll20 table’s one game, against a hostile player’s faults', () => {
  it('shared, Bob seated on side 1 and Carol on side 2, a Hell Dorado game started', async () => {
    await table.shareAndSeat(seats);
    await startHellDorado(seats.gina);
    for (const s of Object.values(seats)) await expect.poll(() => current(s.popup, 'A'), { timeout: 10_000 }).toBe('6');
  });

  it('Check this table twice back to back, Roll20 delivering each change up to 3 s late and out of order: each check counts its own two answers, and the long value whole', async () => {
    srv.journal.configure(GAME, { latencyMs: 20, jitterMs: 3000, seed: 36 });
    await table.details(seats.gina);
    const said = [await runCheck(seats.gina), await runCheck(seats.gina)];
    srv.journal.configure(GAME, { latencyMs: 0, jitterMs: 0 });
    for (const s of said) {
      expect(s).toMatch(/\(2 answered\)/);
      expect(s).toMatch(/reached the players whole/);
    }
  }, 90_000);

  it('Bob’s page script deletes his side’s ledger: the game master’s popup says so and makes it again with Bob seated on it; Bob is told meanwhile, then plays on', async () => {
    const { gina, bob, carol } = seats;
    const side1 = table.ledger('Side 1')!.id;
    await bob.game.evaluate(() => {
      const chars = (
        window as unknown as { Campaign: { characters: { models: { get(k: string): string; destroy(): void }[] } } }
      ).Campaign.characters.models;
      chars.find((c) => c.get('name') === 'Command Post · Side 1')!.destroy();
    });
    await expect.poll(() => table.ledger('Side 1'), { timeout: 10_000 }).toBeUndefined();
    // The game master is told, with the players seated there.
    await expect
      .poll(
        () =>
          gina.popup
            .getByTestId('r20-missing')
            .textContent({ timeout: 1000 })
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toMatch(/Side 1 is gone from the journal.*\(Bob\)/);
    // Bob is told why he cannot act, not to ask to be seated.
    await table.details(bob);
    await expect
      .poll(
        () =>
          bob.popup
            .getByTestId('r20-missing-mine')
            .textContent({ timeout: 1000 })
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toMatch(/Your side’s ledger \(Side 1\) is gone.*game master makes it again/);
    expect(await bob.popup.getByTestId('r20-mine').count()).toBe(0);
    expect(await send(bob, hd({ type: 'spend', side: 'A', amount: 1, permanent: false }))).toEqual({
      ok: false,
      code: 'roll20-ledger-missing',
    });
    expect(await carol.popup.getByTestId('r20-missing-mine').count()).toBe(0);
    // One click: made again, controlled by Bob, and listed on the table's ledger in its place.
    await gina.popup.getByTestId('r20-missing-make').evaluate((b) => (b as HTMLButtonElement).click());
    await expect.poll(() => table.ledger('Side 1')?.controlledby, { timeout: 10_000 }).toBe(srv.journal.id('bob'));
    const again = table.ledger('Side 1')!.id;
    expect(again).not.toBe(side1);
    await expect
      .poll(() => table.ledger('table')?.attribs.find((a) => a.name === 'cp_sides')?.current, { timeout: 10_000 })
      .toBe(JSON.stringify([again, table.ledger('Side 2')!.id]));
    await expect.poll(() => gina.popup.getByTestId('r20-missing').count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(
        () =>
          bob.popup
            .getByTestId('r20-mine')
            .textContent({ timeout: 1000 })
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toMatch(/You act for: Side 1/);
    await expect
      .poll(async () => (await send(bob, hd({ type: 'spend', side: 'A', amount: 1, permanent: false }))).ok, {
        timeout: 10_000,
      })
      .toBe(true);
    for (const s of [gina, bob, carol]) await expect.poll(() => current(s.popup, 'A'), { timeout: 10_000 }).toBe('5');
  });
});
