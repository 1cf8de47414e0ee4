// Every stored layout an earlier version of Command Post wrote (v1: the root whole, before bindings;
// v2: one notice; v3: events in bare chunks beside the header) is read into layout v4 losing nothing,
// healthy or damaged; a newer one is never written over; and a version of v3 that meets a v4 store
// (the user went back to an older Command Post) leaves its events where v4 finds them again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DESCRIPTORS } from '../../../src/rules';
import { CHUNK, eventsKey, gameKey, logKey } from '../../../src/store/persist';
import { BACKUP_KEY_PREFIX, BOARD_KEY, STORE_KEY } from '../../../src/store/root';
import { StoreService } from '../../../src/store/service';
import { MemoryStorage } from '../../support/memory-storage';

const now = () => new Date('2026-12-01T09:00:00.000Z');
const config = DESCRIPTORS['hd-command'].rules.defaultConfig;
const named = (i: number) => ({ type: 'sideEdited', side: 'A', name: `ev-${i}` });
const events = (n: number) => Array.from({ length: n }, (_, i) => named(i));
const binding = { links: {}, sides: { red: 'A' } };

/** What each earlier version wrote for a Hell Dorado game of `n` events (cursor 2 before the end) and its links. */
const LAYOUTS: Record<string, (n: number) => Record<string, unknown>> = {
  v1: (n) => ({
    [STORE_KEY]: {
      schemaVersion: 1,
      activeSystem: 'hd-command',
      notice: null,
      games: { 'hd-command': { config, log: { events: events(n), cursor: n - 2 } } },
    },
  }),
  v2: (n) => ({
    [STORE_KEY]: {
      schemaVersion: 2,
      revision: 9,
      activeSystem: 'hd-command',
      notice: null,
      bindings: { 'hd-command': binding },
      games: { 'hd-command': { config, log: { events: events(n), cursor: n - 2 } } },
    },
  }),
  v3: (n) => {
    const items: Record<string, unknown> = {
      [STORE_KEY]: {
        schemaVersion: 3,
        revision: 9,
        activeSystem: 'hd-command',
        notices: [],
        recent: ['a'],
        writer: 'w1',
        bindings: { 'hd-command': binding },
        games: { 'hd-command': { config, cursor: n - 2, length: n } },
      },
    };
    for (let i = 0; i * CHUNK < n; i++) items[logKey('hd-command', i)] = events(n).slice(i * CHUNK, (i + 1) * CHUNK);
    return items;
  },
};

async function stored(items: Record<string, unknown>): Promise<MemoryStorage> {
  const storage = new MemoryStorage();
  await storage.set(items);
  return storage;
}

const names = (storage: MemoryStorage) =>
  new Set(
    [...storage.data].filter(([k]) => k !== BOARD_KEY).flatMap(([, v]) => [...v.matchAll(/ev-\d+/g)].map((m) => m[0])),
  );

