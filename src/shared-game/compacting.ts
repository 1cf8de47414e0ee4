// Compacting, on the compacting game master's client: when, and the game folded into a new checkpoint
// that he signs.
import { headText, signedText, type Written } from './checkpoint';
import { LIMITS } from './model';
import { isEmptyPage } from './ops';
import { withOpenedWritten } from './play';
import { checkpointEntry, digestText, opsEntry } from './records';
import { signCheckpoint } from './signing';
import { SYNC_TIMING } from './policy';
import { planCheckpoint } from './compact';
import { remember } from './trust';
import { bound } from './bound';
import { json, type SyncState } from './state';
import { type Update, bundle } from './types';
import { compactor, gone, coveredOf, choosing, gmNow, keyHasOps, ownPageValues, keepCheckpoint } from './queries';
import { replay, viewOf } from './view';
import { takeOwn, reviewKept } from './own-pages';
import { sign } from './take';
import { heal } from './write';

// --- compaction --------------------------------------------------------------------------------

/** Whether this client should compact now: it compacts, its checkpoint is its own, and enough waits (or gone writers' keys do). */
export function needsCompaction(s: SyncState): boolean {
  if (!compactor(s) || !s.played || s.lostSince !== null || (s.base.trust !== 'own' && s.base.trust !== 'none'))
    return false;
  if (choosing(s)) return false;
  if (
    s.resign ||
    (s.scene !== null && (forked(s, s.scene) || unansweredElsewhere(s, aheadElsewhere(s, s.scene, s.at)) > 0))
  )
    return true;
  const view = viewOf(s);
  const now = s.at;
  if (view.pendingOps >= LIMITS.compactOps || view.pendingChars >= LIMITS.compactChars) return true;
  if (s.ops.some((op) => now - (s.firstPlayed.get(op.id) ?? now) >= LIMITS.compactAfterMs)) return true;
  for (const text of s.acceptedJson.values()) if (text.length >= LIMITS.compactPageChars) return true;
  if (json(ownPageValues(s, s.scene!)).length >= LIMITS.compactPageChars) return true;
  if ([...s.strangerSince.values()].some((s) => now - s.since >= SYNC_TIMING.strangerMs)) return true;
  for (const writer of s.acceptedJson.keys()) if (gone(s, writer) && keyHasOps(s, writer)) return true;
  // A game master handed the role over: his actions still waiting are compacted with his authority while this client remembers it.
  if (s.ops.some((op) => op.author.gm && op.writer !== s.me.writer && !gmNow(s, op.writer))) return true;
  for (const writer of Object.keys(s.base.covers)) if (gone(s, writer)) return true;
  return false;
}

/** A writer's keys that still hold something: his pages, and his pages' signature (null: empty). */
function heldKeys(s: SyncState, writer: string): { pages: string[]; signature: string | null } {
  const pages = Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => s.keys.page(writer, p)).filter(
    (key) => !isEmptyPage(s.raw[key]),
  );
  const signature = s.keys.signature?.(writer);
  return { pages, signature: signature && !isEmptyPage(s.raw[signature]) ? signature : null };
}

/**
 * The compaction, or null when there is nothing to do: the game as played so far (every client plays
 * ops in one order, so this is the same game for everyone), with the last seq of each writer it
 * covers and the game masters' authority it carried, in a checkpoint this client signs. Keys of
 * writers gone whose ops are all in it are emptied; keys of no one at the table too.
 */
