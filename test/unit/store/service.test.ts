// The store as the worker runs it, over an in-memory storage: long games cost what a move changes,
// answers carry the change (not the store), a retried request is never applied twice (even after the
// worker was stopped), and backups can be listed, exported, restored and deleted. What it does with
// damaged storage: damage.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIDECARS } from '../../../background/sidecars';
import { DEFAULT_ROLL20_SETTINGS, ROLL20_SETTINGS_KEY } from '../../../src/adapters/roll20/settings';
import { replay } from '../../../src/game/log';
import { DESCRIPTORS } from '../../../src/rules';
import { gameOf } from '../../../src/store/load';
import { CHUNK, EVENTS_KEY_PREFIX, eventsKey, gameKey, logKey } from '../../../src/store/persist';
import { parseRequest } from '../../../src/store/requests';
import { BACKUP_KEY_PREFIX, BOARD_KEY, STORE_KEY } from '../../../src/store/root';
import { QUOTA_BYTES, StoreService } from '../../../src/store/service';
import { GameStates } from '../../../src/store/states';
import { MemoryStorage } from '../../support/memory-storage';

const now = () => new Date('2026-11-30T10:00:00.000Z');
const test = (natural: number, id?: string) => ({
  ...(id ? { id } : {}),
  type: 'game/dispatch',
  system: 'bdc',
  event: { type: 'tested', target: 6, modifier: 0, natural },
});
async function send(store: StoreService, raw: unknown) {
  const request = parseRequest(raw);
  if (!request.ok) throw new Error(JSON.stringify(request.error));
  return store.handle(request.value);
}

