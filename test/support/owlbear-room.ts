// An Owlbear room, for the unit tests and benchmarks of the shared game, modelled on what the SDK's
// source and Owlbear's documents say (not on our adapter): a scene's metadata and each connection's
// player metadata. Everything goes through JSON as it would through the network (so a value
// `undefined` never arrives: the key is left as it was), and a client reads a copy.
// - Scene metadata: where Owlbear merges an update is not documented (docs/owlbear.md, "Threat
//   model"); both readings are here. `server`: the update is spread over the room's metadata, key by
//   key; `client`: the writer's own client spreads it over its copy, which may be behind, and that
//   whole copy replaces the room's (keys the update sets to `undefined` are then gone). `limits`: a
//   write with a key above 12 KiB or above 48 KiB in all is refused, as another Owlbear extension
//   reports (`PERSISTENCE_FAILED`).
// - Player metadata (`OBR.player.setMetadata`): each connection sets its own only (the SDK has no call
//   that sets another's); the others read it in the party (`OBR.party`), its own pages in
//   `OBR.player`. Who is at the table, and with which role, is Owlbear's word too.
import { createHash, webcrypto } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { OWLBEAR_KEYS, RECORD_KEY, connectionOf } from '../../src/adapters/owlbear/keys';
import type { Codec, Identity, Member } from '../../src/shared-game/model';
import { RecordBook } from '../../src/shared-game/records';
import { SharedGame, type Keeper, type KeptSigned, type Update } from '../../src/shared-game/sync';
import type { Written } from '../../src/shared-game/checkpoint';
import { keptAfterSaving } from '../../src/shared-game/kept';
import { webCryptoSigning } from '../../content/codec';

export type MergeMode = 'server' | 'client';

const wire = (x: unknown): string | undefined => (x === undefined ? undefined : JSON.stringify(x));

/** What Owlbear is reported to store at most: a key, and a write (bytes of UTF-8 JSON). */
export const OWLBEAR_STORES = { key: 12 * 1024, write: 48 * 1024 };

/** One connection of the room: its background page's shared game, and its record book. */
export interface Client {
  readonly game: SharedGame;
  readonly book: RecordBook;
  readonly me: Identity;
  readonly holder: string;
}

export const parseMetadata = (data: ReadonlyMap<string, string>): Record<string, unknown> =>
  Object.fromEntries([...data].map(([k, v]) => [k, JSON.parse(v) as unknown]));

export class Room {
  private data = new Map<string, string>();
  /** What each client last read: its copy, which a `client` merge spreads an update over. */
  private readonly copies = new WeakMap<SharedGame, Map<string, string>>();
  private readonly members: Client[] = [];
  /** Each connection's player metadata record, as Owlbear holds it. */
  readonly records = new Map<string, unknown>();
  writes = 0;
  /** The largest key and write seen (bytes), and the writes refused for their size. */
  largestKey = 0;
  largestWrite = 0;
  refusedForSize = 0;

  constructor(
    readonly mode: MergeMode = 'server',
    readonly limits = true,
  ) {}

  /** A write reaching Owlbear from `by` (a client of the room), or from nowhere in particular (a hostile client, a hand edit): merged by key. False: refused. */
  set(update: Readonly<Record<string, unknown>>, by?: SharedGame): boolean {
    this.writes++;
    const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
    const total = bytes(JSON.stringify(update));
    const largest = Math.max(0, ...Object.entries(update).map(([k, v]) => bytes(k) + bytes(wire(v) ?? '')));
    if (by) {
      this.largestKey = Math.max(this.largestKey, largest);
      this.largestWrite = Math.max(this.largestWrite, total);
    }
    if (this.limits && (largest > OWLBEAR_STORES.key || total > OWLBEAR_STORES.write)) {
      this.refusedForSize++;
      return false;
    }
    if (this.mode === 'client' && by) {
      const copy = new Map(this.copies.get(by) ?? this.data);
      for (const [k, v] of Object.entries(update)) {
        if (v === undefined) copy.delete(k);
        else copy.set(k, wire(v)!);
      }
      this.data = copy;
      this.copies.set(by, new Map(copy));
      return true;
    }
    for (const [k, v] of Object.entries(update)) {
      const text = wire(v);
      if (text !== undefined) this.data.set(k, text);
    }
    return true;
  }

  get metadata(): Record<string, unknown> {
    return parseMetadata(this.data);
  }

  /** The metadata as it stands now, cheaply (as stored: each value's JSON); `parseMetadata` reads it. */
  snapshot(): ReadonlyMap<string, string> {
    return new Map(this.data);
  }

  /** A client reads the room (Owlbear's change events reach it): its copy is now this, and it hears the party and its own record. */
  async deliver(c: Client): Promise<void> {
    this.copies.set(c.game, new Map(this.data));
    this.tellParty(c);
    c.game.heardRecord(this.records.get(c.holder));
    await c.game.receive(this.metadata);
  }

  /** A connection's player metadata write: its record, as its book holds it now. */
  publish(c: Client): void {
    this.records.set(c.holder, JSON.parse(JSON.stringify(c.book.record)));
  }

  /** Players connect: every client learns who the others are (Owlbear's party). */
  join(...clients: Client[]): void {
    this.members.push(...clients);
    for (const c of this.members) this.tellParty(c);
  }

  /** Owlbear's party reaches a client (a player's metadata or role changed): it hears it now, and plays it at its next read. */
  deliverParty(c: Client): void {
    if (!this.members.includes(c)) return;
    this.tellParty(c);
    c.game.heardRecord(this.records.get(c.holder));
  }

