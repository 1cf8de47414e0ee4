// Game files round-trip: every system's game, with its links to the board, at 100, 10,000 and 100,000
// events, exported as the popup writes a file (the worker's pages, written compact) and imported as
// the popup reads one (the file's size and the game's against the store's limits, the popup's own
// check in the player's words, then the worker's): the same game and the same links come back, and a
// new worker reads them so. The file is no larger than what the store holds of the game.
import { describe, expect, it } from 'vitest';
import { importProblem } from '../../../popup/import-words';
import { SYSTEM_IDS, type SystemId } from '../../../src/rules/ids';
import { fileParts, type ExportPage, MAX_FILE_BYTES, readGameFile, type GameFile } from '../../../src/store/file';
import { encodeStore } from '../../../src/store/persist';
import { parseRequest } from '../../../src/store/requests';
import { freshRoot, type StoredGame, type StoreRoot } from '../../../src/store/root';
import { QUOTA_BYTES } from '../../../src/store/quota';
import { StoreService } from '../../../src/store/service';
import { MemoryStorage } from '../../support/memory-storage';
import { longStoreGame } from '../../support/store-games';
import { english } from '../popup/fake-api';
import { formatText, type Catalogue } from '../../../src/i18n/format';

const now = () => new Date('2026-12-02T09:00:00.000Z');
const t = (x: Parameters<typeof formatText>[1]) => formatText(english as Catalogue, x) || x.key;

async function ask(store: StoreService, raw: unknown) {
  const request = parseRequest(raw);
  if (!request.ok) throw new Error(JSON.stringify(request.error));
  return store.handle(request.value);
}

/** A storage holding `system`'s long game and its links, laid out as the worker writes it. */
function storageWith(system: SystemId, length: number): MemoryStorage {
  const { config, events, binding } = longStoreGame(system, length);
  const root: StoreRoot = {
    ...freshRoot(),
    activeSystem: system,
    games: { [system]: { config, log: { events, cursor: events.length } } as StoredGame<SystemId> },
    bindings: { [system]: binding },
  };
  const storage = new MemoryStorage();
  for (const [k, v] of Object.entries(encodeStore(root, null).set)) storage.data.set(k, JSON.stringify(v));
  return storage;
}

/** The file as the popup writes it: the worker's pages from the first event on, joined. */
async function exported(store: StoreService, system: SystemId): Promise<string> {
  const pages: ExportPage[] = [];
  for (let from = 0; ;) {
    const answer = await ask(store, { type: 'store/export', system, from });
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    const page = answer.data as ExportPage;
    pages.push(page);
    from += page.events.length;
    if (page.events.length === 0 || from >= page.length) return fileParts(pages[0]!, pages).join('');
  }
}

describe('a game file round-trips', () => {
  // 100,000 events for the three systems whose events weigh most in a file (at 10,000 events: cr
  // 685 kB, bdc 546 kB, dc 471 kB); the two lightest (hd-modifiers 431 kB, hd-command 427 kB) at
  // 10,000: their 100,000 took 18 s of CI and fit with more room than those.
  const LONG: readonly string[] = ['cr', 'bdc', 'dc'];
  for (const system of SYSTEM_IDS) {
    for (const length of LONG.includes(system) ? [100, 10_000, 100_000] : [100, 10_000]) {
      it(`${system}, ${length.toLocaleString('en')} events, its links to the board included`, async () => {
        const storage = storageWith(system, length);
        const held = await new StoreService(storage, now).current();
        expect(held.games[system]!.log.events).toHaveLength(length);
        expect(Object.keys(held.bindings[system]!.links).length, 'the example links its tokens').toBeGreaterThan(0);
        const text = await exported(new StoreService(storage, now), system);

        // Compact, and no larger than what the store holds of the game (its own key and chunks, its
        // links) and the file's own header (its format, version and system: at most 128 characters).
        expect(text).not.toMatch(/\n|": /);
        const storedBytes = [...storage.data]
          .filter(([k]) => k.startsWith('commandPost.events.') || k.startsWith('commandPost.game.'))
          .reduce((n, [, v]) => n + v.length, 0);
        expect(text.length).toBeLessThanOrEqual(storedBytes + JSON.stringify(held.bindings[system]).length + 128);
        expect(text.length).toBeLessThan(MAX_FILE_BYTES);

        // Read as the popup reads a file, then imported into another browser's store.
        const found = readGameFile(JSON.parse(text)) as GameFile;
        expect(found.system).toBe(system);
        expect(JSON.stringify(found.game).length).toBeLessThan(QUOTA_BYTES);
        expect(await importProblem(system, found.game, t)).toBeNull();
        const other = new MemoryStorage();
        const answer = await ask(new StoreService(other, now), {
          type: 'game/import',
          system,
          game: found.game,
          binding: found.binding,
        });
        expect(answer.ok, JSON.stringify(answer).slice(0, 300)).toBe(true);
        const back = await new StoreService(other, now).current();
        expect(back.games[system]).toEqual(held.games[system]);
        expect(back.bindings[system]).toEqual(held.bindings[system]);
        expect(back.notices).toEqual([]);
      }, 120_000);
    }
  }

  it('links that name a piece the game does not have are refused with the reason, and nothing changes', async () => {
    const storage = storageWith('bdc', 100);
    const store = new StoreService(storage, now);
    const text = await exported(store, 'bdc');
    const file = JSON.parse(text) as { game: unknown; binding: { links: Record<string, string> } };
    const before = new Map(storage.data);
    const answer = await ask(store, {
      type: 'game/import',
      system: 'bdc',
      game: file.game,
      binding: { ...file.binding, links: { ...file.binding.links, tok: 'no-such-piece' } },
    });
    expect(answer.ok ? null : answer.error).toEqual({
      code: 'import-invalid',
      params: { detail: 'its links to the board: no-such-piece' },
    });
    expect(storage.data).toEqual(before);
  });

  it('a file of the first version ({system, game}, no links) imports, and the links stay as they were', async () => {
    const storage = storageWith('bdc', 100);
    const store = new StoreService(storage, now);
    const before = await store.current();
    const { game } = ((await ask(store, { type: 'store/export', system: 'bdc' })) as { data: { game: unknown } }).data;
    const answer = await ask(store, { type: 'game/import', ...(readGameFile({ system: 'bdc', game }) as GameFile) });
    expect(answer.ok).toBe(true);
    expect((await store.current()).bindings.bdc).toEqual(before.bindings.bdc);
  });
});
