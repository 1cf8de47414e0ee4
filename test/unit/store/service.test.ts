// The store as the worker runs it, over an in-memory storage: long games cost what a move changes,
// a retried request is never applied twice (even after the worker was stopped), damaged pieces are
// quarantined alone, and backups can be listed, exported, restored and deleted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLL20_SETTINGS, readSettings, repairSettings, ROLL20_SETTINGS_KEY } from '../../../src/adapters/roll20/settings';
import { replay } from '../../../src/game/log';
import { DESCRIPTORS } from '../../../src/rules';
import { gameOf } from '../../../src/store/load';
import { CHUNK, LOG_KEY_PREFIX, logKey } from '../../../src/store/persist';
import { parseRequest } from '../../../src/store/requests';
import { BACKUP_KEY_PREFIX, BOARD_KEY, STORE_KEY } from '../../../src/store/root';
import { QUOTA_BYTES, StoreService } from '../../../src/store/service';
import { GameStates } from '../../../src/store/states';
import { MemoryStorage } from '../../support/memory-storage';

const now = () => new Date('2026-11-30T10:00:00.000Z');
const test = (natural: number, id?: string) => ({ ...(id ? { id } : {}), type: 'game/dispatch', system: 'bdc', event: { type: 'tested', target: 6, modifier: 0, natural } });
async function send(store: StoreService, raw: unknown) {
  const request = parseRequest(raw);
  if (!request.ok) throw new Error(JSON.stringify(request.error));
  return store.handle(request.value);
}

