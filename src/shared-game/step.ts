// The shared game, one input at a time: `step(state, input, at)` is one client's whole part in a
// table's game (docs/shared-game.md says why each line holds). The host (a tabletop's page) owns one
// `SyncState` (./state.ts), hands it every input in order with the moment it came (`at`, its clock,
// read for liveness only: ./policy.ts), makes the writes returned, and shows `viewOf(state)`. The core
// reads no clock and no tabletop; its cryptography comes through the state's codec.
//
// Protocol
//
//   The keys (the tabletop syncs them to every client; anyone at the table can write any of them):
//     scene id    written once, by the compacting game master: pages and checkpoints name it.
//     pages       one per connection, written only by its page: its ops not in the checkpoint yet
//                 (seq, Lamport clock, player, a game master's claim, the request) and `done`.
//     signature   beside a writer's pages: his browser key over their digest, his last 8 earlier
//                 versions, his player id, his role and the scene.
//     written back  a gone writer's pages, as his record or key signs them, by anyone at the table.
//     checkpoint  head and parts, by the compacting game master: the game, what it covers of each
//                 writer, whose ops carried a game master's authority, the writers it forgot and
//                 the keys he left; signed by his key.
//   The records (where only their holder writes: Owlbear's player metadata, a Roll20 ledger):
//     the digest and last seq of his pages and 8 earlier ones, his public key, the checkpoint a game
//     master stands behind, and the scene, checkpoint and game masters' keys he plays by.
//
//   Inputs:
//     party, role, own record   who is at the table now, as the tabletop says.
//     keys        the keys as read:
//                 1. the checkpoint (./read-checkpoint.ts, ./take.ts): played only if a game master
//                    here stands behind it (his record, or a key proven his), the players at the table
//                    vouch for it, or this browser kept it; otherwise shown to the compacting game
//                    master, who takes it or starts afresh; another scene's is no one's.
//                 2. each writer's pages (./read-writers.ts, ./writer-signatures.ts,
//                    ./read-returns.ts): played only while his record signs them, or once he is gone
//                    while his key's signature does; writers budgeted per player.
//                 3. this writer's own pages (./own-pages.ts): taken back as its record signs them.
//                 4. play (./view.ts): the checkpoint's game, then every op not in it, by (clock,
//                    writer, seq), through the store's own rules; an op refused is refused for all.
//     act         this player's action: checked as the table will play it, added to his pages,
//                 signed; the writes returned.
//     heal, retry, wrote   what to write so that the table holds what it should (./write.ts); the
//                 tabletop's answer to each write.
//     compact     the compacting game master's client folds the game into a new checkpoint and
//                 signs it (./compacting.ts).
//     choose checkpoint, choose pages   his answer about a checkpoint, or a gone writer's pages,
//                 that nothing at the table vouches for.
//     mirror, refused   a popover that writes nothing shows its page's own ops and refusals.
//
//   Outputs: the writes to make (each within the tabletop's sizes), or a refusal of the action.
//   Whether an op counts, who was game master for it and what is kept is decided by what the keys
//   and records hold, except where ./policy.ts labels a wait `DECIDES`.
import { ok, refuse, type Result } from '../game/result';
import type { Request } from '../messages';
import type { SceneRequest } from './scene-request';
import { applyRequest } from '../store/requests';
import { readLegacy } from './checkpoint';
import { LIMITS, type Dropped, type Member, type Op, refusal } from './model';
import { clockCeiling, opChars } from './ops';
import { readRecord } from './records';
import { isTableOwn, parseSceneRequest } from './requests';
import { SYNC_TIMING } from './policy';
import { bound } from './bound';
import { NO_BASE, type SyncState } from './state';
import type { Unvouched, Update } from './types';
import {
  compactingHolder,
  compactor,
  ownPageValues,
  note,
  droppedNow,
  tabRank,
  noteRefused,
  keptCheckpoint,
} from './queries';
import { replay, viewOf } from './view';
import { seal, checkOpenings } from './sealed';
import { takeOwn, onTable, signOwn, reviewKept, placeFor, mirrorOwn } from './own-pages';
import { take, putBack } from './take';
import { proveKey, vouch, readBase } from './read-checkpoint';
import { checkPageSignatures } from './writer-signatures';
import { readWriters } from './read-writers';
import { heal, retryNow, wrote } from './write';
import { compact } from './compacting';

