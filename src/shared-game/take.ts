// Taking a checkpoint: played once proven, asked of the compacting game master when nothing here
// vouches for it, or given up on.
import { ok } from '../game/result';
import type { StoreRoot } from '../store/root';
import { CheckpointReader, headText, type Head } from './checkpoint';
import { refusal, type Dropped, type TableGame } from './model';
import { checkpointEntry, digestText } from './records';
import { SYNC_TIMING } from './policy';
import { forgotOf } from './compact';
import { bound } from './bound';
import { eventsIn, NO_BASE, type SyncState } from './state';
import type { Trust, Unvouched } from './types';
import { compactor, gone, trustOf, note, keptCheckpoint, keepCheckpoint } from './queries';

/** Plays from a checkpoint (the keys', or the copy this browser kept), if all its parts are there (else waits for them). */
export async function take(
  s: SyncState,
  head: Head,
  hash: string,
  get: (part: string) => unknown,
  trust: Trust,
  dropped: Dropped[],
): Promise<boolean> {
  const read = await s.reader.read(head, get);
  if (!read.ok) {
    if (!read.missing) dropped.push({ key: s.keys.head, problem: read.problem, kind: 'unreadable' });
    return false;
  }
  const checked = check(s, read.game);
  // A writer gone from the table whom a newer checkpoint no longer lists was forgotten by its compactor
  // once all of him was in: what this page still holds of him was played, and never is again. (One of
  // the same number, another game master's, may simply never have held him, nor a writer at the table:
  // what it lacks of his is played on top of it.)
  for (const [writer, seq] of Object.entries(s.base.covers)) {
    if (writer in head.covers || head.gen <= s.base.gen || !gone(s, writer)) continue;
    // (One that lists whom its compactor forgot says so: not listed, its line never held him.)
    if (forgotOf(head.forgot, writer) === 'never') continue;
    s.forgotten.set(writer, Math.max(seq, s.forgotten.get(writer) ?? 0));
    s.seen.delete(writer);
  }
  bound(s.forgotten, 1000);
  s.base = {
    game: checked.game,
    covers: head.covers,
    lamport: head.lamport,
    gm: head.gm,
    gen: head.gen,
    trust,
    written: { head, parts: read.parts },
    hash,
    left: head.left ?? [],
    forgot: head.forgot ?? null,
  };
  s.damaged = [...read.notices, ...checked.notices];
  if (trust === 'own') await s.writer.adopt(s.base.written!, s.reader);
  return true;
}

/** A checkpoint's logs replayed by their rules: a log they refuse is set aside alone, and said. */
export function check(s: SyncState, game: TableGame): { game: TableGame; notices: string[] } {
  const refused = s.player.check(game);
  if (!refused.length) return { game, notices: [] };
  const games = { ...game.root.games } as Record<string, unknown>;
  for (const r of refused) delete games[r.system];
  const next = { ...game, root: { ...game.root, games: games as StoreRoot['games'] } };
  s.player.check(next);
  return {
    game: next,
    notices: refused.map((r) => `${r.system}: event ${r.event} refused by the rules (${r.code})`),
  };
}

/** What a checkpoint no one here stands behind holds, for its game master to choose (read once each). */
export async function summary(
  s: SyncState,
  head: Head,
  hash: string,
  scene: string,
  dropped: Dropped[],
): Promise<Unvouched> {
  const disputed = trustOf(s, scene).disputed;
  const known = s.summaries.get(hash);
  if (known) return { ...known, disputed };
  let events: number | null = null;
  if (compactor(s)) {
    const read = await new CheckpointReader(s.codec).read(head, (p) => s.raw[s.keys.part(p)]);
    if (read.ok) events = eventsIn(read.game);
    else if (!read.missing) dropped.push({ key: s.keys.head, problem: read.problem, kind: 'unreadable' });
  }
  const summary: Unvouched = {
    gen: head.gen,
    events,
    writers: Object.keys(head.covers).length,
    key: head.key?.slice(0, 8) ?? null,
    disputed,
    kept: null,
  };
  if (events !== null) s.summaries.set(hash, summary);
  bound(s.summaries, 20);
  return summary;
}

/**
 * The compacting game master's one wait for a lost checkpoint: the one the players say they play, or
 * the one his own record signs from an earlier life, that the scene does not hold and his browser did
 * not keep. Meanwhile he compacts nothing and is asked nothing; a client that holds it writes it back.
 * After `giveUpMs` with no one doing so (every page that held it reloaded with nothing of its own; or
 * a hostile player's record names a number no one plays) the caller decides: play what another game
 * master signs, ask him about the scene's, or start again from the pages (`startAgainFromPages`).
 * Liveness only: it decides when, not what is kept. True while still waiting.
 */
export function waitForLost(s: SyncState, now: number): boolean {
  s.waitedThisRead = true;
  s.lostSince ??= now;
  if (now - s.lostSince < SYNC_TIMING.giveUpMs) return true;
  s.lostSince = null;
  return false;
}

/** No checkpoint can be had: the game starts again from the pages, numbered past every lost one, and his page is told. */
export function startAgainFromPages(s: SyncState, lostGen: number, problem: string): void {
  note(s, [refusal(s.keys.head, problem)]);
  s.base = { ...NO_BASE, gen: Math.max(lostGen, s.base.gen), trust: 'own', forgot: {} };
  s.damaged = [];
  s.resign = true;
  s.lostSince = null;
}

