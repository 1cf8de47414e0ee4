// The game master's question about a scene's game no one at the table stands behind, on the test host
// against the built pages: back after everyone left, alone with a hostile player who wrote a checkpoint
// over the table's, he is asked (never on the hostile player's word alone), and his popover says what
// it holds as his background page, which acts on his answer, read it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GAME_KEY } from '../../src/adapters/owlbear/keys';
import {
  GM,
  HOSTILE,
  PLAYER,
  forgedGame,
  host,
  launchPlain,
  openAction,
  openRoom,
  played,
  sendFrom,
  type Launched,
  type Room,
} from './owlbear';

/** The game master again, as a new connection (a refresh, or back after leaving) in the same browser. */
const GM_BACK = { ...GM, connectionId: 'conn-gm-back' };

type Meta = Record<string, unknown>;

let l: Launched;
let room: Room;
beforeAll(async () => {
  l = await launchPlain();
  room = await openRoom(l.context, l.servers, [GM, PLAYER, HOSTILE], { merge: 'server', lag: 40 });
  // The hostile player runs a client of his own.
  await host(room.page, 'stopPages', HOSTILE.connectionId);
}, 120_000);
afterAll(async () => {
  await l?.close();
});

it('the game master back, alone with a hostile player who wrote a checkpoint over the table’s: asked, with what it holds as his background page read it; it is never played', async () => {
  const meta = () => host<Meta>(room.page, 'metadata');
  const gm = await openAction(room.page, GM.connectionId);
  // Enough for a compaction whatever the build.
  for (let i = 1; i <= 16; i++) {
    const r = await sendFrom(gm, {
      type: 'game/dispatch',
      system: 'hd-command',
      event: { type: 'sideEdited', side: i % 2 ? 'A' : 'B', name: `n${i}` },
    });
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
  }
  await expect
    .poll(async () => ((await meta())[GAME_KEY] as { gen?: number } | undefined)?.gen ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(0);
  // Everyone honest leaves; the hostile player writes his checkpoint over the table's.
  await host(room.page, 'leave', PLAYER.connectionId);
  await host(room.page, 'leave', GM.connectionId);
  await host(room.page, 'writeMetadata', forgedGame(await meta(), [GM, PLAYER]));
  await host(room.page, 'join', [GM_BACK]);
  const back = await openAction(room.page, GM_BACK.connectionId);
  const question = back.locator('[data-testid="owlbear-unvouched"]');
  await question.waitFor({ timeout: 20_000 });
  // What it holds, as the page that acts on his answer read it (the popover alone cannot count its
  // actions: it said "?"), and which generation his browser kept where it keeps one (the test host's
  // frames get no storage: test/unit/shared-game/starts.test.ts plays that case).
  await expect.poll(() => question.textContent()).toContain('generation 1000000, actions: 0, writers: 2');
  expect(await back.locator('[data-testid="owlbear-unvouched-fresh"]').textContent()).toBe('Start afresh');
  expect((await played(back)).seats[HOSTILE.id]).toBeUndefined();
  await back.locator('[data-testid="owlbear-unvouched-fresh"]').click();
  await question.waitFor({ state: 'detached', timeout: 20_000 });
  // Written over the one set aside, numbered past it; no one is seated by it.
  await expect
    .poll(async () => ((await meta())[GAME_KEY] as { gen: number }).gen, { timeout: 20_000 })
    .toBeGreaterThan(1e6);
  expect((await played(back)).seats[HOSTILE.id]).toBeUndefined();
});
