// A table of honest clients and one hostile player, on a room whose metadata merges either way
// (test/support/owlbear-room.ts), with a clock the test moves: each client hears Owlbear's changes
// within `hearMs`, its page heals on its one-second timer, writes in flight (scene metadata and each
// client's record in its player metadata) arrive, or are refused by Owlbear, within `wireMs`. Used by
// the property test and the attack tests.
import { GAME_KEY, OPS_PREFIX } from '../../../src/adapters/owlbear/keys';
import type { SceneRequest } from '../../../src/shared-game/scene-request';
import { gameOf } from '../../../src/store/load';
import { bundle, type Update } from '../../../src/shared-game/sync';
import {
  MemoryKeeper,
  Room,
  client,
  type Client,
  type ClientOptions,
  type MergeMode,
} from '../../support/owlbear-room';

export interface Flight {
  readonly from: Client;
  readonly at: number;
  /** A scene metadata write, or (null) the client's record as its book held it when sent. */
  readonly write: Update | null;
  readonly record: unknown;
}

export class Table {
  t = 0;
  readonly room: Room;
  readonly gm: Client;
  readonly players: Client[];
  /** The hostile player's own connection: Owlbear lists him at the table as a PLAYER. */
  readonly hostile: Client;
  private flights: Flight[] = [];
  private heard = new Map<Client, number>();
  private healed = new Map<Client, number>();
  private sent = new Map<Client, string>();
  /** Writes Owlbear refused (the page is told: `wrote(false)`). */
  refusals = 0;
  /** Clients whose pages are not running (reloading): they hear nothing and write nothing. */
  readonly down = new Set<Client>();
  readonly keepers = new Map<string, MemoryKeeper>();
  /** Checkpoint heads the hostile player made up (not copies of honest ones): a game master asked about one starts afresh, and takes any other. */
  readonly forgedHeads = new Set<string>();
  /** Told when a write of a page that has already left (reloading) reaches Owlbear. */
  onLandedAfterLeaving?: (from: Client, write: Update) => void;

  constructor(
    mode: MergeMode,
    players = 2,
    readonly hearMs = 900,
    readonly wireMs = 600,
    /** Whether the pages' browsers keep their own copies (a browser may refuse storage to a page embedded in Owlbear). */
    readonly storage = true,
  ) {
    this.room = new Room(mode);
    this.gm = this.client('gm.bg', 'gm', true);
    this.players = Array.from({ length: players }, (_, i) => this.client(`p${i + 1}.bg`, `p${i + 1}`, false));
    this.hostile = this.client('h.bg', 'h', false);
    this.room.join(this.gm, ...this.players, this.hostile);
  }

  /** A connection's background page (its browser's storage kept across its reloads). */
  client(writer: string, player: string, gm: boolean, options: ClientOptions = {}): Client {
    const keeper = this.keepers.get(writer) ?? new MemoryKeeper();
    this.keepers.set(writer, keeper);
    return client(writer, player, gm, { now: () => this.t, keeper: this.storage ? keeper : null, ...options });
  }

  /** The honest clients: the game masters and the players. */
  get honest(): Client[] {
    return [this.gm, ...this.extraGms, ...this.players];
  }
  readonly extraGms: Client[] = [];

  /** The game master leaves the room (his connection and its player metadata go). */
  gmLeaves(): Client {
    const gm = this.gm;
    this.room.leave(gm);
    this.down.add(gm);
    return gm;
  }

  /** The game master who left (`old`) comes back as a new connection, in the same browser or another, and every page hears the room. */
  async gmBack(old: Client, sameBrowser: boolean): Promise<Client> {
    const keeper = sameBrowser ? new MemoryKeeper(this.keepers.get(old.me.writer)) : new MemoryKeeper();
    const gm = this.client('gm2.bg', 'gm', true, { keeper: this.storage ? keeper : null });
    (this as { gm: Client }).gm = gm;
    this.room.join(gm);
    for (const c of this.honest) await this.hear(c);
    return gm;
  }