/**
 * The compacting game master takes the checkpoint on as his own (and signs it); another game master
 * signs the one he checked. A compactor whose earlier life signed a checkpoint the keys no longer
 * hold puts back the copy his browser kept, or waits for a client that holds it to write it back,
 * and in the end takes the keys' as found, and says so.
 */
export async function takeOn(
  s: SyncState,
  scene: string,
  now: number,
  found: { head: Head; hash: string } | null,
): Promise<void> {
  if (!s.me.gm || s.mirror) return;
  const signed = checkpointEntry(s.book.record, scene);
  if (!compactor(s)) {
    await standBehind(s, scene, signed);
    return;
  }
  if (s.base.trust === 'own') return;
  // The copy this browser kept of the last checkpoint this compactor wrote: its own, where no one
  // else writes, and never older than what its record signs (it is kept before it is signed). It
  // stands over the scene's unless another game master at the table signs the scene's.
  const kept = keptCheckpoint(s, scene);
  const othersSign =
    s.base.hash !== null &&
    [...s.live.values()].some((m) => m.author.gm && checkpointEntry(m.record, scene)?.h === s.base.hash);
  // A checkpoint another game master signs, older than the one this compactor signed: his word lags (the newer one may be on its way back).
  const behind = signed !== null && signed.g > s.base.gen;
  if (s.base.trust !== 'verified' || behind || (!othersSign && kept && kept.head.gen > s.base.gen)) {
    // The scene holds a newer one than his, that no one here can show is a game master's: a player made
    // one while he was away may have written it, with actions no other copy holds (seed -1875695559), or
    // it is a forgery. He is asked; not taking it puts his own back (`choose`).
    if (
      kept &&
      s.base.trust === 'none' &&
      found &&
      found.head.gen > kept.head.gen &&
      s.unvouchedHead?.hash === found.hash
    )
      return;
    if (kept && (await putBack(s, scene, kept, signed?.g ?? 0))) return;
    if (signed && s.base.hash !== signed.h && s.gaveUpOn !== signed.h) {
      // Signed in an earlier life, kept nowhere here: wait for a client that holds it, then play the
      // one another game master signs, or (the scene holds one no one here stands behind) let him
      // choose, or (none there) start again from the pages, numbered past the lost one.
      if (waitForLost(s, now)) return;
      s.gaveUpOn = signed.h;
      if (s.base.trust === 'verified') {
        note(s, [
          refusal(
            s.keys.head,
            'the checkpoint you signed is nowhere to be had: the older one another game master signs is played',
          ),
        ]);
      } else if (found && !s.declined.has(found.hash)) {
        note(s, [
          refusal(
            s.keys.head,
            'the checkpoint you signed is nowhere to be had, and no one here stands behind the scene’s: yours to choose',
          ),
        ]);
      } else {
        startAgainFromPages(
          s,
          signed.g,
          'the checkpoint you signed is nowhere to be had, and the scene holds none that reads: the game starts again from your pages',
        );
        sign(s, scene);
        return;
      }
    }
  }
  if (s.base.trust === 'verified') {
    s.base = { ...s.base, trust: 'own' };
    if (s.base.written) {
      await s.writer.adopt(s.base.written, s.reader);
      // Kept in this browser as one it wrote: his next connection puts it back should the scene lose it
      // (seed -288810071: a player made game master took another's checkpoint over and refreshed; it
      // was lost with the action only it held).
      keepCheckpoint(s, scene, s.base.written);
    }
  }
  sign(s, scene);
}

/** A game master who does not compact signs the checkpoint he plays, and puts back the one his browser kept where the scene holds an older one. */
async function standBehind(s: SyncState, scene: string, signed: { h: string; g: number } | null): Promise<void> {
  // A game master back in the browser where he compacted (a player made one while the game master was
  // away) puts back what it kept when the scene holds an older one: the only copy of the actions it
  // folded in that their writers' pages dropped (seed 1561174215). He signs it; the compactor, seeing a
  // game master sign a newer one, takes it once it is back on the keys (`restoring`). Never over one of
  // its number: of two, every client plays the one that sorts first, and he would undo that at each read.
  const kept = keptCheckpoint(s, scene);
  if (kept && s.base.trust !== 'own' && kept.head.gen > s.base.gen)
    await putBack(s, scene, kept, signed?.g ?? 0, 'verified');
  if (s.base.trust === 'verified' && s.base.hash && signed?.h !== s.base.hash)
    s.book.setCheckpoint(scene, { h: s.base.hash, g: s.base.gen });
}

export function sign(s: SyncState, scene: string): void {
  if (s.base.hash) s.book.setCheckpoint(scene, { h: s.base.hash, g: s.base.gen });
}

/** The checkpoint this browser kept, played again over the scene's: never one older than the table says it plays (another game master compacted since, while he was away). */
export async function putBack(
  s: SyncState,
  scene: string,
  kept: { head: Head; parts: Readonly<Record<string, string>> },
  signedGen: number,
  trust: 'own' | 'verified' = 'own',
): Promise<boolean> {
  const hash = digestText(headText(kept.head));
  if (kept.head.gen < Math.max(signedGen, s.base.gen, trustOf(s, scene).newest)) return false;
  if (s.base.hash === hash || !(await take(s, kept.head, hash, (p) => kept.parts[p], trust, []))) return false;
  note(s, [
    refusal(s.keys.head, 'the checkpoint in the scene was not the last one you wrote: put back from your browser'),
  ]);
  s.lostSince = null;
  sign(s, scene);
  return true;
}
