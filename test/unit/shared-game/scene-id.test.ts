// A scene with no id yet (src/shared-game/read-checkpoint.ts `makesScene`): the game master's page names it; with no game master
// at the table, any page does once `SYNC_TIMING.sceneIdMs` passed. Two players naming it at once write
// two ids, one lands over the other: the page whose id lost gives way to the keys', and writes its
// actions again under it. The wait decides who names the scene, never which actions are played.
import { describe, expect, it } from 'vitest';
import { SCENE_KEY } from '../../../src/adapters/owlbear/keys';
import type { SceneRequest } from '../../../src/shared-game/scene-request';
import { SYNC_TIMING } from '../../../src/shared-game/policy';
import { Table, names, sideEdited } from './harness';

describe.each(['server', 'client'] as const)('a fresh scene with no game master at the table (%s merge)', (mode) => {
  it('two players name it at once and act under their own ids: once one id stands, every action is played once, and the game master back plays them too', async () => {
    const table = new Table(mode, 2, 900, 600, true);
    const gm = table.gmLeaves();
    const [p1, p2] = table.players as [typeof table.gm, typeof table.gm];
    // (No game master at the table: no wait. With one there whose page names none, `sceneIdMs`.)
    for (const p of [p1, p2]) await table.hear(p);
    expect(p1.game.sceneId, 'each made one').not.toBeNull();
    expect(p1.game.sceneId).not.toEqual(p2.game.sceneId);
    expect(await table.act(p1, { type: 'store/select-system', system: 'hd-command' } as SceneRequest)).toBe(true);
    expect(await table.act(p1, sideEdited('A', 'a1'))).toBe(true);
    expect(await table.act(p2, sideEdited('B', 'b1'))).toBe(true);
    await table.settle();
    const scene = table.metadata[SCENE_KEY];
    for (const p of [p1, p2]) expect(p.game.sceneId, p.me.writer).toEqual(scene);
    for (const p of [p1, p2]) expect([...names(p)].sort(), p.me.writer).toEqual(['a1', 'b1']);
    await table.gmBack(gm, true);
    await table.settle();
    for (const c of table.honest) expect([...names(c)].sort(), c.me.writer).toEqual(['a1', 'b1']);
    for (const c of table.honest) expect(c.game.state.unsent, c.me.writer).toEqual([]);
  });

  it('the game master at the table, his page not running yet: a player names it after the wait and acts; the game master’s page, starting that moment, names its own: one id stands, every action is played once', async () => {
    const table = new Table(mode, 2, 900, 600, true);
    const gm = table.gm;
    table.down.add(gm);
    const [p1, p2] = table.players as [typeof gm, typeof gm];
    for (const p of [p1, p2]) await table.hear(p);
    expect(p1.game.sceneId, 'a game master is at the table: his page names it').toBeNull();
    await table.tick(SYNC_TIMING.sceneIdMs);
    for (const p of [p1, p2]) await table.hear(p);
    expect(p1.game.sceneId, 'no longer waited for').not.toBeNull();
    expect(await table.act(p1, sideEdited('A', 'a1'))).toBe(true);
    table.down.delete(gm);
    await table.hear(gm);
    expect(gm.game.sceneId).not.toBeNull();
    expect(gm.game.sceneId).not.toEqual(p1.game.sceneId);
    expect(await table.act(gm, { type: 'store/select-system', system: 'hd-command' } as SceneRequest)).toBe(true);
    expect(await table.act(gm, sideEdited('B', 'g1'))).toBe(true);
    await table.settle();
    const scene = table.metadata[SCENE_KEY];
    for (const c of table.honest) expect(c.game.sceneId, c.me.writer).toEqual(scene);
    for (const c of table.honest) expect([...names(c)].sort(), c.me.writer).toEqual(['a1', 'g1']);
    for (const c of table.honest) expect(c.game.state.unsent, c.me.writer).toEqual([]);
  });
});