export async function compact(s: SyncState): Promise<Update[] | null> {
  if (!compactor(s) || !s.played || !s.scene || s.lostSince !== null) return null;
  if (s.base.trust !== 'own' && s.base.trust !== 'none') return null;
  // The scene holds a checkpoint no one here stands behind: written over only once its game master chose.
  if (choosing(s)) return null;
  const now = s.at;
  const scene = s.scene;
  if (newerElsewhere(s, scene, now)) return null;
  const ahead = aheadElsewhere(s, scene, now);
  const plan = planCheckpoint({
    now,
    settleMs: s.settleMs,
    ops: s.ops,
    firstPlayed: s.firstPlayed,
    base: s.base,
    // (Listed on a line that started listing them, a new one among them: one started before did not, and cannot say whom it forgot.)
    listsForgot: s.base.forgot !== null || s.base.trust === 'none',
    forgotWriters: LIMITS.forgotWriters,
    seen: s.seen,
    ahead: new Set(ahead.keys()),
    playsAnother: (writer) => playsAnother(s, writer, scene) !== null,
    gone: (writer) => gone(s, writer),
    held: (writer) => heldKeys(s, writer),
    asked: s.unprovenWriters,
    goneSince: s.goneSince,
    returnKeys: s.returnKeys,
    strangers: [...s.strangerSince]
      .filter(([key]) => !isEmptyPage(s.raw[key]))
      .map(([key, s]) => [key, s.since] as const),
  });
  const { settled, covers, gm, coversChanged } = plan;
  const clear = plan.clear.map((key): [string, unknown] => [key, null]);
  s.goneSince = plan.goneSince;
  for (const writer of plan.forgotten) {
    s.seen.delete(writer);
    s.gapCopies.delete(writer);
    s.acceptedJson.delete(writer);
    s.acceptedSigs.delete(writer);
    s.goneChanged.delete(writer);
    s.remembered.delete(s.keys.holderOf(writer));
  }
  const past = unansweredElsewhere(s, ahead);
  if (!settled.length && !coversChanged && !clear.length && !s.resign && !forked(s, scene) && !past) return null;
  s.resign = false;
  for (const [writer, other] of ahead) s.answeredElsewhere.set(writer, other.g);
  bound(s.answeredElsewhere, 1000);
  const lamport = Math.max(s.base.lamport, ...settled.map((op) => op.lamport));
  const game = withOpenedWritten(settled === s.ops ? s.played.game : s.player.gameAfter(s.base.game, settled));
  const signer = s.signer;
  const left = remember(s.base.left, s.left, LIMITS.leftKeys);
  const unsigned = await s.writer.write(game, {
    scene,
    gen: Math.max(s.base.gen, past) + 1,
    by: s.me.writer,
    covers,
    lamport,
    gm,
    ...(left.length ? { left } : {}),
    ...(plan.forgot ? { forgot: plan.forgot } : {}),
    ...(signer ? { key: signer.publicKey } : {}),
  });
  const sig = signer ? await signCheckpoint(s.codec, signer.secret, signedText(unsigned.head)) : null;
  const { key: _key, ...bare } = unsigned.head;
  const written: Written = { head: sig ? { ...unsigned.head, sig } : bare, parts: unsigned.parts };
  const hash = digestText(headText(written.head));
  s.base = { game, covers, lamport, gm, gen: written.head.gen, trust: 'own', written, hash, left, forgot: plan.forgot };
  s.damaged = [];
  sign(s, scene);
  keepCheckpoint(s, scene, written);
  takeOwn(s, now);
  await reviewKept(s, scene);
  replay(s);
  await s.ownSigning;
  const writes = heal(s, true) ?? [];
  return [...writes, ...bundle(clear)];
}

/**
 * Whether another game master at the table signs a checkpoint numbered past the one this compactor
 * plays (he compacted while this one was away, and a stale copy hid it): its holder writes it back
 * and this client takes it then. Compacting meanwhile would make a second checkpoint of that number,
 * covering what the writers say the first holds without holding it (seed -1866135704: a player's
 * action lost). Waited for `giveUpMs` at most (every page that held it may have reloaded with nothing).
 */
export function newerElsewhere(s: SyncState, scene: string, now: number): boolean {
  let newest = 0;
  for (const m of s.live.values()) if (m.author.gm) newest = Math.max(newest, checkpointEntry(m.record, scene)?.g ?? 0);
  if (newest <= s.base.gen) {
    s.newerSince = null;
    return false;
  }
  s.newerSince ??= now;
  return now - s.newerSince < SYNC_TIMING.giveUpMs;
}

/**
 * Whether someone at the table says he plays another checkpoint of this compactor's number (two game
 * masters apart, the other's sorting first, and no game master here signing it any more): the
 * compactor writes the next one, which every client takes, rather than leave the table on two
 * (seed -1213232131: a player's action never left his pages).
 */
