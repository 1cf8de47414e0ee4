// Playing: the checkpoint's game, then every accepted op, through the store's own rules; and the view
// the host shows.
import type { StoreRoot } from '../store/root';
import type { TableGame } from './model';
import { clockCeiling } from './ops';
import { withOpened, type PlacedOp } from './play';
import { SYNC_TIMING } from './policy';
import { orderOps } from './order';
import type { SyncState } from './state';
import type { Unsent, SharedState } from './types';
import { author, compactingHolder, coveredOf, gmNow, stillSigned, droppedNow, unvouched } from './queries';

/** Which ops play, in what order, with what authority (./order.ts). */
export function placed(s: SyncState): PlacedOp[] {
  const { ops, claims } = orderOps({
    seen: s.seen,
    coveredOf: (writer) => coveredOf(s, writer),
    playerOf: (writer) => {
      const holder = s.keys.holderOf(writer);
      return s.live.get(holder)?.author.player ?? s.remembered.get(holder)?.player;
    },
    // Pages their record does not sign yet, which take nothing back of what was accepted, are most
    // often a write on its way (its pages before its record): what was accepted plays on (dropping it
    // would take his actions, a whole system's game if he made it, off the board) while his record
    // still signs it, and is written back meanwhile (`pagesToWriteBack`), so that a client that never
    // read it reads it too.
    current: (writer) =>
      s.current.has(writer) ||
      (s.unsigned.get(s.keys.page(writer, 0))?.carriesOn === true && stillSigned(s, writer, s.keys.holderOf(writer))),
    gmNow: (writer) => gmNow(s, writer),
    // A game master's claim holds if its writer was one (or had just stopped: `roleGraceMs`) when this
    // client accepted the op, or when the checkpoint's compactor did; this page's own, when it made them.
    gmThrough: (writer) => Math.max(s.base.gm[writer] ?? 0, s.gmSeen.get(writer) ?? 0),
    me: {
      writer: s.me.writer,
      author: author(s),
      ops: s.mine,
      covered: s.base.covers[s.me.writer] ?? 0,
    },
    claimKey: (writer) => s.keys.page(writer, 0),
  });
  s.claims = claims;
  return ops;
}

export function replay(s: SyncState): void {
  s.ops = placed(s);
  s.played = s.player.play(s.base.game, s.ops);
  s.clock = Math.min(Math.max(s.clock, s.played.clock, s.base.lamport), clockCeiling(s.base.lamport));
  const now = s.at;
  const ids = new Set(s.ops.map((o) => o.id));
  for (const id of ids) if (!s.firstPlayed.has(id)) s.firstPlayed.set(id, now);
  for (const id of s.firstPlayed.keys()) if (!ids.has(id)) s.firstPlayed.delete(id);
  s.revision++;
}

/** The table's game for this client. */
export function viewOf(s: SyncState): SharedState {
  const played = s.played ?? s.player.play(s.base.game, []);
  const ops = s.ops;
  const own = s.secrets.values();
  const refused = ops
    .filter((op) => played.refused.has(op.id) && op.writer === s.me.writer)
    .map((op) => ({ id: op.id, writer: op.writer, request: op.request, error: played.refused.get(op.id)! }));
  const now = s.at;
  const unsent: Unsent[] = [...s.covered, ...s.mine]
    .filter((op) => s.missing.has(op.seq))
    .map((op) => ({
      id: `${s.me.writer}:${op.seq}`,
      request: op.request,
      status: now - s.missing.get(op.seq)! >= SYNC_TIMING.failedMs || s.failures >= 3 ? 'failed' : 'pending',
    }));
  return {
    game: played.game,
    root: viewRoot(s, played.game, own),
    refused,
    dropped: droppedNow(s),
    refusedLately: s.refusedLog,
    refusedCount: s.refusedSeen.size,
    unsent,
    toOpen: [...played.toOpen].filter((seal) => own.has(seal)),
    damaged: s.damaged,
    pendingOps: ops.length,
    pendingChars: ops.reduce((n, op) => n + JSON.stringify(op.request).length + 40, 0),
    checkpoint: { trust: s.base.trust, gen: s.base.gen },
    // Its own page's word (a popover hears it from the background page, among what it refused).
    ownKeyWrittenOver: [...s.tampered, ...s.refusedLog].some((t) => t.forged && t.key === s.keys.page(s.me.writer, 0)),
    unvouched: unvouched(s),
    unproven: compactingHolder(s) ? (s.unprovenPages?.summary ?? null) : null,
  };
}

/** The root as this client shows it: its own sealed values opened, with a revision that only grows. */
export function viewRoot(s: SyncState, game: TableGame, own: ReadonlyMap<string, string>): StoreRoot {
  const ownKey = [...own.keys()].join(',');
  if (s.viewCache && s.viewCache.game === game && s.viewCache.own === ownKey)
    return { ...s.viewCache.root, revision: s.revision };
  const known = new Map([...Object.entries(game.opened), ...own]);
  const root: StoreRoot = { ...withOpened(game.root, known), revision: s.revision, recent: [] };
  s.viewCache = { game, own: ownKey, root };
  return root;
}