  /** A page of a connection starts again (a reload): the same connection, a new page. */
  replace(old: Client, again: Client): void {
    this.members[this.members.indexOf(old)] = again;
    for (const m of this.members) this.tellParty(m);
  }

  /** A connection leaves: its player metadata goes with it. */
  leave(c: Client): void {
    this.members.splice(this.members.indexOf(c), 1);
    this.records.delete(c.holder);
    for (const m of this.members) this.tellParty(m);
  }

  /** The game master makes a player one, or not: everyone hears of it. */
  setRole(c: Client, gm: boolean): void {
    (c as { me: Identity }).me = { ...c.me, gm };
    c.game.setRole(gm);
    for (const m of this.members) this.tellParty(m);
  }

  private tellParty(c: Client): void {
    c.game.setParty(this.members.filter((o) => o !== c).map((o) => this.memberOf(o)));
  }

  memberOf(c: Client): Member {
    return { holder: c.holder, player: c.me.player, gm: c.me.gm, record: this.records.get(c.holder) };
  }

  /** Characters the metadata takes as JSON. */
  get chars(): number {
    return JSON.stringify(this.metadata).length;
  }
}

/** The pages' codec (deflate-raw, base64, SHA-256) with Node's own zlib and crypto: the same bytes. */
export const nodeCodec: Codec = {
  pack: async (text) => deflateRawSync(Buffer.from(text, 'utf8'), { level: 6 }).toString('base64'),
  unpack: async (packed, maxChars) => {
    const text = inflateRawSync(Buffer.from(packed, 'base64'), { maxOutputLength: maxChars * 4 }).toString('utf8');
    if (text.length > maxChars) throw new Error('too long');
    return text;
  },
  hash: async (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
  ...webCryptoSigning,
};
void webcrypto;

/** A browser's own storage for one connection (what owlbear/keeper.ts keeps in localStorage). */
export class MemoryKeeper implements Keeper {
  private readonly ownPages = new Map<
    string,
    { pages: readonly unknown[]; seq: number; covered: readonly unknown[] }
  >();
  private readonly checkpoints: Map<string, { head: unknown; parts: Record<string, string> }>;
  private readonly browser: { secret: string | null };
  private readonly keys: Map<string, readonly string[]>;
  private readonly signed: Map<string, KeptSigned[]>;

  /** `sameBrowser`: another connection in that keeper's browser (a refresh, a return): its checkpoints, keys and signed pages, pages of its own (as owlbear/keeper.ts keys them). */
  constructor(sameBrowser?: MemoryKeeper) {
    this.checkpoints = sameBrowser?.checkpoints ?? new Map();
    this.browser = sameBrowser?.browser ?? { secret: null };
    this.keys = sameBrowser?.keys ?? new Map();
    this.signed = sameBrowser?.signed ?? new Map();
  }
  signedPages(scene: string) {
    return this.signed.get(scene) ?? [];
  }
  saveSignedPages(scene: string, kept: KeptSigned) {
    this.signed.set(scene, keptAfterSaving(this.signedPages(scene), JSON.parse(JSON.stringify(kept)) as KeptSigned));
  }
  pages(scene: string) {
    return this.ownPages.get(scene) ?? null;
  }
  savePages(scene: string, pages: readonly unknown[], seq: number, covered: readonly unknown[]) {
    this.ownPages.set(scene, JSON.parse(JSON.stringify({ pages, seq, covered })));
  }
  checkpoint(scene: string) {
    return this.checkpoints.get(scene) ?? null;
  }
  saveCheckpoint(scene: string, written: Written) {
    this.checkpoints.set(
      scene,
      JSON.parse(JSON.stringify({ head: written.head, parts: Object.fromEntries(written.parts) })),
    );
  }
  secretKey() {
    return this.browser.secret;
  }
  saveSecretKey(secret: string) {
    this.browser.secret = secret;
  }
  gmKeys(scene: string) {
    return this.keys.get(scene) ?? [];
  }
  saveGmKeys(scene: string, keys: readonly string[]) {
    this.keys.set(scene, [...keys]);
  }
}

let salts = 0;
/** A test's clock: every reading is later than the last (a writer waits a few seconds for the echo of its own write). */
export const testClock = { t: 0, now: () => (testClock.t += 10_000) };

export interface ClientOptions {
  readonly now?: () => number;
  readonly mirror?: boolean;
  readonly keeper?: Keeper | null;
  /** The record Owlbear holds for this connection when its page starts (its earlier life's). */
  readonly record?: unknown;
  readonly hidden?: (token: string) => boolean;
  /** The browser's codec (default: Node's, with Ed25519; one whose `newSecret` gives null is a browser that cannot sign). */
  readonly codec?: Codec;
}

/** A client of the room: the background page of one connection (`writer` is `<connection>.bg`). */
export function client(writer: string, player: string, gm: boolean, options: ClientOptions = {}): Client {
  const me: Identity = { writer, player, gm };
  const book = new RecordBook();
  if (options.record) book.adopt(JSON.parse(JSON.stringify(options.record)));
  const game = new SharedGame({
    codec: options.codec ?? nodeCodec,
    keys: OWLBEAR_KEYS,
    me,
    book,
    random: () => `salt${++salts}`,
    now: options.now ?? testClock.now,
    mirror: options.mirror,
    keeper: options.keeper,
    context: options.hidden ? { hidden: options.hidden } : undefined,
    // One scene a room here: a reloaded page plays the scene its record names.
    sameScene: true,
  });
  return { game, book, me, holder: connectionOf(writer) };
}

/** Writes each update (in order), and the client's record: what the background page does with what its game returns. */
export function write(room: Room, c: Client, updates: readonly Update[] | null): void {
  for (const u of updates ?? []) c.game.wrote(room.set(u, c.game));
  room.publish(c);
}
