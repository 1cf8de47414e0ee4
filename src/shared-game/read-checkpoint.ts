// Reading the checkpoint: the scene's id, its head and signature, and who at the table stands behind
// it.
import { headText, readHead, readLegacy, signedText, type Head } from './checkpoint';
import { LIMITS, type Dropped, refusal } from './model';
import { checkpointEntry, digestText } from './records';
import { verifyCheckpoint } from './signing';
import { SYNC_TIMING } from './policy';
import { remember, sortsFirst, tableScene, trustedKeys } from './trust';
import { bound } from './bound';
import { SCENE_ID, eventsIn, type SyncState } from './state';
import {
  gmHere,
  compactor,
  partyRecords,
  keptKeys,
  trustOf,
  signedBy,
  signsAny,
  awaited,
  note,
  stands,
} from './queries';
import { take, summary, waitForLost, startAgainFromPages, takeOn } from './take';

/** Checks a checkpoint's signature once (kept by its head's digest, the newest kept longest). */
export async function checkSignature(s: SyncState, head: Head | null, hash: string | null): Promise<void> {
  if (!head?.key || !head.sig || !hash) return;
  const known = s.verified.get(hash);
  s.verified.delete(hash);
  s.verified.set(hash, known ?? (await verifyCheckpoint(s.codec, head.key, head.sig, signedText(head))));
  bound(s.verified, 200);
}

/** A key proven otherwise than by a record's `k` (a game master's record signing a checkpoint that names it). */
export function proveKey(s: SyncState, scene: string, key: string): void {
  const mine = s.provenKeys.get(scene) ?? [];
  if (mine.includes(key)) return;
  s.provenKeys.set(scene, remember(mine, [key], LIMITS.keptKeys));
  if (!s.mirror) s.keeper?.saveGmKeys?.(scene, remember(s.keeper.gmKeys?.(scene) ?? [], [key], LIMITS.keptKeys));
  s.trustCache = null;
}

/**
 * Keeps the keys proven now on this scene (in this page, and in this browser where it keeps any), and
 * vouches in this holder's record for those first, then for the newest kept. Stable from one read to
 * the next while nothing new is proven: a record that changed at every read would be published at
 * every read, and every page at the table would read again.
 */
export function vouch(s: SyncState, scene: string): void {
  if (s.mirror) return;
  const t = trustOf(s, scene);
  const live = [...t.live];
  const mine = s.provenKeys.get(scene) ?? [];
  if (live.some((k) => !mine.includes(k))) s.provenKeys.set(scene, remember(mine, live, LIMITS.keptKeys));
  bound(s.provenKeys, LIMITS.recordScenes);
  const kept = s.keeper?.gmKeys?.(scene) ?? [];
  if (live.some((k) => !kept.includes(k))) s.keeper?.saveGmKeys?.(scene, remember(kept, live, LIMITS.keptKeys));
  const vouched = [...new Set([...live.sort(), ...[...keptKeys(s, scene)].reverse()])].slice(0, LIMITS.trustedKeys);
  const players = s.me.gm ? [...s.takenPlayerKeys].map(([k, p]) => ({ k, p })) : [];
  s.book.setTrusted(scene, vouched, s.base.trust === 'none' ? null : { n: s.base.gen, h: s.base.hash }, players);
}

/**
 * The scene this client is told it plays, where its page starts (a newcomer, a reload): its own
 * earlier word on this scene, else the scene the others at the table play (./trust.ts `tableScene`):
 * the compacting game master's too, back on a browser that kept nothing (his page's word is nothing
 * yet). Not after a scene switch: the others' records still name the last scene for a moment, and
 * would hold the table up.
 */
export function toldScene(s: SyncState): string | null {
  if (!s.sameScene) return null;
  const { gms, players } = partyRecords(s);
  // The game masters at the table (the tabletop says so, and only each writes his record) are heard
  // before this page's earlier life: that may have taken another scene's game copied in while no one
  // could name the table's, and waited for it for ever once they played theirs (seed 629297362).
  const gmWord = tableScene(gms, []);
  if (gmWord) return gmWord;
  if (s.earlierScene) return s.earlierScene;
  // The word of players who play nothing is taken only as a page starts (a game master's, from any of
  // them; anyone's, from those who saw a game master there): later it is anyone's to give, and a hostile
  // record naming another scene would carry the page off its own.
  return tableScene(gms, players, { starting: !s.started, gm: s.me.gm, own: s.signer?.publicKey ?? null });
}

/**
 * How many writers say, by their pages, that a checkpoint holds more of them than `checkpoint` does:
 * it never held what they dropped for the other. A gone writer cannot bring it back, nor one whose
 * page started again on a browser that kept nothing (seed 1510236568: the game master, back, compacted
 * his own action, reloaded, and a player made game master meanwhile signed another of the same number
 * without it); a writer who still holds it loses nothing either way.
 */
