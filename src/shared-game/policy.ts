// Time in the shared game, in one place.
//
// The shared game's outcome — which actions count, in what order, who was game master for them, what
// is kept — should be decided by what the keys hold, never by a clock (y-protocols and Excalidraw keep
// time out of the merge: a timeout there only drops presence). Time belongs here only for liveness:
// when to write again, when to say something is late, when to stop waiting for what may never come.
//
// Every constant is labelled below (`LIVENESS` or `DECIDES`). Those in `DECIDES` still decide an
// outcome, not only its moment: each says what, and is a debt of issue 36 ("Outcomes no clock
// decides"). `test/unit/shared-game/policy.test.ts` fails on a constant with no label. Two more live
// elsewhere: `LIMITS.compactAfterMs` (./model.ts: how soon the compactor compacts; liveness) and the
// `settleMs` option of ./types.ts (ops played for less than it stay out of a compaction; liveness: they
// go into the next one, in the same order).

/** How a writer waits and retries (ms). */
export const SYNC_TIMING = {
  /** A write of ours not echoed yet is waited for this long before it is made again. */
  patience: 1500,
  /** After the tabletop refused a write: 1, 2, 4, 8 s… up to this, before trying again. */
  maxBackoff: 8000,
  /** An action not on the table after this long is shown as failed (and still retried). */
  failedMs: 10_000,
  /** A key that stays unsigned, or a checkpoint no game master signs, this long is said (a moment is a write on its way). Only said: what is played meanwhile is what the records sign. */
  reportAfterMs: 3000,
  /** A client that holds the signed checkpoint writes it back after the keys lacked it this long (the compactor at once). */
  restoreAfterMs: 3000,
  /**
   * A compacting game master stops waiting after this long for a checkpoint no one writes back (one he
   * signed, one the players say they play, or a newer one another game master at the table signs): he
   * is asked about the scene's, or the game starts again from the pages, numbered past it, or goes on
   * from his own; he is told in the first two cases.
   */
  giveUpMs: 15_000,
  /** A gone writer's emptied keys are kept covered this long (a stale copy may bring them back), then forgotten. */
  forgetMs: 60_000,
  /**
   * A game master's actions still on their way when he hands the role over keep his authority if they
   * reach this client within this long (he could have made them a moment earlier; a late joiner reads
   * the checkpoint's word for them).
   */
  roleGraceMs: 10_000,
  /**
   * A page that starts and finds its keys written over waits this long for its signed pages to be
   * written back: longer than a player takes to hear the keys (about 1 s), wait his twice
   * `restoreAfterMs`, reach his next heal (1 s) and have the write arrive, since the compacting game
   * master who writes back first may be the very page that restarts. Then it goes on from the earlier
   * version its record signed; what only the later one held comes back from the pages that played it
   * when they return (test/unit/shared-game/take-back.test.ts).
   */
  takeBackMs: 12_000,
  /**
   * A scene with no id yet waits this long for the game master's page to give it one, then any client
   * does (at once with no game master at the table). Two ids written at once: the compactor keeps his,
   * a player's gives way to the keys', and his page writes his actions again under it; nothing is lost
   * (test/unit/shared-game/scene-id.test.ts).
   */
  sceneIdMs: 5000,
  /**
   * Keys of no one at the table (unsigned, or signed by a key no one asks about) are emptied once they
   * stood still this long: a hostile player cannot fill the scene with made-up writers. A newcomer the
   * other pages do not list yet loses nothing by it: his page writes his keys again until the table
   * holds them (test/unit/shared-game/stranger.test.ts).
   */
  strangerMs: 5000,
} as const;

/** Constants that only decide when: a write made again, a delay said, a wait ended with nothing lost by ending it. */
export const LIVENESS: readonly (keyof typeof SYNC_TIMING)[] = [
  'patience',
  'maxBackoff',
  'failedMs',
  'reportAfterMs',
  'restoreAfterMs',
  'strangerMs',
  'sceneIdMs',
  'takeBackMs',
];

/** Constants that still decide an outcome (what is played, kept or whose it is), each with what it decides. */
export const DECIDES: Readonly<Partial<Record<keyof typeof SYNC_TIMING, string>>> = {
  giveUpMs:
    'a compactor stops waiting for a checkpoint he signed, the players play, or another game master at the table signs, and stops holding back a writer whose pages say another checkpoint holds actions of his (a gone one: per player, once a minute): what reached him by then is what the game goes on from',
  forgetMs:
    "a gone writer leaves the checkpoint's covers; a line of checkpoints that lists whom it forgot (`Head.forgot`) keeps every client from playing his keys again when a stale copy brings them back, so it decides only on a line started before that, or for a writer past the newest 64 forgotten: a page that never saw him covered (a newcomer) would play them again",
  roleGraceMs:
    "a game master's actions still on their way when he hands the role over keep his authority only if they arrive within it",
};

/**
 * How often a tabletop's page drives the shared game (ms), the same on every tabletop (Owlbear's
 * background page, a Roll20 tab): liveness only, each a moment and never an outcome.
 */
export const HOST_TIMING = {
  /** The page's tick: what waits on time alone is read again, writes healed, a compaction tried. */
  tickMs: 1000,
  /** A game master's page compacts at most this often: a burst of actions never piles up checkpoints. */
  compactEveryMs: 500,
  /** A sealed value of this player's the game read is opened for the table at once, and again after this long if its opening did not land. */
  revealAgainMs: 10_000,
} as const;
