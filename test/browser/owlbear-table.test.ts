// The Owlbear Rodeo extension at a table of two, a game master and a player, each with his own
// background page and popover, on the test host (test/fixtures/owlbear) that answers the real SDK's
// protocol: one shared game (a spend in one popover shows in the other, two at once are both counted,
// undo is the table's, seats decide who acts), each client drawing its own local items (following a
// moved token in one batch, never a token hidden from players), context-menu tags, hostile input kept
// as text and malformed metadata dropped alone, Owlbear's theme, and the secret rosters of the command
// roll. No browser extension here: the Owlbear extension works alone.
import type { Item } from '@owlbear-rodeo/sdk';
import type { FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_PREFIX, SCENE_KEY, TOKEN_KEY } from '../../src/adapters/owlbear/keys';
import * as v from 'valibot';
import { tokenItem } from '../support/owlbear-items';
import { frontMatter, storeSchema } from '../unit/owlbear/store-schema';
import fs from 'node:fs';
import {
  GM,
  PLAYER,
  action,
  drawn,
  host,
  launchPlain,
  openAction,
  openRoom,
  sendFrom,
  type Launched,
  type Room,
} from './owlbear';

const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
  homepage: string;
};

const HOSTILE = '<img src=x onerror=alert(1)>';

let l: Launched;
let room: Room;
let gm: FrameLocator;
let player: FrameLocator;

const hd = (event: object) => ({ type: 'game/dispatch', system: 'hd-command', event });

beforeAll(async () => {
  l = await launchPlain();
  room = await openRoom(l.context, l.servers, [GM, PLAYER]);
  gm = await openAction(room.page, GM.connectionId);
  player = await openAction(room.page, PLAYER.connectionId);
  // The game master sets up a Hell Dorado game from his popover.
  for (const r of [
    { type: 'store/select-system', system: 'hd-command' },
    hd({
      type: 'rosterSet',
      side: 'A',
      fighters: [
        { name: 'Capitaine', cmd: 4 },
        { name: 'Sergent', cmd: 2 },
      ],
    }),
    hd({ type: 'rosterSet', side: 'B', fighters: [{ name: HOSTILE, cmd: 5 }] }),
    hd({ type: 'start' }),
  ]) {
    const answer = await sendFrom(gm, r);
    expect(answer.ok, JSON.stringify(answer)).toBe(true);
  }
}, 120_000);
afterAll(async () => {
  await l?.close();
});

const current = (frame: FrameLocator, side: 'A' | 'B') => frame.getByTestId(`current-${side}`).textContent();