export function shortOf(
  s: SyncState,
  checkpoint: {
    readonly covers: Readonly<Record<string, number>>;
    readonly forgot?: Readonly<Record<string, number>> | null;
  },
): number {
  let short = 0;
  for (const [writer, seen] of s.seen)
    if (seen.done > (checkpoint.covers[writer] ?? checkpoint.forgot?.[writer] ?? 0)) short++;
  return short;
}

/**
 * Whether this client gives a scene that has none its id: the compacting game master, or anyone
 * once no game master has for a while (two clients making one at once would split the first actions
 * between two ids).
 */
export function makesScene(s: SyncState, now: number): boolean {
  if (s.mirror) return false;
  if (compactor(s)) return true;
  s.noSceneSince ??= now;
  return !gmHere(s) || now - s.noSceneSince >= SYNC_TIMING.sceneIdMs;
}

export function newSceneId(s: SyncState): string {
  return (s.random() + s.random()).replace(/[^A-Za-z0-9]/g, '').slice(0, 16) || 'scene';
}

// --- the checkpoint ----------------------------------------------------------------------------
export async function readBase(
  s: SyncState,
  metadata: Readonly<Record<string, unknown>>,
  dropped: Dropped[],
  now: number,
): Promise<void> {
  const keyed = metadata[s.keys.scene];
  const found = typeof keyed === 'string' && SCENE_ID.test(keyed) ? keyed : null;
  const rawHead = metadata[s.keys.head];
  const { head, problem } = readHead(rawHead);
  const hash = head ? digestText(headText(head)) : null;
  await checkSignature(s, head, hash);
  if (s.base.written) await checkSignature(s, s.base.written.head, s.base.hash);
  const trusted = s.base.trust === 'own' || s.base.trust === 'verified';
  const scene = sceneOf(s, { found, head, hash, trusted }, now, dropped);
  s.scene = scene;
  if (!scene) return;
  const get = (part: string) => metadata[s.keys.part(part)];
  if (head && head.scene !== scene) dropped.push(refusal(s.keys.head, 'a checkpoint of another scene'));
  else if (!head && problem && (rawHead as { v?: unknown } | null)?.v !== 1)
    dropped.push({ key: s.keys.head, problem, kind: 'unreadable' });
  s.unvouchedHead = null;
  s.headOnScene = head?.scene === scene;
  s.headStands = s.headOnScene && hash !== null && stands(s, head!, hash);
  // A game master's record that signs a checkpoint proves the key it names (his, as he wrote it).
  if (head?.key && hash && head.scene === scene && s.verified.get(hash) === true && signedBy(s, scene, hash))
    proveKey(s, scene, head.key);
  // The newest checkpoint a player at the table says he plays here: a client with none waits for that
  // one (unless its compacting game master gave up on it: no one wrote it back).
  const newest = awaited(s, scene);
  if (head && hash && head.scene === scene && hash !== s.base.hash) {
    if (stands(s, head, hash)) {
      // A game master stands behind it: taken if it is newer than what this client plays (an older
      // one a game master's record still signs is his lagging word; the compactor writes its own back).
      const byOthers = [...s.live.values()].some((m) => m.author.gm && checkpointEntry(m.record, scene)?.h === hash);
      const ours = s.base.written !== null && s.base.hash !== null && stands(s, s.base.written.head, s.base.hash);
      // A client with nothing of its own takes no checkpoint older than one the table plays (a stale
      // copy): whoever holds the newer one puts it back.
      // Two game masters who each compacted while apart (one away, then back while a player he made
      // one compacted) may each sign a checkpoint of the same number: every client takes the one that
      // falls short of fewer gone writers' pages (what they dropped for a checkpoint, that no one can
      // bring back: seed 568144336), then the one whose digest sorts first, decided by the data alone;
      // the ops only the other covered come back from their writers (`takeOwn`), and the next
      // checkpoint holds them.
      const first =
        head.gen === s.base.gen &&
        s.base.hash !== null &&
        sortsFirst(shortOf(s, head), hash, shortOf(s, s.base), s.base.hash);
      const newer =
        (s.base.trust === 'none' && head.gen >= newest) ||
        (s.base.trust === 'verified' && (head.gen > s.base.gen || first || !ours)) ||
        (s.base.trust === 'own' && byOthers && (head.gen > s.base.gen || first));
      if (newer) {
        s.headUnsigned = null;
        s.brokenHash = (await take(s, head, hash, get, 'verified', dropped)) ? null : hash;
      }
    } else {
      // No game master here stands behind it: never played. Someone else's where a game master
      // signs another; else, to a client that plays none, something its game master must choose.
      if (s.headUnsigned?.hash !== hash) s.headUnsigned = { hash, since: now };
      // Where players at the table play a checkpoint, only that one is offered: a head numbered past it
      // is no one's game here (a forgery), and waits for them to put theirs back.
      if (s.base.trust === 'none' && !s.declined.has(hash) && (newest === 0 || head.gen === newest))
        s.unvouchedHead = { head, hash, summary: await summary(s, head, hash, scene, dropped) };
    }
  } else if (hash === s.base.hash) s.headUnsigned = null;
  else if (!head && s.base.trust === 'none' && (rawHead as { v?: unknown } | null)?.v === 1) {
    await offerLegacy(s, rawHead, dropped);
  } else if (!head && trusted && signsAny(s, scene)) {
    if (s.headUnsigned?.hash !== 'none') s.headUnsigned = { hash: 'none', since: now };
  }
  waitForNewest(s, head, scene, newest, now, dropped);
  await takeOn(s, scene, now, head && hash && head.scene === scene ? { head, hash } : null);
}

