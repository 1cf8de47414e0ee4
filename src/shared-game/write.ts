// What a client writes so that the table holds what it should (its own pages, the checkpoint it keeps,
// gone writers' pages), and the tabletop's answers.
import { headText, readHead, type Written } from './checkpoint';
import { LIMITS } from './model';
import { firstSeq, lastSeq } from './ops';
import { digestText, opsEntry, signsPages } from './records';
import { copyToReturn, returnedValue, type GapCopy } from './returns';
import { readPagesSignature, signsDigest } from './signing';
import { SYNC_TIMING } from './policy';
import { pace, retryDelay, writesFor, type Entry } from './heal';
import { type WriteBack, json, type SyncState } from './state';
import { type Update, bundle } from './types';
import {
  compactor,
  gone,
  coveredOf,
  isLeft,
  signedBy,
  signedEarlier,
  partName,
  ownPageValues,
  signedByKey,
} from './queries';
import { onTable, keptCutOf, isKeptGone } from './own-pages';

/** The entries that put the keys right now (see `heal`), the checkpoint first; `probe`: also what it waits to write back, with no wait started. */
export function due(s: SyncState, scene: string, now: number, probe = false): Entry[] {
  const kept = keptToWriteBack(s, scene);
  const restore = restoring(s, now, probe);
  const signatureKey = s.keys.signature?.(s.me.writer);
  return writesFor(s.raw, {
    checkpoint: restore && {
      parts: [...restore.parts].map(([name, value]): Entry => [s.keys.part(name), value]),
      head: [s.keys.head, restore.head],
      // (Its compactor's: the parts it no longer lists.)
      unlisted:
        s.base.trust === 'own'
          ? Object.keys(s.raw).filter((key) => s.keys.isPart(key) && !restore.parts.has(partName(s, key)))
          : [],
    },
    // The scene's id: the one this client made, or its checkpoint's; the compactor's whatever it plays
    // (it keeps its scene: another scene's id copied in is put back, or players who have nothing of
    // their own wait for it for ever).
    scene: s.madeScene === scene || s.base.trust === 'own' || compactor(s) ? [s.keys.scene, scene] : null,
    signature:
      signatureKey && s.ownSigned && s.ownSigned.value !== 'pending' ? [signatureKey, s.ownSigned.value] : null,
    pages: ownPageValues(s, scene).map((value, p): Entry => [s.keys.page(s.me.writer, p), value]),
    returns: returnsToWrite(s),
    // (What this browser kept of its own earlier connection before what it holds of it from the table.)
    writeBacks: [
      ...kept,
      ...pagesToWriteBack(s, now, probe).filter(([writer]) => !kept.some(([w]) => w === writer)),
    ].map(([writer, held, sig]) => {
      const signature = s.keys.signature?.(writer);
      return {
        pages: held.map((value, p): Entry => [s.keys.page(writer, p), value]),
        signature: signature && sig !== undefined && gone(s, writer) ? ([signature, sig] as const) : null,
      };
    }),
  });
}

/** The checkpoint to write back, if the keys lack the signed one this client holds: its compactor at once, another client after a while. */
export function restoring(s: SyncState, now: number, probe = false): Written | null {
  const written = s.base.written;
  if (!written || !s.base.hash || !s.scene) return null;
  const rawHead = s.raw[s.keys.head];
  if (onTable(s, written)) {
    s.offSince = null;
    return s.base.trust === 'own' ? written : null;
  }
  if (s.base.trust === 'own') return written;
  const head = readHead(rawHead).head;
  if (s.base.trust !== 'verified') return null;
  const keySigned = signedByKey(s, written.head, s.base.hash);
  const signed = signedBy(s, s.scene, s.base.hash);
  if (!signed && !keySigned && !signedEarlier(s, s.scene, s.base.hash)) return null;
  // A newer checkpoint a game master signs is on its way: not ours to put back. An earlier one of
  // his is put back only where the scene holds none he signed, ever; one his key signed, only over
  // one older than ours (a stale copy written back).
  const headHash = head && head.scene === s.scene ? digestText(headText(head)) : null;
  // (Not one whose parts do not read: that one is not on its way.)
  const readable = headHash !== s.brokenHash;
  // (Not an older one, though a game master signs it: a stale copy written over ours, whose holder we
  // are, seed -181017367; the compacting game master takes ours once it is back.)
  if (
    readable &&
    headHash &&
    head!.gen >= s.base.gen &&
    (signedBy(s, s.scene, headHash) || (!signed && !keySigned && signedEarlier(s, s.scene, headHash)))
  )
    return null;
  if (
    readable &&
    head &&
    headHash &&
    headHash !== s.base.hash &&
    signedByKey(s, head, headHash) &&
    head.gen >= s.base.gen
  )
    return null;
  if (probe) return written;
  s.offSince ??= now;
  return now - s.offSince >= SYNC_TIMING.restoreAfterMs ? written : null;
}