  async hear(c: Client): Promise<void> {
    if (this.down.has(c)) return;
    this.heard.set(c, this.t);
    await this.room.deliver(c);
    this.send(c, c.game.heal());
    await this.choose(c);
  }

  /**
   * A game master asked about a checkpoint no one at the table stands behind answers as he would, knowing
   * his own game: a forgery is not his (start afresh), anything else is (take it).
   */
  async choose(c: Client): Promise<void> {
    await this.chooseUnproven(c);
    if (!this.answers || !c.game.unvouched || !c.game.compactor) return;
    // He reads the question for a few seconds first (players holding the table's game put it back meanwhile).
    const head = JSON.stringify(this.metadata[GAME_KEY] ?? null);
    const asked = this.asked.get(c);
    if (asked?.head !== head) this.asked.set(c, { head, since: this.t });
    if (this.t - (asked?.head === head ? asked.since : this.t) < this.readingMs) return;
    const forged = this.forgedHeads.has(head);
    this.choices.push(forged ? 'fresh' : 'take');
    this.send(c, await c.game.choose(forged ? 'fresh' : 'take'));
  }
  readonly choices: ('fresh' | 'take')[] = [];

  /**
   * Asked about pages of an earlier connection that a key no one here can prove signs, a game master
   * answers as he would, knowing his own actions: a forger's key is not his (leave them), his own is.
   */
  async chooseUnproven(c: Client): Promise<void> {
    const u = c.game.state.unproven;
    if (!this.answers || !u || !c.game.compactor) return;
    const asked = this.askedPages.get(c);
    if (asked?.key !== u.key) this.askedPages.set(c, { key: u.key, since: this.t });
    if (this.t - (asked?.key === u.key ? asked.since : this.t) < this.readingMs) return;
    const forged = [...this.forgedKeys].some((k) => k.startsWith(u.key));
    this.unprovenChoices.push(forged ? 'leave' : 'take');
    this.send(c, await c.game.chooseUnproven(forged ? 'leave' : 'take'));
  }
  readonly unprovenChoices: ('leave' | 'take')[] = [];
  /** Keys a test forged pages with (a hostile player's). */
  readonly forgedKeys = new Set<string>();
  private readonly askedPages = new Map<Client, { key: string; since: number }>();
  /** Whether the game master answers (a test may look at the question first), and how long he reads it. */
  answers = true;
  readingMs = 5000;
  private readonly asked = new Map<Client, { head: string; since: number }>();

  /** What the page does with writes its game returns: each sent, and its record published when it changed. */
  send(from: Client, writes: readonly Update[] | null): void {
    for (const write of writes ?? []) this.flights.push({ from, at: this.t, write, record: null });
    const record = JSON.stringify(from.book.record);
    if (record !== this.sent.get(from)) {
      this.sent.set(from, record);
      this.flights.push({ from, at: this.t, write: null, record: JSON.parse(record) });
    }
  }

  /** The oldest write in flight of `from` arrives (or, `refused`, Owlbear says no). */
  land(from: Client, refused = false): void {
    const i = this.flights.findIndex((f) => f.from === from);
    if (i < 0) return;
    const [f] = this.flights.splice(i, 1);
    if (f!.write === null) {
      if (!refused) this.room.records.set(from.holder, f!.record);
      else this.sent.delete(from);
      for (const c of this.honest) this.room.deliverParty(c);
      return;
    }
    if (refused) {
      this.refusals++;
      from.game.wrote(false);
    } else {
      if (this.down.has(from)) this.onLandedAfterLeaving?.(from, f!.write);
      from.game.wrote(this.room.set(f!.write, from.game));
    }
  }

  /** The table's first moments: every page hears the room, the game master chooses Hell Dorado's command, and `rounds` of `settle` follow. */
  async chooseGame(rounds: number): Promise<void> {
    for (const c of this.honest) await this.hear(c);
    if (!(await this.act(this.gm, { type: 'store/select-system', system: 'hd-command' })))
      throw new Error('the game master could not choose the game');
    await this.settle(rounds);
  }

  async act(c: Client, request: SceneRequest): Promise<boolean> {
    const r = await c.game.submit(request);
    if (r.ok) this.send(c, r.value.writes);
    return r.ok;
  }

