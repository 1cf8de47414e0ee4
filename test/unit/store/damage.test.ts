// Every kind of stored key (the header, each chunk, each game's key, the bindings, the Roll20
// settings, a backup, the demo boards, keys the store does not know) damaged in every way (cut,
// wrong type, huge, missing, duplicated, an unknown or newer version, `__proto__`), then read by the
// worker's own store: every event the damaged storage still held is still in storage afterwards
// (live or in a backup), the popup's copy of the store works, a notice names each backup, export
// works, and reading it again changes nothing more. The same matrix (test/support/store-damage.ts)
// runs on the real worker in Chromium (test/browser/store-damage.test.ts).
import { describe, expect, it } from 'vitest';
import { SIDECARS } from '../../../background/sidecars';
import { StoreHolder } from '../../../popup/store';
import { DEMO_KEY } from '../../../src/adapters/demo/model';
import { exampleBoard } from '../../../src/adapters/demo/example';
import { DEFAULT_ROLL20_SETTINGS, ROLL20_SETTINGS_KEY } from '../../../src/adapters/roll20/settings';
import { logLength } from '../../../src/game/log';
import { CHUNK, eventsKey } from '../../../src/store/persist';
import { parseRequest } from '../../../src/store/requests';
import { BACKUP_KEY_PREFIX, BOARD_KEY, type StoreNotice } from '../../../src/store/root';
import { StoreService } from '../../../src/store/service';
import { MemoryStorage } from '../../support/memory-storage';
import { DAMAGE_EVENTS, damageCases, HEALTHY_BACKUP_KEY, namedEvent } from '../../support/store-damage';

const EVENTS = DAMAGE_EVENTS;
const named = namedEvent;
const CASES = damageCases(100_000);
const now = () => new Date('2026-12-01T09:00:00.000Z');

async function ask(store: StoreService, raw: unknown) {
  const request = parseRequest(raw);
  if (!request.ok) throw new Error(JSON.stringify(request.error));
  return store.handle(request.value);
}

/** A store as the worker writes it: a long Hell Dorado game (three chunks), a short BdC one, links, settings, demo boards, a backup. */
async function healthy(): Promise<MemoryStorage> {
  const storage = new MemoryStorage();
  const store = new StoreService(storage, now, SIDECARS);
  const events = Array.from({ length: EVENTS }, (_, i) => named(i));
  await ask(store, {
    type: 'game/import',
    system: 'hd-command',
    game: {
      config: (await import('../../../src/rules')).DESCRIPTORS['hd-command'].rules.defaultConfig,
      log: { events, cursor: EVENTS - 3 },
    },
  });
  for (const natural of [3, 5, 8])
    await ask(store, {
      type: 'game/dispatch',
      system: 'bdc',
      event: { type: 'tested', target: 6, modifier: 0, natural },
    });
  await ask(store, { type: 'board/link', system: 'hd-command', links: [], sides: [{ tabletop: 'red', side: 'A' }] });
  await ask(store, { type: 'store/select-system', system: 'hd-command' });
  await storage.set({
    [ROLL20_SETTINGS_KEY]: { ...DEFAULT_ROLL20_SETTINGS, sideFrom: 'tint' },
    [DEMO_KEY]: { version: 1, boards: { bdc: exampleBoard('bdc') } },
    [HEALTHY_BACKUP_KEY]: {
      kind: 'game-replaced',
      system: 'bdc',
      game: { config: {}, log: { events: [named(9999)], cursor: 1 } },
      binding: null,
      at: 'then',
    },
  });
  return storage;
}

/** Names of the long game's events anywhere in storage, in values or in text. */
function namesIn(storage: MemoryStorage): Set<string> {
  const out = new Set<string>();
  // Not the board input: it is drawn from the game (a side's name), not a record of it.
  for (const [k, v] of storage.data) if (k !== BOARD_KEY) for (const m of v.matchAll(/ev-\d+/g)) out.add(m[0]);
  return out;
}

/** The backups notices name that storage does not hold. */
const missingBackups = (notices: readonly StoreNotice[], storage: MemoryStorage) =>
  notices.flatMap((n) =>
    'backupKey' in n && n.backupKey !== null && !storage.data.has(n.backupKey) ? [`${n.kind}: ${n.backupKey}`] : [],
  );

