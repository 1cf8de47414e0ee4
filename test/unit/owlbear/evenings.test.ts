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
];

for (const c of CASES) it(`${c.name} (${c.mode} merge${c.storage ? '' : ', no storage'})`, () => evening(c.mode, [...c.steps], c.storage), 60_000);
