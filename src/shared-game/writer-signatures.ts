// A writer's signature of his pages: checked, kept, and what it proves once his connection is gone.
import { LIMITS, type Author } from './model';
import { digestText } from './records';
import { readPagesSignature, signsDigest, verifyPages, type PagesSignature } from './signing';
import { bound } from './bound';
import { json, type SyncState } from './state';
import { isLeft, trustOf, isPlayersKey, coveredOf } from './queries';
import { clockCeiling, readPages } from './ops';
import type { UnprovenPages } from './types';

/** A question for the game master: pages of a gone writer signed by a key no one here can prove, and how many actions they hold. */
export interface UnprovenAsk {
  readonly key: string;
  readonly player: string;
  readonly summary: UnprovenPages;
  /** The seqs of the actions they hold past what the checkpoint covers. */
  readonly seqs: readonly number[];
}

/** Drops what this client played of a gone writer: none of it is played any more, nor written back. */
export function forgetAccepted(s: SyncState, writer: string): void {
  s.seen.delete(writer);
  s.acceptedJson.delete(writer);
  s.acceptedValues.delete(writer);
  s.acceptedVersion.delete(writer);
  s.acceptedSigs.delete(writer);
  s.goneChanged.delete(writer);
  s.gapCopies.delete(writer);
  s.current.delete(writer);
}

/**
 * A gone writer's pages played under a key its game master left since, or its record gave up: no
 * one's, as for everyone. Given up, not left, his game master has not answered for that key yet, and
 * the one copy may be this client's: held, to be written back should the keys lose them (./write.ts
 * `pagesToWriteBack`; seed 992670181).
 */
export function forgetUnproven(s: SyncState, writer: string): void {
  const played = readPagesSignature(s.acceptedSigs.get(writer))?.key;
  if (!played || !(isLeft(s, played) || s.recordKeys.gaveUp(played))) return;
  const pages = s.acceptedValues.get(writer);
  if (!isLeft(s, played) && pages)
    s.unprovenHeld.set(writer, { pages, signature: s.acceptedSigs.get(writer), key: played, off: null });
  bound(s.unprovenHeld, LIMITS.writers);
  forgetAccepted(s, writer);
}

/** Checks, once each, the signatures of pages whose writer is not at the table: on his signature key (./keys.ts `signature`), or carried by his return key (./returns.ts). */
export async function checkPageSignatures(s: SyncState, metadata: Readonly<Record<string, unknown>>): Promise<void> {
  if (!s.keys.signature) return;
  for (const [key, value] of Object.entries(metadata)) {
    if (!s.keys.isWriterKey(key)) continue;
    const name = s.keys.pageOf(key);
    if ((name.kind !== 'signature' && name.kind !== 'returned') || s.live.has(name.holder)) continue;
    const sig = readPagesSignature(name.kind === 'returned' ? (value as { sig?: unknown } | null)?.sig : value);
    if (!sig) continue;
    const id = `${name.writer}|${json(sig)}`;
    const known = s.pagesVerified.get(id);
    s.pagesVerified.delete(id);
    s.pagesVerified.set(id, known ?? (await verifyPages(s.codec, name.writer, sig)));
    bound(s.pagesVerified, 200);
  }
}

/** Keeps a writer's signature of the pages just accepted of him, if it signs them as they are. */
export function keepSignature(s: SyncState, writer: string, digest: string, value: unknown): void {
  const sig = readPagesSignature(value);
  if (sig && signsDigest(sig, digest)) s.acceptedSigs.set(writer, value);
  else s.acceptedSigs.delete(writer);
}

/** A gone writer's pages' signature, if it holds for them as they are on this scene (checked by `checkPageSignatures`). */
export function pagesSignature(
  s: SyncState,
  writer: string,
  text: string,
  scene: string,
  value: unknown,
): PagesSignature | null {
  const sig = readPagesSignature(value);
  return sig &&
    sig.scene === scene &&
    signsDigest(sig, digestText(text)) &&
    s.pagesVerified.get(`${writer}|${json(sig)}`) === true
    ? sig
    : null;
}

/**
 * The author of a gone writer's pages, if they are signed as they are by a key this client can tie to
 * the player the signature names, in the role it names: a game master's key it trusts on the scene
 * (his, whatever role he signed in); the key that signed a version of them this client played while
 * his record signed it; for a player's pages, also the key in the record of that player's connection
 * at the table now (his refresh, in the same browser), this page's own among them, or a key his game
 * master took as that player's.
 */
export function signedGone(s: SyncState, writer: string, text: string, scene: string, value: unknown): Author | null {
  const sig = pagesSignature(s, writer, text, scene, value);
  if (!sig || isLeft(s, sig.key)) return null;
  const t = trustOf(s, scene);
  if (t.proven.has(sig.key) || t.vouched.has(sig.key)) return { player: sig.player, gm: sig.gm };
  // The key that signed the version of his pages this client played while his record signed them:
  // his later versions are his too (his record's last write lost with his tab).
  const played = readPagesSignature(s.acceptedSigs.get(writer));
  const sameKey = played && played.key === sig.key && played.player === sig.player && (played.gm || !sig.gm);
  if (sameKey && !s.recordKeys.gaveUp(sig.key)) return { player: sig.player, gm: sig.gm };
  if (sig.gm) return null;
  return isPlayersKey(s, scene, sig.player, sig.key) ? { player: sig.player, gm: false } : null;
}

/** Pages of a gone writer validly signed by a key this client cannot tie to the player and role they name, and not left already: what its game master is asked. */
export function unprovenOf(
  s: SyncState,
  writer: string,
  text: string,
  scene: string,
  value: unknown,
  keys: readonly string[],
  values: readonly unknown[],
): UnprovenAsk | null {
  const sig = pagesSignature(s, writer, text, scene, value);
  if (!sig || isLeft(s, sig.key)) return null;
  const { ops } = readPages(
    writer,
    keys,
    values,
    { player: sig.player, gm: sig.gm },
    scene,
    coveredOf(s, writer),
    clockCeiling(s.base.lamport),
  );
  return ops.length
    ? {
        key: sig.key,
        player: sig.player,
        summary: { player: sig.player.slice(0, 64), gm: sig.gm, actions: ops.length, key: sig.key.slice(0, 12) },
        seqs: ops.map((op) => op.seq),
      }
    : null;
}
