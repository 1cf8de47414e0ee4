// Reading every writer's pages: which are played (his record or key signs them, budgeted per player),
// which are set aside.
import { LIMITS, type Author, type Dropped, refusal } from './model';
import { clockCeiling, readPages, versionOf, type ReadOp } from './ops';
import { digestText, opsEntry } from './records';
import { droppedUncovered } from './returns';
import { budgetWriters, sortKeys } from './writers';
import { bound } from './bound';
import { json, type SyncState } from './state';
import { forgetUnproven, keepSignature, signedGone, unprovenOf, type UnprovenAsk } from './writer-signatures';
import { readReturns } from './read-returns';

// --- the writers -------------------------------------------------------------------------------
export function readWriters(
  s: SyncState,
  metadata: Readonly<Record<string, unknown>>,
  dropped: Dropped[],
  now: number,
): void {
  const scene = s.scene!;
  const {
    groups,
    returned,
    signatures,
    strangers,
    dropped: unread,
  } = sortKeys(
    metadata,
    s.keys,
    LIMITS.pagesPerWriter,
    [...s.acceptedJson.keys()].filter((w) => w !== s.me.writer),
  );
  dropped.push(...unread);
  let unproven: UnprovenAsk | null = null;
  s.unprovenWriters.clear();
  const ceiling = clockCeiling(s.base.lamport);
  let unknown = 0;
  const here = new Set<string>();
  const budget = budgetWriters(
    groups.keys(),
    (writer) => s.live.get(groups.get(writer)!.holder)?.author.player,
    LIMITS,
    s.me.writer,
  );
  for (const { writer, refused } of budget) {
    const g = groups.get(writer)!;
    if (writer === s.me.writer) continue;
    const values = g.values.map((x) => x ?? null);
    // Most reads find most pages as they were: the native stringify tells, before the canonical text and its digest are made again.
    const raw = JSON.stringify(values);
    const known = s.readCache.get(writer);
    const text = known?.raw === raw ? known.text : json(values);
    const live = s.live.get(g.holder);
    if (!live) {
      // Pages played under a key its game master left since, or its record gave up: no one's, as for everyone.
      forgetUnproven(s, writer);
      // A game master gone before his actions were compacted, whose pages his key signs: his, to a
      // client that never saw him too (his next connection, a newcomer), as to those that did; a later
      // version of them than the one it holds (a stale one was written over them meanwhile) too.
      const newer = text !== s.acceptedJson.get(writer) && versionOf(values) > (s.acceptedVersion.get(writer) ?? -1);
      const signed = newer ? signedGone(s, writer, text, scene, signatures.get(writer)?.value) : null;
      // Signed by a key this client cannot prove, and later than what it played of them (a writer this
      // client saw at the table too, whose record it never read sign them, or not his last pages): its
      // game master is asked, and they are kept meanwhile.
      const asked =
        !signed && newer && values.some((x) => x !== null)
          ? unprovenOf(s, writer, text, scene, signatures.get(writer)?.value, g.keys, values)
          : null;
      unproven ??= asked;
      if (asked) s.unprovenWriters.add(writer);
      if (signed && values.some((x) => x !== null)) {
        s.remembered.set(g.holder, signed);
        accept(s, writer, g.keys, values, signed, scene, ceiling, dropped);
        s.acceptedSigs.set(writer, signatures.get(writer)!.value);
        s.acceptedJson.set(writer, text);
        s.acceptedValues.set(writer, values);
        s.acceptedVersion.set(writer, versionOf(values));
      }
      const gone = s.remembered.get(g.holder);
      if (text === s.acceptedJson.get(writer)) s.current.add(writer);
      else s.current.delete(writer);
      // (His pages or their signature: a signature emptied alone, its pages written over meanwhile, left
      // his pages unprovable to his next connection on a browser that kept nothing: seed 1512232081.)
      const sigChanged =
        s.acceptedSigs.has(writer) && json(signatures.get(writer)?.value ?? null) !== json(s.acceptedSigs.get(writer));
      if (gone && s.acceptedSigs.has(writer) && (text !== s.acceptedJson.get(writer) || sigChanged)) {
        if (!s.goneChanged.has(writer)) s.goneChanged.set(writer, now);
      } else s.goneChanged.delete(writer);
      if (
        gone &&
        text !== (s.acceptedJson.get(writer) ?? json(Array(LIMITS.pagesPerWriter).fill(null))) &&
        values.some((x) => x !== null)
      ) {
        dropped.push(refusal(g.keys[0]!, 'written after its writer left the table (not played)'));
      } else if (!gone && values.some((x) => x !== null)) {
        if (unknown++ < 8) dropped.push(refusal(g.keys[0]!, 'no one at this table holds this key: not played'));
        if (!asked) g.keys.forEach((k, p) => values[p] !== null && strangers.add(k));
      }
      continue;
    }
    if (refused) {
      dropped.push(refusal(g.keys[0]!, refused));
      continue;
    }
    here.add(writer);
    const entry = opsEntry(live.record, scene);
    const d = known?.raw === raw ? known.digest : digestText(text);
    s.readCache.set(writer, { raw, text, digest: d });
    // Signed as the writer's latest, or as one of its last few (a copy a write or two behind: played
    // only if it is not behind what this client already plays of that writer).
    const latest = entry !== null && entry.h === d;
    const earlier = !latest && (entry?.p ?? []).includes(d);
    const signed = latest || (earlier && versionOf(values) > (s.acceptedVersion.get(writer) ?? -1));
    if (latest || earlier) s.current.add(writer);
    else s.current.delete(writer);
    if (!(earlier && !signed)) s.behind.delete(writer);
    else if (!s.behind.has(writer)) s.behind.set(writer, now);
    if ((latest || earlier) && text === s.acceptedJson.get(writer)) {
      s.unsigned.delete(g.keys[0]!);
      // (A writer's signature may land after the pages it signs.)
      if (!s.acceptedSigs.has(writer) && signatures.has(writer))
        keepSignature(s, writer, d, signatures.get(writer)!.value);
      continue;
    }
    if (earlier && !signed) continue;
    if (signed) {
      s.unsigned.delete(g.keys[0]!);
      accept(s, writer, g.keys, values, live.author, scene, ceiling, dropped);
      keepSignature(s, writer, d, signatures.get(writer)?.value);
      s.acceptedJson.set(writer, text);
      s.acceptedValues.set(writer, values);
      s.acceptedVersion.set(writer, versionOf(values));
    } else if (values.some((x) => x !== null) || s.acceptedJson.has(writer)) {
      const record = json(entry);
      const u = s.unsigned.get(g.keys[0]!);
      if (!u || u.json !== text || u.record !== record)
        s.unsigned.set(g.keys[0]!, {
          json: text,
          record,
          since: now,
          carriesOn: carriesOn(s, writer, g.keys, values, live.author, scene, ceiling),
        });
    }
  }
  unproven ??= readReturns(s, returned, here, ceiling, dropped);
  if (unknown > 8)
    dropped.push(refusal(s.keys.page('…', 0), `${unknown - 8} more keys of no one at this table: not played`));
  for (const key of s.unsigned.keys()) {
    const name = s.keys.pageOf(key);
    if (name.kind !== 'page' || !here.has(name.writer)) s.unsigned.delete(key);
  }
  for (const writer of s.behind.keys()) if (!here.has(writer)) s.behind.delete(writer);
  s.unprovenPages = unproven;
  // A signature of pages no one at the table writes, with no pages left: emptied as keys of no one are.
  for (const [writer, { key }] of signatures) {
    if (
      writer !== s.me.writer &&
      !s.live.has(s.keys.holderOf(writer)) &&
      !groups.get(writer)?.values.some((x) => x !== null)
    )
      strangers.add(key);
  }
  noteStrangers(s, strangers, metadata, now);
}

