// A page that starts again (a reload, the same connection) with no storage, on keys a stale copy wrote
// over: its record signs pages the keys no longer hold. It waits `SYNC_TIMING.takeBackMs` for a page
// that holds them to write them back, then goes on from the earlier version its record signed.
import { describe, expect, it } from 'vitest';
import { OPS_PREFIX } from '../../../src/adapters/owlbear/keys';
import { SYNC_TIMING } from '../../../src/shared-game/policy';
import { Table, names, sideEdited } from './harness';

describe.each(['server', 'client'] as const)('a page that starts on its keys written over (%s merge)', (mode) => {
  it('the one page that holds its signed pages is away longer than it waits: what it holds comes back once it returns, in its place, played once by everyone', async () => {
    const table = new Table(mode, 2, 900, 600, false);
    await table.chooseGame(6);
    const gm = table.gmLeaves();
    let [p1, p2] = table.players as [typeof gm, typeof gm];
    expect(await table.act(p1, sideEdited('A', 'a1'))).toBe(true);
    await table.tick(2000);
    await table.tick(2000);
    expect(await table.act(p1, sideEdited('A', 'a2'))).toBe(true);
    await table.tick(2000);
    await table.tick(2000);
    expect(names(p2)).toEqual(['a1', 'a2']);
    // A stale copy of his pages (a1 only) lands; p2's page is away (reloading) for a while; p1 reloads.
    const key = `${OPS_PREFIX}${p1.me.writer}`;
    const page = table.metadata[key] as { ops: unknown[] };
    table.forge({ [key]: { ...page, ops: page.ops.slice(0, 1) } });
    table.down.add(p2);
    p1 = table.reload(p1);
    for (let t = 0; t <= SYNC_TIMING.takeBackMs + 4000; t += 1000) await table.tick(1000);
    expect(names(p1), 'gone on from the earlier version its record signed').toEqual(['a1']);
    expect(await table.act(p1, sideEdited('A', 'a3'))).toBe(true);
    await table.tick(2000);
    table.down.delete(p2);
    await table.settle();
    for (const c of table.players) expect(names(c), c.me.writer).toEqual(['a1', 'a2', 'a3']);
    await table.gmBack(gm, true);
    await table.settle();
    for (const c of table.honest) expect(names(c), c.me.writer).toEqual(['a1', 'a2', 'a3']);
  });
});
