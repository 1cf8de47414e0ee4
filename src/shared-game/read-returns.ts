// Pages written back for a gone writer: read only where his record or key signs them.
import { LIMITS, type Dropped } from './model';
import { isEmptyPage, readPages } from './ops';
import { digestText, opsEntry, signsPages } from './records';
import { readReturned } from './returns';
import { json, ownOp, type SyncState } from './state';
import { author } from './queries';

/**
 * The return keys (./returns.ts): ops of a writer at the table, in pages his record signs, that his
 * pages dropped and no checkpoint this client plays covers, are played as his; this page's own come
 * back into its pages.
 */
export function readReturns(
  s: SyncState,
  returned: ReadonlyMap<string, { key: string; value: unknown }>,
  here: ReadonlySet<string>,
  ceiling: number,
  dropped: Dropped[],
): void {
  const scene = s.scene!;
  s.returnKeys = new Map();
  for (const [writer, { key, value }] of returned) {
    const live: number[] = [];
    s.returnKeys.set(writer, { key, live });
    const pages = readReturned(value, scene);
    const mine = writer === s.me.writer;
    const holder = mine ? null : s.live.get(s.keys.holderOf(writer));
    const entry = opsEntry(mine ? s.book.record : (holder?.record ?? null), scene);
    const d = pages ? digestText(json(pages)) : null;
    if (!pages || !entry || !signsPages(entry, d!) || (!mine && !here.has(writer))) {
      if (value !== null && !isEmptyPage(value))
        dropped.push({
          key,
          problem: 'pages written back that no writer at the table signs (not played)',
          kind: 'refused',
        });
      continue;
    }
    const keys = Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => s.keys.page(writer, p));
    const read = readPages(writer, keys, pages, mine ? author(s) : holder!.author, scene, 0, ceiling);
    const covered = s.base.covers[writer] ?? 0;
    if (mine) {
      for (const op of read.ops) {
        if (op.seq <= covered || s.mine.some((m) => m.seq === op.seq) || s.covered.some((m) => m.seq === op.seq))
          continue;
        s.covered.push(ownOp(op));
        live.push(op.seq);
      }
      continue;
    }
    const seen = s.seen.get(writer);
    if (!seen) continue;
    for (const op of read.ops) {
      if (op.seq <= covered) continue;
      live.push(op.seq);
      if (!seen.ops.has(op.seq)) seen.ops.set(op.seq, op);
      s.onTableSeqs.get(writer)?.add(op.seq);
    }
  }
}
