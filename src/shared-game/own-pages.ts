// This writer's own pages: taken back as its record signs them, signed, and what its browser keeps of
// them.
import type { Written } from './checkpoint';
import { LIMITS, type Op, type OpPage } from './model';
import { clockCeiling, firstSeq, isEmptyPage, lastSeq, opChars, pageValue, readPages } from './ops';
import { digestText, opsEntry } from './records';
import { readPagesSignature, signPages } from './signing';
import { SYNC_TIMING } from './policy';
import { forgotOf } from './compact';
import { keptCut, noteLanded, type KeptSigned } from './kept';
import { bound } from './bound';
import { json, signedPrefix, ownOp, type SyncState } from './state';
import { author, gone, coveredOf, ownPageValues, sceneOwnValues, tamper } from './queries';
import { replay } from './view';

/**
 * This writer's own pages. When the page starts, what they hold is taken back only if this holder's
 * record (from its earlier life) signs it, or the copy this browser kept; anything else in them is
 * someone else's, said, and written over. After that, what this page keeps wins.
 */
export function takeOwn(s: SyncState, now: number): void {
  const scene = s.scene;
  if (s.mirror) {
    s.started = true;
    return;
  }
  // No scene yet (the keys hold another scene's game, and this page waits for the table's): its own
  // pages are taken back once it has one, not forgotten now.
  if (!scene) return;
  const values = sceneOwnValues(s);
  const text = json(values);
  const h = digestText(text);
  const done = s.base.covers[s.me.writer] ?? 0;
  if (!s.started) {
    if (!takeBack(s, scene, values, h, done, now)) return;
    s.started = true;
  }
  // Ops now in the checkpoint move to `covered`; covered ones a newer checkpoint no longer covers come
  // back. One seq is one op: a page that took its pages back holds what a return key gave it already
  // (seed 1746799125: both kept, the game master's action played twice).
  const inMine = new Set(s.mine.map((op) => op.seq));
  const back = s.covered.filter((op) => op.seq > done && !inMine.has(op.seq));
  const stays = s.covered.filter((op) => op.seq <= done);
  const staysSeqs = new Set(stays.map((op) => op.seq));
  s.covered = [...stays, ...s.mine.filter((op) => op.seq <= done && !staysSeqs.has(op.seq))].slice(-400);
  s.mine = [...back, ...s.mine.filter((op) => op.seq > done)].sort((a, b) => a.seq - b.seq);
  for (const op of back) if (!s.pageOf.has(op.seq)) s.pageOf.set(op.seq, 0);
  for (const seq of s.pageOf.keys()) if (!s.mine.some((o) => o.seq === seq)) s.pageOf.delete(seq);
  restamp(s);
  const want = ownPageValues(s, scene);
  if (text !== json(want) && !s.written.has(h) && values.some((x) => x !== null)) {
    tamper(s, {
      key: s.keys.page(s.me.writer, 0),
      problem: 'holds what this page did not write: someone else wrote in its key (written over)',
      kind: 'refused',
      forged: true,
    });
  }
  signOwn(s, scene, want);
  // Which of our ops the table lacks, since when: not in the keys, or not signed there yet.
  const signedHere = opsEntry(s.heard, scene)?.h === h;
  const inScene = new Set<string>();
  for (const v of values) for (const op of ((v as OpPage | null)?.ops ?? []) as Op[]) inScene.add(json(op));
  const next = new Map<number, number>();
  for (const op of s.mine) if (!signedHere || !inScene.has(json(op))) next.set(op.seq, s.missing.get(op.seq) ?? now);
  // Ops compacted into a checkpoint the table does not hold yet are still on their way too.
  for (const op of s.covered) if (op.seq > s.tableDone) next.set(op.seq, s.missing.get(op.seq) ?? now);
  s.missing = next;
  // (Covered by a checkpoint the table holds: one of its own still on its way may never arrive.)
  const landed = Math.max(s.tableDone, ...s.mine.filter((op) => !next.has(op.seq)).map((op) => op.seq));
  const kept = s.keeper?.signedPages?.(scene)?.find((k) => k.writer === s.me.writer);
  if (kept) noteLandedOf(s, scene, kept, landed, s.tableDone);
}

