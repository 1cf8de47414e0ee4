// Benchmark (issue 25): the shared game's core (src/shared-game/) on an Owlbear room modelled in Node
// (test/support/owlbear-room.ts, which refuses a key above 12 KiB and a write above 48 KiB as Owlbear is
// reported to). Two clients, the game master and a player, play a long Hell Dorado game — each action
// one of the events the system's scenarios play, drawn among those the rules accept, an undo now and
// then — and read the room every `READ_EVERY` actions; the game master compacts as his page does.
// For a game of 36,000 actions, then 100,000: whether both clients agree, the largest key and write
// the room was sent, the game master's compaction time (target ≤ 20 ms), and what a late joiner takes
// to read the whole game (target ≤ 500 ms). And one action on the writer whose log holds 2,000 ops
// (target ≤ 10 ms median).
import { SharedGame } from '../src/shared-game/sync';
import { OWLBEAR_KEYS } from '../src/adapters/owlbear/keys';
import type { SceneRequest } from '../src/shared-game/scene-request';
import { playLongGame } from '../test/support/long-games';
import { OWLBEAR_STORES, client, nodeCodec, write } from '../test/support/owlbear-room';
import { signedText, type Head } from '../src/shared-game/checkpoint';
import { keyPairOf, signCheckpoint, signPages, verifyCheckpoint, verifyPages } from '../src/shared-game/signing';
import { median, quantile, round3 } from './timing';

export interface SharedGameLong {
  actions: number;
  events: number;
  playSeconds: number;
  agree: boolean;
  largestKeyBytes: number;
  largestWriteBytes: number;
  refusedForSize: number;
  metadataBytes: number;
  checkpointBytes: number;
  compactions: number;
  compactMedianMs: number;
  compactMaxMs: number;
  compactP99Ms: number;
  /** The slowest compaction less the garbage collector's pauses inside it, and the longest such pause. */
  compactWorkMaxMs: number;
  compactGcMaxMs: number;
  lateJoinMs: number;
  lateJoinEvents: number;
}

export interface SharedGameBenchResult {
  long: SharedGameLong[];
  /** One action (submit: checked, sealed, played, signed) by the writer, its log at 2,000 ops. */
  actionAt2000: { ops: number; medianMs: number; p95Ms: number };
  /**
   * Ed25519 (WebCrypto, as the pages run it): signing a checkpoint's head (once per compaction) and
   * checking it (once per checkpoint a client reads); signing a writer's pages (once per write of his,
   * game master or player: what keeps them his across a refresh) and checking it (only for pages of a
   * connection gone from the table, once per version read).
   */
  signing: { signMedianMs: number; verifyMedianMs: number; pagesSignMedianMs: number; pagesVerifyMedianMs: number };
}

const SIZES = (process.env.SHARED_GAME_BENCH_SIZES ?? '36000,100000').split(',').map(Number);
const READ_EVERY = Number(process.env.SHARED_GAME_BENCH_READ_EVERY ?? 5);