/** Reads the table's keys: the checkpoint (each version once), every writer's pages its record signs, this writer's own. */
export async function receive(s: SyncState, metadata: Readonly<Record<string, unknown>>): Promise<void> {
  await s.signerReady;
  s.raw = metadata;
  s.trustCache = null;
  const now = s.at;
  const dropped: Dropped[] = [];
  s.waitedThisRead = false;
  await readBase(s, metadata, dropped, now);
  if (!s.waitedThisRead) s.lostSince = null;
  if (s.scene) vouch(s, s.scene);
  if (s.base.written && onTable(s, s.base.written)) s.tableDone = s.base.covers[s.me.writer] ?? 0;
  await checkPageSignatures(s, metadata);
  readWriters(s, metadata, dropped, now);
  dropped.push(...(await checkOpenings(s)));
  takeOwn(s, now);
  if (s.scene) await reviewKept(s, s.scene);
  for (const [key, u] of s.unsigned) {
    if (now - u.since >= SYNC_TIMING.reportAfterMs)
      dropped.push({
        key,
        problem: 'not signed by its writer: someone else wrote it (not played)',
        kind: 'refused',
        forged: true,
      });
  }
  if (s.headUnsigned && now - s.headUnsigned.since >= SYNC_TIMING.reportAfterMs) {
    dropped.push(refusal(s.keys.head, 'a checkpoint no game master at this table signed (not played)'));
  }
  s.readDropped = dropped;
  replay(s);
  note(s, droppedNow(s));
  const played = s.played!;
  note(
    s,
    s.ops
      .filter((op) => played.refused.has(op.id))
      .map((op) => ({
        key: s.keys.page(op.writer, 0),
        problem: `op ${op.seq}`,
        kind: 'refused' as const,
        error: played.refused.get(op.id)!,
      })),
  );
  // (Its own pages' signature made meanwhile goes with them in the writes that follow.)
  await s.ownSigning;
}

// --- acting ------------------------------------------------------------------------------------

/**
 * This client's action: checked as this player sees the game (his own secrets opened) and as the
 * table will play it (after everything this client has seen), then added to his pages and signed.
 * Its secret values are sealed first; only this client keeps what they were.
 */
export async function submit(
  s: SyncState,
  raw: SceneRequest,
): Promise<Result<{ readonly id: string; readonly writes: readonly Update[] }>> {
  if (s.mirror) return refuse('table-read-only');
  const scene = s.scene;
  // Not before the page has its own pages back (an action now would sign over what it waits for).
  if (!scene || !s.started) return refuse('table-not-ready');
  // One of this player's tabs past the first few: its actions would not be played (`readWriters`).
  if (tabRank(s) >= LIMITS.writersPerPlayer) return refuse('table-too-many-tabs', { max: LIMITS.writersPerPlayer });
  const parsed = parseSceneRequest(raw);
  if (!parsed.ok) return parsed;
  const request = parsed.value;
  const shared = await seal(s, request);
  if (!shared.ok) return shared;
  if (!isTableOwn(request)) {
    const seen = applyRequest(viewOf(s).root, request as Request, s.viewStates);
    if (!seen.ok) return seen;
  }
  const last = s.mine[s.mine.length - 1]?.lamport ?? 0;
  const op: Op = {
    seq: s.seq + 1,
    lamport: Math.max(Math.min(s.clock + 1, clockCeiling(s.base.lamport)), last + 1),
    by: s.me.player,
    ...(s.me.gm ? { gm: true } : {}),
    request: shared.value.request,
  };
  const size = opChars(op);
  if (size > LIMITS.opChars)
    return refuse('table-action-too-large', { size: Math.ceil(size / 1000), max: LIMITS.opChars / 1000 });
  const page = placeFor(s, op);
  if (page === null) return refuse('table-full');
  s.mine.push(op);
  s.pageOf.set(op.seq, page);
  if (op.gm) s.gmSeen.set(s.me.writer, op.seq);
  replay(s);
  const id = `${s.me.writer}:${op.seq}`;
  const refusal = s.played!.refused.get(id);
  if (refusal) {
    s.mine.pop();
    s.pageOf.delete(op.seq);
    replay(s);
    return { ok: false, error: refusal };
  }
  s.seq = op.seq;
  s.clock = op.lamport;
  s.missing.set(op.seq, s.at);
  for (const x of shared.value.secrets) s.secrets.put(x.seal, x.salt, x.value);
  s.viewCache = null;
  signOwn(s, scene, ownPageValues(s, scene));
  await s.ownSigning;
  return ok({ id, writes: heal(s, true) ?? [] });
}