/**
 * What this page wrote in its earlier life (a reload keeps the connection and its record): the copy
 * this browser kept (no one else writes it, and it is never behind the record), else what the keys
 * hold if the record signs it. If they hold something else (written over while the page reloaded),
 * the page waits a moment for a client that holds its signed pages to write them back (the game
 * master's does); then it goes on without what it cannot get back, and says so. False: still waiting.
 */
export function takeBack(
  s: SyncState,
  scene: string,
  values: readonly unknown[],
  h: string,
  done: number,
  now: number,
): boolean {
  const entry = opsEntry(s.book.record, scene);
  const kept = s.keeper?.pages(scene) ?? null;
  s.seq = Math.max(s.seq, entry?.n ?? 0, kept?.seq ?? 0, done);
  let adopt: readonly unknown[] | null = null;
  // Ops someone added after the last one its record signs are cut away (theirs, said after).
  const cut = entry && entry.h !== h ? signedPrefix(values, entry.n) : values;
  const hCut = cut === values ? h : digestText(json(cut));
  if (kept && kept.seq >= (entry?.n ?? 0)) adopt = kept.pages;
  else if (!entry || entry.h === h) adopt = entry ? values : null;
  else if (entry.h === hCut) adopt = cut;
  else {
    s.takingBackSince ??= now;
    if (now - s.takingBackSince < SYNC_TIMING.takeBackMs) return false;
    // An earlier version of its own is still its own; anything else is someone else's.
    if ((entry.p ?? []).includes(h)) adopt = values;
    else if ((entry.p ?? []).includes(hCut)) adopt = cut;
  }
  s.takingBackSince = null;
  if (!adopt) {
    if (values.some((x) => x !== null))
      tamper(s, {
        key: s.keys.page(s.me.writer, 0),
        problem: 'held what your record does not sign when your page started: someone else wrote it (written over)',
        kind: 'refused',
        forged: true,
      });
    return true;
  }
  const keys = Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => s.keys.page(s.me.writer, p));
  const read = readPages(s.me.writer, keys, adopt, author(s), scene, 0, Number.MAX_SAFE_INTEGER);
  const pageOfSeq = new Map<number, number>();
  adopt.forEach((page, p) => {
    for (const op of ((page as OpPage | null)?.ops ?? []) as readonly { seq?: unknown }[])
      if (typeof op?.seq === 'number') pageOfSeq.set(op.seq, p);
  });
  for (const op of read.ops) {
    if (s.mine.some((m) => m.seq === op.seq)) continue;
    s.mine.push(ownOp(op));
    s.pageOf.set(op.seq, pageOfSeq.get(op.seq) ?? 0);
    // Its earlier life made these as the tabletop said it was: its own word, kept where no one else writes.
    if (op.gm) s.gmSeen.set(s.me.writer, Math.max(s.gmSeen.get(s.me.writer) ?? 0, op.seq));
  }
  s.mine.sort((a, b) => a.seq - b.seq);
  s.written.add(digestText(json(adopt)));
  // Its ops lately compacted: brought back if the checkpoint that covered them never reached the table.
  if (adopt === kept?.pages && kept.covered) {
    const covered = readPages(
      s.me.writer,
      [keys[0]!],
      [{ v: 2, scene, done: 0, ops: kept.covered }],
      author(s),
      scene,
      0,
      Number.MAX_SAFE_INTEGER,
    );
    s.covered = covered.ops.filter((op) => !s.mine.some((m) => m.seq === op.seq)).map(ownOp);
  }
  s.seq = Math.max(s.seq, ...s.mine.map((o) => o.seq));
  s.clock = Math.max(s.clock, ...s.mine.map((o) => o.lamport));
  return true;
}

/** Whether the keys hold this checkpoint whole, as written. */
export function onTable(s: SyncState, written: Written): boolean {
  return (
    json(s.raw[s.keys.head]) === json(written.head) &&
    [...written.parts].every(([name, value]) => s.raw[s.keys.part(name)] === value)
  );
}

