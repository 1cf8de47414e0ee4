// Small questions about a client's state that every job asks: who holds what, who is game master,
// which keys it trusts.
import { readHead, type Head, type Written } from './checkpoint';
import { LIMITS, type Author, type Dropped, type Op, type OpPage } from './model';
import { isEmptyPage, pageValue } from './ops';
import type { PlacedOp } from './play';
import { checkpointEntry, digestText, opsEntry, signsPages, type HolderRecord } from './records';
import { forgotOf } from './compact';
import { remember, trustedKeys, type Trusted } from './trust';
import { bound } from './bound';
import type { KeptCheckpoint, SyncState } from './state';
import type { Unvouched } from './types';

export function holder(s: SyncState): string {
  return s.keys.holderOf(s.me.writer);
}

export function gmHere(s: SyncState): boolean {
  return s.me.gm || [...s.live.values()].some((m) => m.author.gm);
}

export function author(s: SyncState): Author {
  return { player: s.me.player, gm: s.me.gm };
}

/** Whether this holder is the one that compacts (its background page does; its popover, a mirror, shows that page's questions). */
export function compactingHolder(s: SyncState): boolean {
  if (!s.me.gm) return false;
  for (const [other, m] of s.live) if (m.author.gm && other < holder(s)) return false;
  return true;
}

/** Whether this client compacts the table's game: the game master with the lowest holder among those at the table. */
export function compactor(s: SyncState): boolean {
  return !s.mirror && compactingHolder(s);
}

/** The records of the game masters at the table (this client's own among them when it is one). */
export function gmRecords(s: SyncState): HolderRecord[] {
  const out: HolderRecord[] = [];
  for (const m of s.live.values()) if (m.author.gm && m.record) out.push(m.record);
  if (s.me.gm) out.push(s.mirror ? (s.heard ?? s.book.record) : s.book.record);
  return out;
}

/** The others' records at the table, the game masters' apart. */
export function partyRecords(s: SyncState): { gms: (HolderRecord | null)[]; players: (HolderRecord | null)[] } {
  const gms: (HolderRecord | null)[] = [];
  const players: (HolderRecord | null)[] = [];
  for (const m of s.live.values()) (m.author.gm ? gms : players).push(m.record);
  return { gms, players };
}

export function gone(s: SyncState, writer: string): boolean {
  return writer !== s.me.writer && !s.live.has(s.keys.holderOf(writer));
}

/**
 * How far a writer's actions are in the game this client plays: what the checkpoint covers, or, for a
 * writer it forgot, how far it says its line held him (`Head.forgot`: every client reads the same,
 * a newcomer too), or how far this page saw a checkpoint cover him before one forgot him (a line that
 * does not list). What lies at or below it is never played again, whoever brings it back.
 */
export function coveredOf(s: SyncState, writer: string): number {
  const forgot = forgotOf(s.base.forgot, writer);
  return Math.max(s.base.covers[writer] ?? 0, s.forgotten.get(writer) ?? 0, typeof forgot === 'number' ? forgot : 0);
}

/** Whether the game master left this key: by this page's choice, or as the checkpoint it plays says. */
export function isLeft(s: SyncState, key: string): boolean {
  return s.left.has(key) || s.base.left.includes(key);
}

export function keptKeys(s: SyncState, scene: string): readonly string[] {
  return remember(s.keeper?.gmKeys?.(scene) ?? [], s.provenKeys.get(scene) ?? [], LIMITS.keptKeys);
}

/** The game masters' keys this client takes on a scene (./trust.ts), read once a pass. */
export function trustOf(s: SyncState, scene: string): Trusted {
  if (s.trustCache?.scene === scene) return s.trustCache.trusted;
  const { gms, players } = partyRecords(s);
  const own = !s.me.gm ? null : s.mirror ? ((s.heard ?? s.book.record).k ?? null) : (s.signer?.publicKey ?? null);
  const trusted = trustedKeys({ scene, own, gms, players, kept: keptKeys(s, scene) });
  s.trustCache = { scene, trusted };
  return trusted;
}

export function signedBy(s: SyncState, scene: string, hash: string): boolean {
  return gmRecords(s).some((r) => checkpointEntry(r, scene)?.h === hash);
}

