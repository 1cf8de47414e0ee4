// The table's one game on Roll20, through ledger characters: a game master and two players, each a
// LedgerGame (the glue the Roll20 tab runs) over a journal server that enforces `controlledby` or not
// (test/support/roll20-journal.ts). Saves land when the test lets them, in any order: every honest
// client must end on the same game, and what a hostile player writes must change nothing honest
// clients play, as far as the server's rules let him.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEDGER_ATTR,
  SIDES_ATTR,
  layoutOf,
  readLedgers,
  type AttributeWrite,
} from '../../../src/adapters/roll20/ledger';
import { LedgerGame } from '../../../src/adapters/roll20/shared';
import { digest } from '../../../src/shared-game/records';
import { gameOf } from '../../../src/store/load';
import { BOB, CAROL, DAVE, GM, Roll20Table, startedTable, type Seat } from '../../support/roll20-table';
import { forgeryUnder } from '../../support/roll20-forgery';
import { nodeCodec } from '../../support/owlbear-room';
import { sideEdited } from '../shared-game/harness';
import { mulberry32 } from '../../../src/random/seeded';
import type { SceneRequest } from '../../../src/shared-game/scene-request';

/** Each client's hd-command log length only grows: no honest action leaves a board once on it (`most`: the longest each has shown). */
function boardsNeverShrink(table: Roll20Table, most: Map<Seat, number>, when: string): void {
  for (const s of table.seats) {
    const root = s.game.state?.root;
    const n = root?.games['hd-command'] ? gameOf(root, 'hd-command').log.events.length : 0;
    expect(n, `${when}: ${s.player}'s board at ${table.t} ms`).toBeGreaterThanOrEqual(most.get(s) ?? 0);
    most.set(s, n);
  }
}

/** A hostile page script's best forgery under `as`'s name on `where` (test/support/roll20-forgery.ts), saved as `by` where the server lets him. */
function forge(table: Roll20Table, by: string, where: string, as: string, op: { seq: number; request: unknown }): void {
  const scene = JSON.parse(table.server.value(table.ledger('table'), 'cp_scene')!) as string;
  const writes = forgeryUnder(as, scene, (name) => table.server.value(where, name) ?? '', {
    ...op,
    lamport: 1000 + op.seq,
    gm: as === GM,
  });
  for (const [name, value] of writes) table.server.save(by, { character: where, name, value });
}

