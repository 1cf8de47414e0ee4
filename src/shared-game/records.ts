// Each holder's record: what it signs, in a place only it writes (Owlbear: its own player metadata,
// which Owlbear lets no one else set). The shared keys carry no author and anyone can write them; a
// record says which contents of them its holder stands behind, by digest:
//
// - `ops`: per scene, the digest of the writer's pages as it wrote them, its last seq, and the digests
//   of its last few versions before (`p`: a reader whose copy of the keys is a write or two behind
//   still plays what it has, never going back). A reader plays a writer's pages only when they match
//   its record: anything written in them by someone else (a forged op, one replacing an honest op
//   under its number, a copy from another scene) is never played, not for a moment, and never
//   compacted.
// - `cp`: per scene, the digest of the checkpoint head a game master stands behind (the one his client
//   wrote, or, for another game master, the one he checked). A checkpoint no game master at the table
//   stands behind is not the table's. Its last few before (`p`) are no longer played, but a client that
//   holds one may put it back where the scene holds no signed one (a compactor whose newest was lost
//   then takes it: better an older game than none).
// - `k`: the holder's public key (./signing.ts). Owlbear ties the record to a player id and role, so a
//   game master's record proves his key: a checkpoint signed by it is his, even after he left.
// - `g`: the scene the holder plays now, the game masters' keys it trusts there (proven to it by a game
//   master's record, or kept by its browser from such a proof) and the number of the checkpoint it plays
//   (`n`): a client with nothing of its own to check against (a newcomer, a reload without storage)
//   trusts a key every player at the table vouches for, and takes no checkpoint older than one they play.
//   The digest of that checkpoint's head too (`h`): two of one number (two game masters apart) are told
//   apart, and a compactor takes no writer's word that a checkpoint holds his actions when the writer
//   plays another. On a game master's record, also the players' keys he took as theirs (`p`: asked about pages of a
//   gone connection that nothing else ties to its player), so that every client plays them as he does.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import * as v from 'valibot';
import { canonicalJson } from '../game/json';
import { LIMITS } from './model';
import { PUBLIC_KEY } from './signing';

/** A content's digest: the first 128 bits of SHA-256 of its canonical JSON, in hex. Synchronous: every read checks every key it plays. */
export const digest = (value: unknown): string => digestText(canonicalJson(value ?? null));
export const digestText = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)).subarray(0, 16));

const sceneId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const hash = v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/));
const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));

export const recordSchema = v.strictObject({
  v: v.literal(1),
  ops: v.pipe(
    v.array(
      v.strictObject({
        s: sceneId,
        h: hash,
        n: count,
        p: v.optional(v.pipe(v.array(hash), v.maxLength(LIMITS.recordEarlier))),
      }),
    ),
    v.maxLength(LIMITS.recordScenes),
  ),
  cp: v.pipe(
    v.array(
      v.strictObject({
        s: sceneId,
        h: hash,
        g: count,
        p: v.optional(v.pipe(v.array(hash), v.maxLength(LIMITS.recordEarlierCheckpoints))),
      }),
    ),
    v.maxLength(LIMITS.recordScenes),
  ),
  k: v.optional(v.pipe(v.string(), v.regex(PUBLIC_KEY))),
  g: v.optional(
    v.strictObject({
      s: sceneId,
      k: v.pipe(v.array(v.pipe(v.string(), v.regex(PUBLIC_KEY))), v.maxLength(LIMITS.trustedKeys)),
      n: v.optional(count),
      h: v.optional(hash),
      p: v.optional(
        v.pipe(
          v.array(
            v.strictObject({ k: v.pipe(v.string(), v.regex(PUBLIC_KEY)), p: v.pipe(v.string(), v.maxLength(200)) }),
          ),
          v.maxLength(LIMITS.trustedKeys),
        ),
      ),
    }),
  ),
});

export type HolderRecord = v.InferOutput<typeof recordSchema>;

