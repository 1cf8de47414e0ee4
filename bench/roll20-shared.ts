// Benchmark (issue 26): the table's one game on Roll20 ledger characters, in Node, on the Roll20
// fixture's server rules (test/support/roll20-journal.ts over test/fixtures/roll20/journal.ts) at zero
// network delay. A game master and two seated players play 2,000 actions (the players in turn, each
// save landing at once, everyone reading the journal after each action, the game master compacting as
// his tab does). Then, for 50 more actions of a player's: the writer's own cost of an action (checked,
// played, written as attribute saves: target ≤ 10 ms median) and what the other player's tab takes to
// read the journal that carries it and play it (its share of "reaches the other boards").
import { LEDGER_ATTR, SIDES_ATTR, layoutOf, ledgersToCreate, type AttributeWrite } from '../src/adapters/roll20/ledger';
import { LedgerGame } from '../src/adapters/roll20/shared';
import type { SceneRequest } from '../src/shared-game/scene-request';
import { nodeCodec } from '../test/support/owlbear-room';
import { JournalServer, fid } from '../test/support/roll20-journal';
import { median, quantile, round3 } from './timing';

export interface Roll20SharedBenchResult {
  actions: number;
  agree: boolean;
  actionMedianMs: number;
  actionP95Ms: number;
  readMedianMs: number;
  readP95Ms: number;
  ledgerBytes: number;
}

const sideEdited = (side: 'A' | 'B', name: string): SceneRequest => ({
  type: 'game/dispatch',
  system: 'hd-command',
  event: { type: 'sideEdited', side, name },
});

export async function benchRoll20Shared(log: (line: string) => void = () => {}): Promise<Roll20SharedBenchResult> {
  const server = new JournalServer(
    ['gina'],
    [
      { ref: 'gina', name: 'Gina' },
      { ref: 'bob', name: 'Bob' },
      { ref: 'carol', name: 'Carol' },
    ],
  );
  let t = 0;
  const seats = ['gina', 'bob', 'carol'].map((ref) => {
    const outbox: AttributeWrite[] = [];
    return { ref, outbox, game: new LedgerGame({ codec: nodeCodec, now: () => t, save: (w) => outbox.push(...w) }) };
  });
  const [gm, bob, carol] = seats as [(typeof seats)[0], (typeof seats)[0], (typeof seats)[0]];
  const made = new Map<string, string>();
  for (const l of ledgersToCreate(['Side 1', 'Side 2'], layoutOf(server.journalOf('gina')))) {
    const id = server.create('gina', l)!;
    server.save('gina', { character: id, name: LEDGER_ATTR, value: l.role });
    made.set(l.role, id);
  }
  server.save('gina', {
    character: made.get('table')!,
    name: SIDES_ATTR,
    value: JSON.stringify([made.get('side.0'), made.get('side.1')]),
  });
  server.permit('gina', server.ledger('side.0'), { controlledby: fid('bob') });
  server.permit('gina', server.ledger('side.1'), { controlledby: fid('carol') });
  const round = async (who = seats) => {
    t += 1000;
    for (const s of who) {
      await s.game.receive(server.journalOf(s.ref));
      await s.game.tick();
      for (const w of s.outbox.splice(0)) server.save(s.ref, w);
    }
  };
  for (let i = 0; i < 6; i++) await round();
  await gm.game.submit({ type: 'store/select-system', system: 'hd-command' });
  await round();
  const ACTIONS = 2000;
  for (let i = 0; i < ACTIONS; i++) {
    const s = i % 2 ? carol : bob;
    await s.game.submit(sideEdited(s === bob ? 'A' : 'B', `n${i}`));
    await round();
  }
  const action: number[] = [];
  const read: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    await bob.game.submit(sideEdited('A', `m${i}`));
    action.push(performance.now() - t0);
    for (const w of bob.outbox.splice(0)) server.save('bob', w);
    const journal = server.journalOf('carol');
    const t1 = performance.now();
    await carol.game.receive(journal);
    read.push(performance.now() - t1);
    await round([gm, bob, carol]);
  }
  for (let i = 0; i < 10; i++) await round();
  const games = seats.map((s) => JSON.stringify(s.game.state?.root.games));
  const ledgerBytes = JSON.stringify(server.journalOf('gina').characters).length;
  const result: Roll20SharedBenchResult = {
    actions: ACTIONS + 50,
    agree: games.every((g) => g === games[0]),
    actionMedianMs: round3(median(action)),
    actionP95Ms: round3(quantile(action, 0.95)),
    readMedianMs: round3(median(read)),
    readP95Ms: round3(quantile(read, 0.95)),
    ledgerBytes,
  };
  log(
    `roll20 shared game, ${result.actions} actions: all three tabs agree: ${result.agree}; one action on the writer ${result.actionMedianMs} ms median (p95 ${result.actionP95Ms}); the other player's tab reads and plays it in ${result.readMedianMs} ms median (p95 ${result.readP95Ms}); ledgers ${(ledgerBytes / 1024).toFixed(1)} kB`,
  );
  return result;
}
