// A Roll20 table for Node tests of the shared game on ledger characters: a game master and two
// players, each a LedgerGame (the glue the Roll20 tab runs) over the fixture's journal rules
// (./roll20-journal.ts). Saves wait in each tab's outbox and land when the test lets them, in any
// order; a tab hears the journal when the test delivers it.
import { expect } from 'vitest';
import {
  LEDGER_ATTR,
  SIDES_ATTR,
  ledgersToCreate,
  layoutOf,
  type AttributeWrite,
} from '../../src/adapters/roll20/ledger';
import { LedgerGame } from '../../src/adapters/roll20/shared';
import { gameOf } from '../../src/store/load';
import { JournalServer, fid, type JournalRules } from './roll20-journal';
import { nodeCodec } from './owlbear-room';

// Roll20 ids of the fixture's players (test/fixtures/roll20/journal.ts `fid`).
export const GM = fid('gina');
export const BOB = fid('bob');
export const CAROL = fid('carol');
export const DAVE = fid('dave');

export interface Seat {
  readonly player: string;
  readonly game: LedgerGame;
  outbox: AttributeWrite[];
}

export class Roll20Table {
  t = 0;
  readonly server: JournalServer;
  readonly seats: Seat[];
  constructor(rules: JournalRules = { enforce: true, attrMax: null }) {
    this.server = new JournalServer(
      ['gina'],
      [
        { ref: 'gina', name: 'Gina (GM)' },
        { ref: 'bob', name: 'Bob' },
        { ref: 'carol', name: 'Carol' },
      ],
      rules,
    );
    let salt = 0;
    this.seats = [GM, BOB, CAROL].map((player) => {
      const seat: Seat = {
        player,
        outbox: [],
        game: new LedgerGame({
          codec: nodeCodec,
          now: () => this.t,
          random: () => `salt${++salt}`,
          save: (writes) => seat.outbox.push(...writes),
        }),
      };
      return seat;
    });
  }

  seat(player: string): Seat {
    return this.seats.find((s) => s.player === player)!;
  }

  /** The game master's one click: the table's ledger and one per side, each marked with its kind. */
  setUp(sides = ['Company A', 'Company B']): void {
    this.make(ledgersToCreate(sides, layoutOf(this.server.journalOf(GM))));
  }

  /** Ledgers made as the game master's page script makes them: each marked with its kind, then listed on the table's ledger in its side's place. */
  make(ledgers: ReturnType<typeof ledgersToCreate>): void {
    const made = new Map<string, string>();
    for (const l of ledgers) {
      const id = this.server.create(GM, l)!;
      this.server.save(GM, { character: id, name: LEDGER_ATTR, value: l.role });
      made.set(l.role, id);
    }
    const table = made.get('table') ?? this.ledger('table');
    const listed = JSON.parse(this.server.value(table, SIDES_ATTR) ?? '[]') as string[];
    this.server.save(GM, {
      character: table,
      name: SIDES_ATTR,
      value: JSON.stringify([0, 1].map((i) => made.get(`side.${i}`) ?? listed[i] ?? '')),
    });
  }

  ledger(role: string): string {
    return this.server.ledger(role);
  }

  /** The game master seats players as Roll20 does: the side ledger's "controlled by". */
  seatAt(side: number, ...players: string[]): void {
    this.server.permit(GM, this.ledger(`side.${side}`), { controlledby: players.join(',') });
  }

  async deliver(s: Seat): Promise<void> {
    await s.game.receive(this.server.journalOf(s.player));
  }

  land(s: Seat, count = Infinity): void {
    const writes = s.outbox.splice(0, count);
    for (const w of writes) this.server.save(s.player, w);
  }

  /** Everyone hears and writes until nothing is left to write, the clock moving a second a round. */
  async settle(rounds = 12): Promise<void> {
    for (let i = 0; i < rounds; i++) {
      this.t += 1000;
      for (const s of this.seats) {
        await this.deliver(s);
        await s.game.tick();
        this.land(s);
      }
      if (this.seats.every((s) => s.outbox.length === 0) && i > 2) break;
    }
  }

  names(s: Seat): string[] {
    const root = s.game.state?.root;
    if (!root?.games['hd-command']) return [];
    const events = gameOf(root, 'hd-command').log.events as { type: string; name?: string }[];
    return events.filter((e) => e.type === 'sideEdited').map((e) => e.name!);
  }
}

/** A table shared and seated (Bob on side 0, Carol on side 1), playing Hell Dorado's command game. */
export async function startedTable(rules?: JournalRules): Promise<Roll20Table> {
  const table = new Roll20Table(rules);
  table.setUp();
  table.seatAt(0, BOB);
  table.seatAt(1, CAROL);
  await table.settle();
  const r = await table.seat(GM).game.submit({ type: 'store/select-system', system: 'hd-command' });
  expect(r).toEqual({ ok: true });
  await table.settle();
  return table;
}
