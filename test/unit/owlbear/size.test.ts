// What a long game of each system takes in an Owlbear scene's metadata (docs/owlbear.md gives the
// figures): 400 actions by two players (test/support/long-games.ts), compacted as the game master's
// client does, on a room that refuses what Owlbear is reported to refuse (a key above 12 KiB, a write
// above 48 KiB). Owlbear documents a 16 kB limit for a room's metadata and none for a scene's; we hold
// the scene's game to the room's, with room to spare.
import { describe, expect, it } from 'vitest';
import { SYSTEM_IDS } from '../../../src/rules/ids';
import { playLongGame } from '../../support/long-games';
import { OWLBEAR_STORES } from '../../support/owlbear-room';

const KB = 1024;

describe.each(SYSTEM_IDS)('a long %s game on a shared scene', (system) => {
  it('stays well under 16 kB of metadata all along, every key and write within what Owlbear stores, both clients agreeing', async () => {
    const g = await playLongGame(system, 400);
    console.log(
      `${system}: ${g.actions} actions (${g.events} events in the log), metadata at most ${(g.maxChars / KB).toFixed(1)} kB, ${(g.finalChars / KB).toFixed(1)} kB at the end; checkpoint ${(g.gameChars / KB).toFixed(1)} kB (${(g.gameJsonChars / KB).toFixed(1)} kB as JSON), ${g.compactions} compactions; largest key ${g.largestKey} B, largest write ${g.largestWrite} B`,
    );
    expect(g.actions).toBe(400);
    // Mostly play, not undo: a game, not a stutter.
    expect(g.types.undo ?? 0).toBeLessThan(40);
    expect(g.maxChars).toBeLessThan(8 * KB);
    expect(g.gameChars).toBeLessThan(4 * KB);
    expect(g.compactions).toBeGreaterThan(10);
    expect(g.refusedForSize).toBe(0);
    expect(g.largestKey).toBeLessThanOrEqual(OWLBEAR_STORES.key);
    expect(g.largestWrite).toBeLessThanOrEqual(OWLBEAR_STORES.write);
    expect(g.player.game.state.root.games).toEqual(g.gm.game.state.root.games);
  }, 60_000);
});