  /** The game master's page compacts (`force`: whether or not enough waits, as after a long game). */
  async compact(force = true, by: Client = this.gm): Promise<void> {
    if (this.down.has(by)) return;
    if (!force && !by.game.needsCompaction()) return;
    this.send(by, await by.game.compact());
  }

  /** Time passes: writes older than `wireMs` arrive, clients that have not heard for `hearMs` hear, pages heal on their timer. */
  async tick(ms: number): Promise<void> {
    this.t += ms;
    for (const f of this.flights.filter((x) => this.t - x.at >= this.wireMs)) this.land(f.from);
    for (const c of this.honest) if (this.t - (this.heard.get(c) ?? -Infinity) >= this.hearMs) await this.hear(c);
    for (const c of this.honest) {
      if (this.down.has(c) || this.t - (this.healed.get(c) ?? -Infinity) < 1000) continue;
      this.healed.set(c, this.t);
      this.send(c, c.game.heal());
    }
  }

  /** The longest a running page held an action unsent in the last `settle`, while every write landed (ms of table time). */
  longestUnsent = 0;

  /**
   * Runs until every write has landed and the game master has compacted what waits: the end of an
   * evening. `untilQuiet`: stops early once nothing has moved for three rounds (the property's
   * evenings; keys of no one at the table may still wait to be emptied then).
   */
  async settle(rounds = 60, untilQuiet = false): Promise<void> {
    let quiet = 0;
    const unsentSince = new Map<Client, number>();
    this.longestUnsent = 0;
    for (let i = 0; i < rounds; i++) {
      await this.tick(700);
      for (const c of this.honest) while (this.flights.some((f) => f.from === c)) this.land(c);
      for (const c of this.honest) await this.hear(c);
      for (const c of [this.gm, ...this.extraGms]) if (c.game.compactor) await this.compact(true, c);
      // How long a running page's actions stay unsent while every write lands (from the round it is first seen).
      for (const c of this.honest) {
        if (this.down.has(c) || !c.game.state.unsent.length) unsentSince.delete(c);
        else {
          const since = unsentSince.get(c) ?? this.t;
          unsentSince.set(c, since);
          this.longestUnsent = Math.max(this.longestUnsent, this.t - since);
        }
      }
      // Done once nothing has moved for three rounds: no write on its way, nothing unsent, no page
      // waiting for something to be written back or owing a write (a refused checkpoint waiting out
      // its backoff: seed 942892779), nothing left to compact.
      const still =
        !this.flights.length &&
        this.honest.every(
          (c) => !c.game.state.unsent.length && !c.game.waiting && !c.game.owesWrites && !c.game.needsCompaction(),
        );
      quiet = still ? quiet + 1 : 0;
      if (untilQuiet && quiet >= 3) break;
    }
    for (const c of this.honest) while (this.flights.some((f) => f.from === c)) this.land(c);
    for (const c of this.honest) if (!this.down.has(c)) await this.room.deliver(c);
  }

  /**
   * Every write in flight lands and every page hears it, until no page has an action on its way nor a
   * write to make (a checkpoint the tabletop refused, to be written again; a compaction due, as the
   * compacting page makes within a second: pages of a writer gone from the table that only some pages
   * played, for one), and the compacting game master has answered what his popover asks (until then,
   * pages he is asked about are played only by those who saw their writer): a calm moment at the table.
   */
  async calm(): Promise<void> {
    // (Up to a minute of table time: a page writing back another's pages waits twice `restoreAfterMs`
    // first, and the compaction that folds them in comes after; 14 s was not always enough, and the table
    // was called calm while a compaction was still on its way: seed -410667047.)
    for (let i = 0; i < 90; i++) {
      for (const c of this.honest) while (this.flights.some((f) => f.from === c)) this.land(c);
      for (const c of this.honest) await this.hear(c);
      const asked = (c: Client) =>
        this.answers && c.game.compactor && (c.game.state.unproven !== null || c.game.unvouched !== null);
      let compacted = false;
      for (const c of this.honest) {
        if (this.down.has(c) || !c.game.compactor || !c.game.needsCompaction()) continue;
        const writes = await c.game.compact();
        if (writes?.length) compacted = true;
        this.send(c, writes);
      }
      if (
        !compacted &&
        !this.flights.length &&
        this.honest.every(
          (c) => this.down.has(c) || (c.game.state.unsent.length === 0 && !c.game.owesWrites && !asked(c)),
        )
      )
        return;
      await this.tick(700);
    }
  }