export async function benchSharedGame(log: (line: string) => void = () => {}): Promise<SharedGameBenchResult> {
  const long: SharedGameLong[] = [];
  for (const actions of SIZES) {
    const t0 = performance.now();
    const g = await playLongGame('hd-command', actions, { readEvery: READ_EVERY });
    const playSeconds = (performance.now() - t0) / 1000;
    const agree = JSON.stringify(g.gm.game.state.root.games) === JSON.stringify(g.player.game.state.root.games);
    // A player who joins now: his page reads the whole scene once.
    const late = client('conn-late.bg', 'late', false);
    g.room.join(late);
    const t1 = performance.now();
    await g.room.deliver(late);
    const lateJoinMs = performance.now() - t1;
    const lateJoinEvents = late.game.state.root.games['hd-command']?.log.events.length ?? 0;
    const sizes = SharedGame.size(OWLBEAR_KEYS, g.room.metadata);
    const row: SharedGameLong = {
      actions: g.actions,
      events: g.events,
      playSeconds: round3(playSeconds),
      agree: agree && JSON.stringify(late.game.state.root.games) === JSON.stringify(g.gm.game.state.root.games),
      largestKeyBytes: g.largestKey,
      largestWriteBytes: g.largestWrite,
      refusedForSize: g.refusedForSize,
      metadataBytes: sizes.total,
      checkpointBytes: sizes.game,
      compactions: g.compactions,
      compactMedianMs: round3(g.compactMedianMs),
      compactMaxMs: round3(g.compactMaxMs),
      compactP99Ms: round3(g.compactP99Ms),
      compactWorkMaxMs: round3(g.compactWorkMaxMs),
      compactGcMaxMs: round3(g.compactGcMaxMs),
      lateJoinMs: round3(lateJoinMs),
      lateJoinEvents,
    };
    long.push(row);
    log(
      `shared game, ${row.actions} actions (${row.events} events): both clients and a late joiner agree: ${row.agree}; largest key ${row.largestKeyBytes} B, largest write ${row.largestWriteBytes} B (Owlbear: ${OWLBEAR_STORES.key}, ${OWLBEAR_STORES.write}), ${row.refusedForSize} refused; metadata ${(row.metadataBytes / 1024).toFixed(1)} kB (checkpoint ${(row.checkpointBytes / 1024).toFixed(1)} kB); compaction median ${row.compactMedianMs} ms, p99 ${row.compactP99Ms} ms, at most ${row.compactMaxMs} ms (${row.compactions}), at most ${row.compactWorkMaxMs} ms less the garbage collector's pauses inside it (the longest ${row.compactGcMaxMs} ms); late joiner reads it in ${row.lateJoinMs} ms; played in ${row.playSeconds} s`,
    );
  }
  // One action on the writer, its game's log at 2,000 ops, compacted.
  const g = await playLongGame('hd-command', 2000, { readEvery: 1 });
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const request: SceneRequest = {
      type: 'game/dispatch',
      system: 'hd-command',
      event: { type: 'sideEdited', side: i % 2 ? 'A' : 'B', name: `Bench ${i}` },
    };
    const t0 = performance.now();
    const r = await g.gm.game.submit(request);
    times.push(performance.now() - t0);
    if (r.ok) write(g.room, g.gm, r.value.writes);
    await g.room.deliver(g.gm);
    if (g.gm.game.needsCompaction()) write(g.room, g.gm, await g.gm.game.compact());
  }
  const measured = times.slice(50);
  const actionAt2000 = { ops: g.actions, medianMs: round3(median(measured)), p95Ms: round3(quantile(measured, 0.95)) };
  log(
    `shared game: one action on the writer, its log at ${actionAt2000.ops} ops: median ${actionAt2000.medianMs} ms, p95 ${actionAt2000.p95Ms} ms (target ≤ 5 ms)`,
  );
  // A checkpoint's head as the game master signs it, and as every client checks it.
  const head = g.room.metadata[OWLBEAR_KEYS.head] as Head;
  const text = signedText(head);
  const pair = (await keyPairOf(nodeCodec, null, () => undefined))!;
  const signs: number[] = [];
  const checks: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    const sig = (await signCheckpoint(nodeCodec, pair.secret, text))!;
    const t1 = performance.now();
    if (!(await verifyCheckpoint(nodeCodec, pair.publicKey, sig, text))) throw new Error('signature refused');
    checks.push(performance.now() - t1);
    signs.push(t1 - t0);
  }
  const pagesSigns: number[] = [];
  const pagesChecks: number[] = [];
  const pages = { scene: head.scene, player: 'p1', gm: false, h: '0123456789abcdef0123456789abcdef' };
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    const sig = (await signPages(nodeCodec, pair.secret, pair.publicKey, 'conn-p1.bg', pages))!;
    const t1 = performance.now();
    if (!(await verifyPages(nodeCodec, 'conn-p1.bg', sig))) throw new Error('signature refused');
    pagesChecks.push(performance.now() - t1);
    pagesSigns.push(t1 - t0);
  }
  const signing = {
    signMedianMs: round3(median(signs.slice(50))),
    verifyMedianMs: round3(median(checks.slice(50))),
    pagesSignMedianMs: round3(median(pagesSigns.slice(50))),
    pagesVerifyMedianMs: round3(median(pagesChecks.slice(50))),
  };
  log(
    `shared game: a checkpoint's head (${text.length} characters) signed in ${signing.signMedianMs} ms, checked in ${signing.verifyMedianMs} ms (median; once per compaction, once per checkpoint read)`,
  );
  log(
    `shared game: a writer's pages signed in ${signing.pagesSignMedianMs} ms, checked in ${signing.pagesVerifyMedianMs} ms (median; once per write of his, once per version of a gone connection's pages read)`,
  );
  return { long, actionAt2000, signing };
}