describe('a damaged store, read by the worker', () => {
  let base: Map<string, string> | null = null;
  const fixture = async () => {
    base ??= (await healthy()).data;
    const storage = new MemoryStorage();
    for (const [k, v] of base) storage.data.set(k, v);
    return storage;
  };

  it.each(CASES)('%s', async (_, damage, expected) => {
    const storage = await fixture();
    const items = await storage.get(null);
    damage(items);
    storage.data.clear();
    for (const [k, v] of Object.entries(items)) storage.data.set(k, JSON.stringify(v));
    const held = namesIn(storage);
    const before = new Map(storage.data);

    const store = new StoreService(storage, now, SIDECARS);
    await store.checkSidecars();
    const root = await store.current();

    // Every event the damaged storage held is still in storage: live, or in a backup.
    const after = namesIn(storage);
    const lost = [...held].filter((n) => !after.has(n));
    expect(lost, 'events no longer in storage').toEqual([]);

    if (expected.newer) {
      // Nothing written over a newer store; what can be read is shown; the user is asked to update.
      expect(storage.data).toEqual(before);
      expect(root.notices).toEqual([expect.objectContaining({ kind: 'store-newer', version: 99 })]);
      const refused = await ask(store, { type: 'game/undo', system: 'hd-command' });
      expect(refused.ok ? null : refused.error.code).toBe('store-newer');
      expect(storage.data).toEqual(before);
    }

    // Each backup written is named by a notice; something was said unless nothing was lost.
    const backups = [...storage.data.keys()].filter((k) => k.startsWith(BACKUP_KEY_PREFIX) && !before.has(k));
    for (const key of backups)
      expect(
        root.notices.some((n) => 'backupKey' in n && n.backupKey === key),
        `a notice names ${key}`,
      ).toBe(true);
    // And each backup a notice names is there, written before the notice was.
    expect(missingBackups(root.notices, storage), 'notices naming a backup that is not there').toEqual([]);
    if (!expected.quiet) expect(root.notices.length, 'a notice says what happened').toBeGreaterThan(0);

    // The long game plays up to its last good event (or all of it).
    const game = root.games['hd-command'];
    if (expected.cut !== undefined) expect(game?.log.events.length).toBe(expected.cut);
    if (expected.cut !== undefined)
      expect(root.notices).toContainEqual(
        expect.objectContaining({ kind: 'game-cut', system: 'hd-command', kept: expected.cut }),
      );

    // The popup's copy of the store opens and plays (unless it is a newer store's).
    const holder = new StoreHolder({ send: (r) => ask(store, r) }, () => undefined);
    const opened = await holder.open();
    expect(opened.ok).toBe(true);
    expect(holder.root?.notices).toEqual(root.notices);
    if (game) expect(logLength(holder.root!.games['hd-command']!.log)).toBe(game.log.events.length);
    if (!expected.newer) {
      const played = await holder.send({
        type: 'game/dispatch',
        system: 'hd-command',
        event: { type: 'sideEdited', side: 'B', name: 'after' },
      });
      expect(played.ok, JSON.stringify(played)).toBe(true);
    }

    // Export works: the active game whole, and every backup.
    const exported = await ask(store, { type: 'store/export', system: 'hd-command' });
    expect(exported.ok).toBe(true);
    expect(exported.ok && (exported.data as { game: unknown }).game).toEqual(
      (await store.current()).games['hd-command'],
    );
    const list = await ask(store, { type: 'store/backups' });
    expect(list.ok).toBe(true);
    for (const b of (list.ok ? list.data : []) as { key: string }[])
      expect((await ask(store, { type: 'store/backup', key: b.key })).ok).toBe(true);

    // Read again (the worker restarts): nothing more to repair, nothing more kept aside.
    if (!expected.newer) {
      const again = new Map(storage.data);
      const restarted = new StoreService(storage, now, SIDECARS);
      await restarted.checkSidecars();
      await restarted.current();
      expect([...storage.data.keys()].sort()).toEqual([...again.keys()].sort());
      expect((await restarted.current()).notices, JSON.stringify((await restarted.current()).notices)).toEqual(
        (await store.current()).notices,
      );
    }
  });

  it('a game cut by a damaged chunk gets back, from its backup, every event after it the rules accept', async () => {
    const storage = await fixture();
    const items = await storage.get(null);
    delete items[eventsKey('hd-command', 1)];
    for (const [k, v] of Object.entries(items)) storage.data.set(k, JSON.stringify(v));
    storage.data.delete(eventsKey('hd-command', 1));
    const store = new StoreService(storage, now, SIDECARS);
    const root = await store.current();
    const notice = root.notices.find((n) => n.kind === 'game-cut')!;
    expect(notice).toMatchObject({ kept: CHUNK, detail: `events ${CHUNK + 1}…${2 * CHUNK} missing` });
    const restored = await ask(store, { type: 'store/restore', key: (notice as { backupKey: string }).backupKey });
    expect(restored.ok && restored.data).toEqual({
      games: ['hd-command'],
      events: EVENTS - 2 * CHUNK,
      unreadable: `events ${CHUNK + 1}…${2 * CHUNK} missing`,
    });
    const names = (await store.current()).games['hd-command']!.log.events.map((e) => (e as { name: string }).name);
    expect(names).toEqual([
      ...Array.from({ length: CHUNK }, (_, i) => `ev-${i}`),
      ...Array.from({ length: EVENTS - 2 * CHUNK }, (_, i) => `ev-${2 * CHUNK + i}`),
    ]);
  });

  it('5,000 unknown keys are put aside once, in one backup, with one notice', async () => {
    const storage = await fixture();
    for (let k = 0; k < 5000; k++) storage.data.set(`stray.${k}`, '1');
    const store = new StoreService(storage, now, SIDECARS);
    const root = await store.current();
    expect(root.notices.filter((n) => n.kind === 'keys-aside')).toEqual([expect.objectContaining({ count: 5000 })]);
    expect([...storage.data.keys()].filter((k) => k.startsWith('stray.'))).toEqual([]);
    expect([...storage.data.keys()].filter((k) => k.endsWith('.keys'))).toHaveLength(1);
  });
});