describe('StoreService', () => {
  it('keeps a long game in chunks: a move writes the header and one chunk, an undo the header alone', async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    for (let i = 0; i < CHUNK + 10; i++) await send(store, test((i % 10) + 1));
    expect([...storage.data.keys()].filter((k) => k.startsWith(LOG_KEY_PREFIX)).sort()).toEqual([logKey('bdc', 0), logKey('bdc', 1)]);
    storage.writes = [];
    await send(store, test(5));
    expect(storage.writes[0]!.keys.sort()).toEqual([BOARD_KEY, STORE_KEY, logKey('bdc', 1)].sort());
    storage.writes = [];
    await send(store, { type: 'game/undo', system: 'bdc' });
    expect(storage.writes[0]!.keys.sort()).toEqual([BOARD_KEY, STORE_KEY].sort());
    // Read back by a new worker: the same game.
    const again = new StoreService(storage, now);
    expect(gameOf(await again.current(), 'bdc').log).toEqual(gameOf(await store.current(), 'bdc').log);
  });

  it('an undo then a new event past a chunk boundary drops the chunks after it', async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    for (let i = 0; i < CHUNK + 2; i++) await send(store, test(3));
    for (let i = 0; i < 5; i++) await send(store, { type: 'game/undo', system: 'bdc' });
    await send(store, test(9));
    expect(storage.data.has(logKey('bdc', 1))).toBe(false);
    const reread = await new StoreService(storage, now).current();
    expect(gameOf(reread, 'bdc').log.events).toHaveLength(CHUNK - 2);
    expect(gameOf(reread, 'bdc').log.events.at(-1)).toMatchObject({ natural: 9 });
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

  it('migrates a v2 store (logs inline) to the chunked layout, losing nothing', async () => {
    const storage = new MemoryStorage();
    const events = Array.from({ length: 300 }, (_, i) => ({ type: 'tested', target: 6, modifier: 0, natural: (i % 10) + 1 }));
    await storage.set({ [STORE_KEY]: { schemaVersion: 2, revision: 7, activeSystem: 'bdc', games: { bdc: { config: DESCRIPTORS.bdc.rules.defaultConfig, log: { events, cursor: 300 } } }, bindings: {}, notice: null } });
    const root = await new StoreService(storage, now).current();
    expect(gameOf(root, 'bdc').log.events).toEqual(events);
    const header = JSON.parse(storage.data.get(STORE_KEY)!) as { schemaVersion: number; games: { bdc: unknown } };
    expect(header.schemaVersion).toBe(3);
    expect(header.games.bdc).toEqual({ config: DESCRIPTORS.bdc.rules.defaultConfig, cursor: 300, length: 300 });
    expect(storage.data.has(logKey('bdc', 1))).toBe(true);
  });

  it('a lost chunk costs its game alone: kept as a backup, the game starts again, the other games stay', async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    for (let i = 0; i < CHUNK + 1; i++) await send(store, test(2));
    await send(store, { type: 'game/dispatch', system: 'hd-command', event: { type: 'sideEdited', side: 'A', name: 'Arnaud' } });
    storage.data.delete(logKey('bdc', 1));
    const root = await new StoreService(storage, now).current();
    expect(root.games.bdc).toBeUndefined();
    expect(gameOf(root, 'hd-command').log.events).toHaveLength(1);
    expect(root.notices).toEqual([expect.objectContaining({ kind: 'game-reset', system: 'bdc', reason: 'wrong-shape' })]);
    expect([...storage.data.keys()].filter((k) => k.startsWith(BACKUP_KEY_PREFIX))).toEqual([`${BACKUP_KEY_PREFIX}2026-11-30T10:00:00.000Z.bdc`]);
  });

  it('lists, exports, restores and deletes backups; a restore keeps what it replaces', async () => {
    const storage = new MemoryStorage();
    await storage.set({ [STORE_KEY]: '{"schemaVersion":3,' });
    let second = 0;
    const store = new StoreService(storage, () => new Date(Date.UTC(2026, 10, 30, 10, 0, second++)));
    const list = await send(store, { type: 'store/backups' });
    expect(list.ok && list.data).toEqual([expect.objectContaining({ key: `${BACKUP_KEY_PREFIX}2026-11-30T10:00:00.000Z`, kind: 'store' })]);
    const key = `${BACKUP_KEY_PREFIX}2026-11-30T10:00:00.000Z`;
    const exported = await send(store, { type: 'store/backup', key });
    expect(exported.ok && exported.data).toBe('{"schemaVersion":3,');
    // Put back, the unreadable value is read again and kept again, and the store it replaced is kept too.
    const restored = await send(store, { type: 'store/restore', key });
    expect(restored.ok).toBe(true);
    expect([...storage.data.keys()].filter((k) => k.startsWith(BACKUP_KEY_PREFIX)).length).toBe(3);
    const deleted = await send(store, { type: 'store/delete-backup', key });
    expect(deleted.ok).toBe(true);
    expect(storage.data.has(key)).toBe(false);
    const missing = await send(store, { type: 'store/restore', key });
    expect(missing.ok ? null : missing.error.code).toBe('backup-unknown');
  });

  it('imports a game from a file, checked as a stored game; the game it replaces is kept', async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    await send(store, test(1));
    const game = { config: DESCRIPTORS.bdc.rules.defaultConfig, log: { events: [{ type: 'tested', target: 6, modifier: 0, natural: 7 }], cursor: 1 } };
    const bad = await send(store, { type: 'game/import', system: 'bdc', game: { ...game, log: { events: [{ type: 'tested', target: 'six' }], cursor: 1 } } });
    expect(bad.ok ? null : bad.error.code).toBe('import-invalid');
    expect(gameOf(await store.current(), 'bdc').log.events).toEqual([{ type: 'tested', target: 6, modifier: 0, natural: 1 }]);
    const good = await send(store, { type: 'game/import', system: 'bdc', game });
    expect(good.ok && gameOf(good.root, 'bdc').log).toEqual(game.log);
    expect([...storage.data.keys()].some((k) => k.endsWith('.bdc.before-import'))).toBe(true);
  });

  it('a replaced game (the demo table\'s example) is kept as a backup and comes back with its links to the board', async () => {
    const storage = new MemoryStorage();
    const store = new StoreService(storage, now);
    for (const event of [{ type: 'rosterSet', side: 'A', fighters: [{ name: 'chef', cmd: 3 }] }, { type: 'start' }]) await send(store, { type: 'game/dispatch', system: 'hd-command', event });
    await send(store, { type: 'board/link', system: 'hd-command', links: [{ token: 'tok', piece: 'A1' }] });
    const mine = await store.current();
    const replaced = await send(store, { id: 'rep-1', type: 'game/replace', system: 'hd-command', events: [] });
    expect(replaced.ok && gameOf(replaced.root, 'hd-command').log.events).toEqual([]);
    const listed = await send(store, { type: 'store/backups' });
    const backups = (listed.ok ? listed.data : []) as { key: string; kind: string; system: string }[];
    expect(backups).toEqual([expect.objectContaining({ kind: 'game', system: 'hd-command' })]);
    // Sent again (a retry), it is answered, not done again: still one backup.
    await send(store, { id: 'rep-1', type: 'game/replace', system: 'hd-command', events: [] });
    expect([...storage.data.keys()].filter((k) => k.startsWith(BACKUP_KEY_PREFIX))).toHaveLength(1);
    const back = await send(store, { type: 'store/restore', key: backups[0]!.key });
    expect(back.ok && gameOf(back.root, 'hd-command')).toEqual(gameOf(mine, 'hd-command'));
    expect(back.ok && back.root.bindings['hd-command']).toEqual({ links: { tok: 'A1' }, sides: {} });
  });

  it('damaged Roll20 board settings: the damaged fields alone take their default, the old value is kept and the user told; restored, what was usable comes back', async () => {
    const storage = new MemoryStorage();
    const damaged = { sideFrom: 'tint', unitFrom: 'sideways', leaderMarker: 'a,b', overlay: false, labels: false, nativeAuras: false, assignments: {} };
    await storage.set({ [ROLL20_SETTINGS_KEY]: damaged });
    const store = new StoreService(storage, now, { [ROLL20_SETTINGS_KEY]: { read: (raw) => ({ value: repairSettings(raw).settings, damaged: repairSettings(raw).damaged }) } });
    await store.checkSidecars();
    const repaired = JSON.parse(storage.data.get(ROLL20_SETTINGS_KEY)!);
    expect(repaired).toEqual({ ...DEFAULT_ROLL20_SETTINGS, sideFrom: 'tint', overlay: false, labels: false });
    const root = await store.current();
    expect(root.notices).toEqual([expect.objectContaining({ kind: 'settings-repaired', fields: ['unitFrom', 'leaderMarker'] })]);
    const notice = root.notices[0] as { backupKey: string };
    expect(JSON.parse(storage.data.get(notice.backupKey)!)).toEqual({ key: ROLL20_SETTINGS_KEY, settings: damaged });
    // Checked again (the worker restarts): nothing more to repair, no second notice or backup.
    await new StoreService(storage, now, { [ROLL20_SETTINGS_KEY]: { read: (raw) => ({ value: readSettings(raw), damaged: repairSettings(raw).damaged }) } }).checkSidecars();
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
    expect(gameOf(reread, 'bdc').log.events.map((e) => (e as { natural: number }).natural)).toEqual(Array.from({ length: 50 }, (_, i) => (i % 10) + 1));
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
    const naturals = gameOf(await new StoreService(storage, now).current(), 'bdc').log.events.map((e) => (e as { natural: number }).natural);
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
    expect(first.ok && first.root.notices).toEqual([expect.objectContaining({ kind: 'quota', percent: 85 })]);
    const second = await send(store, test(3));
    expect(second.ok && second.root.notices.filter((n) => n.kind === 'quota')).toHaveLength(1);
  });
});

describe('GameStates', () => {
  it('after any dispatches, undos and redos, the kept state is the log replayed from the start', () => {
    const rules = DESCRIPTORS.bdc.rules;
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant('undo' as const), fc.constant('redo' as const), fc.integer({ min: 1, max: 10 })), { maxLength: 300 }), (steps) => {
        const states = new GameStates();
        let game = { config: rules.defaultConfig, log: { events: [] as unknown[], cursor: 0 } };
        for (const step of steps) {
          const { events, cursor } = game.log;
          if (step === 'undo') game = { ...game, log: { events, cursor: Math.max(0, cursor - 1) } };
          else if (step === 'redo') game = { ...game, log: { events, cursor: Math.min(events.length, cursor + 1) } };
          else game = { ...game, log: { events: [...events.slice(0, cursor), { type: 'tested', target: 6, modifier: 0, natural: step }], cursor: cursor + 1 } };
          const kept = states.stateOf('bdc', rules, game);
          expect(kept).toEqual(replay(rules, game.config, game.log));
        }
      }),
      { numRuns: 60 },
    );
  });
});
