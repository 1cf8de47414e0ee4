// Ops a lost checkpoint took with it, written back by whoever still holds them.
//
// A writer drops from its pages the ops a checkpoint covers. Should every copy of that checkpoint then
// be lost (its compactor's page and the players' pages that held it reloaded in browsers that keep
// nothing, and a stale copy written over the scene), those ops live on only where another page
// accepted them before they were dropped. That page writes the pages it accepted back, as their writer
// signed them, under the writer's return key (`TableKeys.returned`). Every client reads from that key
// the ops no checkpoint it plays covers, the writer's own page takes them back into its pages, and the
// compacting game master empties the key once his checkpoint covers them.
//
// No clock decides anything here: a returned op counts if its writer's record signs the pages it came
// in, and only while the checkpoint a client plays does not cover it. Once the writer is gone, his
// record with him, the copy carries his own signature of those pages, and counts where it proves them
// his as his pages on his keys would (./writer-signatures.ts `signedGone`; else his game master is asked).
// Anyone may write the key; a hostile write there is an old copy of signed pages (nothing the
// checkpoint does not cover, since an honest writer drops only what a checkpoint covers) or is not read.
import * as v from 'valibot';
import { LIMITS } from './model';

/** Pages a writer signed, held by this client, with the seqs of the ops his pages dropped since that no checkpoint this client plays covers. */
export interface GapCopy {
  readonly values: readonly unknown[];
  readonly seqs: readonly number[];
  /** His signature of them this client held when it took them, if any (what proves them his once he is gone). */
  readonly sig?: unknown;
}

const returnedSchema = v.strictObject({
  v: v.literal(2),
  scene: v.pipe(v.string(), v.maxLength(LIMITS.id)),
  pages: v.pipe(v.array(v.unknown()), v.length(LIMITS.pagesPerWriter)),
  sig: v.optional(v.unknown()),
});

/** What a return key holds: the writer's pages as he signed them, on one scene, with his signature of them if the writer of the key holds it. */
export const returnedValue = (
  scene: string,
  pages: readonly unknown[],
  sig?: unknown,
): { v: 2; scene: string; pages: readonly unknown[]; sig?: unknown } =>
  sig === undefined ? { v: 2, scene, pages } : { v: 2, scene, pages, sig };

/** The pages a return key holds for this scene, and the signature it carries, or null (malformed, another scene's, or larger than a key may be). */
export function readReturned(value: unknown, scene: string): { pages: readonly unknown[]; sig: unknown } | null {
  const parsed = v.safeParse(returnedSchema, value);
  if (!parsed.success || parsed.output.scene !== scene || JSON.stringify(value).length > LIMITS.keyChars) return null;
  return { pages: parsed.output.pages.map((p) => p ?? null), sig: parsed.output.sig ?? null };
}

/**
 * The seqs a writer's new pages dropped that no checkpoint this client plays covers: held before
 * (`before`), over `coverage`, and not in them (`kept`). His pages may say they are in a checkpoint
 * (one this client has not read, or one lost), or say nothing of them (his page reloaded in a browser
 * that keeps nothing, and forgot the checkpoint it played).
 */
export function droppedUncovered(before: Iterable<number>, kept: ReadonlySet<number>, coverage: number): number[] {
  const out: number[] = [];
  for (const seq of before) if (seq > coverage && !kept.has(seq)) out.push(seq);
  return out.sort((a, b) => a - b);
}

/** The copy to write back for a writer: the first whose dropped ops the table lacks (not covered, not in his pages or his return key), or null. */
export function copyToReturn(
  copies: readonly GapCopy[],
  coverage: number,
  onTable: ReadonlySet<number>,
): GapCopy | null {
  return copies.find((c) => c.seqs.some((s) => s > coverage && !onTable.has(s))) ?? null;
}