  /** Owlbear's party changed (a role): every running page plays the table again, and the compacting one compacts if it should. */
  async partyChanged(): Promise<void> {
    for (const c of this.honest) await this.hear(c);
    for (const c of this.honest) if (c.game.compactor) await this.compact(false, c);
  }

  /** A raw write by the hostile player's client (key by key, whatever Owlbear's merge), in as many writes as Owlbear takes. */
  forge(update: Record<string, unknown>): void {
    for (const part of bundle(Object.entries(update))) this.room.set(part);
  }

  /** A tab closes or refreshes: what its page had not handed to Owlbear yet never arrives. */
  dropFlights(c: Client): void {
    this.flights = this.flights.filter((f) => f.from !== c);
  }

  /**
   * A player refreshes his tab: his writes still on their way never arrive, his connection leaves (its
   * player metadata with it), and a new connection of the same player joins, in the same browser (its
   * storage, where the table's browsers keep any: his signing key among it) or, `sameBrowser` false, not.
   */
  async refresh(old: Client, sameBrowser = true): Promise<Client> {
    this.dropFlights(old);
    this.room.leave(old);
    const keeper = sameBrowser ? new MemoryKeeper(this.keepers.get(old.me.writer)) : new MemoryKeeper();
    const fresh = this.client(`${old.me.player}r${++this.refreshes}.bg`, old.me.player, old.me.gm, {
      keeper: this.storage ? keeper : null,
    });
    this.keepers.set(fresh.me.writer, keeper);
    this.players[this.players.indexOf(old)] = fresh;
    this.room.join(fresh);
    await this.hear(fresh);
    return fresh;
  }
  private refreshes = 0;

  /** A page reloads: its old life stops now; `back` starts its new life (same connection, same record in Owlbear, same browser storage). */
  reload(c: Client): Client {
    const i = [this.gm, ...this.extraGms, ...this.players].indexOf(c);
    // What it sent before it stopped reaches Owlbear before anything of its new life; it writes nothing more.
    while (this.flights.some((f) => f.from === c)) this.land(c);
    const again = this.client(c.me.writer, c.me.player, c.me.gm, { record: this.room.records.get(c.holder) });
    this.room.replace(c, again);
    if (c === this.gm) (this as { gm: Client }).gm = again;
    else if (this.extraGms.includes(c)) this.extraGms[this.extraGms.indexOf(c)] = again;
    else this.players[this.players.indexOf(c)] = again;
    this.sent.set(again, JSON.stringify(again.book.record));
    void i;
    return again;
  }

  get metadata(): Record<string, unknown> {
    return this.room.metadata;
  }
}

export const names = (c: Client, system = 'hd-command'): string[] =>
  gameOf(c.game.state.root, system as 'hd-command')
    .log.events.map((e) => (e as { name?: string }).name)
    .filter((x): x is string => x !== undefined);

export const sideEdited = (side: 'A' | 'B', name: string): SceneRequest => ({
  type: 'game/dispatch',
  system: 'hd-command',
  event: { type: 'sideEdited', side, name },
});

export const opsOf = (
  metadata: Record<string, unknown>,
  writer: string,
): { seq: number; lamport: number; by: string; request: unknown }[] =>
  (metadata[OPS_PREFIX + writer] as { ops?: { seq: number; lamport: number; by: string; request: unknown }[] } | null)
    ?.ops ?? [];

export const headOf = (
  metadata: Record<string, unknown>,
): { gen: number; covers: Record<string, number>; lamport: number; scene: string } | undefined =>
  metadata[GAME_KEY] as never;