export const EMPTY_RECORD: HolderRecord = { v: 1, ops: [], cp: [] };

/** A record as read from the tabletop, or null (none, or malformed: then its holder signs nothing). */
export function readRecord(raw: unknown): HolderRecord | null {
  const r = v.safeParse(recordSchema, raw);
  return r.success ? r.output : null;
}

/** What a record signs for one scene. */
export const opsEntry = (record: HolderRecord | null, scene: string) => record?.ops.find((e) => e.s === scene) ?? null;

/** Whether a writer's pages of this digest are signed by his record's entry: his latest, or one of his last few. */
export const signsPages = (entry: { h: string; p?: readonly string[] | undefined }, digest: string): boolean =>
  entry.h === digest || (entry.p ?? []).includes(digest);
export const checkpointEntry = (record: HolderRecord | null, scene: string) =>
  record?.cp.find((e) => e.s === scene) ?? null;

/** `list` with `entry` first (replacing the same scene's), at most `LIMITS.recordScenes` long. */
function put<E extends { s: string }>(list: readonly E[], entry: E | null, scene: string): E[] {
  const rest = list.filter((e) => e.s !== scene);
  return (entry ? [entry, ...rest] : rest).slice(0, LIMITS.recordScenes);
}

/**
 * One holder's record as its client keeps it, across the scenes it visits: each scene's shared game
 * sets its own entries; `changed` fires so that the page publishes the record.
 */
export class RecordBook {
  private value: HolderRecord;
  private readonly listeners = new Set<(record: HolderRecord) => void>();

  constructor(start: HolderRecord | null = null) {
    this.value = start ?? EMPTY_RECORD;
  }

  get record(): HolderRecord {
    return this.value;
  }

  /** The record the tabletop holds for this holder when the page starts (its earlier life's, after a reload). */
  adopt(record: HolderRecord | null): void {
    if (record) this.value = record;
  }

  onChange(listener: (record: HolderRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setOps(scene: string, h: string, n: number): void {
    const now = opsEntry(this.value, scene);
    if (now && now.h === h && now.n === n) return;
    const p = now && now.h !== h ? [now.h, ...(now.p ?? [])].slice(0, LIMITS.recordEarlier) : now?.p;
    this.set({ ...this.value, ops: put(this.value.ops, { s: scene, h, n, ...(p?.length ? { p } : {}) }, scene) });
  }

  /** This holder's public key. */
  setKey(key: string): void {
    if (this.value.k !== key) this.set({ ...this.value, k: key });
  }

  /** The scene this holder plays now, the game masters' keys it trusts there, the checkpoint it plays (its number and head's digest), and (a game master's) the players' keys he took. */
  setTrusted(
    scene: string,
    keys: readonly string[],
    played: { readonly n: number; readonly h: string | null } | null,
    players: readonly { k: string; p: string }[] = [],
  ): void {
    const k = [...keys].sort().slice(0, LIMITS.trustedKeys);
    const p = players.slice(-LIMITS.trustedKeys);
    const g = {
      s: scene,
      k,
      ...(played ? { n: played.n } : {}),
      ...(played?.h ? { h: played.h } : {}),
      ...(p.length ? { p } : {}),
    };
    if (JSON.stringify(this.value.g ?? null) === JSON.stringify(g)) return;
    this.set({ ...this.value, g });
  }

  setCheckpoint(scene: string, entry: { h: string; g: number } | null): void {
    const now = checkpointEntry(this.value, scene);
    if (entry ? now?.h === entry.h : !now) return;
    const p = entry && now ? [now.h, ...(now.p ?? [])].slice(0, LIMITS.recordEarlierCheckpoints) : [];
    this.set({
      ...this.value,
      cp: put(this.value.cp, entry ? { s: scene, ...entry, ...(p.length ? { p } : {}) } : null, scene),
    });
  }

  private set(record: HolderRecord): void {
    this.value = record;
    for (const l of this.listeners) l(record);
  }
}