describe('migrations from every earlier layout', () => {
  it.each(Object.keys(LAYOUTS))(
    '%s: read into layout v4 with every event, its cursor and its links; no notice',
    async (version) => {
      const n = 2 * CHUNK + 40;
      const storage = await stored(LAYOUTS[version]!(n));
      const root = await new StoreService(storage, now).current();
      expect(root.games['hd-command']!.log).toEqual({ events: events(n), cursor: n - 2 });
      expect(root.bindings['hd-command']).toEqual(version === 'v1' ? undefined : binding);
      expect(root.notices).toEqual([]);
      expect(JSON.parse(storage.data.get(STORE_KEY)!)).toMatchObject({ schemaVersion: 4, games: ['hd-command'] });
      expect([...storage.data.keys()].sort()).toEqual(
        [
          STORE_KEY,
          BOARD_KEY,
          gameKey('hd-command'),
          eventsKey('hd-command', 0),
          eventsKey('hd-command', 1),
          eventsKey('hd-command', 2),
        ].sort(),
      );
      // And read again, nothing changes.
      const again = await new StoreService(storage, now).current();
      expect(again.games).toEqual(root.games);
    },
  );

  const DAMAGES: [string, string, (items: Record<string, unknown>) => void][] = [
    [
      'v1',
      'an event that does not read',
      (i) =>
        void ((i[STORE_KEY] as { games: Record<string, { log: { events: unknown[] } }> }).games[
          'hd-command'
        ]!.log.events[300] = { type: 'nope' }),
    ],
    [
      'v2',
      'a game that is not one',
      (i) => void ((i[STORE_KEY] as { games: Record<string, unknown> }).games['hd-command'] = 'garbage'),
    ],
    ['v2', 'its header cut', (i) => void (i[STORE_KEY] = JSON.stringify(i[STORE_KEY]).slice(0, 2000))],
    ['v3', 'a chunk missing in the middle', (i) => void delete i[logKey('hd-command', 1)]],
    [
      'v3',
      'a length that is a string',
      (i) =>
        void ((i[STORE_KEY] as { games: Record<string, { length: unknown }> }).games['hd-command']!.length = '552'),
    ],
    [
      'v3',
      'its header cut (the chunks alone remain)',
      (i) => void (i[STORE_KEY] = JSON.stringify(i[STORE_KEY]).slice(0, 50)),
    ],
    ['v3', 'its header missing', (i) => void delete i[STORE_KEY]],
    [
      'v3',
      'a game of an unknown system in the header',
      (i) =>
        void ((i[STORE_KEY] as { games: Record<string, unknown> }).games.chess = { config: {}, cursor: 0, length: 0 }),
    ],
  ];

  it.each(DAMAGES)(
    '%s with %s: every event it held is still in storage, and a notice says so',
    async (version, _, damage) => {
      const n = 2 * CHUNK + 40;
      const items = LAYOUTS[version]!(n);
      damage(items);
      const storage = await stored(items);
      const held = names(storage);
      const store = new StoreService(storage, now);
      const root = await store.current();
      expect([...held].filter((x) => !names(storage).has(x))).toEqual([]);
      expect(root.notices.length).toBeGreaterThan(0);
      for (const key of [...storage.data.keys()].filter((k) => k.startsWith(BACKUP_KEY_PREFIX)))
        expect(root.notices.some((x) => 'backupKey' in x && x.backupKey === key)).toBe(true);
    },
  );

  it("v3 with its header damaged: the game comes back from its chunks' keys, with default settings, standing at its end", async () => {
    const n = CHUNK + 10;
    const items = LAYOUTS.v3!(n);
    items[STORE_KEY] = '{"schemaVersion":3,"revis';
    const root = await new StoreService(await stored(items), now).current();
    expect(root.games['hd-command']!.log).toEqual({ events: events(n), cursor: n });
    expect(root.notices).toEqual([
      expect.objectContaining({
        kind: 'game-cut',
        system: 'hd-command',
        kept: n,
        detail: 'its settings were in the damaged header and took their defaults',
        backupKey: null,
      }),
      expect.objectContaining({ kind: 'header-rebuilt', reason: 'not-json', games: ['hd-command'] }),
    ]);
  });
});

