// One Roll20 tab's part in the table's one game: the journal's ledgers (./ledger.ts) read into the
// shared game (src/shared-game/, the very module Owlbear's scene plays), and what it writes turned
// back into attribute writes for the page script to save. The game master's tab also compacts and
// turns the ledgers' `controlledby` into the game's seats. Pure: the content script (content/
// roll20-table.ts) gives it the journal as the page reports it, a codec, a clock and the way out.
import type { RuleError } from '../../game/result';
import type { SceneRequest } from '../../shared-game/scene-request';
import { RecordBook, readRecord } from '../../shared-game/records';
import { Reveals } from '../../shared-game/reveals';
import type { SecretKeeper } from '../../shared-game/secrets';
import { SharedGame, type Keeper, type SharedState, type Update } from '../../shared-game/sync';
import type { Codec, Dropped } from '../../shared-game/model';
import { TableCheck, type CheckResult } from './check';
import {
  OPS_ATTR,
  attributeWrites,
  layoutOf,
  readLedgers,
  recordWrite,
  roll20Keys,
  seatChanges,
  type AttributeWrite,
  type Journal,
  type LedgerLayout,
  type LedgerRead,
  type Seats,
} from './ledger';

export interface LedgerGameOptions {
  readonly codec: Codec;
  /** Saves attribute values on the ledgers (the page script: each through its model's own `save`). */
  readonly save: (writes: readonly AttributeWrite[]) => void;
  readonly now?: () => number;
  readonly random?: () => string;
  readonly keeper?: Keeper | null;
  readonly secrets?: SecretKeeper;
  /** A read of the ledgers that failed (a bug: everything read is checked first). */
  readonly onError?: (error: unknown) => void;
  /**
   * Whether this tab writes its player's pages and record (default). A player's other tabs in the
   * same browser only read (./tabs.ts: the worker names the one that writes): two tabs writing one
   * player's pages would each undo the other's writes as forged. `writeHere` makes a reading tab the
   * writer once the writing one is gone.
   */
  readonly writes?: boolean;
}

/** The writer id a reading tab plays under (no page, no record: it shows the game and writes nothing). */
const readerOf = (player: string): string => `${player}~reads`;

/**
 * How long an op is on the ledgers before the game master's tab compacts it. A server that does not
 * enforce "controlled by" lets a player write another's pages and record; the victim's tab writes its
 * own back at its next read (a second at most), and an op still outside the checkpoint is then undone.
 */
export const SETTLE_MS = 5000;
/**
 * How long a reading tab waits, once its player's writing tab is gone, before it writes for him. A
 * closed tab issues no more writes, but the last ones it saved may still be on their way to this
 * tab (Roll20 echoes a save to the others in a fraction of a second): taking over before they come
 * would number an action as the gone tab numbered its last, and one of the two would be lost.
 */
export const HANDOVER_MS = 3000;

export class LedgerGame {
  readonly book = new RecordBook();
  sync: SharedGame | null = null;
  private journal: Journal | null = null;
  private layout: LedgerLayout | null = null;
  private published = '';
  /** The records this tab wrote or took on at its start: any other under its player's name was written by someone else. */
  private readonly ownRecords = new Set<string>();
  private recordForged = false;
  /** The ledgers' own problems (sizes, misplaced records, extra copies), beside what the game drops. */
  ledgerDropped: readonly Dropped[] = [];
  /** Reads one at a time, the newest journal only when several came during one read. */
  private reading: Promise<void> = Promise.resolve();
  private next: Journal | null = null;
  /** Actions one at a time, after any read. */
  private turn: Promise<unknown> = Promise.resolve();

  /** "Check this table" (./check.ts): run by the game master's tab, answered by the players'. */
  private readonly check: TableCheck;
  /** This tab writes for its player (else another tab of his in this browser does). */
  private writing: boolean;
  /** When this reading tab writes for its player (his writing tab gone), null while it does not take over. */
  private takeOverAt: number | null = null;

  constructor(private readonly options: LedgerGameOptions) {
    this.check = new TableCheck(options.random ?? (() => Math.random().toString(36).slice(2)));
    this.writing = options.writes ?? true;
  }

  /** Whether this tab writes for its player (a reading tab's actions go to the one that does). */
  get writes(): boolean {
    return this.writing;
  }

  /** Whether this reading tab is about to write for its player (his writing tab gone). */
  get takingOver(): boolean {
    return this.takeOverAt !== null;
  }

  /** Whether another tab of this player's writes for him, and this one is not about to: its actions go there. */
  get handsOver(): boolean {
    return !this.writing && this.takeOverAt === null;
  }

  /**
   * The tab that wrote for this player is gone: this one writes for him after HANDOVER_MS (at a
   * tick), going on from his record as the ledgers then hold it, as a reloaded tab does. With no
   * wait (no other tab of his wrote in this browser), at once.
   */
  writeHere(waitMs = HANDOVER_MS): void {
    if (this.writing || (this.takeOverAt !== null && this.takeOverAt <= this.now + waitMs)) return;
    this.takeOverAt = this.now + waitMs;
    // No other tab wrote for him in this browser: at once, before the first read.
    if (waitMs === 0) this.takeOver();
  }

