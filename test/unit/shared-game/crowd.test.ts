// Issue 36, fault 3: one player with 64 connections (tabs) at the table filled the writer limit before
// an honest player first wrote, and the honest player's spend was never played, nor covered, nor said.
// Writers are now budgeted per player: each player's first tabs before anyone's next ones. Under both
// readings of Owlbear's merge.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/shared-game/model';
import type { Client } from '../../support/owlbear-room';
import { Table, names, sideEdited } from './harness';

describe.each(['server', 'client'] as const)('one player in many tabs (%s merge)', (mode) => {
  it('64 tabs of one player never crowd another out; his tabs past the first few are told, and not played', async () => {
    const table = new Table(mode, 1);
    await table.chooseGame(3);
    // 64 connections of one player, each an honest page of its own (his writes are signed by his records).
    const tabs: Client[] = Array.from({ length: 64 }, (_, i) =>
      table.client(`a${String(i).padStart(2, '0')}.bg`, 'many', false),
    );
    table.room.join(...tabs);
    table.players.push(...tabs);
    for (const c of tabs) await table.hear(c);
    let played = 0;
    for (const [i, c] of tabs.entries()) {
      const r = await c.game.submit(sideEdited('A', `tab${i}`));
      if (r.ok) {
        table.send(c, r.value.writes);
        played++;
      } else expect(r.error).toEqual({ code: 'table-too-many-tabs', params: { max: LIMITS.writersPerPlayer } });
    }
    expect(played).toBe(LIMITS.writersPerPlayer);
    // A player whose connection sorts after all of them acts once.
    const late = table.client('zz.bg', 'late', false);
    table.room.join(late);
    table.players.push(late);
    await table.hear(late);
    expect(await table.act(late, sideEdited('B', 'honest'))).toBe(true);
    await table.settle();
    const want = ['honest', ...Array.from({ length: LIMITS.writersPerPlayer }, (_, i) => `tab${i}`)].sort();
    for (const c of [table.gm, late, tabs[0]!]) expect(names(c).sort(), c.me.writer).toEqual(want);
  }, 60_000);
});
