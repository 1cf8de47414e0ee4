// What a client writes to put the keys right: a pure step (./write.ts `heal` gathers what it wants the
// keys to hold, asks this, and hands the page the writes). As Owlbear's dynamic fog diffs shared state
// into local drawings, this diffs what the client holds into the table's keys:
//   1. The checkpoint it holds, when the keys lack it (its parts, then its head): first, so that a
//      tabletop that saves key by key (Roll20) may take only the first few, and pages a compaction
//      empties are never there before the checkpoint that holds their ops.
//   2. Then the scene's id, this writer's signature and pages, return keys, other writers' pages written
//      back, and last the parts no checkpoint lists any more (its compactor's), emptied.
// Only what differs from the keys is written. When: `pace` (./policy.ts SYNC_TIMING, liveness only).
import { canonicalJson } from '../game/json';
import { isEmptyPage } from './ops';
import { SYNC_TIMING } from './policy';

/** A key and the value wanted there (null: emptied). */
export type Entry = readonly [key: string, value: unknown];

export interface Wanted {
  /** The checkpoint to put back: its parts and head, and the keys of parts it does not list (emptied). */
  readonly checkpoint: {
    readonly parts: readonly Entry[];
    readonly head: Entry;
    readonly unlisted: readonly string[];
  } | null;
  /** The scene's id, where it is this client's to write. */
  readonly scene: Entry | null;
  /** This writer's signature of his pages (null: none to write; a null value: emptied, which an empty page already is). */
  readonly signature: Entry | null;
  /** This writer's pages (a null value: emptied). */
  readonly pages: readonly Entry[];
  /** Return keys (./returns.ts). */
  readonly returns: readonly Entry[];
  /** Other writers' pages written back (a kept copy, or held from the table), and their signature with them. */
  readonly writeBacks: readonly { readonly pages: readonly Entry[]; readonly signature: Entry | null }[];
}

/** Whether a key holding `have` must be written to hold `want` (`emptyOk`: an empty page stands for null). */
export function differs(have: unknown, want: unknown, emptyOk = false): boolean {
  if (want === null && emptyOk) return !isEmptyPage(have);
  if (have === want || (have == null && want == null)) return false;
  // (A checkpoint's parts are long strings: compared as they are, never written out again.)
  if (typeof have === 'string' || typeof want === 'string') return true;
  return canonicalJson(have ?? null) !== canonicalJson(want ?? null);
}

/** The entries that put the keys right, in the order they must be written. */
export function writesFor(raw: Readonly<Record<string, unknown>>, wanted: Wanted): Entry[] {
  const first: Entry[] = [];
  const rest: Entry[] = [];
  const add = (to: Entry[], [key, value]: Entry, emptyOk = false) => {
    if (differs(raw[key], value, emptyOk)) to.push([key, value]);
  };
  const checkpoint = wanted.checkpoint;
  if (checkpoint) {
    for (const part of checkpoint.parts) add(first, part);
    add(first, checkpoint.head);
  }
  if (wanted.scene) add(rest, wanted.scene);
  if (wanted.signature) add(rest, wanted.signature, true);
  for (const page of wanted.pages) add(rest, page);
  for (const entry of wanted.returns) add(rest, entry);
  for (const back of wanted.writeBacks) {
    for (const page of back.pages) add(rest, page);
    if (back.signature) add(rest, back.signature);
  }
  if (checkpoint)
    for (const key of checkpoint.unlisted) if (raw[key] !== null && raw[key] !== undefined) rest.push([key, null]);
  return [...first, ...rest];
}

/** A write made: what it held (JSON), and when it may be made again. */
export interface Paced {
  readonly json: string;
  readonly retryAt: number;
}

/** How long a write waits before it is made again: `patience` for one not echoed yet; after refusals 1, 2, 4, 8 s… up to `maxBackoff`. */
export const retryDelay = (failures: number): number =>
  failures ? Math.min(SYNC_TIMING.maxBackoff, 1000 * 2 ** (failures - 1)) : SYNC_TIMING.patience;

/** Whether the same writes are made now (the new pace), or waited for (null): the same as the last, before its time, unless forced. */
export function pace(last: Paced | null, json: string, now: number, failures: number, force: boolean): Paced | null {
  if (!force && last && last.json === json && now < last.retryAt) return null;
  return { json, retryAt: now + retryDelay(failures) };
}
