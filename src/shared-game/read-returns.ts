// Pages written back for a writer: read only where his record, or once he is gone his own signature, proves them his.
import { LIMITS, type Author, type Dropped } from './model';
import { isEmptyPage, readPages } from './ops';
import { digestText, opsEntry, signsPages } from './records';
import { readReturned } from './returns';
import { json, ownOp, type SyncState } from './state';
import { author, coveredOf, gone } from './queries';
import { signedGone, unprovenOf, type UnprovenAsk } from './writer-signatures';

/**
 * The return keys (./returns.ts): ops of a writer, in pages his record signs (a writer at the table)
 * or his signature proves his (a gone writer's), that his pages dropped and no checkpoint this client
 * plays covers, are played as his; this page's own come back into its pages. Returns the question for
 * the game master about a gone writer's pages signed by a key no one here can prove, if any: they
 * wait on the table meanwhile.
 */
export function readReturns(
  s: SyncState,
  returned: ReadonlyMap<string, { key: string; value: unknown }>,
  here: ReadonlySet<string>,
  ceiling: number,
  dropped: Dropped[],
): UnprovenAsk | null {
  const scene = s.scene!;
  let asked: UnprovenAsk | null = null;
  s.returnKeys = new Map();
  for (const [writer, { key, value }] of returned) {
    const live: number[] = [];
    s.returnKeys.set(writer, { key, live });
    const read = readReturned(value, scene);
    const mine = writer === s.me.writer;
    const keys = Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => s.keys.page(writer, p));
    const text = read ? json(read.pages) : '';
    const by = read ? authorOf(s, writer, text, read.sig, here) : null;
    if (!read || !by) {
      // A gone writer's, signed by a key no one here can prove: his game master is asked (kept on the table meanwhile).
      const question = read && gone(s, writer) ? unprovenOf(s, writer, text, scene, read.sig, keys, read.pages) : null;
      if (question) {
        asked ??= question;
        live.push(...question.seqs);
      } else if (value !== null && !isEmptyPage(value))
        dropped.push({
          key,
          problem: 'pages written back that no writer at the table signs (not played)',
          kind: 'refused',
        });
      continue;
    }
    const { ops } = readPages(writer, keys, read.pages, by, scene, 0, ceiling);
    const covered = mine || here.has(writer) ? (s.base.covers[writer] ?? 0) : coveredOf(s, writer);
    if (mine) {
      for (const op of ops) {
        if (op.seq <= covered || s.mine.some((m) => m.seq === op.seq) || s.covered.some((m) => m.seq === op.seq))
          continue;
        s.covered.push(ownOp(op));
        live.push(op.seq);
      }
      continue;
    }
    let seen = s.seen.get(writer);
    const isGone = gone(s, writer);
    // (A gone writer this client never played: his returned ops are all it plays of him, as his.)
    if (!seen && isGone) s.seen.set(writer, (seen = { ops: new Map(), done: 0 }));
    if (!seen) continue;
    if (isGone && !s.remembered.has(s.keys.holderOf(writer))) s.remembered.set(s.keys.holderOf(writer), by);
    for (const op of ops) {
      if (op.seq <= covered) continue;
      live.push(op.seq);
      if (!seen.ops.has(op.seq)) seen.ops.set(op.seq, op);
      s.onTableSeqs.get(writer)?.add(op.seq);
      // A gone writer's pages on the table are not his to sign any more: his returned ops play as those
      // his pages say a checkpoint holds (he dropped them only once one did), whatever copy of his pages is there.
      if (isGone) seen.done = Math.max(seen.done, op.seq);
    }
  }
  return asked;
}

/** Who returned pages are of: his record signs them (this page, a writer at the table), or, once he is gone, his signature proves them his. */
function authorOf(s: SyncState, writer: string, text: string, sig: unknown, here: ReadonlySet<string>): Author | null {
  if (gone(s, writer)) return signedGone(s, writer, text, s.scene!, sig);
  const mine = writer === s.me.writer;
  if (!mine && !here.has(writer)) return null;
  const holder = mine ? null : s.live.get(s.keys.holderOf(writer));
  const entry = opsEntry(mine ? s.book.record : (holder?.record ?? null), s.scene!);
  return entry && signsPages(entry, digestText(text)) ? (mine ? author(s) : holder!.author) : null;
}
