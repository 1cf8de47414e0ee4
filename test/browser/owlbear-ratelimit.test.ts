// What Owlbear really does, switched on in the test host (`limits`): it refuses bursts of writes
// (`RateLimitHit`), and a player's Ctrl+Z takes back whatever his client last wrote into the scene.
// A game master and two players; the figures measured are printed (refusals, time to converge).
import type { FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_PREFIX } from '../../src/adapters/owlbear/keys';
import { tokenItem } from '../support/owlbear-items';
import {
  GM,
  PLAYER,
  host,
  launchPlain,
  openAction,
  openRoom,
  played,
  sendFrom,
  type Launched,
  type Room,
} from './owlbear';

const OTHER = { id: 'player-p2', name: 'Second player', role: 'PLAYER' as const, connectionId: 'conn-p2' };
const named = (side: 'A' | 'B', name: string) => ({
  type: 'game/dispatch',
  system: 'hd-command',
  event: { type: 'sideEdited', side, name },
});
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Stricter than the pages' pace (a write every 500 ms) on purpose: a burst hits it, and only retrying carries every action through. */
const RATE = { writes: 3, windowMs: 2000 };
const KEY = `${OPS_PREFIX}${PLAYER.connectionId}.bg`;
/** What a Ctrl+Z took back: metadata keys and item ids. */
type Undone = { keys: string[]; items: string[] } | null;