/** The scene this client plays: a checkpoint signed for it decides; else the keys' id; else one this client makes. */
function sceneOf(
  s: SyncState,
  read: {
    readonly found: string | null;
    readonly head: Head | null;
    readonly hash: string | null;
    readonly trusted: boolean;
  },
  now: number,
  dropped: Dropped[],
): string | null {
  const { found, head, hash, trusted } = read;
  let scene: string | null;
  // The compactor keeps the scene it plays: its word decides the table's (a copy of another scene it
  // once signed, written into these keys, must not carry it off); so does a page that started on a
  // scene it found, its own pages there (only the table's word moves it: `toldScene`, below). One it
  // made itself, with no game master here, gives way to the keys' (another player made one too).
  if ((trusted || compactor(s) || (s.started && s.scene !== s.madeScene)) && s.scene) scene = s.scene;
  else if (head && hash && stands(s, head, hash) && !(found && found !== head.scene && signsAny(s, found)))
    scene = head.scene;
  else scene = found ?? s.madeScene ?? (makesScene(s, now) ? (s.madeScene = newSceneId(s)) : null);
  // With nothing of its own, a client plays no scene but the one it played before on this page, or
  // the one the table plays: keys holding another scene's game (copied in, signed by the same game
  // master) are not played; a client that played it goes on (healing what it holds), the compactor
  // puts the table's back, a newcomer waits for it.
  const told = trusted ? null : toldScene(s);
  if (told && scene !== told) {
    dropped.push(
      refusal(
        s.keys.scene,
        `the keys hold the game of another scene (${(scene ?? '?').slice(0, 64)}); the table plays ${told}`,
      ),
    );
    scene = found === told || head?.scene === told || compactor(s) || s.scene === told ? told : null;
  }
  if (found && scene && scene !== found)
    dropped.push(
      refusal(s.keys.scene, `the scene's id was changed to ${found.slice(0, 64)}; its checkpoint is of ${scene}`),
    );
  return scene;
}

/** An earlier version's checkpoint (signed by no one): its game master may take it. */
async function offerLegacy(s: SyncState, rawHead: unknown, dropped: Dropped[]): Promise<void> {
  const legacy = await readLegacy(rawHead, s.codec);
  if (!legacy)
    dropped.push({
      key: s.keys.head,
      problem: 'an earlier version’s checkpoint that could not be read',
      kind: 'unreadable',
    });
  else if (!s.declined.has('legacy')) {
    s.unvouchedHead = {
      head: null,
      hash: 'legacy',
      summary: {
        gen: 0,
        events: eventsIn(legacy.game),
        writers: Object.keys(legacy.covers).length,
        key: null,
        disputed: false,
        kept: null,
      },
    };
  }
}

/**
 * A client that plays no checkpoint, while a player at the table plays one the scene lacks: it waits
 * for it to be written back; its compactor, in the end, asks his game master or starts again.
 */
function waitForNewest(
  s: SyncState,
  head: Head | null,
  scene: string,
  newest: number,
  now: number,
  dropped: Dropped[],
): void {
  if (s.base.trust !== 'none' || newest === 0 || (head && head.scene === scene && head.gen === newest)) return;
  dropped.push(
    refusal(
      s.keys.head,
      `a player at this table plays checkpoint ${newest}, which the scene does not hold: waiting for it to be written back`,
    ),
  );
  if (compactor(s) && !s.mirror && !waitForLost(s, now)) {
    s.gaveUpOnGen = newest;
    if (head !== null && head.scene === scene) {
      note(s, [
        refusal(
          s.keys.head,
          `a player at this table plays checkpoint ${newest}, which no one here wrote back: the scene’s is yours to choose`,
        ),
      ]);
    } else {
      // Numbered past it and past any his own record signs (lost the same way), and no longer waiting for that one either.
      const signed = checkpointEntry(s.book.record, scene);
      s.gaveUpOn = signed?.h ?? null;
      startAgainFromPages(
        s,
        Math.max(newest, signed?.g ?? 0),
        `a player at this table plays checkpoint ${newest}, which no one here wrote back: the game starts again from the pages`,
      );
    }
  }
}