/**
 * Other writers' pages written over while their writer's record still signs what this client holds
 * of them (a page reloading, a stale copy, a hostile write): written back, by the compacting client
 * first (`probe`: also those it waits to write back); each with its writer's signature of them
 * this client holds, if any.
 */
export function pagesToWriteBack(s: SyncState, now: number, probe = false): WriteBack[] {
  const out: WriteBack[] = [];
  if (!s.scene) return out;
  const wait = probe ? 0 : compactor(s) ? SYNC_TIMING.restoreAfterMs : 2 * SYNC_TIMING.restoreAfterMs;
  const due = new Map<string, number>(s.behind);
  for (const [key, u] of s.unsigned) {
    const name = s.keys.pageOf(key);
    if (name.kind === 'page') due.set(name.writer, u.since);
  }
  for (const [writer, since] of due) {
    const held = s.acceptedValues.get(writer);
    const entry = opsEntry(s.live.get(s.keys.holderOf(writer))?.record ?? null, s.scene);
    if (now - since < wait || !held || !entry) continue;
    // The copy this client holds, if the writer's record still signs it (its latest, or one of its last few).
    if (signsPages(entry, digestText(json(held)))) out.push([writer, held, s.acceptedSigs.get(writer)]);
  }
  // A writer gone, his record with him: his signed pages, with their signature, while they hold
  // actions the checkpoint this client plays does not cover (once it does, his keys are emptied).
  for (const [writer, since] of s.goneChanged) {
    const held = s.acceptedValues.get(writer);
    const seen = s.seen.get(writer);
    if (
      now - since < wait ||
      !held ||
      !gone(s, writer) ||
      ![...(seen?.ops.keys() ?? [])].some((seq) => seq > coveredOf(s, writer))
    )
      continue;
    out.push([writer, held, s.acceptedSigs.get(writer)]);
  }
  // A gone writer's pages held under a key his record gave up (his page started again on a browser that
  // kept nothing, then he left): no one plays them until his game master answers for that key, and he
  // is asked only about pages the keys hold. Written back where the keys lost them (seed 992670181: a
  // hostile player emptied them, the one copy was this page's, and the action was lost); dropped once
  // he has left that key, or a checkpoint covers them.
  for (const [writer, held] of s.unprovenHeld) {
    if (isLeft(s, held.key) || !gone(s, writer) || lastSeq(held.pages) <= coveredOf(s, writer)) {
      if (!probe) s.unprovenHeld.delete(writer);
      continue;
    }
    const onTable = Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => s.raw[s.keys.page(writer, p)] ?? null);
    const sigOnTable = s.keys.signature ? (s.raw[s.keys.signature(writer)] ?? null) : null;
    if (json(onTable) === json(held.pages) && (!s.keys.signature || json(sigOnTable) === json(held.signature))) {
      if (!probe) held.off = null;
      continue;
    }
    if (!probe) held.off ??= now;
    if (!probe && now - held.off! < wait) continue;
    out.push([writer, held.pages, held.signature]);
  }
  return out;
}

/**
 * Pages this browser's earlier connection wrote as a game master, as his key signed them and this
 * browser kept them: written back, signature and all, while the keys hold another copy (written over
 * while every page that held them reloaded) and they hold actions the checkpoint this client plays does
 * not cover. Only that connection wrote them, and it signed every version before writing it: no copy on
 * the table is newer. Not once the checkpoint forgot that connection (it lists it no more, and its keys
 * were emptied): what they hold was folded in before, and would be played twice.
 */