/** Signed by a game master here before the one he signs now: never played for it, but better put back than no checkpoint at all. */
export function signedEarlier(s: SyncState, scene: string, hash: string): boolean {
  return gmRecords(s).some((r) => checkpointEntry(r, scene)?.p?.includes(hash) ?? false);
}

export function signsAny(s: SyncState, scene: string): boolean {
  return gmRecords(s).some((r) => checkpointEntry(r, scene) !== null);
}

/** The newest checkpoint a player at the table says he plays here, unless this page gave up on it. */
export function awaited(s: SyncState, scene: string): number {
  const newest = trustOf(s, scene).newest;
  return newest > s.gaveUpOnGen ? newest : 0;
}

/**
 * Whether this compactor, playing no checkpoint, must not write one yet: the scene holds one it does not
 * play (its game master chooses, `unvouched`), or someone at the table plays one (a copy of it is on its
 * way back). Starting a game from nothing there would throw the table's away.
 */
export function choosing(s: SyncState): boolean {
  if (s.base.trust !== 'none' || s.scene === null) return false;
  return s.unvouchedHead !== null || s.headOnScene || awaited(s, s.scene) > 0;
}

/** What the tabletop says of a holder's role now. */
export function gmNow(s: SyncState, writer: string): boolean {
  if (writer === s.me.writer) return s.me.gm;
  return s.live.get(s.keys.holderOf(writer))?.author.gm ?? false;
}

/** Whether a writer's record still signs the pages this client accepted of him (its latest, or one of its last few). */
export function stillSigned(s: SyncState, writer: string, holder: string): boolean {
  const accepted = s.acceptedJson.get(writer);
  const entry = s.scene ? opsEntry(s.live.get(holder)?.record ?? null, s.scene) : null;
  return accepted !== undefined && entry !== null && signsPages(entry, digestText(accepted));
}

/** Whether this key is this player's, by what the tabletop ties to him now (his connections' records, this page's own) or a game master's word (his answer, in his record). */
export function isPlayersKey(s: SyncState, scene: string, player: string, key: string): boolean {
  if (s.signer?.publicKey === key && s.me.player === player) return true;
  for (const m of s.live.values()) {
    if (m.author.player === player && m.record?.k === key) return true;
    if (m.author.gm && m.record?.g?.s === scene && m.record.g.p?.some((x) => x.k === key && x.p === player))
      return true;
  }
  return s.takenPlayerKeys.get(key) === player;
}

export function keyHasOps(s: SyncState, writer: string): boolean {
  for (let p = 0; p < LIMITS.pagesPerWriter; p++) if (!isEmptyPage(s.raw[s.keys.page(writer, p)])) return true;
  return false;
}

export function partName(s: SyncState, key: string): string {
  return key.slice(s.keys.part('').length);
}

// --- this writer's own pages ------------------------------------------------------------------
export function ownPageValues(s: SyncState, scene: string): (OpPage | null)[] {
  const pages: Op[][] = Array.from({ length: LIMITS.pagesPerWriter }, () => []);
  for (const op of s.mine) pages[s.pageOf.get(op.seq) ?? 0]!.push(op);
  const done = s.base.covers[s.me.writer] ?? 0;
  return pages.map((ops, p) => pageValue(scene, done, ops, p === 0));
}

export function sceneOwnValues(s: SyncState): unknown[] {
  return Array.from({ length: LIMITS.pagesPerWriter }, (_, p) => s.raw[s.keys.page(s.me.writer, p)] ?? null);
}

// --- what is said ------------------------------------------------------------------------------

/** Counts and keeps what was refused (each thing once). */
export function note(s: SyncState, dropped: readonly Dropped[]): void {
  for (const d of dropped) {
    if (d.kind !== 'refused') continue;
    const id = `${d.key}|${d.problem}|${d.error?.code ?? ''}`;
    if (s.refusedSeen.has(id)) continue;
    s.refusedSeen.add(id);
    s.refusedLog = [...s.refusedLog, d].slice(-30);
  }
  bound(s.refusedSeen, 10_000);
}

export function tamper(s: SyncState, d: Dropped): void {
  if (s.tampered.some((t) => t.key === d.key && t.problem === d.problem)) return;
  s.tampered = [...s.tampered, d].slice(-20);
}