describe('going back to an older version and forth again', () => {
  it('a v4 store keeps its events where a v3 build does not remove them, and v4 shows that game again at once', async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    const game = { config, log: { events: events(300), cursor: 300 } };
    await store.handle({ type: 'game/import', system: 'hd-command', game });
    await store.handle({
      type: 'board/link',
      system: 'hd-command',
      links: [],
      sides: [{ tabletop: 'red', side: 'A' }],
    });
    // What a v3 build does with a store it finds newer: its header kept as a backup, a fresh v3
    // header written, and every `commandPost.log.*` key removed (v4 keeps none there).
    const v4Header = storage.data.get(STORE_KEY)!;
    storage.data.set(`${BACKUP_KEY_PREFIX}2026-12-02T00:00:00.000Z`, v4Header);
    storage.data.set(
      STORE_KEY,
      JSON.stringify({
        schemaVersion: 3,
        revision: 0,
        activeSystem: 'bdc',
        games: {},
        bindings: {},
        notices: [],
        recent: [],
      }),
    );
    for (const k of [...storage.data.keys()]) if (k.startsWith('commandPost.log.')) storage.data.delete(k);
    // Back on v4: the game is back from its own keys, with its links (from the header the v3 build kept), and said so.
    const root = await new StoreService(storage, now).current();
    expect(root.games['hd-command']).toEqual(game);
    expect(root.bindings['hd-command']).toEqual(binding);
    expect(root.notices).toEqual([expect.objectContaining({ kind: 'games-back', games: ['hd-command'], newer: [] })]);
  });

  it('v4, then the real v3 build (recorded: it reset the store and played two games), then v4: every game shows', async () => {
    // test/fixtures/store/after-older-build.json: storage as Chromium held it after this build (layout
    // v4) played Hell Dorado, Désastre Colonial and BdC (each its worked example, linked to its tokens),
    // then the build of commit af2c996 (layout v3, the last before v4) was loaded over it: it reset the
    // store (the v4 header kept as a backup) and played the command roll's example and two BdC tests.
    const recorded = JSON.parse(
      readFileSync(
        path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/store/after-older-build.json'),
        'utf8',
      ),
    ) as Record<string, unknown>;
    const storage = await stored(recorded);
    const held = names(storage);
    const root = await new StoreService(storage, now).current();
    const lengths = Object.fromEntries(Object.entries(root.games).map(([id, g]) => [id, g!.log.events.length]));
    // Played on the older build: the command roll and BdC (its two tests); kept by v4 alone: Hell Dorado and DC.
    expect(lengths).toEqual({ cr: 17, bdc: 2, dc: expect.any(Number), 'hd-command': expect.any(Number) });
    expect(lengths.dc).toBeGreaterThan(5);
    expect(Object.keys(root.bindings).sort()).toEqual(['cr', 'dc', 'hd-command']);
    const notice = root.notices.find((n) => n.kind === 'games-back') as {
      readonly games: readonly string[];
      readonly newer: readonly string[];
      readonly backupKey: string;
    };
    expect(notice).toMatchObject({ games: ['hd-command', 'dc'], newer: ['bdc'] });
    // The BdC game v4 had kept (its worked example) is in the backup the notice names; the older build's notice of its reset is gone.
    expect(
      JSON.parse(storage.data.get(notice.backupKey)!).items['commandPost.events.bdc.0'].events.length,
    ).toBeGreaterThan(2);
    expect(root.notices.filter((n) => n.kind === 'store-reset' || n.kind === 'keys-aside')).toEqual([]);
    expect([...held].filter((n) => !names(storage).has(n))).toEqual([]);
  });

  it('a store of a newer layout is read as far as it can be, and nothing is written over it', async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    await store.handle({
      type: 'game/import',
      system: 'hd-command',
      game: { config, log: { events: events(40), cursor: 40 } },
    });
    const header = JSON.parse(storage.data.get(STORE_KEY)!);
    storage.data.set(STORE_KEY, JSON.stringify({ ...header, schemaVersion: 5, somethingNew: { x: 1 } }));
    const before = new Map(storage.data);
    const newer = new StoreService(storage, now);
    const root = await newer.current();
    expect(root.games['hd-command']!.log.events).toHaveLength(40);
    expect(root.notices).toEqual([expect.objectContaining({ kind: 'store-newer', version: 5 })]);
    for (const request of [
      { type: 'game/undo', system: 'hd-command' },
      { type: 'store/restore', key: `${BACKUP_KEY_PREFIX}x` },
      { type: 'game/import', system: 'bdc', game: {} },
    ] as const) {
      const answer = await newer.handle(request as never);
      expect(answer.ok ? null : answer.error.code).toBe('store-newer');
    }
    // Which game is shown may change (in memory only); export still works.
    expect((await newer.handle({ type: 'store/select-system', system: 'bdc' })).ok).toBe(true);
    expect((await newer.handle({ type: 'store/export', system: 'hd-command' })).ok).toBe(true);
    expect(storage.data).toEqual(before);
  });
});
