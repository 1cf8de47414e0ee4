// Evenings the convergence property (./converge.ts) once drew that lost an honest action, replayed
// step by step: each stays a test of its own, whatever the property's random draws in a given run.
import { it } from 'vitest';
import { evening, type Step } from './converge';

interface Case {
  readonly name: string;
  readonly mode: 'server' | 'client';
  /** Whether the pages' browsers keep their own copies. */
  readonly storage: boolean;
  readonly steps: readonly Step[];
}

const CASES: Case[] = [
  {
    // Seed 2047986297. The game master compacts player 1's first action; player 1 drops it from his
    // pages; a stale copy of the scene is written back (the checkpoint before, player 1's pages still
    // holding the action); a newcomer reads that copy; then the game master's page and player 1's both
    // reload in browsers that keep nothing: the checkpoint that held the action is nowhere. Before
    // pages were written back for their writer (src/shared-game/returns.ts), the newcomer dropped the
    // action when player 1's new page wrote pages without it, and it was lost on every client.
    name: 'an action a lost checkpoint took with it comes back from the newcomer who read it (seed 2047986297)',
    mode: 'server',
    storage: false,
    steps: [
      { kind: 'tick', ms: 700 },
      { kind: 'act', who: 1, side: 'A' },
      { kind: 'reload', who: 2 },
      { kind: 'compact' },
      { kind: 'tick', ms: 300 },
      { kind: 'tick', ms: 700 },
      { kind: 'compact' },
      { kind: 'hear', who: 0 },
      { kind: 'tick', ms: 700 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'land', who: 0 },
      { kind: 'act', who: 1, side: 'A' },
      { kind: 'hear', who: 1 },
      { kind: 'forge', what: 'stale', victim: 0 },
      { kind: 'reload', who: 0 },
      { kind: 'join' },
      { kind: 'tick', ms: 100 },
      { kind: 'tick', ms: 100 },
      { kind: 'land', who: 0 },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'role', who: 1 },
      { kind: 'reload', who: 1 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'tick', ms: 100 },
      { kind: 'land', who: 0 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'tick', ms: 100 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'tick', ms: 100 },
      { kind: 'up', who: 0 },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'land', who: 0 },
      { kind: 'tick', ms: 100 },
    ],
  },
  {
    // Drawn with another scene’s game, seed 840589022. The game master leaves; a
    // hostile player copies in another scene's game the game master signed (its scene id with it); the
    // game master comes back on a browser that kept nothing. His page took the copy's scene, the players
    // kept the table's: two games, his actions on neither's. Now a compacting game master with nothing
    // of his own plays the scene the players at the table name, as any newcomer does.
    name: 'the game master back on a new browser plays the scene the players name, not a copy of another scene of his',
    mode: 'client',
    storage: false,
    steps: [
      { kind: 'away' },
      { kind: 'forge', what: 'game-elsewhere', victim: 0 },
      { kind: 'up', who: 0 },
      { kind: 'tick', ms: 100 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'hear', who: 0 },
      { kind: 'up', who: 0 },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'tick', ms: 100 },
      { kind: 'tick', ms: 100 },
      { kind: 'land', who: 0 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'tick', ms: 100 },
      { kind: 'back' },
      { kind: 'hear', who: 0 },
      { kind: 'tick', ms: 100 },
      { kind: 'role', who: 1 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'tick', ms: 100 },
      { kind: 'join' },
      { kind: 'land', who: 0 },
      { kind: 'refuse', who: 0 },
    ],
  },
  {
    // Drawn with another scene's game, server merge, with storage. A player acts; another scene's game
    // is copied in before anyone read his action; his page reloads, finds the copy's scene id and waits
    // for the table's. It counted as started with no scene, so once the table's came back it never took
    // its own pages back, and wrote them over empty: the action lost, although his browser kept it.
    name: 'a page that starts on a copy of another scene takes its own pages back once it has the table’s scene',
    mode: 'server',
    storage: true,
    steps: [
      { kind: 'tick', ms: 300 },
      { kind: 'act', who: 2, side: 'A' },
      { kind: 'forge', what: 'game-elsewhere', victim: 0 },
      { kind: 'reload', who: 2 },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'land', who: 0 },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'hostile-act' },
      { kind: 'refuse', who: 0 },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'back' },
      { kind: 'up', who: 2 },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'role', who: 1 },
      { kind: 'land', who: 0 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'tick', ms: 100 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'away' },
      { kind: 'compact' },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'act', who: 2, side: 'A' },
      { kind: 'compact' },
    ],
  },
  {
    // Seed -914114132. The game master leaves; both players' pages reload in browsers that keep nothing
    // while another scene's game is copied in over the table's; the game master comes back on a new
    // browser. The players' records still say they play checkpoint 1, which no one holds any more: the
    // whole table waited for it for ever, the game master's new actions played by no one else. Now he
    // stops waiting after a while (a liveness wait), the game starts again from the pages, numbered
    // past it, and the players follow.
    name: 'a checkpoint every page lost is waited for a while, then the game goes on from the pages',
    mode: 'server',
    storage: false,
    steps: [
      { kind: 'away' },
      { kind: 'reload', who: 1 },
      { kind: 'forge', what: 'game-elsewhere', victim: 0 },
      { kind: 'reload', who: 2 },
      { kind: 'tick', ms: 100 },
      { kind: 'role', who: 1 },
      { kind: 'back' },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'hear', who: 0 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'hear', who: 0 },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'tick', ms: 100 },
      { kind: 'away' },
      { kind: 'land', who: 0 },
      { kind: 'refuse', who: 0 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'hear', who: 0 },
      { kind: 'tick', ms: 100 },
      { kind: 'away' },
      { kind: 'back' },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'refuse', who: 0 },
      { kind: 'forge', what: 'clock', victim: 0 },
    ],
  },
  {
    // Seed -1206706073. The checkpoint deleted, every page reloaded with nothing of its own, another
    // scene's game copied in: the game master stopped waiting for the checkpoint the players named and
    // started again from the pages, but still waited for the one his own record signed (the same lost
    // checkpoint), so he never compacted and his action stayed in his keys. Giving up on one now gives
    // up on both, numbered past each.
    name: 'a game master who starts again from the pages waits for no lost checkpoint any more',
    mode: 'server',
    storage: false,
    steps: [
      { kind: 'compact' },
      { kind: 'tick', ms: 700 },
      { kind: 'reload', who: 1 },
      { kind: 'forge', what: 'delete-game', victim: 0 },
      { kind: 'reload', who: 0 },
      { kind: 'up', who: 1 },
      { kind: 'back' },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'forge', what: 'game-elsewhere', victim: 0 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'refuse', who: 0 },
      { kind: 'reload', who: 2 },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'land', who: 0 },
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'up', who: 0 },
      { kind: 'forge', what: 'clock', victim: 0 },
      { kind: 'hear', who: 0 },
      { kind: 'compact' },
      { kind: 'land', who: 0 },
      { kind: 'back' },
      { kind: 'join' },
      { kind: 'refuse', who: 0 },
      { kind: 'act', who: 0, side: 'A' },
    ],
  },
  ...(['server', 'client'] as const).map((mode): Case => ({
    // Drawn with another scene's game and the game master's early leaving: he leaves before anything
    // is compacted, another scene's game he signed is copied in (its scene id with it), two newcomers
    // join, and he comes back on a browser that kept nothing. The newcomers and his page followed the
    // keys' scene id (no player plays a checkpoint yet, so no one's word counted): his action lost to
    // him. A page that starts now takes the word of the players who saw a game master on the scene.
    name: 'before anything is compacted, pages that start take the scene of the players who saw the game master there, not a copy of another',
    mode,
    storage: false,
    steps: [
      { kind: 'act', who: 0, side: 'A' },
      { kind: 'away', early: true },
      { kind: 'forge', what: 'game-elsewhere', victim: 0 },
      { kind: 'join' },
      { kind: 'join' },
      { kind: 'tick', ms: 700 },
      { kind: 'hear', who: 1 },
      { kind: 'hear', who: 2 },
    ],
  })),
];

for (const c of CASES)
  it(
    `${c.name} (${c.mode} merge${c.storage ? '' : ', no storage'})`,
    () => evening(c.mode, [...c.steps], c.storage),
    60_000,
  );