describe('Owlbear’s rate limit and undo stack on the test host', () => {
  let l: Launched;
  let room: Room;
  let frames: Record<string, FrameLocator>;
  const honest: string[] = [];
  const meta = () => host<Record<string, unknown>>(room.page, 'metadata');
  const state = () =>
    room.page.evaluate(() => {
      const s = (
        window as unknown as {
          obr: {
            state: { rateRefused: string[]; tooLarge: string[]; items: { id: string; position: { x: number } }[] };
          };
        }
      ).obr.state;
      return {
        rateRefused: s.rateRefused,
        tooLarge: s.tooLarge,
        items: s.items.map((i) => ({ id: i.id, position: i.position })),
      };
    });
  const capX = async () => (await state()).items.find((i) => i.id === 'cap')!.position.x;
  /** Waits until every popover plays every action, in order; returns when each got there (ms after `since`) and whether the player ever saw one shown as failed. */
  const converge = async (since: number) => {
    const at: Record<string, number> = {};
    let failed = false;
    for (const until = Date.now() + 40_000; Object.keys(at).length < 3 && Date.now() < until; await pause(100)) {
      for (const [who, f] of Object.entries(frames)) {
        const p = await played(f);
        if (who === 'player') failed ||= p.unsent.includes('failed');
        if (!(who in at) && JSON.stringify(p.names) === JSON.stringify(honest)) at[who] = Date.now() - since;
      }
    }
    for (const f of Object.values(frames)) expect((await played(f)).names).toEqual(honest);
    await expect.poll(async () => (await played(frames.player!)).unsent.length, { timeout: 20_000 }).toBe(0);
    return { at, failed };
  };
  const act = async (name: string) => {
    const r = await sendFrom(frames.player!, named('B', name));
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    honest.push(name);
  };

  beforeAll(async () => {
    l = await launchPlain();
    room = await openRoom(l.context, l.servers, [GM, PLAYER, OTHER], { merge: 'server', lag: 40 });
    frames = {
      gm: await openAction(room.page, GM.connectionId),
      player: await openAction(room.page, PLAYER.connectionId),
      other: await openAction(room.page, OTHER.connectionId),
    };
    expect((await sendFrom(frames.gm!, { type: 'store/select-system', system: 'hd-command' })).ok).toBe(true);
    await host(room.page, 'setItems', [
      tokenItem({ id: 'cap', name: 'Capitaine', x: 225, y: 225, size: 150, tag: { side: '1' } }),
    ]);
    // Owlbear's max update size, on for the whole file: nothing the pages write comes near it.
    await host(room.page, 'limits', { maxUpdate: 64 * 1024 });
  }, 120_000);
  afterAll(async () => {
    await l?.close();
  });

  it('a burst of a player’s actions under the rate limit: every one reaches the game master’s and the other player’s popover', async () => {
    await host(room.page, 'limits', { rate: RATE });
    // One action alone first: how long it takes to reach the table when nothing else is written.
    const t1 = Date.now();
    await act('s0');
    const { at: alone } = await converge(t1);
    // The burst starts with the limit's window empty.
    await pause(2500);
    const t0 = Date.now();
    for (let i = 0; i < 40; i++) await act(`b${i}`);
    const sent = Date.now();
    const { at, failed } = await converge(sent);
    const s = await state();
    const refused = s.rateRefused.filter((c) => c === PLAYER.connectionId).length;
    console.log(
      `one action alone reached each popover after (ms) ${JSON.stringify(alone)}; burst: 40 actions sent in ${sent - t0} ms; converged after the last (ms): ${JSON.stringify(at)}; RateLimitHit refusals: player ${refused}, all ${s.rateRefused.length}; shown as failed meanwhile: ${failed}`,
    );
    // The limit was hit (so the retries were tried), but the pace keeps refusals few (the build before it:
    // about one per action, 1 to 9.5 s to converge); nothing was refused for its size.
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(10);
    expect(s.tooLarge).toEqual([]);
    expect(room.errors).toEqual([]);
  });

  it('a burst of context-menu clicks under the rate limit: every tag lands on the token, in order', async () => {
    await host(room.page, 'limits', { rate: RATE });
    await pause(2500);
    const before = (await state()).rateRefused.length;
    // Side 2, leader, radio, dead, then alive again and side 1: six item updates in a moment.
    for (const menu of ['side-2', 'leader', 'radio', 'dead', 'dead', 'side-1'])
      await host(room.page, 'clickMenu', PLAYER.connectionId, `dev.commandpost/menu/${menu}`, ['cap']);
    const tag = () =>
      room.page.evaluate(
        () =>
          (
            window as unknown as { obr: { state: { items: { id: string; metadata: Record<string, unknown> }[] } } }
          ).obr.state.items.find((i) => i.id === 'cap')!.metadata['dev.commandpost/token'],
      );
    await expect.poll(tag, { timeout: 30_000 }).toEqual({ side: '1', role: 'leader', radio: true });
    const refused = (await state()).rateRefused.length - before;
    console.log(`six menu clicks under the rate limit: RateLimitHit refusals ${refused}`);
    // The limit was hit, and every click still landed: each was written again, backed off.
    expect(refused).toBeGreaterThan(0);
    expect(room.errors).toEqual([]);
    await host(room.page, 'limits', { rate: null });
  });

  it('a player’s Ctrl+Z right after one of his actions: the action is not lost (his page writes it back)', async () => {
    // Undo alone: the rate limit off, so that what is measured is the undo; the burst's compaction settles first.
    await host(room.page, 'limits', { rate: null, undo: true });
    await pause(2500);
    await host(room.page, 'move', 'cap', 525, 225, PLAYER.connectionId);
    await act('z1');
    // His page's write is in the scene: it now sits on his undo stack, above his token move.
    await expect
      .poll(async () => JSON.stringify((await meta())[KEY] ?? null).includes('"z1"'), { timeout: 10_000 })
      .toBe(true);
    const first = await host<Undone>(room.page, 'undo', PLAYER.connectionId);
    const t = Date.now();
    const undone = JSON.stringify((await meta())[KEY] ?? null);
    const x1 = await capX();
    await expect
      .poll(async () => JSON.stringify((await meta())[KEY] ?? null) !== undone, { timeout: 15_000 })
      .toBe(true);
    const putBack = Date.now() - t;
    // His token has not gone back: he presses Ctrl+Z again, once his page has written back.
    const second = await host<Undone>(room.page, 'undo', PLAYER.connectionId);
    const x2 = await capX();
    const { at } = await converge(t);
    console.log(
      `one Ctrl+Z: took back ${JSON.stringify(first)} (z1 gone from his key: ${!undone.includes('"z1"')}), token x ${x1} (moved 225 → 525); his page wrote back in ${putBack} ms; Ctrl+Z again: took back ${JSON.stringify(second)}, token x ${x2}; every popover plays z1 after (ms) ${JSON.stringify(at)}`,
    );
    // Nothing is lost. His move is NOT undone by these (measured: x stays 525): each Ctrl+Z takes back his
    // page's last write to his key, and its write back goes on top of his stack again, above the move.
    expect(room.errors).toEqual([]);
  });

  it('two quick Ctrl+Z after an action: the action is not lost either', async () => {
    await host(room.page, 'move', 'cap', 675, 225, PLAYER.connectionId);
    await act('z2');
    await expect
      .poll(async () => JSON.stringify((await meta())[KEY] ?? null).includes('"z2"'), { timeout: 10_000 })
      .toBe(true);
    const t = Date.now();
    const undone = [
      await host<Undone>(room.page, 'undo', PLAYER.connectionId),
      await host<Undone>(room.page, 'undo', PLAYER.connectionId),
    ];
    const x = await capX();
    const { at } = await converge(t);
    console.log(
      `two quick Ctrl+Z: took back ${JSON.stringify(undone)}, token x ${x} (moved 525 → 675); every popover plays z2 after (ms) ${JSON.stringify(at)}`,
    );
    // The second press, before his page wrote back, reaches his move (measured: x back to 525); z2 stays.
    expect(room.errors).toEqual([]);
  });
});