/** Signs this writer's pages as it wants the table to hold them, and keeps a copy in this browser. */
export function signOwn(s: SyncState, scene: string, pages: readonly unknown[]): void {
  const text = json(pages);
  const h = digestText(text);
  s.written.add(h);
  bound(s.written, 2000);
  const before = opsEntry(s.book.record, scene);
  s.book.setOps(scene, h, s.seq);
  signOwnPages(s, scene, h, pages);
  if (before?.h !== h || before.n !== s.seq) s.keeper?.savePages(scene, pages, s.seq, s.covered);
}

/**
 * A writer's pages also carry his browser key's signature, with his player and role (./keys.ts
 * `signature`), so that they stay his once his connection, and the record that signs them, is gone:
 * a game master's to everyone who trusts his key; a player's to everyone while his next connection (a
 * refresh, in the same browser) is at the table, since its record names that key. None for pages with
 * no action in them.
 */
export function signOwnPages(s: SyncState, scene: string, h: string, pages: readonly unknown[]): void {
  if (!s.keys.signature || s.ownSigned?.h === h) return;
  const signer = s.signer;
  if (!signer || pages.every((x) => isEmptyPage(x))) {
    s.ownSigned = { h, value: null };
    return;
  }
  s.ownSigned = { h, value: 'pending' };
  s.ownSigning = signPages(s.codec, signer.secret, signer.publicKey, s.me.writer, {
    scene,
    player: s.me.player,
    gm: s.me.gm,
    h,
    p: opsEntry(s.book.record, scene)?.p ?? [],
  }).then((value) => {
    if (s.ownSigned?.h !== h) return;
    s.ownSigned = { h, value };
    // Kept in this browser too: should he leave, and every page that held them reload while someone writes
    // over them, his next connection here writes them back (`keptToWriteBack`).
    const before = s.keeper?.signedPages?.(scene)?.find((k) => k.writer === s.me.writer);
    if (value) s.keeper?.saveSignedPages?.(scene, { ...before, writer: s.me.writer, pages, signature: value });
  });
}

/** Our ops stay under the table's clock ceiling (a found checkpoint with a huge clock, then put right): stamped again, in order, below it. */
export function restamp(s: SyncState): void {
  const ceiling = clockCeiling(s.base.lamport);
  const n = s.mine.length;
  if (n === 0 || s.mine[n - 1]!.lamport <= ceiling) {
    s.clock = Math.min(s.clock, ceiling);
    return;
  }
  s.mine = s.mine.map((op, i) => ({ ...op, lamport: Math.min(op.lamport, ceiling - (n - 1 - i)) }));
  s.clock = Math.min(s.clock, ceiling);
}

/**
 * This browser's earlier connections' kept pages, at each read (and after a compaction): what this
 * client now sees of each is noted (`noteLanded`), then its pages are trimmed to what lies past
 * `keptCut` and signed again by its key for that connection (the same player and role), so that what
 * is written back of them (`keptToWriteBack`) never holds an action the checkpoint may have folded in
 * and forgotten.
 */
export async function reviewKept(s: SyncState, scene: string): Promise<void> {
  if (s.mirror || !s.keys.signature) return;
  const signer = s.signer;
  for (const found of s.keeper?.signedPages?.(scene) ?? []) {
    if (!isKeptGone(s, found)) continue;
    const { writer } = found;
    const covered = coveredOf(s, writer);
    const kept = noteLandedOf(
      s,
      scene,
      found,
      Math.max(covered, s.acceptedValues.has(writer) ? lastSeq(s.acceptedValues.get(writer)!) : 0),
      covered,
    );
    const cut = keptCutOf(s, kept);
    if (!signer || lastSeq(kept.pages) <= cut || firstSeq(kept.pages) > cut) continue;
    const sig = readPagesSignature(kept.signature);
    if (!sig || sig.key !== signer.publicKey) continue;
    const pages = kept.pages.map((page, p) =>
      pageValue(
        scene,
        cut,
        (((page as OpPage | null)?.ops ?? []) as Op[]).filter((op) => typeof op?.seq === 'number' && op.seq > cut),
        p === 0,
      ),
    );
    const value = await signPages(s.codec, signer.secret, signer.publicKey, kept.writer, {
      scene,
      player: sig.player,
      gm: sig.gm,
      h: digestText(json(pages)),
    });
    if (value) s.keeper?.saveSignedPages?.(scene, { ...kept, pages, signature: value });
  }
}