describe('the real SDK against Owlbear’s protocol', () => {
  it('asks only what Owlbear answers, with its own reference, and its manifest is one Owlbear reads', async () => {
    const state = await room.page.evaluate(() => {
      const s = (window as unknown as { obr: { state: { unknown: string[]; badRefs: number } } }).obr.state;
      return { unknown: s.unknown, badRefs: s.badRefs };
    });
    expect(state).toEqual({ unknown: [], badRefs: 0 });
    // The manifest as Owlbear fetches it (from its own origin: the CORS header matters).
    const { ext, base } = l.servers;
    const res = await fetch(l.servers.manifest, { headers: { origin: 'https://www.owlbear.rodeo' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const m = (await res.json()) as {
      icon: string;
      background_url: string;
      action: { popover: string; icon: string };
      homepage_url: string;
    };
    // Root-relative paths under the repository's pages, where a release is served (package.json's homepage).
    expect(base).toBe(new URL(pkg.homepage).pathname);
    expect(m).toMatchObject({
      icon: `${base}icon.svg`,
      background_url: `${base}background.html`,
      action: { popover: `${base}action.html`, icon: `${base}icon.svg` },
    });
    const icon = await fetch(`${ext}${m.icon}`);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    // The homepage is the repository's page on the Owlbear extension, at this version.
    expect(m.homepage_url).toBe(`https://github.com/command-post/command-post/blob/v${pkg.version}/docs/owlbear.md`);
    // The store listing beside it, as Owlbear's store fetches it, with its pictures and the hosted page.
    const listing = v.parse(storeSchema, frontMatter(await (await fetch(`${ext}${base}store.md`)).text()));
    for (const picture of [listing.image, listing.icon]) {
      const png = Buffer.from(await (await fetch(`${ext}${new URL(picture).pathname}`)).arrayBuffer());
      expect(png.subarray(1, 4).toString(), picture).toBe('PNG');
    }
    expect(await (await fetch(`${ext}${base}index.html`)).text()).toContain(`${pkg.homepage}manifest.json`);
    // Nothing is served outside the pages' path, as on GitHub Pages.
    expect((await fetch(`${ext}/manifest.json`)).status).toBe(404);
    // Context-menu entries registered by each background page, icons as files.
    const menus = await host<{ id: string; icons: { icon: string }[] }[]>(room.page, 'menus', PLAYER.connectionId);
    expect(menus.map((m) => m.id.split('/').pop()).sort()).toEqual([
      'dead',
      'leader',
      'radio',
      'side-1',
      'side-2',
      'unit',
    ]);
    expect(menus.every((m) => m.icons.every((i) => i.icon.startsWith(`${ext}${base}icons/`)))).toBe(true);
  });
});

describe('one game for the table', () => {
  it('a spend in the game master’s popover shows in the player’s', async () => {
    await expect.poll(() => current(player, 'A')).toBe('6');
    await gm.locator('#play-A-amount').fill('2');
    await gm.getByTestId('spend-temp-A').click();
    await expect.poll(() => current(player, 'A'), { timeout: 10_000 }).toBe('4');
    expect(await current(gm, 'A')).toBe('4');
  });

  it('two spends made at the same moment are both counted, in both popovers', async () => {
    await player.locator('#play-B-amount').fill('1');
    await gm.locator('#play-A-amount').fill('1');
    await Promise.all([gm.getByTestId('spend-temp-A').click(), player.getByTestId('spend-temp-B').click()]);
    for (const f of [gm, player]) {
      await expect.poll(() => current(f, 'A'), { timeout: 10_000 }).toBe('3');
      await expect.poll(() => current(f, 'B'), { timeout: 10_000 }).toBe('4');
    }
    // Each wrote his own key: nobody's write replaced anybody's (the game master's signature of his pages aside).
    const keys = Object.keys(await host<Record<string, unknown>>(room.page, 'metadata')).filter(
      (k) => k.startsWith(OPS_PREFIX) && !k.endsWith('.bg.s'),
    );
    expect(keys.sort()).toEqual([`${OPS_PREFIX}conn-gm.bg`, `${OPS_PREFIX}conn-p1.bg`]);
  });

  it('undo is the table’s: the player takes back the last action, the game master sees it', async () => {
    await player.getByTestId('undo').click();
    await expect.poll(() => current(gm, 'B'), { timeout: 10_000 }).toBe('5');
    await player.getByTestId('redo').click();
    await expect.poll(() => current(gm, 'B'), { timeout: 10_000 }).toBe('4');
  });

  it('once the game master seats the player at side B, the player acts for B only', async () => {
    await gm.getByTestId('owlbear-seats').locator('summary').click();
    await gm.getByTestId(`seat-${PLAYER.id}-1`).check();
    await expect
      .poll(() => player.getByTestId('owlbear-me').textContent(), { timeout: 10_000 })
      .toMatch(/You act for: B/);
    // The player's name is the hostile string: shown as text in the game master's list.
    expect(await gm.locator(`tr[data-player="${PLAYER.id}"] td`).first().textContent()).toBe(HOSTILE);
    await player.locator('#play-A-amount').fill('1');
    await player.getByTestId('spend-temp-A').click();
    await expect.poll(() => player.getByTestId('refusal').textContent()).toMatch(/side A/);
    expect(await current(gm, 'A')).toBe('3');
    await player.getByTestId('spend-temp-B').click();
    await expect.poll(() => current(gm, 'B'), { timeout: 10_000 }).toBe('3');
  });
});

/** `read` again after a viewport poll (250 ms) and a little more. */
const settle = async <T>(read: () => Promise<T>): Promise<T> => {
  await new Promise((r) => setTimeout(r, 400));
  return read();
};

describe('what each client draws', () => {
  const tokens = [
    tokenItem({
      id: 'cap',
      name: 'Capitaine',
      x: 225,
      y: 225,
      size: 150,
      tag: { side: '1', role: 'leader', unit: 'u1' },
    }),
    tokenItem({ id: 'f1', name: HOSTILE, x: 375, y: 225, size: 150, tag: { side: '1', unit: 'u1' } }),
    tokenItem({ id: 'spy', name: 'Spy', x: 975, y: 225, size: 150, tag: { side: '2' }, visible: false }),
  ];

  it('marks every token it can see; a token hidden from players is drawn for the game master only', async () => {
    await sendFrom(gm, { type: 'store/select-system', system: 'bdc' });
    await host(room.page, 'setItems', tokens);
    await expect
      .poll(async () => Object.keys((await drawn(room.page, GM.connectionId)).marks).sort(), { timeout: 10_000 })
      .toEqual(['cap', 'f1', 'spy']);
    await expect
      .poll(async () => Object.keys((await drawn(room.page, PLAYER.connectionId)).marks).sort(), { timeout: 10_000 })
      .toEqual(['cap', 'f1']);
    const p = await drawn(room.page, PLAYER.connectionId);
    expect(JSON.stringify(p.items)).not.toContain('spy');
    // BdC's chains inside a unit: the captain commands the figure beside him.
    expect(p.marks).toEqual({ cap: 'leader', f1: 'commanded' });
    expect(p.rings.cap).toEqual(['command']);
  });

  it('follows a moved token, in one batch per move: one SDK call for a move that changes no status', async () => {
    const mark = async (conn: string) =>
      (await drawn(room.page, conn)).items.find((i) => i.id === 'cp-mark-f1')?.position;
    const localCalls = async (since: number) => {
      await new Promise((r) => setTimeout(r, 300));
      const calls = await host<Record<string, number>>(
        room.page,
        'callsSince',
        since,
        PLAYER.connectionId,
        'background',
      );
      return Object.entries(calls).filter(([id]) => id.startsWith('OBR_SCENE_LOCAL_'));
    };
    // The player looks at the whole table (zoomed out: the far end, 1,800 px out, is on his screen).
    await host(room.page, 'setViewport', PLAYER.connectionId, { scale: 0.5 });
    await new Promise((r) => setTimeout(r, 600));
    // Still beside his captain: the mark moves, nothing else changes.
    let since = await host<number>(room.page, 'now');
    await host(room.page, 'move', 'f1', 375, 300);
    await expect.poll(() => mark(PLAYER.connectionId), { timeout: 10_000 }).toEqual({ x: 375, y: 300 });
    expect(await localCalls(since)).toEqual([['OBR_SCENE_LOCAL_UPDATE_ITEMS', 1]]);
    // Far away: out of command, with its reason written beside it; still one call per kind of change.
    since = await host<number>(room.page, 'now');
    await host(room.page, 'move', 'f1', 1800, 225);
    await expect.poll(() => mark(GM.connectionId), { timeout: 10_000 }).toEqual({ x: 1800, y: 225 });
    await expect.poll(async () => (await drawn(room.page, PLAYER.connectionId)).marks.f1).toBe('out');
    const calls = await localCalls(since);
    expect(calls.every(([, n]) => n === 1)).toBe(true);
    // Added: the reason, its box; updated: the mark, the badge; deleted: the key's "in command" row, now "out of command".
    expect(calls.map(([id]) => id).sort()).toEqual([
      'OBR_SCENE_LOCAL_ADD_ITEMS',
      'OBR_SCENE_LOCAL_DELETE_ITEMS',
      'OBR_SCENE_LOCAL_UPDATE_ITEMS',
    ]);
    expect((await drawn(room.page, PLAYER.connectionId)).reasons.f1).toMatch(/cm too far from Capitaine/);
  });

  it('context-menu entries tag tokens: a side, a unit, a leader', async () => {
    await host(room.page, 'addItems', [
      tokenItem({ id: 'n1', name: 'New one', x: 525, y: 525, size: 150 }),
      tokenItem({ id: 'n2', name: 'New two', x: 675, y: 525, size: 150 }),
    ]);
    await host(room.page, 'clickMenu', PLAYER.connectionId, 'dev.commandpost/menu/side-2', ['n1', 'n2']);
    await host(room.page, 'clickMenu', PLAYER.connectionId, 'dev.commandpost/menu/unit', ['n1', 'n2']);
    await host(room.page, 'clickMenu', PLAYER.connectionId, 'dev.commandpost/menu/leader', ['n1']);
    const tag = async (id: string) =>
      (
        await room.page.evaluate(() => (window as unknown as { obr: { state: { items: Item[] } } }).obr.state.items)
      ).find((i) => i.id === id)?.metadata[TOKEN_KEY];
    await expect.poll(() => tag('n1'), { timeout: 10_000 }).toMatchObject({ side: '2', role: 'leader' });
    const [a, b] = [(await tag('n1')) as { unit: string }, (await tag('n2')) as { unit: string }];
    expect(a.unit).toMatch(/^u-/);
    expect(b.unit).toBe(a.unit);
    // The new leader commands his unit's figure: seen by both clients.
    await expect
      .poll(async () => (await drawn(room.page, GM.connectionId)).marks.n2, { timeout: 10_000 })
      .toBe('commanded');
    // A second click takes it off again.
    await host(room.page, 'clickMenu', GM.connectionId, 'dev.commandpost/menu/leader', ['n1']);
    await expect.poll(async () => (await tag('n1')) as object).not.toHaveProperty('role');
    // Nobody commands the figure now, on the player's board too (the next test starts from what he sees).
    await expect
      .poll(async () => (await drawn(room.page, PLAYER.connectionId)).marks.n2, { timeout: 10_000 })
      .toBe('out');
  });

  it('a reloaded background page takes over what it drew instead of drawing it twice', async () => {
    // What the player's page has drawn once it is settled (two reads, a viewport poll apart, agree).
    const ids = async () => (await drawn(room.page, PLAYER.connectionId)).items.map((i) => i.id).sort();
    let before = await ids();
    for (let tries = 0; tries < 10; tries++) {
      const again = await settle(ids);
      if (JSON.stringify(again) === JSON.stringify(before)) break;
      before = again;
    }
    const since = await host<number>(room.page, 'now');
    await host(room.page, 'reloadBackground', PLAYER.connectionId);
    await room.page
      .frameLocator(`iframe[data-conn="${PLAYER.connectionId}"][data-page="background"]`)
      .locator('html[data-ready]')
      .waitFor({ state: 'attached' });
    // The new page takes over what is drawn (it asks once), then draws for the viewport it asks for.
    const callsNow = () =>
      host<Record<string, number>>(room.page, 'callsSince', since, PLAYER.connectionId, 'background');
    await expect.poll(async () => (await callsNow()).OBR_SCENE_LOCAL_GET_ALL_ITEMS, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(async () => (await callsNow()).OBR_VIEWPORT_GET_SCALE ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1000));
    const calls = await callsNow();
    expect(calls.OBR_SCENE_LOCAL_GET_ALL_ITEMS, JSON.stringify(calls)).toBe(1);
    expect(calls.OBR_SCENE_LOCAL_ADD_ITEMS).toBeUndefined();
    expect(calls.OBR_SCENE_LOCAL_DELETE_ITEMS).toBeUndefined();
    expect(await ids()).toEqual(before);
  });

  it('shows the board in the popover, names as text', async () => {
    const figure = player.locator('[data-testid="board-figure"][data-token="f1"] [data-testid="board-name"]');
    await expect.poll(() => figure.textContent(), { timeout: 10_000 }).toBe(HOSTILE);
    expect(await player.locator('img').count()).toBe(0);
  });
});

describe('bad input', () => {
  it('metadata forged by another player is dropped alone and said; the game goes on', async () => {
    await host(room.page, 'writeMetadata', {
      // A key of no one at this table, and a page name no page of the player's connection writes.
      [`${OPS_PREFIX}forged.bg`]: {
        v: 2,
        scene: 'x',
        done: 0,
        ops: [
          {
            seq: 1,
            lamport: 1e6,
            by: 'x',
            gm: true,
            request: { type: 'game/dispatch', system: 'bdc', event: { type: 'leaderAdded', leader: HOSTILE } },
          },
        ],
      },
      [`${OPS_PREFIX}conn-p1.other`]: HOSTILE,
    });
    const list = gm.getByTestId('owlbear-refused-table');
    await expect.poll(() => list.count(), { timeout: 10_000 }).toBe(1);
    await list.locator('summary').click();
    await expect
      .poll(async () => (await list.locator('li').allTextContents()).join('\n'), { timeout: 10_000 })
      .toMatch(/no writer writes this key/);
    const lines = (await list.locator('li').allTextContents()).join('\n');
    expect(lines).toMatch(/no one at this table.*forged\.bg|forged\.bg.*no one at this table/);
    // The game master is told whose key it is: a name from Owlbear, as text.
    expect(lines).toContain(`${HOSTILE} (conn-p1.other)`);
    // Nothing of it ran: no dialog, no image.
    expect(room.errors.filter((e) => e.startsWith('dialog'))).toEqual([]);
    const answer = await sendFrom(gm, { type: 'store/select-system', system: 'hd-command' });
    expect(answer.ok).toBe(true);
  });
});

describe('the popover in Owlbear', () => {
  it('follows Owlbear’s theme and tells Owlbear its height', async () => {
    await host(room.page, 'setTheme', 'DARK');
    await expect
      .poll(() => gm.locator('html').evaluate((h) => getComputedStyle(h).getPropertyValue('--bg').trim()), {
        timeout: 10_000,
      })
      .toBe('#222639');
    expect(await gm.locator('html').evaluate((h) => (h as HTMLElement).dataset.theme)).toBe('dark');
    const heights = await room.page.evaluate(
      () =>
        (window as unknown as { obr: { state: { heights: { conn: string; height: number }[] } } }).obr.state.heights,
    );
    expect(heights.filter((h) => h.conn === GM.connectionId).length).toBeGreaterThan(0);
    await host(room.page, 'setTheme', 'LIGHT');
  });

  it('ran without an error in any page', () => {
    expect(room.errors).toEqual([]);
  });
});

describe('secret rosters (command roll)', () => {
  const cr = (event: object) => ({ type: 'game/dispatch', system: 'cr', event });

  it('each army’s roster stays sealed to the other player until its number comes up', async () => {
    // A fresh game: the game master leads army A; the player, seated at B, has his own roster.
    await sendFrom(gm, { type: 'game/replace', system: 'cr', events: [] });
    await sendFrom(gm, { type: 'store/select-system', system: 'cr' });
    for (const e of [
      { type: 'leaderAdded', side: 'A', name: 'Davout' },
      { type: 'leaderAdded', side: 'A', name: 'Ney' },
      { type: 'unitAdded', side: 'A', name: '1st Line' },
      { type: 'leaderAdded', side: 'B', name: 'Kutuzov' },
      { type: 'unitAdded', side: 'B', name: 'Jägers' },
      { type: 'rosterSet', side: 'A', slots: ['unit', 'AL1', 'unit', 'AL2', 'unit', 'unit'] },
    ])
      expect((await sendFrom(gm, cr(e))).ok).toBe(true);
    // Once the player's popover has the game master's leaders (his writes go at most every 500 ms).
    let own = await sendFrom(
      player,
      cr({ type: 'rosterSet', side: 'B', slots: ['BL1', 'unit', 'unit', 'unit', 'unit', 'unit'] }),
    );
    for (const until = Date.now() + 10_000; !own.ok && own.error?.code === 'cr-unknown-leader' && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 200));
      own = await sendFrom(
        player,
        cr({ type: 'rosterSet', side: 'B', slots: ['BL1', 'unit', 'unit', 'unit', 'unit', 'unit'] }),
      );
    }
    expect(own.ok, JSON.stringify(own.error)).toBe(true);
    const scene = JSON.stringify(await host(room.page, 'metadata'));
    expect(scene).not.toMatch(/"AL2"|"BL1"\]|"slots":\["unit"/);
    // The player sees the game master's roster sealed, his own as written.
    const slotsOf = (frame: FrameLocator) =>
      frame.locator('html').evaluate(() => {
        const root = (
          globalThis as unknown as {
            commandPostSession: {
              root: { games: { cr: { log: { events: { type: string; side?: string; slots?: string[] }[] } } } };
            };
          }
        ).commandPostSession.root;
        return Object.fromEntries(
          root.games.cr.log.events.filter((e) => e.type === 'rosterSet').map((e) => [e.side, e.slots]),
        );
      });
    await expect
      .poll(async () => (await slotsOf(player)).A?.every((s: string) => s.startsWith('sealed:')), { timeout: 10_000 })
      .toBe(true);
    expect((await slotsOf(player)).B).toEqual(['BL1', 'unit', 'unit', 'unit', 'unit', 'unit']);
    expect((await slotsOf(gm)).A).toEqual(['unit', 'AL1', 'unit', 'AL2', 'unit', 'unit']);
    await expect
      .poll(async () => (await slotsOf(gm)).B?.every((s: string) => s.startsWith('sealed:')), { timeout: 10_000 })
      .toBe(true);
    // The roll: A 4, B 1. Ney's number (4) comes up; the game master's Owlbear opens it for the table.
    expect((await sendFrom(gm, cr({ type: 'start' }))).ok).toBe(true);
    expect((await sendFrom(gm, cr({ type: 'commandRoll', A: 4, B: 1 }))).ok).toBe(true);
    await expect.poll(async () => (await slotsOf(player)).A?.[3], { timeout: 10_000 }).toBe('AL2');
    expect((await slotsOf(player)).A!.filter((s: string) => s.startsWith('sealed:'))).toHaveLength(5);
    await expect.poll(() => player.getByTestId('cr-slot-who').textContent(), { timeout: 10_000 }).toMatch(/Ney/);
    // In the player's popover, the game master's roster reads "sealed" but for the number played.
    const army = player.getByTestId('cr-army-A');
    await army.locator('summary').click();
    await army.getByTestId('hide-play-A').uncheck();
    const lines = await army.getByTestId('roster-play-A').locator('li').allTextContents();
    expect(lines).toEqual(['1: sealed', '2: sealed', '3: sealed', '4: Ney', '5: sealed', '6: sealed']);
  });
});

describe('another scene', () => {
  it('starts a game of its own: nothing of the last scene’s game is written into it', async () => {
    const old = await host<Record<string, unknown>>(room.page, 'metadata');
    expect(Object.keys(old).length).toBeGreaterThan(0);
    // The game master opens another scene of the room: metadata and tokens of its own.
    await host(room.page, 'openScene', 'Scene 2');
    await new Promise((r) => setTimeout(r, 1500));
    // Only its id, which the game master's page gives it.
    expect(Object.keys(await host<Record<string, unknown>>(room.page, 'metadata'))).toEqual([SCENE_KEY]);
    expect((await drawn(room.page, GM.connectionId)).items).toEqual([]);
    // Its game starts from nothing, and plays.
    expect((await sendFrom(gm, { type: 'store/select-system', system: 'bdc' })).ok).toBe(true);
    // (His pages, with their signature.)
    const keys = Object.keys(await host<Record<string, unknown>>(room.page, 'metadata')).filter(
      (k) => !k.endsWith('.bg.s'),
    );
    expect(keys.sort()).toEqual([SCENE_KEY, `${OPS_PREFIX}conn-gm.bg`].sort());
    await expect
      .poll(() => player.getByTestId('owlbear-size').textContent(), { timeout: 10_000 })
      .toMatch(/1 actions? wait|0 actions? wait/);
    expect(room.errors).toEqual([]);
  });
});