export function forked(s: SyncState, scene: string): boolean {
  for (const m of s.live.values()) {
    const g = m.record?.g;
    if (g?.s === scene && g.n === s.base.gen && g.h !== undefined && g.h !== s.base.hash) return true;
  }
  return false;
}

/** Whether a writer's record says he plays another checkpoint than this client's: one of its number another game master signed, or a newer one. */
export function playsAnother(s: SyncState, writer: string, scene: string): { n: number; g: string } | null {
  const g = s.live.get(s.keys.holderOf(writer))?.record?.g;
  if (g?.s !== scene || !((g.h !== undefined && g.h !== s.base.hash) || (g.n ?? 0) > s.base.gen)) return null;
  return { n: g.n ?? 0, g: json(g) };
}

/**
 * Writers whose pages say more of their actions are in a checkpoint than this one covers, while their
 * record says they play another (a game master made one while the game master was away, its
 * checkpoint written over by a stale copy before he read it), or while they are gone and no record
 * speaks for them (a line started again from the pages after its checkpoint was deleted): what lies
 * between is in that other checkpoint only. Their later actions are not covered, nor anything after them in play order
 * (covering them would cover the gap: seed 1352901382, a player's action lost), until they play this
 * compactor's line: `unansweredElsewhere` numbers its next checkpoint past theirs, and each writer
 * then brings back what that checkpoint does not hold (`takeOwn`). For `giveUpMs` at most, however
 * often his record changes: a hostile one saying so for ever would hold the table's compaction up.
 */
export function aheadElsewhere(s: SyncState, scene: string, now: number): Map<string, { n: number; g: string }> {
  const out = new Map<string, { n: number; g: string }>();
  const standingHere = new Set<string>();
  const standingGone = new Set<string>();
  for (const [writer, seen] of s.seen) {
    if (seen.done <= (s.base.covers[writer] ?? 0)) continue;
    // (His record's word is about the pages it signs: signing others than this client read, it may say
    // he plays this checkpoint before his pages, that bring back what it lacks, reach this client:
    // seed -986274294, a player's action lost one replay in three.)
    const record = s.live.get(s.keys.holderOf(writer))?.record;
    const signs = record ? opsEntry(record, scene)?.h : undefined;
    const read = s.acceptedJson.get(writer);
    // (A gone writer whose pages say a checkpoint holds more of him than this line does: that checkpoint
    // is gone from the keys, and no record of his can bring back what it held; whoever kept it may.)
    const word =
      playsAnother(s, writer, scene) ??
      (signs !== undefined && read !== undefined && signs !== digestText(read) ? { n: 0, g: `pages ${signs}` } : null);
    const goneGap = !word && gone(s, writer) && seen.done > coveredOf(s, writer);
    const other = word ?? (goneGap ? { n: 0, g: `gone ${seen.done}` } : null);
    if (!other) continue;
    // (A gone writer's hold is counted per player, and at most `giveUpMs` in every `forgetMs`: a hostile
    // player who makes up gone connections one after another, each saying so, holds the table's
    // compaction up that long and no longer.)
    const [held, sinceOf, standing] = goneGap
      ? [s.remembered.get(s.keys.holderOf(writer))?.player ?? writer, s.goneHeldSince, standingGone]
      : [writer, s.aheadSince, standingHere];
    standing.add(held);
    const since = sinceOf.get(held) ?? now;
    sinceOf.set(held, since);
    if (now - since < SYNC_TIMING.giveUpMs) out.set(writer, other);
  }
  for (const writer of s.aheadSince.keys()) if (!standingHere.has(writer)) s.aheadSince.delete(writer);
  for (const [player, since] of s.goneHeldSince)
    if (!standingGone.has(player) && now - since >= SYNC_TIMING.forgetMs) s.goneHeldSince.delete(player);
  return out;
}

/** The number past every checkpoint such writers (`aheadElsewhere`) play that this compactor has not answered yet (each record's word once), or 0. */
export function unansweredElsewhere(s: SyncState, ahead: ReadonlyMap<string, { n: number; g: string }>): number {
  let past = 0;
  for (const [writer, other] of ahead) {
    if (s.answeredElsewhere.get(writer) !== other.g && other.n >= s.base.gen)
      past = Math.max(past, Math.min(other.n, s.base.gen + LIMITS.genLeap));
  }
  return past;
}