/**
 * Up to where a kept connection's pages are not written back: what the checkpoint covers of it, or
 * covered once. Where the checkpoint does not list it and its keys are empty, it may have been folded
 * in and then forgotten (e0a399a: played twice), which takes two checkpoints after the last one under
 * which this browser saw its actions on the table uncovered: past that, only what never reached the
 * table is written back (a write lost as the tab closed). Before, nothing was forgotten: its keys were
 * emptied by a stale copy, and all it holds past what was covered goes back.
 */
/** How far a kept connection's actions may be in the game this client plays (./kept.ts). */
export function keptCutOf(s: SyncState, kept: KeptSigned): number {
  const { writer } = kept;
  const empty = () =>
    Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => s.raw[s.keys.page(writer, p)]).every((x) =>
      isEmptyPage(x),
    ) && isEmptyPage(s.raw[s.keys.signature?.(writer) ?? '']);
  return keptCut(kept, s.base, forgotOf(s.base.forgot, writer), empty);
}

/** Whether a kept connection is one whose pages this client may write back: gone from the table, its pages whole. */
export function isKeptGone(s: SyncState, kept: KeptSigned): boolean {
  return (
    gone(s, kept.writer) &&
    s.keys.isWriterKey(s.keys.page(kept.writer, 0)) &&
    kept.pages.length === LIMITS.pagesPerWriter
  );
}

/**
 * Keeps, for a connection of this browser's, the highest seq of it seen on the table (and under which
 * checkpoint, if uncovered), and covered by a checkpoint. Returns the entry as kept now.
 */
export function noteLandedOf(s: SyncState, scene: string, kept: KeptSigned, landed: number, covered = 0): KeptSigned {
  if (s.mirror) return kept;
  const noted = noteLanded(kept, landed, covered, s.base.gen);
  if (noted !== kept) s.keeper?.saveSignedPages?.(scene, noted);
  return noted;
}

/** A mirror's writer's ops, as the page that writes them says it keeps them, and its refused writes in a row. */
export function mirrorOwn(s: SyncState, ops: readonly unknown[], failures = 0): void {
  if (!s.mirror || !s.scene) return;
  s.failures = failures;
  const keys = [s.keys.page(s.me.writer, 0)];
  const read = readPages(
    s.me.writer,
    keys,
    [{ v: 2, scene: s.scene, done: 0, ops }],
    author(s),
    s.scene,
    s.base.covers[s.me.writer] ?? 0,
    Number.MAX_SAFE_INTEGER,
  );
  s.mine = read.ops.map((op) => ({
    seq: op.seq,
    lamport: op.lamport,
    by: op.by,
    ...(op.gm ? { gm: true } : {}),
    request: op.request,
  }));
  const inScene = new Set<string>();
  for (const v of sceneOwnValues(s)) for (const op of ((v as OpPage | null)?.ops ?? []) as Op[]) inScene.add(json(op));
  const now = s.at;
  const next = new Map<number, number>();
  for (const op of s.mine) if (!inScene.has(json(op))) next.set(op.seq, s.missing.get(op.seq) ?? now);
  s.missing = next;
  s.viewCache = null;
  replay(s);
}

/** The page an op goes on: the last op's while it fits, else the next empty one; null when every page is full. */
export function placeFor(s: SyncState, op: Op): number | null {
  const scene = s.scene!;
  const pages = ownPageValues(s, scene);
  const sizeOf = (p: number) => JSON.stringify(pages[p] ?? { v: 2, scene, ops: [] }).length;
  const last = s.mine[s.mine.length - 1];
  const at = last ? (s.pageOf.get(last.seq) ?? 0) : 0;
  if (sizeOf(at) + opChars(op) <= LIMITS.keyChars) return at;
  for (let i = 1; i < LIMITS.pagesPerWriter; i++) {
    const p = (at + i) % LIMITS.pagesPerWriter;
    if (pages[p] === null && sizeOf(p) + opChars(op) <= LIMITS.keyChars) return p;
  }
  return null;
}