/** Refusals another page of this holder saw (the background page tells its popover). */
export function noteRefused(s: SyncState, dropped: readonly Dropped[]): void {
  note(
    s,
    dropped.map((d) => ({ ...d, kind: 'refused' as const })),
  );
}

/** What this client refused lately, newest last (kept after the keys no longer hold it). */
export function refusedLately(s: SyncState): readonly Dropped[] {
  return s.refusedLog;
}

/** What in the keys was not played, now, and what was found written in this writer's key by someone else. */
export function droppedNow(s: SyncState): Dropped[] {
  return [...s.readDropped, ...s.claims, ...s.tampered];
}

/** The ops this client plays after its checkpoint, in play order. */
export function playedOps(s: SyncState): readonly PlacedOp[] {
  return s.ops;
}

/** This writer's ops not compacted yet (the page that writes them tells a mirror). */
export function ownOps(s: SyncState): readonly Op[] {
  return s.mine;
}

/** Writes of this writer's keys the tabletop refused in a row. */
export function failing(s: SyncState): number {
  return s.failures;
}

/** How many of this player's other tabs at the table come before this one (their writers' order). */
export function tabRank(s: SyncState): number {
  let n = 0;
  for (const [holder, m] of s.live) if (m.author.player === s.me.player && s.keys.writerOf(holder) < s.me.writer) n++;
  return n;
}

/** Whether a checkpoint carries the signature of a key this client takes for a game master's on its scene (checked first: `checkSignature`). */
export function signedByKey(s: SyncState, head: Head, hash: string): boolean {
  if (!head.key || !head.sig) return false;
  const t = trustOf(s, head.scene);
  // The players' word is for a client with nothing of its own to check against. Not for a game master
  // whose browser kept a checkpoint of his own here: alone at the table with a hostile player, that
  // player's word alone made his forgery the game master's (./starts.test.ts); he is asked instead.
  const vouched = t.vouched.has(head.key) && s.base.trust === 'none' && !(s.me.gm && keptCheckpoint(s, head.scene));
  return (t.proven.has(head.key) || vouched) && s.verified.get(hash) === true;
}

/** Whether a game master stands behind a checkpoint: his record at the table signs it, or his key does. */
export function stands(s: SyncState, head: Head, hash: string): boolean {
  return signedBy(s, head.scene, hash) || signedByKey(s, head, hash);
}

/** The scene's checkpoint no one here stands behind, while this client plays none: for its game master to choose. */
export function unvouched(s: SyncState): Unvouched | null {
  // A compactor still waiting for the checkpoint it signed in an earlier life is not asked yet.
  const summary =
    s.base.trust === 'none' && !(compactor(s) && s.lostSince !== null) ? (s.unvouchedHead?.summary ?? null) : null;
  // A mirror shows it as its page read it: that page counts its actions, and knows what its browser kept.
  if (summary && s.mirror && s.mirroredUnvouched !== undefined) return s.mirroredUnvouched;
  if (!summary || !s.scene || !compactor(s)) return summary;
  return { ...summary, kept: keptCheckpoint(s, s.scene)?.head.gen ?? null };
}

/** The last checkpoint this browser wrote on a scene, as it kept it (its own storage, where no one else writes), or null. */
export function keptCheckpoint(s: SyncState, scene: string): KeptCheckpoint | null {
  if (s.keptRead?.scene === scene) return s.keptRead.kept;
  const mine = s.keeper?.checkpoint(scene);
  const head = mine ? readHead(mine.head).head : null;
  const kept = mine && head?.scene === scene ? { head, parts: mine.parts } : null;
  s.keptRead = { scene, kept };
  return kept;
}

/** Keeps a checkpoint this client wrote or took on in its browser (read again from there when next asked). */
export function keepCheckpoint(s: SyncState, scene: string, written: Written): void {
  s.keeper?.saveCheckpoint(scene, written);
  s.keptRead = null;
}

/** Whether this client waits on time alone (its own pages to come back, a signed checkpoint to appear): its page reads the keys again now and then. */
export function waiting(s: SyncState): boolean {
  return (
    (!s.started && s.takingBackSince !== null) ||
    s.lostSince !== null ||
    s.unsigned.size > 0 ||
    s.behind.size > 0 ||
    s.headUnsigned !== null ||
    choosing(s) ||
    (compactor(s) && s.unprovenPages !== null)
  );
}
