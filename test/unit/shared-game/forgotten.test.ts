// Issue 36, fault 2: a departed player's action played twice. The game master empties a gone writer's
// keys once all of it is in the checkpoint, and a minute later his checkpoint forgets that writer; a
// page that still held the writer's ops must not play them again. Under both readings of Owlbear's merge.
import { describe, expect, it } from 'vitest';
import { Table, names, sideEdited } from './harness';

describe.each(['server', 'client'] as const)('a writer the checkpoint forgets (%s merge)', (mode) => {
  it('a departed player’s action stays played once, on every page, after the checkpoint forgets him', async () => {
    const table = new Table(mode, 2);
    await table.chooseGame(3);
    const [p1, p2] = table.players as [(typeof table.players)[0], (typeof table.players)[0]];
    expect(await table.act(p2, sideEdited('A', 'gone'))).toBe(true);
    expect(await table.act(p1, sideEdited('B', 'stays'))).toBe(true);
    await table.settle(3);
    // The player leaves (his connection and its player metadata go); the game master compacts, empties his keys, and later forgets him.
    table.room.leave(p2);
    table.down.add(p2);
    table.players.splice(1, 1);
    for (let i = 0; i < 100; i++) {
      await table.tick(1000);
      await table.compact(false);
    }
    await table.settle();
    const head = table.metadata['dev.commandpost/game'] as { covers: Record<string, number> };
    expect(Object.keys(head.covers)).not.toContain(p2.me.writer);
    for (const c of table.honest) expect(names(c).sort(), c.me.writer).toEqual(['gone', 'stays']);
  });
});