/** Since when each key of no one at the table stood still (emptied once it stood still `strangerMs`). */
function noteStrangers(
  s: SyncState,
  strangers: ReadonlySet<string>,
  metadata: Readonly<Record<string, unknown>>,
  now: number,
): void {
  for (const key of strangers) {
    const text = JSON.stringify(metadata[key] ?? null).slice(0, 100_000);
    const was = s.strangerSince.get(key);
    if (!was || was.json !== text) s.strangerSince.set(key, { json: text, since: now });
  }
  for (const key of s.strangerSince.keys()) if (!strangers.has(key)) s.strangerSince.delete(key);
}

/** Whether unsigned pages keep every op accepted of their writer that they do not say is in the checkpoint, as it was. */
export function carriesOn(
  s: SyncState,
  writer: string,
  keys: readonly string[],
  values: readonly unknown[],
  author: Author,
  scene: string,
  ceiling: number,
): boolean {
  const seen = s.seen.get(writer);
  if (!seen) return false;
  const read = readPages(writer, keys, values, author, scene, 0, ceiling);
  if (read.done < seen.done) return false;
  const now = new Map(read.ops.map((op) => [op.seq, json(op)]));
  return [...seen.ops.values()].every((op) => op.seq <= read.done || now.get(op.seq) === json(op));
}

/** A writer's pages its record signs: their ops are this writer's, kept until the checkpoint covers them. */
export function accept(
  s: SyncState,
  writer: string,
  keys: readonly string[],
  values: readonly unknown[],
  author: Author,
  scene: string,
  ceiling: number,
  dropped: Dropped[],
): void {
  const read = readPages(writer, keys, values, author, scene, 0, ceiling);
  dropped.push(...read.dropped);
  const before = s.seen.get(writer);
  const ops = new Map<number, ReadOp>();
  for (const [seq, op] of before?.ops ?? []) if (seq <= read.done) ops.set(seq, op);
  // Ops his pages dropped that no checkpoint this client plays covers: the pages that held them are kept, to write back should that checkpoint be lost (./returns.ts).
  const kept = new Set(read.ops.map((op) => op.seq));
  const prev = s.acceptedValues.get(writer);
  const gap = prev ? droppedUncovered(before?.ops.keys() ?? [], kept, s.base.covers[writer] ?? 0) : [];
  // Only ops the copy itself holds: one learnt from a return key is not in it, and a copy that would return nothing would be written back for ever.
  const inCopy = gap.length
    ? new Set(readPages(writer, keys, prev!, author, scene, 0, ceiling).ops.map((op) => op.seq))
    : null;
  const returnable = gap.filter((seq) => inCopy!.has(seq));
  if (returnable.length)
    s.gapCopies.set(
      writer,
      [{ values: prev!, seqs: returnable, sig: s.acceptedSigs.get(writer) }, ...(s.gapCopies.get(writer) ?? [])].slice(
        0,
        4,
      ),
    );
  s.onTableSeqs.set(writer, kept);
  const gm = author.gm || s.at < (s.gmUntil.get(s.keys.holderOf(writer)) ?? -Infinity);
  for (const op of read.ops) {
    ops.set(op.seq, op);
    if (gm && op.claimsGm) s.gmSeen.set(writer, Math.max(s.gmSeen.get(writer) ?? 0, op.seq));
  }
  bound(ops, 1000);
  s.seen.set(writer, { ops, done: read.done });
}