/**
 * The compacting game master's choice about a checkpoint no one here stands behind: take it (played,
 * and signed again as his), or not: his browser's own put back where it kept one, else start afresh;
 * either numbered past the one set aside, and written over it. Returns the writes.
 */
export async function choose(s: SyncState, choice: 'take' | 'fresh'): Promise<Update[] | null> {
  const u = s.unvouchedHead;
  if (!u || !compactor(s) || s.base.trust !== 'none') return null;
  s.unvouchedHead = null;
  s.declined.add(u.hash);
  s.lostSince = null;
  if (choice === 'take') {
    if (u.head) {
      if (!(await take(s, u.head, u.hash, (p) => s.raw[s.keys.part(p)], 'own', []))) return null;
    } else {
      const legacy = await readLegacy(s.raw[s.keys.head], s.codec);
      if (!legacy) return null;
      s.base = {
        game: legacy.game,
        covers: legacy.covers,
        lamport: legacy.lamport,
        gm: {},
        gen: 0,
        trust: 'own',
        written: null,
        hash: null,
        left: [],
        forgot: null,
      };
      s.damaged = legacy.notices;
    }
  } else {
    const scene = s.scene;
    const kept = scene ? keptCheckpoint(s, scene) : null;
    const past = Math.max(s.base.gen, u.head?.gen ?? 0);
    if (scene && kept && (await putBack(s, scene, kept, 0))) s.base = { ...s.base, gen: Math.max(s.base.gen, past) };
    else {
      // His own from now on (an empty game, numbered past the one set aside), written at once.
      s.base = { ...NO_BASE, gen: past, trust: 'own', forgot: {} };
      s.damaged = [];
    }
  }
  s.resign = true;
  replay(s);
  return compact(s);
}

/**
 * The compacting game master's choice about pages of an earlier connection signed by a key no one here
 * can prove (`UnprovenPages`): take them (the key is a game master's on this scene, his, or the
 * player's they name, as they say; they are played, and folded into his next checkpoint), or leave
 * them (no one's: emptied). Returns the writes.
 */
export async function chooseUnproven(s: SyncState, choice: 'take' | 'leave'): Promise<Update[] | null> {
  const u = s.unprovenPages;
  const scene = s.scene;
  // (His popover, a mirror, takes the answer too: it asks nothing its background page no longer asks.)
  if (!u || !scene || !compactingHolder(s)) return null;
  s.unprovenPages = null;
  // Taken: the key is his (proven on this scene, and kept where his browser keeps keys). Left: pages
  // it signs are no one's, emptied as keys of no one are, and not asked about again.
  if (choice === 'take' && u.summary.gm) proveKey(s, scene, u.key);
  else if (choice === 'take') s.takenPlayerKeys.set(u.key, u.player);
  else s.left.add(u.key);
  await receive(s, s.raw);
  if (choice === 'take') return heal(s, true);
  // Left: written into a checkpoint at once, so that a page that played them (a record proved the key
  // then) drops them as this one does.
  s.resign = true;
  return (await compact(s)) ?? heal(s, true);
}