  /** The reading tab becomes the writer once the handover's wait is over. */
  private takeOver(): boolean {
    if (this.takeOverAt === null || this.now < this.takeOverAt) return false;
    this.takeOverAt = null;
    this.writing = true;
    this.sync = null;
    return true;
  }

  /** The game master's click: "Check this table" written on the table's ledger (false: no ledger, or not a game master). */
  startCheck(): boolean {
    const writes = this.layout && this.writing ? this.check.start(this.layout, this.now) : null;
    if (writes) this.options.save(writes);
    return writes !== null;
  }

  /** What the last check found (null: none run in this tab). */
  get checkResult(): CheckResult | null {
    return this.check.result;
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Whether the journal holds the ledgers (the table's, and at least one side's). */
  get ready(): boolean {
    return !!this.layout?.table && this.layout.sides.some(Boolean);
  }

  get state(): SharedState | null {
    return this.ready && this.sync ? this.sync.state : null;
  }

  /**
   * Someone else wrote under this player's name in his ledger (a server that does not enforce
   * "controlled by" lets him): his pages, or a record this tab never wrote. The tab writes its own back.
   */
  get writtenOver(): boolean {
    return this.recordForged || (this.state?.ownKeyWrittenOver ?? false);
  }

  get ledgers(): LedgerLayout | null {
    return this.layout;
  }

  /** The game's seats, as this tab plays them (empty before it reads a game). */
  get seats(): Seats {
    return this.sync?.state.game.seats ?? {};
  }

  /** The sides the game seats this player on whose ledger is gone from the journal (the game master can make them again). */
  get seatsMissing(): readonly number[] {
    const layout = this.layout;
    return layout ? (this.seats[layout.me.player]?.seats ?? []).filter((i) => layout.missing.includes(i)) : [];
  }

  /** This browser's player may write: he has a ledger of his own (a game master the table's, a player a side's). */
  get canWrite(): boolean {
    return !!this.layout && this.layout.homeOf(this.layout.me.player) !== null;
  }

  /** The journal as the page reports it: read in order, the newest only when several arrive during one read. */
  receive(journal: Journal): Promise<void> {
    this.next = journal;
    // One bad read must not stop the next: said (the content script logs it), and the chain goes on.
    this.reading = this.reading.then(() => this.read()).catch((error: unknown) => this.options.onError?.(error));
    return this.reading;
  }

  private async read(): Promise<void> {
    const journal = this.next;
    if (!journal) return;
    this.next = null;
    const layout = layoutOf(journal);
    this.journal = journal;
    this.layout = layout;
    if (!this.ready) return;
    const me = journal.me;
    const read = readLedgers(journal, layout);
    const sync = this.gameFor(me, layout, read);
    this.ledgerDropped = read.dropped;
    sync.setRole(me.gm);
    sync.setParty(read.members);
    // A tab that reads only writes nothing, not even an answer to a check.
    if (!this.writing) return sync.receive(read.keys);
    const answers = this.check.observe(journal, layout, this.now);
    if (answers.length) this.options.save(answers);
    sync.heardRecord(read.ownRecord);
    this.published = JSON.stringify(read.ownRecord ?? null);
    if (read.ownRecord != null && !this.ownRecords.has(this.published)) this.recordForged = true;
    await sync.receive(read.keys);
    this.write(sync.heal());
    if (me.gm) await this.gameMasterWork(journal, layout);
    await this.open();
    this.publish();
  }

  /**
   * The shared game this tab plays, made anew when its player changed or it began or stopped writing.
   * A writing tab goes on from what his record signs from an earlier life (a reload, another computer,
   * his tab that wrote until now), as Owlbear's background page does from its player metadata, and
   * takes his pages back. A reading tab plays under a writer of its own that has no page, checking its
   * player's pages against his record like anyone's (a mirror, as Owlbear's popover, which writes nothing).
   */
  private gameFor(me: Journal['me'], layout: LedgerLayout, read: LedgerRead): SharedGame {
    const writer = this.writing ? me.player : readerOf(me.player);
    if (this.sync && this.sync.identity.player === me.player && this.sync.identity.writer === writer) return this.sync;
    if (this.writing) {
      this.book.adopt(readRecord(read.ownRecord));
      this.ownRecords.add(JSON.stringify(read.ownRecord ?? null));
    }
    this.sync = new SharedGame({
      codec: this.options.codec,
      keys: roll20Keys(() => this.layout ?? layout),
      me: { writer, player: me.player, gm: layout.gms.has(me.player) },
      book: this.writing ? this.book : new RecordBook(),
      secrets: this.options.secrets,
      random: this.options.random,
      now: this.options.now,
      keeper: this.writing ? (this.options.keeper ?? null) : null,
      settleMs: SETTLE_MS,
      // One game a journal: the player's record on his ledger names it.
      sameScene: true,
      mirror: !this.writing,
    });
    return this.sync;
  }

  /** The values this player sealed that the game read: opened for the table (as Owlbear's background page does). */
  private readonly reveals = new Reveals();
  private async open(): Promise<void> {
    const sync = this.sync;
    const openings = sync?.openings();
    if (!sync || openings?.type !== 'scene/reveal' || !this.canWrite) return;
    const fresh = this.reveals.due(openings.values, this.now);
    if (!fresh.length) return;
    const r = await sync.submit({ type: 'scene/reveal', values: fresh });
    if (r.ok) this.write(r.value.writes);
  }

  /** The game master's tab: the ledgers' `controlledby` as the game's seats, then compaction when enough waits. */
  private async gameMasterWork(journal: Journal, layout: LedgerLayout): Promise<void> {
    const sync = this.sync!;
    for (const change of seatChanges(layout, journal.players, sync.state.game.seats)) {
      const r = await sync.submit(change);
      if (r.ok) this.write(r.value.writes);
    }
    await this.compact();
  }

  async compact(): Promise<void> {
    if (this.sync && this.journal?.me.gm) this.write(await this.sync.compactDue());
  }

  /** The game master's answer about a checkpoint no one at the table stands behind (src/shared-game/step.ts `choose`). */
  async choose(choice: 'take' | 'fresh'): Promise<boolean> {
    await this.reading;
    if (!this.writing || !this.sync?.unvouched || !this.journal?.me.gm) return false;
    this.write(await this.sync.choose(choice));
    this.publish();
    return true;
  }

  /** What waits on time alone (a write to make again, a compaction due, a key written over): the content script calls it each second. */
  async tick(): Promise<void> {
    await this.reading;
    if (this.takeOver() && this.journal) await this.receive(this.journal);
    if (!this.sync || !this.ready) return;
    if (!this.writing) {
      if (this.sync.waiting && this.journal) await this.receive(this.journal);
      return;
    }
    // A check's answers are read on time too (nothing may change in the journal meanwhile), and a
    // player's answer that waited for the check's long value goes when the wait is over.
    if (this.journal && this.layout && this.check.pending) {
      const answers = this.check.observe(this.journal, this.layout, this.now);
      if (answers.length) this.options.save(answers);
    }
    if (this.sync.waiting && this.journal) await this.receive(this.journal);
    this.write(this.sync.heal());
    await this.compact();
    this.publish();
  }

  /** One action of this player's: checked, written to his pages, answered with the game as it now stands. */
  submit(request: SceneRequest): Promise<{ ok: true } | { ok: false; error: RuleError }> {
    const run = this.turn.then(async () => {
      await this.reading;
      if (!this.sync || !this.ready) return { ok: false as const, error: { code: 'roll20-no-ledgers' } };
      if (!this.writing) return { ok: false as const, error: { code: 'roll20-other-tab' } };
      if (!this.canWrite)
        return {
          ok: false as const,
          error: { code: this.seatsMissing.length ? 'roll20-ledger-missing' : 'roll20-no-ledger-of-yours' },
        };
      const r = await this.sync.submit(request);
      if (!r.ok) return r;
      this.write(r.value.writes);
      this.publish();
      return { ok: true as const };
    });
    this.turn = run.catch(() => undefined);
    return run;
  }

  private write(updates: readonly Update[] | null): void {
    if (!updates?.length || !this.layout) return;
    const { writes, homeless } = attributeWrites(updates, this.layout);
    // Roll20 saves one attribute at a time, and a link that drops midway delivers only the first few
    // (the rest when it is back): the checkpoint first, then the record that signs it and the pages,
    // then the pages, so that pages a compaction empties never stand before what holds their ops.
    const pages = writes.filter((w) => w.name.startsWith(OPS_ATTR));
    const record = this.recordToPublish();
    const ordered = [...writes.filter((w) => !pages.includes(w)), ...(record ? [record] : []), ...pages];
    if (ordered.length) this.options.save(ordered);
    // Saved, as far as this tab can tell: Roll20 answers a save it refuses by putting the old value back, which the next read sees.
    for (let i = 0; i < updates.length; i++) this.sync?.wrote(homeless.length === 0);
  }

  /** This player's record on his home ledger, when it changed. */
  private publish(): void {
    if (!this.writing) return;
    const write = this.recordToPublish();
    if (write) this.options.save([write]);
  }

  /** The write of this player's record if it changed since it was last saved (counted as saved). */
  private recordToPublish(): AttributeWrite | null {
    if (!this.layout) return null;
    const want = JSON.stringify(this.book.record);
    if (want === this.published) return null;
    const write = recordWrite(this.book.record, this.layout);
    if (!write) return null;
    this.published = want;
    this.ownRecords.add(want);
    if (this.ownRecords.size > 500) this.ownRecords.delete(this.ownRecords.values().next().value!);
    return write;
  }
}
