// What the next checkpoint holds: a pure step of the compacting game master's client (./compacting.ts
// `compact` gathers what it reads from the keys, asks this, then writes and signs what it answers).
//
// The plan, in order:
//   1. Settled ops: the ops in play order up to the first one on the table for less than `settleMs`,
//      or the first unfolded op of a writer whose pages say another checkpoint holds actions of his
//      (`ahead`): a prefix in play order, so that what the checkpoint holds is played before everything
//      after it, as it was. Each settled op is covered; a game master's claim is noted in `gm`.
//   2. What a writer's own pages say is in the checkpoint (`done`) is covered, held here or not (an
//      honest writer drops only what a checkpoint covers), unless he is `ahead`, or his record says he
//      plays another checkpoint than this one (his word is about that one).
//   3. Gone writers: once all of him that this client saw is covered, his keys are emptied (`clear`,
//      unless they hold actions his game master is asked about: `asked`) and `goneSince` notes when; `forgetMs` after, with his keys empty, he leaves `covers` for the
//      `forgot` list (a line of checkpoints that lists whom it forgot keeps every client from playing
//      his keys again when a stale copy brings them back). A writer back at the table leaves `forgot`.
//   4. Return keys with nothing left to play, and keys of no one at the table that stood still
//      `strangerMs`, are emptied too.
// Time enters as `now` and the two policy constants (./policy.ts); nothing here reads a clock.
import { canonicalJson } from '../game/json';
import { LIMITS } from './model';
import type { PlacedOp } from './play';
import { SYNC_TIMING } from './policy';

export interface PlanInput {
  readonly now: number;
  readonly settleMs: number;
  /** The ops played now, in play order. */
  readonly ops: readonly PlacedOp[];
  /** When this client first played each op (by id). */
  readonly firstPlayed: ReadonlyMap<string, number>;
  /** The checkpoint played from: what it covers, a game master's claims it holds, whom it forgot (null: its line does not list them). */
  readonly base: {
    readonly covers: Readonly<Record<string, number>>;
    readonly gm: Readonly<Record<string, number>>;
    readonly forgot: Readonly<Record<string, number>> | null;
  };
  /** Whether the next checkpoint lists whom it forgot (a line that started listing them, or a new one). */
  readonly listsForgot: boolean;
  /** How many forgotten writers a checkpoint lists at most (the newest). */
  readonly forgotWriters: number;
  /** Each writer's pages as read: what they say a checkpoint covers of him, and the seqs of his ops this client saw. */
  readonly seen: ReadonlyMap<string, { readonly done: number; readonly ops: ReadonlyMap<number, unknown> }>;
  /** Writers whose pages say another checkpoint holds actions of his this one does not. */
  readonly ahead: ReadonlySet<string>;
  /** Writers whose record says they play another checkpoint than this one. */
  readonly playsAnother: (writer: string) => boolean;
  /** Writers no longer at the table. */
  readonly gone: (writer: string) => boolean;
  /** A gone writer's keys that still hold something: his pages holding ops, and his pages' signature (null: empty). Emptied once all of him is covered. */
  readonly held: (writer: string) => { readonly pages: readonly string[]; readonly signature: string | null };
  /** Gone writers whose pages hold actions their game master is asked about (signed by a key no one here can prove yet): kept until he answers. */
  readonly asked: ReadonlySet<string>;
  /** When each gone writer's keys were emptied (or he was first seen gone with them empty). */
  readonly goneSince: ReadonlyMap<string, number>;
  /** Return keys (./returns.ts): each writer's key and the seqs it still holds. */
  readonly returnKeys: ReadonlyMap<string, { readonly key: string; readonly live: readonly number[] }>;
  /** Keys of no one at the table that hold something, and since when they stood still. */
  readonly strangers: readonly (readonly [key: string, since: number])[];
}

export interface Plan {
  /** The ops the checkpoint holds: a prefix of `ops`. */
  readonly settled: readonly PlacedOp[];
  readonly covers: Record<string, number>;
  readonly gm: Record<string, number>;
  /** Whom it lists as forgotten (null: it does not list them). */
  readonly forgot: Record<string, number> | null;
  /** Keys to empty with it. */
  readonly clear: readonly string[];
  readonly goneSince: ReadonlyMap<string, number>;
  /** Writers forgotten now: everything this client keeps of them can go. */
  readonly forgotten: readonly string[];
  /** Whether `covers` or `gm` differ from the base's. */
  readonly coversChanged: boolean;
}