export function keptToWriteBack(s: SyncState, scene: string): WriteBack[] {
  const out: WriteBack[] = [];
  const signatureKey = s.keys.signature;
  if (!signatureKey) return out;
  for (const kept of s.keeper?.signedPages?.(scene) ?? []) {
    const { writer, pages, signature } = kept;
    if (!isKeptGone(s, kept)) continue;
    const cut = keptCutOf(s, kept);
    // (Not yet trimmed to what lies past it: `reviewKept` signs them again first.)
    if (lastSeq(pages) <= cut || firstSeq(pages) <= cut) continue;
    const onTable = Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => s.raw[s.keys.page(writer, p)] ?? null);
    const sigOnTable = s.raw[signatureKey(writer)] ?? null;
    if (json(onTable) !== json(pages) || json(sigOnTable) !== json(signature)) out.push([writer, pages, signature]);
  }
  return out;
}

/** The return keys to write: for each writer at the table, pages this client holds whose dropped ops the table lacks (./returns.ts). */
export function returnsToWrite(s: SyncState): [string, unknown][] {
  const out: [string, unknown][] = [];
  // A client playing no checkpoint writes back only where the scene holds none a game master stands
  // behind (every copy of it lost, or written over by one no one signed): else it may be one it has yet to take.
  if (!s.keys.returned || !s.scene || (s.base.trust !== 'verified' && s.base.trust !== 'own' && s.headStands))
    return out;
  for (const [writer, copies] of s.gapCopies) {
    const coverage = s.base.covers[writer] ?? 0;
    // Only copies his record still signs, or once he is gone (his record with him) his own signature of
    // them as he wrote it, by a key his game master has not left (seed 594349032: his game master's one
    // checkpoint that held them lost with every page that held it): any other no client plays
    // (`readReturns`), and would be written back for ever.
    const entry = opsEntry(s.live.get(s.keys.holderOf(writer))?.record ?? null, s.scene);
    const signed = copies.filter((c) =>
      entry ? signsPages(entry, digestText(json(c.values))) : gone(s, writer) && signsCopy(s, c),
    );
    const copy = copyToReturn(signed, coverage, s.onTableSeqs.get(writer) ?? new Set());
    if (!copy) {
      if (copies.every((c) => c.seqs.every((s) => s <= coverage))) s.gapCopies.delete(writer);
      continue;
    }
    out.push([s.keys.returned(writer), returnedValue(s.scene, copy.values, entry ? undefined : copy.sig)]);
  }
  return out;
}

/** Whether a copy carries its writer's signature of it as it is, on this scene, by a key not left. */
function signsCopy(s: SyncState, c: GapCopy): boolean {
  const sig = readPagesSignature(c.sig);
  return !!sig && sig.scene === s.scene && signsDigest(sig, digestText(json(c.values))) && !isLeft(s, sig.key);
}

// --- writing -----------------------------------------------------------------------------------

/**
 * The writes that put the keys right, if any are due now: this writer's pages where the table's copy
 * differs from what it keeps (ops lost to a race, a refused write, ops compacted to drop, anything
 * someone else put there); the scene's id it made; and the signed checkpoint where the keys lack it
 * (its compactor at once, any client holding it after `restoreAfterMs`). A write not echoed yet is
 * waited for (`SYNC_TIMING.patience`); after the tabletop refused one, longer and longer.
 */
export function heal(s: SyncState, force = false): Update[] | null {
  if (s.mirror || !s.started || !s.scene) return null;
  const now = s.at;
  const entries = due(s, s.scene, now);
  if (!entries.length) {
    s.failures = 0;
    s.lastWrite = null;
    return null;
  }
  const paced = pace(s.lastWrite, json(entries), now, s.failures, force);
  if (!paced) return null;
  s.lastWrite = paced;
  return bundle(entries);
}

/** Whether this page has writes to make (the keys lack something it holds), whether or not it waits before retrying: a table is quiet only when no page has. */
export function owesWrites(s: SyncState): boolean {
  return !s.mirror && s.started && s.scene !== null && due(s, s.scene, s.at, true).length > 0;
}

/** How the page's last write went: a refused one is tried again later and later. */
export function wrote(s: SyncState, accepted: boolean): void {
  if (accepted || !s.lastWrite) return;
  s.failures++;
  s.lastWrite = { ...s.lastWrite, retryAt: s.at + retryDelay(s.failures) };
}

/** The player asked to try again now. */
export function retryNow(s: SyncState): Update[] | null {
  s.lastWrite = null;
  s.failures = 0;
  for (const seq of s.missing.keys()) s.missing.set(seq, s.at);
  return heal(s, true);
}
