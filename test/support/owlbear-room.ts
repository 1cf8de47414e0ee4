// An Owlbear room's scene metadata, for the unit tests and benchmarks of the shared game. Everything
// goes through JSON as it would through the network (so a value `undefined` never arrives: the key
// is left as it was), and a client reads a copy. Where Owlbear merges an update is not documented
// (docs/owlbear.md, "Threat model"); both readings are here:
// - `server`: the update is spread over the room's metadata, key by key;
// - `client`: the writer's own client spreads it over its copy, which may be behind, and that whole
//   copy replaces the room's (keys the update sets to `undefined` are then gone).
// Who is at the table is Owlbear's word too: `join` tells every client the others' players and roles.
import { webcrypto } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { connectionOf, type Codec } from '../../src/adapters/owlbear/game';
import { SceneSync, type Identity, type Member } from '../../src/adapters/owlbear/sync';

export type MergeMode = 'server' | 'client';

const wire = (x: unknown): string | undefined => (x === undefined ? undefined : JSON.stringify(x));

export class Room {
  private data = new Map<string, string>();
  /** What each client last read: its copy, which a `client` merge spreads an update over. */
  private readonly copies = new WeakMap<SceneSync, Map<string, string>>();
  private readonly members: SceneSync[] = [];
  writes = 0;

  constructor(readonly mode: MergeMode = 'server') {}

  /** A write reaching Owlbear from `by` (a client of the room), or from nowhere in particular (another extension, a hand edit): merged by key. */
  set(update: Readonly<Record<string, unknown>>, by?: SceneSync): void {
    this.writes++;
    if (this.mode === 'client' && by) {
      const copy = new Map(this.copies.get(by) ?? this.data);
      for (const [k, v] of Object.entries(update)) {
        if (v === undefined) copy.delete(k);
        else copy.set(k, wire(v)!);
      }
      this.data = copy;
      // The writer's own copy now holds what it sent.
      this.copies.set(by, new Map(copy));
      return;
    }
    for (const [k, v] of Object.entries(update)) {
      const text = wire(v);
      if (text !== undefined) this.data.set(k, text);
    }
  }

  get metadata(): Record<string, unknown> {
    return Object.fromEntries([...this.data].map(([k, v]) => [k, JSON.parse(v) as unknown]));
  }

  /** A client reads the room (Owlbear's change event reaches it): its copy is now this. */
  async deliver(c: SceneSync): Promise<void> {
    this.copies.set(c, new Map(this.data));
    await c.receive(this.metadata);
  }

  /** Players connect: every client learns who the others are (Owlbear's party). */
  join(...clients: SceneSync[]): void {
    this.members.push(...clients);
    this.tellParty();
  }

  leave(c: SceneSync): void {
    this.members.splice(this.members.indexOf(c), 1);
    this.tellParty();
  }

  private tellParty(): void {
    for (const c of this.members) c.setParty(this.members.filter((o) => o !== c).map(memberOf));
  }

  /** Characters the metadata takes as JSON. */
  get chars(): number {
    return JSON.stringify(this.metadata).length;
  }
}

export const memberOf = (c: SceneSync): Member => ({ id: c.identity.player, connectionId: connectionOf(c.identity.writer), role: c.identity.gm ? 'GM' : 'PLAYER' });

/** The pages' codec (deflate-raw, base64, SHA-256) with Node's own zlib and WebCrypto: the same bytes. */
export const nodeCodec: Codec = {
  pack: async (text) => deflateRawSync(Buffer.from(text, 'utf8'), { level: 6 }).toString('base64'),
  unpack: async (packed, maxChars) => {
    const text = inflateRawSync(Buffer.from(packed, 'base64'), { maxOutputLength: maxChars * 4 }).toString('utf8');
    if (text.length > maxChars) throw new Error('too long');
    return text;
  },
  hash: async (text) => Buffer.from(await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('hex'),
};

let salts = 0;
/** A test's clock: every reading is later than the last (a writer waits a few seconds for the echo of its own write). */
export const testClock = { t: 0, now: () => (testClock.t += 10_000) };

/** A client of the room: the background page of one connection. */
export function client(writer: string, player: string, gm: boolean): SceneSync {
  const me: Identity = { writer, player, gm };
  return new SceneSync(nodeCodec, me, undefined, () => `salt${++salts}`, testClock.now);
}