/** The tabletop's party changed: the other holders, their players, roles and records. Call `refresh` after. */
export function setParty(s: SyncState, members: readonly Member[]): void {
  const now = s.at;
  for (const [holder, until] of s.gmUntil)
    if (until === Infinity && !members.some((m) => m.holder === holder && m.gm))
      s.gmUntil.set(holder, now + SYNC_TIMING.roleGraceMs);
  for (const m of members) if (m.gm) s.gmUntil.set(m.holder, Infinity);
  bound(s.gmUntil, 1000);
  s.live.clear();
  for (const m of members) {
    const author = { player: m.player, gm: m.gm };
    const record = readRecord(m.record);
    s.live.set(m.holder, { author, record });
    s.recordKeys.note(m.holder, record?.k);
    s.remembered.delete(m.holder);
    s.remembered.set(m.holder, author);
  }
  bound(s.remembered, 1000);
}

/** One input to a client's shared game (the protocol above). */
export type Input =
  | { readonly type: 'party'; readonly members: readonly Member[] }
  | { readonly type: 'role'; readonly gm: boolean }
  | { readonly type: 'own record'; readonly raw: unknown }
  | {
      readonly type: 'mirror';
      readonly ops: readonly unknown[];
      readonly failures: number;
      /** The question about the scene's checkpoint as the page that answers it read it (./queries.ts `unvouched`). */
      readonly unvouched?: Unvouched | null;
    }
  | { readonly type: 'refused'; readonly dropped: readonly Dropped[] }
  | { readonly type: 'heal'; readonly force: boolean }
  | { readonly type: 'retry' }
  | { readonly type: 'wrote'; readonly accepted: boolean }
  | AsyncInput;

/** The inputs whose step waits on cryptography (a signature checked or made, a digest). */
export type AsyncInput =
  | { readonly type: 'keys'; readonly metadata: Readonly<Record<string, unknown>> }
  | { readonly type: 'act'; readonly request: SceneRequest }
  | { readonly type: 'compact' }
  | { readonly type: 'choose checkpoint'; readonly choice: 'take' | 'fresh' }
  | { readonly type: 'choose pages'; readonly choice: 'take' | 'leave' };

/** What a step returns: the writes to make (null: none), and for an action, whether it was taken. */
export interface Output {
  readonly writes: readonly Update[] | null;
  readonly acted?: Result<{ readonly id: string; readonly writes: readonly Update[] }>;
}

const NONE: Output = { writes: null };

/** One input, at the moment `at` (the host's clock): the state moves on, the writes are returned. */
export function step(s: SyncState, input: Exclude<Input, AsyncInput>, at: number): Output;
export function step(s: SyncState, input: AsyncInput, at: number): Promise<Output>;
export function step(s: SyncState, input: Input, at: number): Output | Promise<Output> {
  s.at = at;
  switch (input.type) {
    case 'party':
      setParty(s, input.members);
      return NONE;
    case 'role':
      s.me = { ...s.me, gm: input.gm };
      return NONE;
    case 'own record':
      s.heard = readRecord(input.raw);
      return NONE;
    case 'mirror':
      if (input.unvouched !== undefined) s.mirroredUnvouched = input.unvouched;
      mirrorOwn(s, input.ops, input.failures);
      return NONE;
    case 'refused':
      noteRefused(s, input.dropped);
      return NONE;
    case 'heal':
      return { writes: heal(s, input.force) };
    case 'retry':
      return { writes: retryNow(s) };
    case 'wrote':
      wrote(s, input.accepted);
      return NONE;
    case 'keys':
      return receive(s, input.metadata).then(() => NONE);
    case 'act':
      return submit(s, input.request).then((acted) => ({ writes: acted.ok ? acted.value.writes : null, acted }));
    case 'compact':
      return compact(s).then((writes) => ({ writes }));
    case 'choose checkpoint':
      return choose(s, input.choice).then((writes) => ({ writes }));
    case 'choose pages':
      return chooseUnproven(s, input.choice).then((writes) => ({ writes }));
  }
}