describe('the shared game on Roll20 ledgers', () => {
  it('the ledgers read as keys: pages and records count on their player’s home ledger only', () => {
    const table = new Roll20Table();
    table.setUp();
    table.seatAt(0, BOB);
    table.seatAt(1, CAROL);
    const side0 = table.ledger('side.0');
    const side1 = table.ledger('side.1');
    table.server.save(GM, { character: side0, name: `cp_ops_${BOB}`, value: '{"v":2}' });
    table.server.save(GM, { character: side1, name: `cp_ops_${BOB}`, value: '{"v":2}' });
    table.server.save(GM, { character: side1, name: `cp_record_${BOB}`, value: '{"v":1,"ops":[],"cp":[]}' });
    table.server.save(GM, { character: side0, name: 'cp_ops_x', value: 'x'.repeat(20_000) });
    const journal = table.server.journalOf(BOB);
    const layout = layoutOf(journal);
    expect(layout.homeOf(BOB)).toBe('side.0');
    expect(layout.homeOf(CAROL)).toBe('side.1');
    expect(layout.homeOf(GM)).toBe(null); // no record on the table ledger yet: Bob's browser cannot tell he is a game master
    expect(layoutOf(table.server.journalOf(GM)).homeOf(GM)).toBe('table');
    const read = readLedgers(journal, layout);
    expect(read.keys[`side.0/cp_ops_${BOB}`]).toEqual({ v: 2 });
    expect(read.keys['side.0/cp_ops_x']).toBe('too-large');
    expect(read.dropped.map((d) => d.problem).sort()).toEqual([
      'a record on a ledger that is not its player’s',
      'larger than 12000 characters',
    ]);
    expect(read.members.map((m) => m.player).sort()).toEqual([BOB, CAROL, GM].sort());
  });

  it('a game master and two players play one game: seats from “controlled by”, each side’s actions from its players only', async () => {
    const table = await startedTable();
    const [gm, bob, carol] = [table.seat(GM), table.seat(BOB), table.seat(CAROL)];
    expect(gm.game.state!.game.seats).toEqual({
      [BOB]: { name: 'Bob', seats: [0] },
      [CAROL]: { name: 'Carol', seats: [1] },
    });
    expect(await bob.game.submit(sideEdited('A', 'Bob’s company'))).toEqual({ ok: true });
    expect(await carol.game.submit(sideEdited('A', 'not hers'))).toEqual({
      ok: false,
      error: { code: 'table-not-your-side', params: { side: 'A' } },
    });
    expect(await carol.game.submit(sideEdited('B', 'Carol’s company'))).toEqual({ ok: true });
    await table.settle();
    for (const s of table.seats) expect(table.names(s), s.player).toEqual(['Bob’s company', 'Carol’s company']);
    // The game master compacted: the table ledger holds the checkpoint, the players' pages are empty again.
    expect(gm.game.state!.checkpoint.gen).toBeGreaterThan(0);
    expect(table.server.value(table.ledger('table'), 'cp_game')).toContain('gen');
    // A late joiner, seated nowhere, reads the whole game at once.
    table.server.join('dave', 'Dave');
    const late = new LedgerGame({ codec: nodeCodec, now: () => table.t, save: () => undefined });
    await late.receive(table.server.journalOf(DAVE));
    expect(late.state?.root.games['hd-command']).toEqual(gm.game.state!.root.games['hd-command']);
    expect(late.canWrite).toBe(false);
    expect(await late.submit(sideEdited('A', 'x'))).toEqual({
      ok: false,
      error: { code: 'roll20-no-ledger-of-yours' },
    });
    // Bob reloads (his browser kept nothing): his page takes his actions back from the ledgers and goes on.
    const again: AttributeWrite[] = [];
    const reloaded = new LedgerGame({ codec: nodeCodec, now: () => table.t, save: (w) => again.push(...w) });
    table.seats[1] = { player: BOB, game: reloaded, outbox: again };
    await table.settle();
    expect(await reloaded.submit(sideEdited('A', 'after reload'))).toEqual({ ok: true });
    await table.settle();
    for (const s of table.seats)
      expect(table.names(s), s.player).toEqual(['Bob’s company', 'Carol’s company', 'after reload']);
  });

  it('the game master offline: the players’ actions wait in their ledgers, and nothing is lost or doubled when he is back', async () => {
    const table = await startedTable();
    const gm = table.seat(GM);
    const others = table.seats.filter((s) => s !== gm);
    for (let i = 0; i < 20; i++) {
      const s = others[i % 2]!;
      expect(await s.game.submit(sideEdited(s.player === BOB ? 'A' : 'B', `n${i}`))).toEqual({ ok: true });
      table.t += 1000;
      for (const o of others) {
        await table.deliver(o);
        await o.game.tick();
        table.land(o);
      }
    }
    // Bob reloads while the game master is still away (his browser kept nothing): his actions waiting in
    // his ledger are taken back from it, never written over as someone else's.
    const outbox: AttributeWrite[] = [];
    table.seats[1] = {
      player: BOB,
      game: new LedgerGame({ codec: nodeCodec, now: () => table.t, save: (w) => outbox.push(...w) }),
      outbox,
    };
    await table.settle(20);
    const names = table.names(gm);
    expect([...names].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`).sort());
    for (const s of table.seats) expect(table.names(s)).toEqual(names);
  });

  it('the game master’s link cut in the middle of a compaction, any part of it through: no player’s board loses an action while he is away, nor after he is back', async () => {
    for (let through = 0; ; through++) {
      const table = await startedTable();
      const [gm, bob, carol] = [table.seat(GM), table.seat(BOB), table.seat(CAROL)];
      const players = [bob, carol];
      const names = () => table.seats.map((s) => table.names(s).join(' '));
      // Actions of all three, on everyone's board; then the game master's tab compacts them.
      for (const [i, s] of [gm, bob, carol, gm].entries())
        expect(await s.game.submit(sideEdited(s === carol ? 'B' : 'A', `n${i}`))).toEqual({ ok: true });
      for (let i = 0; i < 3; i++) {
        table.t += 500;
        for (const s of table.seats) {
          await table.deliver(s);
          table.land(s);
        }
      }
      const all = names()[0]!;
      expect(all.split(' ')).toHaveLength(4);
      expect(names()).toEqual([all, all, all]);
      table.t += 10_000;
      await table.deliver(gm);
      await gm.game.tick();
      const compaction = gm.outbox.length;
      expect(compaction, 'the game master’s tab compacts').toBeGreaterThan(1);
      // The link cut after `through` of its saves: the rest wait in his tab.
      table.land(gm, through);
      const waiting = gm.outbox.splice(0);
      // A while without him: the players read, tick and act.
      for (let i = 0; i < 40; i++) {
        table.t += 1000;
        for (const s of players) {
          await table.deliver(s);
          await s.game.tick();
          table.land(s);
        }
        for (const s of players)
          expect(
            table.names(s).join(' '),
            `${through} of ${compaction} saves through, ${i + 1} s later, ${s.player}’s board`,
          ).toBe(all);
      }
      // Back: his waiting saves go, then everyone settles on the same game.
      gm.outbox.unshift(...waiting);
      await gm.game.tick();
      await table.settle(20);
      expect(names()).toEqual([all, all, all]);
      if (through >= compaction) break;
    }
  });

  it('property: any tab’s link cut at any save, for up to 40 s, while the others play on — no board ever loses an action it showed, and all end on the same game with every action once', async () => {
    const hd = (event: object) => ({ type: 'game/dispatch', system: 'hd-command', event }) as SceneRequest;
    await fc.assert(
      fc.asyncProperty(fc.integer(), async (seed) => {
        const random = mulberry32(seed);
        const table = await startedTable();
        const most = new Map<Seat, number>();
        const cut = new Map<Seat, number>();
        const look = (when: string) => boardsNeverShrink(table, most, when);
        const online = (s: Seat) => (cut.get(s) ?? -Infinity) <= table.t;
        let accepted = 0;
        const act = async (s: Seat, request: SceneRequest) => {
          if ((await s.game.submit(request)).ok) accepted++;
        };
        await act(table.seat(GM), hd({ type: 'rosterSet', side: 'A', fighters: [{ name: 'Capitaine', cmd: 40 }] }));
        await act(table.seat(GM), hd({ type: 'rosterSet', side: 'B', fighters: [{ name: 'Voyageuse', cmd: 50 }] }));
        await act(table.seat(GM), hd({ type: 'start' }));
        await table.settle();
        for (let i = 0; i < 120; i++) {
          table.t += 200 + Math.floor(random() * 600);
          const s = table.seats[Math.floor(random() * 3)]!;
          if (random() < 0.3 && online(s))
            await act(s, hd({ type: 'spend', side: s.player === CAROL ? 'B' : 'A', amount: 1, permanent: false }));
          for (const o of table.seats) {
            // A tab whose link is down still ticks (and may compact): it hears nothing, and its saves wait.
            if (online(o)) await table.deliver(o);
            await o.game.tick();
            if (!online(o)) continue;
            // The link drops after some of its saves (most often with a compaction on its way): the rest wait in the tab.
            const compacting = o.outbox.some((w) => w.name === 'cp_game');
            if (o.outbox.length && random() < (compacting ? 0.5 : 0.05)) {
              table.land(o, Math.floor(random() * (o.outbox.length + 1)));
              cut.set(o, table.t + 2000 + Math.floor(random() * 38_000));
            } else table.land(o);
          }
          look(`step ${i}`);
        }
        cut.clear();
        await table.settle(40);
        look('settled');
        const games = table.seats.map((s) => JSON.stringify(s.game.state?.root.games['hd-command']));
        expect(new Set(games).size).toBe(1);
        // The three set-up actions and every spend, once each.
        expect(most.get(table.seat(GM))).toBe(accepted + 0);
      }),
      { numRuns: Number(process.env.ROLL20_PROPERTY_RUNS ?? 15) },
    );
  }, 120_000);

  it('a hostile player, with ownership enforced: another side’s ledger and the table’s refuse him, and honest clients play nothing of his', async () => {
    const table = await startedTable();
    const carol = table.seat(CAROL);
    const scene = table.server.value(table.ledger('table'), 'cp_scene')!;
    const forged = JSON.stringify({
      v: 2,
      scene: JSON.parse(scene) as string,
      done: 0,
      ops: [{ seq: 99, lamport: 99, by: BOB, request: sideEdited('A', 'forged') }],
    });
    expect(
      table.server.save(CAROL, { character: table.ledger('side.0'), name: `cp_ops_${BOB}.1`, value: forged }),
    ).toBe(false);
    expect(
      table.server.save(CAROL, {
        character: table.ledger('table'),
        name: `cp_record_${CAROL}`,
        value: '{"v":1,"ops":[],"cp":[]}',
      }),
    ).toBe(false);
    expect(table.server.save(CAROL, { character: table.ledger('table'), name: 'cp_game', value: '' })).toBe(false);
    // On her own ledger, under Bob's name, with a record signing it: not Bob's home, so nobody's.
    expect(table.server.save(CAROL, { character: table.ledger('side.1'), name: `cp_ops_${BOB}`, value: forged })).toBe(
      true,
    );
    const signs = { v: 1, ops: [{ s: JSON.parse(scene) as string, h: digest(JSON.parse(forged)), n: 99 }], cp: [] };
    expect(
      table.server.save(CAROL, {
        character: table.ledger('side.1'),
        name: `cp_record_${BOB}`,
        value: JSON.stringify(signs),
      }),
    ).toBe(true);
    // Under her own name, for the other side: refused by the seats.
    const own = JSON.stringify({
      v: 2,
      scene: JSON.parse(scene) as string,
      done: 0,
      ops: [{ seq: 50, lamport: 50, by: CAROL, request: sideEdited('A', 'hers, for side A') }],
    });
    expect(table.server.save(CAROL, { character: table.ledger('side.1'), name: `cp_ops_${CAROL}.3`, value: own })).toBe(
      true,
    );
    await table.settle();
    expect(await table.seat(BOB).game.submit(sideEdited('A', 'honest'))).toEqual({ ok: true });
    await table.settle();
    for (const s of table.seats.filter((x) => x !== carol)) expect(table.names(s)).toEqual(['honest']);
    expect(table.server.refused.map((r) => r.why)).toEqual(['not-controller', 'not-controller', 'not-controller']);
  });

  it('characters a player makes and names like the ledgers (lower ids, the same marks) are not the ledgers: nothing changes', async () => {
    const table = await startedTable({ enforce: true, attrMax: null });
    table.server.game.update({ playersCreateCharacters: true });
    const scene = JSON.parse(table.server.value(table.ledger('table'), 'cp_scene')!) as string;
    const forged = JSON.stringify({
      v: 2,
      scene,
      done: 0,
      ops: [{ seq: 1, lamport: 1, by: BOB, request: sideEdited('A', 'forged') }],
    });
    for (const [name, role] of [
      ['Command Post · table', 'table'],
      ['Command Post · Side 1', 'side.0'],
    ] as const) {
      const id = '-0' + role.replace('.', '') + '0'.repeat(12);
      expect(
        table.server.game.apply('carol', {
          op: 'char-create',
          id,
          attrs: { name, controlledby: '', inplayerjournals: 'all' },
        }).accepted,
      ).toBe(true);
      table.server.save(CAROL, { character: id, name: LEDGER_ATTR, value: role });
      table.server.save(CAROL, { character: id, name: SIDES_ATTR, value: JSON.stringify([id]) });
      table.server.save(CAROL, { character: id, name: `cp_ops_${BOB}`, value: forged });
    }
    await table.settle();
    expect(await table.seat(BOB).game.submit(sideEdited('A', 'honest'))).toEqual({ ok: true });
    await table.settle();
    for (const s of table.seats) expect(table.names(s)).toEqual(['honest']);
    const layout = table.seat(GM).game.ledgers!;
    expect([layout.table?.id, layout.sides[0]?.id]).toEqual([table.ledger('table'), table.ledger('side.0')]);
    expect(layout.extra).toHaveLength(2);
  });

  it('ownership not enforced (the table trusts its players): a forged op under a player’s name is still not played, his record not signing it', async () => {
    const table = await startedTable({ enforce: false, attrMax: null });
    const scene = JSON.parse(table.server.value(table.ledger('table'), 'cp_scene')!) as string;
    const forged = JSON.stringify({
      v: 2,
      scene,
      done: 0,
      ops: [{ seq: 1, lamport: 1, by: BOB, request: sideEdited('A', 'forged') }],
    });
    expect(
      table.server.save(CAROL, { character: table.ledger('side.0'), name: `cp_ops_${BOB}.2`, value: forged }),
    ).toBe(true);
    await table.settle();
    expect(await table.seat(BOB).game.submit(sideEdited('A', 'honest'))).toEqual({ ok: true });
    await table.settle();
    for (const s of table.seats) expect(table.names(s)).toEqual(['honest']);
  });

  it('ownership not enforced: a forgery under a player’s name on his own ledger, signed as his tab signs, is undone by his tab before the game master’s compacts it, and he is told', async () => {
    const table = await startedTable({ enforce: false, attrMax: null });
    expect(await table.seat(BOB).game.submit(sideEdited('A', 'honest'))).toEqual({ ok: true });
    await table.settle();
    // Long enough on the table for the game master's tab to have compacted it at once, before the settling time.
    table.t += 10_000;
    forge(table, CAROL, table.ledger('side.0'), BOB, { seq: 2, request: sideEdited('A', 'forged') });
    await table.settle(20);
    for (const s of table.seats) expect(table.names(s), s.player).toEqual(['honest']);
    expect(table.seat(BOB).game.writtenOver).toBe(true);
    expect(table.seat(CAROL).game.writtenOver).toBe(false);
    // Bob plays on, his next action under the number the forgery took.
    expect(await table.seat(BOB).game.submit(sideEdited('A', 'honest again'))).toEqual({ ok: true });
    await table.settle(20);
    for (const s of table.seats) expect(table.names(s), s.player).toEqual(['honest', 'honest again']);
  });

  it('one player in two tabs of one browser: one writes, the other reads and hands it its actions; once the writing tab is gone the other writes, nothing lost or doubled', async () => {
    for (const heard of [true, false]) {
      const table = await startedTable();
      const first = table.seat(BOB);
      const saved: AttributeWrite[] = [];
      const second: Seat = {
        player: BOB,
        outbox: [],
        game: new LedgerGame({
          codec: nodeCodec,
          now: () => table.t,
          save: (w) => (saved.push(...w), second.outbox.push(...w)),
          writes: false,
        }),
      };
      table.seats.push(second);
      await table.settle();
      expect(await first.game.submit(sideEdited('A', 'first tab'))).toEqual({ ok: true });
      // The reading tab writes nothing of its own: its content script hands the action to the writing tab (through the worker).
      expect(await second.game.submit(sideEdited('A', 'second tab'))).toEqual({
        ok: false,
        error: { code: 'roll20-other-tab' },
      });
      expect(await first.game.submit(sideEdited('A', 'second tab'))).toEqual({ ok: true });
      await table.settle();
      for (const s of table.seats) expect(table.names(s), s.player).toEqual(['first tab', 'second tab']);
      expect(saved).toEqual([]);
      // The writing tab's last action lands as it closes; the reading tab takes over, having heard it or not yet.
      expect(await first.game.submit(sideEdited('A', 'last from the first tab'))).toEqual({ ok: true });
      table.land(first);
      table.seats.splice(table.seats.indexOf(first), 1);
      if (heard) await table.deliver(second);
      second.game.writeHere();
      // It writes once the handover's wait is over (its actions meanwhile are refused, and said).
      expect(await second.game.submit(sideEdited('A', 'too soon'))).toEqual({
        ok: false,
        error: { code: 'roll20-other-tab' },
      });
      await table.settle(4);
      expect(second.game.writes).toBe(true);
      expect(await second.game.submit(sideEdited('A', 'now from the second'))).toEqual({ ok: true });
      await table.settle();
      for (const s of table.seats)
        expect(table.names(s), `${s.player} (heard: ${heard})`).toEqual([
          'first tab',
          'second tab',
          'last from the first tab',
          'now from the second',
        ]);
      expect(second.game.writtenOver, `heard: ${heard}`).toBe(false);
    }
  });

  it('a small size limit: a value the server refuses is written again smaller after compaction, and the game goes on', async () => {
    const table = await startedTable({ enforce: true, attrMax: 4000 });
    const bob = table.seat(BOB);
    for (let i = 0; i < 30; i++) {
      expect(await bob.game.submit(sideEdited('A', `name ${i} ${'x'.repeat(40)}`))).toEqual({ ok: true });
      await table.settle(2);
    }
    await table.settle(20);
    const want = Array.from({ length: 30 }, (_, i) => `name ${i} ${'x'.repeat(40)}`);
    for (const s of table.seats) expect(table.names(s), s.player).toEqual(want);
  });

  it('property: honest actions with saves landing late and in any order, and hostile writes where the server lets them — every honest client ends on the same game, with every accepted action once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('act' as const),
              who: fc.constantFrom(GM, BOB, CAROL),
              side: fc.constantFrom('A' as const, 'B' as const),
            }),
            fc.record({ kind: fc.constant('hear' as const), who: fc.constantFrom(GM, BOB, CAROL) }),
            fc.record({
              kind: fc.constant('land' as const),
              who: fc.constantFrom(GM, BOB, CAROL),
              count: fc.integer({ min: 1, max: 3 }),
            }),
            fc.record({
              kind: fc.constant('forge' as const),
              where: fc.constantFrom('side.0', 'side.1', 'table'),
              as: fc.constantFrom(BOB, GM, CAROL),
              seq: fc.integer({ min: 1, max: 40 }),
            }),
          ),
          { maxLength: 40 },
        ),
        async (enforce, steps) => {
          const table = await startedTable({ enforce, attrMax: null });
          const accepted: string[] = [];
          let n = 0;
          for (const step of steps) {
            table.t += 400;
            if (step.kind === 'act') {
              const name = `n${++n}`;
              const r = await table.seat(step.who).game.submit(sideEdited(step.side, name));
              if (r.ok) accepted.push(name);
            } else if (step.kind === 'hear') {
              await table.deliver(table.seat(step.who));
            } else if (step.kind === 'land') {
              table.land(table.seat(step.who), step.count);
            } else {
              // A page under someone's name, and a record signing it, on a ledger of her choice: where the
              // server lets her write it, it is that player's only if it is his home ledger.
              forge(table, CAROL, table.ledger(step.where), step.as, {
                seq: step.seq,
                request: sideEdited('A', `forged${step.seq}`),
              });
            }
          }
          await table.settle(30);
          const honest = table.seats.filter((s) => s.player !== CAROL);
          const names = honest.map((s) => table.names(s));
          for (const x of names) expect(x).toEqual(names[0]);
          expect(new Set(names[0]).size).toBe(names[0]!.length);
          // Where the server enforces "controlled by", nothing forged under another's name is played and
          // no accepted action is lost; where it does not, the table trusts its players (one game still).
          expect(names[0]!.filter((x) => x.startsWith('forged'))).toEqual([]);
          for (const name of accepted) expect(names[0]).toContain(name);
        },
      ),
      { numRuns: Number(process.env.ROLL20_PROPERTY_RUNS ?? 25) },
    );
  }, 120_000);

  it('property: an action on a board stays there while saves land within a second in any order, the game master compacting meanwhile (a player’s board once lost the whole game a moment after a compaction)', async () => {
    const hd = (event: object) => ({ type: 'game/dispatch', system: 'hd-command', event }) as SceneRequest;
    await fc.assert(
      fc.asyncProperty(fc.integer(), async (seed) => {
        const random = mulberry32(seed);
        const table = await startedTable();
        const [gm, bob, carol] = [table.seat(GM), table.seat(BOB), table.seat(CAROL)];
        // Each client's hd-command log length only grows: no honest action leaves a board once on it.
        const most = new Map<Seat, number>();
        const queued = new Map<AttributeWrite, number>();
        const heard = new Map<Seat, number>();
        const look = (when: string) => boardsNeverShrink(table, most, when);
        // One save, after the same tab's earlier saves of that attribute (Firebase keeps one client's writes in order).
        const land = (s: Seat, w: AttributeWrite) => {
          const upTo = s.outbox.indexOf(w);
          const now = s.outbox.filter(
            (x, i) => i === upTo || (i < upTo && x.character === w.character && x.name === w.name),
          );
          for (const x of now) table.server.save(s.player, s.outbox.splice(s.outbox.indexOf(x), 1)[0]!);
        };
        // A while of the table's life: reads, ticks and saves in random order, each save landing within 1.2 s, each tab reading the journal at least as often.
        const meanwhile = async (steps: number) => {
          for (let i = 0; i < steps; i++) {
            table.t += Math.floor(random() * 700);
            const s = table.seats[Math.floor(random() * 3)]!;
            const k = random();
            if (k < 0.4) {
              await table.deliver(s);
              heard.set(s, table.t);
            } else if (k < 0.6) await s.game.tick();
            else if (s.outbox.length) land(s, s.outbox[Math.floor(random() * s.outbox.length)]!);
            for (const o of table.seats) {
              for (const w of o.outbox) if (!queued.has(w)) queued.set(w, table.t);
              for (const w of o.outbox.filter((w) => table.t - queued.get(w)! > 1200))
                if (o.outbox.includes(w)) land(o, w);
              // The page script looks at the journal every second.
              if (table.t - (heard.get(o) ?? 0) > 1200) {
                await table.deliver(o);
                heard.set(o, table.t);
              }
            }
            look(`step ${i}`);
          }
        };
        // As a player does: again a moment later while his board does not have what the action needs yet.
        const act = async (s: Seat, request: SceneRequest) => {
          for (let i = 0; i < 200 && !(await s.game.submit(request)).ok; i++) await meanwhile(3);
          look('after an action');
        };
        await act(
          gm,
          hd({
            type: 'rosterSet',
            side: 'A',
            fighters: [
              { name: 'Capitaine', cmd: 4 },
              { name: 'Sergent', cmd: 2 },
            ],
          }),
        );
        await act(gm, hd({ type: 'rosterSet', side: 'B', fighters: [{ name: 'Voyageuse', cmd: 5 }] }));
        await act(gm, hd({ type: 'start' }));
        await meanwhile(10);
        await act(bob, hd({ type: 'spend', side: 'A', amount: 2, permanent: false }));
        await meanwhile(20);
        await act(carol, hd({ type: 'spend', side: 'B', amount: 1, permanent: false }));
        await meanwhile(60);
        await act(gm, { type: 'store/select-system', system: 'cr' });
        await act(bob, {
          type: 'game/dispatch',
          system: 'cr',
          event: { type: 'leaderAdded', side: 'A', name: 'Davout' },
        });
        await meanwhile(80);
        await table.settle();
        for (const s of table.seats) expect(most.get(s), s.player).toBe(5);
      }),
      { numRuns: Number(process.env.ROLL20_PROPERTY_RUNS ?? 40) },
    );
  }, 120_000);
});
