// An Owlbear room's scene metadata as Owlbear keeps it, for the unit tests and benchmarks of the
// shared game: a write replaces whole top-level keys (an undefined value removes the key), every value
// goes through JSON as it would through the network, and a client reads a copy.
import { webcrypto } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Codec } from '../../src/adapters/owlbear/game';
import { SceneSync, type Identity } from '../../src/adapters/owlbear/sync';

export class Room {
  private data = new Map<string, string>();
  writes = 0;

  set(update: Readonly<Record<string, unknown>>): void {
    this.writes++;
    for (const [k, v] of Object.entries(update)) {
      if (v === undefined) this.data.delete(k);
      else this.data.set(k, JSON.stringify(v));
    }
  }

  get metadata(): Record<string, unknown> {
    return Object.fromEntries([...this.data].map(([k, v]) => [k, JSON.parse(v) as unknown]));
  }

  /** Characters the metadata takes as JSON. */
  get chars(): number {
    return JSON.stringify(this.metadata).length;
  }
}

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

/** A client of the room: one page of one connection. */
export function client(writer: string, player: string, gm: boolean): SceneSync {
  const me: Identity = { writer, player, gm };
  return new SceneSync(nodeCodec, me, undefined, () => `salt${++salts}`, testClock.now);
}