export function planCheckpoint(input: PlanInput): Plan {
  const { now, base, seen } = input;
  const covers: Record<string, number> = { ...base.covers };
  const gm: Record<string, number> = { ...base.gm };
  // 1. Settled ops.
  const young = input.ops.findIndex((op) => now - (input.firstPlayed.get(op.id) ?? now) < input.settleMs);
  const gapped = input.ahead.size
    ? input.ops.findIndex((op) => input.ahead.has(op.writer) && op.seq > (base.covers[op.writer] ?? 0))
    : -1;
  const cut = [young, gapped].filter((i) => i >= 0);
  const settled = cut.length ? input.ops.slice(0, Math.min(...cut)) : input.ops;
  for (const op of settled) {
    covers[op.writer] = Math.max(covers[op.writer] ?? 0, op.seq);
    if (op.author.gm) gm[op.writer] = Math.max(gm[op.writer] ?? 0, op.seq);
  }
  // 2. A writer's own word (seed -542129869: taking it while he plays another checkpoint lost an action).
  for (const [writer, s] of seen) {
    if (s.done <= (covers[writer] ?? 0) || input.ahead.has(writer) || input.playsAnother(writer)) continue;
    covers[writer] = s.done;
  }
  // 3. Gone writers.
  const clear: string[] = [];
  const goneSince = new Map(input.goneSince);
  const forgotten: string[] = [];
  const forgot: Record<string, number> = Object.fromEntries(
    Object.entries(base.forgot ?? {}).filter(([writer]) => !(writer in covers)),
  );
  for (const writer of Object.keys(covers)) {
    if (!input.gone(writer)) continue;
    const all = [...(seen.get(writer)?.ops.keys() ?? [])].every((seq) => seq <= covers[writer]!);
    const held = input.held(writer);
    // (Not pages his game master is asked about: this client played none of them, and they may be the
    // only copy of his actions; seed 1381138580 emptied them each time a player wrote them back.)
    if (all && held.pages.length && !input.asked.has(writer)) {
      clear.push(...held.pages, ...(held.signature ? [held.signature] : []));
      goneSince.set(writer, now);
    }
    const since = goneSince.get(writer) ?? now;
    goneSince.set(writer, since);
    // (Not while his pages hold ops: emptied just now, they are forgotten at a later compaction.)
    if (now - since >= SYNC_TIMING.forgetMs && !held.pages.length) {
      forgot[writer] = covers[writer]!;
      delete covers[writer];
      delete gm[writer];
      goneSince.delete(writer);
      forgotten.push(writer);
    }
  }
  // 4. Return keys with nothing left to play once this checkpoint is written, and strangers' keys.
  for (const [writer, r] of input.returnKeys)
    if (r.live.every((seq) => seq <= (covers[writer] ?? 0))) clear.push(r.key);
  for (const [key, since] of input.strangers) if (now - since >= SYNC_TIMING.strangerMs) clear.push(key);
  const coversChanged =
    canonicalJson(covers) !== canonicalJson(base.covers) || canonicalJson(gm) !== canonicalJson(base.gm);
  const listed = input.listsForgot ? Object.fromEntries(Object.entries(forgot).slice(-input.forgotWriters)) : null;
  return { settled, covers, gm, forgot: listed, clear, goneSince, forgotten, coversChanged };
}

/**
 * What a checkpoint's `forgot` says of a writer it does not cover: how far its line held him before its
 * compactor forgot him; `never`, its line never held him; null, it cannot say (a line started before
 * checkpoints listed them, or a list as full as it is kept, which may have let him go).
 */
export function forgotOf(
  forgot: Readonly<Record<string, number>> | null | undefined,
  writer: string,
): number | 'never' | null {
  if (!forgot) return null;
  if (writer in forgot) return forgot[writer]!;
  return Object.keys(forgot).length < LIMITS.forgotWriters ? 'never' : null;
}