describe('StoreService', () => {
  it("keeps a long game in chunks: a move writes the header, the game's key and one chunk, an undo no chunk", async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    for (let i = 0; i < CHUNK + 10; i++) await send(store, test((i % 10) + 1));
    expect([...storage.data.keys()].filter((k) => k.startsWith(EVENTS_KEY_PREFIX)).sort()).toEqual([
      eventsKey('bdc', 0),
      eventsKey('bdc', 1),
    ]);
    // Each chunk names its game and index (a damaged header is rebuilt from them).
    expect(JSON.parse(storage.data.get(eventsKey('bdc', 1))!)).toMatchObject({ system: 'bdc', index: 1 });
    storage.writes = [];
    await send(store, test(5));
    expect(storage.writes[0]!.keys.sort()).toEqual([STORE_KEY, gameKey('bdc'), eventsKey('bdc', 1)].sort());
    storage.writes = [];
    await send(store, { type: 'game/undo', system: 'bdc' });
    expect(storage.writes[0]!.keys.sort()).toEqual([STORE_KEY, gameKey('bdc')].sort());
    // Read back by a new worker: the same game.
    const again = new StoreService(storage, now);
    expect(gameOf(await again.current(), 'bdc').log).toEqual(gameOf(await store.current(), 'bdc').log);
  });

  it('answers with what changed: the new event, the cursor, a revision; the same size whatever the length of the game', async () => {
    const sizes: number[] = [];
    for (const length of [10, 3000]) {
      const storage = new MemoryStorage();
      const store = new StoreService(storage, now);
      await send(store, {
        type: 'game/import',
        system: 'bdc',
        game: {
          config: DESCRIPTORS.bdc.rules.defaultConfig,
          log: { events: Array.from({ length }, (_, i) => test((i % 10) + 1).event), cursor: length },
        },
      });
      const answer = await send(store, test(7));
      expect(answer.ok && answer.change).toEqual({
        since: 1,
        revision: 2,
        activeSystem: 'hd-command',
        notices: [],
        bindings: {},
        games: {
          bdc: {
            kind: 'tail',
            from: length,
            events: [test(7).event],
            same: length,
            length: length + 1,
            cursor: length + 1,
          },
        },
        backups: 0,
      });
      sizes.push(JSON.stringify(answer).length);
      // Opened by a popup: the end of the game, its state before it, not every event.
      const opened = await send(store, { type: 'store/load' });
      const window = opened.ok ? opened.change.games.bdc : null;
      expect(window).toMatchObject({ kind: 'window', length: length + 1, cursor: length + 1 });
      expect(window && window.kind === 'window' && window.events.length).toBeLessThanOrEqual(200);
    }
    expect(sizes[0]).toBe(sizes[1]! - 2 * ('3000'.length - '10'.length) - 2 * ('3001'.length - '11'.length));
  });

  it('an undo then a new event past a chunk boundary drops the chunks after it', async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    for (let i = 0; i < CHUNK + 2; i++) await send(store, test(3));
    for (let i = 0; i < 5; i++) await send(store, { type: 'game/undo', system: 'bdc' });
    await send(store, test(9));
    expect(storage.data.has(eventsKey('bdc', 1))).toBe(false);
    const reread = await new StoreService(storage, now).current();
    expect(gameOf(reread, 'bdc').log.events).toHaveLength(CHUNK - 2);
    expect(gameOf(reread, 'bdc').log.events.at(-1)).toMatchObject({ natural: 9 });
    expect(reread.notices).toEqual([]);
  });

  it('a retry after the worker was stopped is answered, not applied twice', async () => {
    const storage = new MemoryStorage();
    await send(new StoreService(storage, now), test(4, 'click-1'));
    // The worker stops before it could answer; the popup retries with the same id.
    const restarted = new StoreService(storage, now);
    const answer = await send(restarted, test(4, 'click-1'));
    expect(answer.ok).toBe(true);
    expect(gameOf(await restarted.current(), 'bdc').log.events).toHaveLength(1);
  });

  it('migrates a v2 store (logs inline) to layout v4, losing nothing', async () => {
    const storage = new MemoryStorage();
    const events = Array.from({ length: 300 }, (_, i) => ({
      type: 'tested',
      target: 6,
      modifier: 0,
      natural: (i % 10) + 1,
    }));
    await storage.set({
      [STORE_KEY]: {
        schemaVersion: 2,
        revision: 7,
        activeSystem: 'bdc',
        games: { bdc: { config: DESCRIPTORS.bdc.rules.defaultConfig, log: { events, cursor: 300 } } },
        bindings: {},
        notice: null,
      },
    });
    const root = await new StoreService(storage, now).current();
    expect(gameOf(root, 'bdc').log.events).toEqual(events);
    const header = JSON.parse(storage.data.get(STORE_KEY)!) as { schemaVersion: number; games: unknown };
    expect(header.schemaVersion).toBe(4);
    expect(header.games).toEqual(['bdc']);
    expect(JSON.parse(storage.data.get(gameKey('bdc'))!)).toMatchObject({
      system: 'bdc',
      config: DESCRIPTORS.bdc.rules.defaultConfig,
      cursor: 300,
      length: 300,
    });
    expect(storage.data.has(eventsKey('bdc', 1))).toBe(true);
    expect(root.notices).toEqual([]);
  });

  it('migrates a v3 store (bare chunks beside the header): the old keys go once the new ones are written', async () => {
    const storage = new MemoryStorage();
    const events = Array.from({ length: CHUNK + 20 }, (_, i) => ({
      type: 'tested',
      target: 6,
      modifier: 0,
      natural: (i % 10) + 1,
    }));
    await storage.set({
      [STORE_KEY]: {
        schemaVersion: 3,
        revision: 4,
        activeSystem: 'bdc',
        games: { bdc: { config: DESCRIPTORS.bdc.rules.defaultConfig, cursor: CHUNK + 5, length: CHUNK + 20 } },
        bindings: {},
        notices: [],
        recent: ['x'],
      },
      [logKey('bdc', 0)]: events.slice(0, CHUNK),
      [logKey('bdc', 1)]: events.slice(CHUNK),
    });
    const root = await new StoreService(storage, now).current();
    expect(gameOf(root, 'bdc').log).toEqual({ events, cursor: CHUNK + 5 });
    expect(root.notices).toEqual([]);
    expect([...storage.data.keys()].sort()).toEqual(
      [BOARD_KEY, STORE_KEY, eventsKey('bdc', 0), eventsKey('bdc', 1), gameKey('bdc')].sort(),
    );
    // Nothing is lost if the worker stops before the old keys were removed: both are read the same.
    expect(gameOf(await new StoreService(storage, now).current(), 'bdc').log).toEqual({ events, cursor: CHUNK + 5 });
  });

  it('lists, exports, restores and deletes backups; a restore of a damaged one restores what can be read, or is refused', async () => {
    const storage = new MemoryStorage();
    await storage.set({ [STORE_KEY]: '{"schemaVersion":3,' });
    let second = 0;
    const store = new StoreService(storage, () => new Date(Date.UTC(2026, 10, 30, 10, 0, second++)));
    const key = `${BACKUP_KEY_PREFIX}2026-11-30T10:00:00.000Z.header`;
    const list = await send(store, { type: 'store/backups' });
    expect(list.ok && list.data).toEqual([expect.objectContaining({ key, kind: 'store' })]);
    const exported = await send(store, { type: 'store/backup', key });
    expect(exported.ok && exported.data).toBe('{"schemaVersion":3,');
    // Nothing in it can be read: refused, and nothing written.
    const before = new Map(storage.data);
    const restored = await send(store, { type: 'store/restore', key });
    expect(restored.ok ? null : restored.error.code).toBe('backup-unusable');
    expect(storage.data).toEqual(before);
    const deleted = await send(store, { type: 'store/delete-backup', key });
    expect(deleted.ok).toBe(true);
    expect(storage.data.has(key)).toBe(false);
    const missing = await send(store, { type: 'store/restore', key });
    expect(missing.ok ? null : missing.error.code).toBe('backup-unknown');
    // A whole v1 store whose second game is damaged: the first comes back, and the answer says what could not.
    const v1 = {
      schemaVersion: 1,
      activeSystem: 'bdc',
      notice: null,
      games: {
        bdc: {
          config: DESCRIPTORS.bdc.rules.defaultConfig,
          log: { events: [test(4).event, { type: 'tested', target: 'x' }], cursor: 2 },
        },
      },
    };
    await storage.set({ [`${BACKUP_KEY_PREFIX}old`]: v1 });
    const partial = await send(store, { type: 'store/restore', key: `${BACKUP_KEY_PREFIX}old` });
    expect(partial.ok && partial.data).toEqual({
      games: ['bdc'],
      events: 1,
      unreadable: expect.stringMatching(/^bdc: event 2/),
    });
    expect(gameOf(await store.current(), 'bdc').log.events).toEqual([test(4).event]);
  });

  it('imports a game from a file, checked as a stored game; the game it replaces is kept', async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    await send(store, test(1));
    const game = {
      config: DESCRIPTORS.bdc.rules.defaultConfig,
      log: { events: [{ type: 'tested', target: 6, modifier: 0, natural: 7 }], cursor: 1 },
    };
    const bad = await send(store, {
      type: 'game/import',
      system: 'bdc',
      game: { ...game, log: { events: [{ type: 'tested', target: 'six' }], cursor: 1 } },
    });
    expect(bad.ok ? null : bad.error.code).toBe('import-invalid');
    expect(gameOf(await store.current(), 'bdc').log.events).toEqual([
      { type: 'tested', target: 6, modifier: 0, natural: 1 },
    ]);
    const good = await send(store, { type: 'game/import', system: 'bdc', game });
    expect(good.ok).toBe(true);
    expect(gameOf(await store.current(), 'bdc').log).toEqual(game.log);
    expect([...storage.data.keys()].some((k) => k.endsWith('.bdc.before-import'))).toBe(true);
  });

  it("a replaced game (the demo table's example) is kept as a backup and comes back with its links to the board", async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    for (const event of [{ type: 'rosterSet', side: 'A', fighters: [{ name: 'chef', cmd: 3 }] }, { type: 'start' }])
      await send(store, { type: 'game/dispatch', system: 'hd-command', event });
    await send(store, { type: 'board/link', system: 'hd-command', links: [{ token: 'tok', piece: 'A1' }] });
    const mine = await store.current();
    const replaced = await send(store, { id: 'rep-1', type: 'game/replace', system: 'hd-command', events: [] });
    expect(replaced.ok && replaced.change.games['hd-command']).toMatchObject({ events: [], length: 0, cursor: 0 });
    const listed = await send(store, { type: 'store/backups' });
    const backups = (listed.ok ? listed.data : []) as { key: string; kind: string; system: string }[];
    expect(backups).toEqual([expect.objectContaining({ kind: 'game', system: 'hd-command' })]);
    // Sent again (a retry), it is answered, not done again: still one backup.
    await send(store, { id: 'rep-1', type: 'game/replace', system: 'hd-command', events: [] });
    expect([...storage.data.keys()].filter((k) => k.startsWith(BACKUP_KEY_PREFIX))).toHaveLength(1);
    const back = await send(store, { type: 'store/restore', key: backups[0]!.key });
    expect(back.ok && back.data).toEqual({ games: ['hd-command'], events: 2, unreadable: null });
    expect(gameOf(await store.current(), 'hd-command')).toEqual(gameOf(mine, 'hd-command'));
    expect((await store.current()).bindings['hd-command']).toEqual({ links: { tok: 'A1' }, sides: {} });
  });

  it('damaged Roll20 board settings: the damaged fields alone take their default, the old value is kept and the user told; restored, what was usable comes back', async () => {
    const storage = new MemoryStorage();
    const damaged = {
      sideFrom: 'tint',
      unitFrom: 'sideways',
      leaderMarker: 'a,b',
      overlay: false,
      labels: false,
      nativeAuras: false,
      assignments: {},
    };
    await storage.set({ [ROLL20_SETTINGS_KEY]: damaged });
    const store = new StoreService(storage, now, { [ROLL20_SETTINGS_KEY]: SIDECARS[ROLL20_SETTINGS_KEY]! });
    await store.checkSidecars();
    const repaired = JSON.parse(storage.data.get(ROLL20_SETTINGS_KEY)!);
    expect(repaired).toEqual({ ...DEFAULT_ROLL20_SETTINGS, sideFrom: 'tint', overlay: false, labels: false });
    const root = await store.current();
    expect(root.notices).toEqual([
      expect.objectContaining({ kind: 'settings-repaired', fields: ['unitFrom', 'leaderMarker'] }),
    ]);
    const notice = root.notices[0] as { backupKey: string };
    expect(JSON.parse(storage.data.get(notice.backupKey)!)).toEqual({ key: ROLL20_SETTINGS_KEY, settings: damaged });
    // Checked again (the worker restarts): nothing more to repair, no second notice or backup.
    await new StoreService(storage, now, { [ROLL20_SETTINGS_KEY]: SIDECARS[ROLL20_SETTINGS_KEY]! }).checkSidecars();
    expect([...storage.data.keys()].filter((k) => k.startsWith(BACKUP_KEY_PREFIX))).toHaveLength(1);
    // Settings changed since, then the backup restored: its usable fields come back, the current ones are kept.
    await storage.set({ [ROLL20_SETTINGS_KEY]: { ...DEFAULT_ROLL20_SETTINGS, sideFrom: 'marker' } });
    const restored = await send(store, { type: 'store/restore', key: notice.backupKey });
    expect(restored.ok).toBe(true);
    expect(JSON.parse(storage.data.get(ROLL20_SETTINGS_KEY)!)).toEqual(repaired);
    expect([...storage.data.keys()].filter((k) => k.startsWith(BACKUP_KEY_PREFIX))).toHaveLength(2);
    // A settings backup for a key the store does not keep is not written anywhere.
    await storage.set({ [`${BACKUP_KEY_PREFIX}forged`]: { key: STORE_KEY, settings: {} } });
    const forged = await send(store, { type: 'store/restore', key: `${BACKUP_KEY_PREFIX}forged` });
    expect(forged.ok ? null : forged.error.code).toBe('backup-unusable');
  });

  it('many requests at once are written together, each answered once its change is written', async () => {
    const storage = new MemoryStorage(2);
    const store = new StoreService(storage, now);
    await store.current();
    storage.writes = [];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(store, test((i % 10) + 1, `r${i}`))));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(storage.writes.length).toBeLessThan(10);
    const reread = await new StoreService(storage, now).current();
    expect(gameOf(reread, 'bdc').log.events.map((e) => (e as { natural: number }).natural)).toEqual(
      Array.from({ length: 50 }, (_, i) => (i % 10) + 1),
    );
  });

  it('a second worker writing meanwhile is read again: what this one had not written yet goes on top, nothing is lost', async () => {
    const storage = new MemoryStorage(2);
    const a = new StoreService(storage, now);
    const b = new StoreService(storage, now);
    await send(a, test(1, 'a1'));
    await b.current();
    // b writes while a holds an older root in memory: a hears of it (storage.onChanged) and reads again.
    await send(b, test(2, 'b1'));
    a.external(b.writer);
    await Promise.all([send(a, test(3, 'a2')), send(a, test(4, 'a3'))]);
    const naturals = gameOf(await new StoreService(storage, now).current(), 'bdc').log.events.map(
      (e) => (e as { natural: number }).natural,
    );
    expect(naturals).toEqual([1, 2, 3, 4]);
  });

  it('a write the browser refuses is reported, and nothing of it is kept', async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    await send(store, test(1));
    const set = storage.set.bind(storage);
    storage.set = async () => {
      throw new Error('QUOTA_BYTES quota exceeded');
    };
    const refused = await send(store, test(2));
    expect(refused.ok ? null : refused.error.code).toBe('storage-failed');
    storage.set = set;
    expect(gameOf(await store.current(), 'bdc').log.events).toHaveLength(1);
  });

  it('says once when the store nears the quota', async () => {
    const storage = new MemoryStorage();
    await storage.set({ [`${BACKUP_KEY_PREFIX}old`]: 'x'.repeat(Math.ceil(QUOTA_BYTES * 0.85)) });
    const store = new StoreService(storage, now);
    const first = await send(store, test(3));
    expect(first.ok && first.change.notices).toEqual([expect.objectContaining({ kind: 'quota', percent: 85 })]);
    const second = await send(store, test(3));
    expect(second.ok && second.change.notices.filter((n) => n.kind === 'quota')).toHaveLength(1);
  });
});

describe('GameStates', () => {
  it('after any dispatches, undos and redos, the kept state is the log replayed from the start', () => {
    const rules = DESCRIPTORS.bdc.rules;
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.constant('undo' as const), fc.constant('redo' as const), fc.integer({ min: 1, max: 10 })),
          { maxLength: 300 },
        ),
        (steps) => {
          const states = new GameStates();
          let game = { config: rules.defaultConfig, log: { events: [] as unknown[], cursor: 0 } };
          for (const step of steps) {
            const { events, cursor } = game.log;
            if (step === 'undo') game = { ...game, log: { events, cursor: Math.max(0, cursor - 1) } };
            else if (step === 'redo') game = { ...game, log: { events, cursor: Math.min(events.length, cursor + 1) } };
            else
              game = {
                ...game,
                log: {
                  events: [...events.slice(0, cursor), { type: 'tested', target: 6, modifier: 0, natural: step }],
                  cursor: cursor + 1,
                },
              };
            const kept = states.stateOf('bdc', rules, game);
            expect(kept).toEqual(replay(rules, game.config, game.log));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
