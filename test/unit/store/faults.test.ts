// A write is one transaction: storage's every call (get, set, remove) fails once, in turn, in every
// write path (an action, a batch, an undo then an action that cuts the log short, a replace, an
// import, a restore, the rewrite of an older layout), failing before it takes effect or after it did;
// the popup's way of asking is followed (a request the worker cannot say landed is asked again with
// its id), then one more action. Read again by a new worker, storage holds exactly what was
// acknowledged: each answer said which side of the failure the change stood on, and nothing was taken
// for damage. The same on the real worker in Chromium: test/browser/store-faults.test.ts.
import { describe, expect, it } from 'vitest';
import type { StoreAnswer } from '../../../src/messages';
import { DESCRIPTORS } from '../../../src/rules';
import { CHUNK, logKey } from '../../../src/store/persist';
import { parseRequest } from '../../../src/store/requests';
import { BACKUP_KEY_PREFIX, STORE_KEY, type StoreRoot } from '../../../src/store/root';
import { StoreService } from '../../../src/store/service';
import { MemoryStorage } from '../../support/memory-storage';

const now = () => new Date('2026-12-02T08:00:00.000Z');
const tested = (natural: number) => ({ type: 'tested', target: 6, modifier: 0, natural });
const events = (n: number, from = 0) => Array.from({ length: n }, (_, i) => tested(((from + i) % 10) + 1));
const config = DESCRIPTORS.bdc.rules.defaultConfig;
const LONG = 2 * CHUNK + 10;

type Mode = 'before' | 'after';

/** storage.local whose `failAt`-th call (counted from 0, get, set and remove alike) fails once: before it takes effect, or after. */
class FaultyStorage extends MemoryStorage {
  calls = 0;
  constructor(
    data: ReadonlyMap<string, string>,
    private readonly failAt: number | null = null,
    private readonly mode: Mode = 'before',
  ) {
    super();
    for (const [k, v] of data) this.data.set(k, v);
  }
  private async call<T>(name: string, run: () => Promise<T>): Promise<T> {
    const fails = this.calls++ === this.failAt;
    if (fails && this.mode === 'before') throw new Error(`${name} refused`);
    const out = await run();
    if (fails) throw new Error(`${name} failed after taking effect`);
    return out;
  }
  override get(keys: null | string | readonly string[]) {
    return this.call('get', () => super.get(keys));
  }
  override set(items: Record<string, unknown>) {
    return this.call('set', () => super.set(items));
  }
  override remove(keys: string[]) {
    return this.call('remove', () => super.remove(keys));
  }
}

async function ask(store: StoreService, raw: unknown): Promise<StoreAnswer> {
  const request = parseRequest(raw);
  if (!request.ok) throw new Error(JSON.stringify(request.error));
  return store.handle(request.value);
}

/** As the popup asks: with an id, again (the same id) while the worker cannot say whether it landed. */
async function askAsThePopup(store: StoreService, raw: object): Promise<StoreAnswer> {
  for (let attempt = 0; ; attempt++) {
    const answer = await ask(store, raw);
    if (answer.ok || answer.error.code !== 'storage-unknown' || attempt > 5) return answer;
  }
}

/** A long BdC game, restored from a backup after a short one was imported over it: both kept as backups. */
async function base(): Promise<Map<string, string>> {
  const storage = new MemoryStorage();
  const store = new StoreService(storage, now);
  await ask(store, {
    type: 'game/import',
    system: 'bdc',
    game: { config, log: { events: events(LONG), cursor: LONG } },
  });
  await ask(store, { type: 'game/import', system: 'bdc', game: { config, log: { events: events(5, 3), cursor: 5 } } });
  const before = [...storage.data.keys()].find((k) => k.endsWith('.bdc.before-import'))!;
  await ask(store, { type: 'store/restore', key: before });
  return storage.data;
}

/** The same store laid out as a build of layout v3 wrote it (bare chunks beside the header). */
function v3(): Map<string, string> {
  const all = events(LONG);
  const data = new Map<string, string>();
  data.set(
    STORE_KEY,
    JSON.stringify({
      schemaVersion: 3,
      revision: 4,
      activeSystem: 'bdc',
      games: { bdc: { config, cursor: LONG, length: LONG } },
      bindings: {},
      notices: [],
      recent: [],
    }),
  );
  for (let i = 0; i * CHUNK < LONG; i++)
    data.set(logKey('bdc', i), JSON.stringify(all.slice(i * CHUNK, (i + 1) * CHUNK)));
  return data;
}

type Path = {
  readonly name: string;
  readonly storage: () => Promise<Map<string, string>> | Map<string, string>;
  readonly requests: (data: ReadonlyMap<string, string>) => object[];
};
const PATHS: Path[] = [
  { name: 'an action', storage: base, requests: () => [{ type: 'game/dispatch', system: 'bdc', event: tested(4) }] },
  {
    name: 'a batch',
    storage: base,
    requests: () => [{ type: 'game/batch', system: 'bdc', events: [tested(2), tested(9)] }],
  },
  {
    name: 'an undo, then an action that cuts the log short by a chunk (the chunk after it removed)',
    storage: base,
    requests: () => [
      ...Array.from({ length: 15 }, () => ({ type: 'game/undo', system: 'bdc' })),
      { type: 'game/dispatch', system: 'bdc', event: tested(7) },
    ],
  },
  {
    name: "a replace (the demo table's example) over the long game",
    storage: base,
    requests: () => [{ type: 'game/replace', system: 'bdc', events: [tested(1), tested(2)] }],
  },
  {
    name: 'an import of a short game over the long one',
    storage: base,
    requests: () => [
      { type: 'game/import', system: 'bdc', game: { config, log: { events: events(3, 5), cursor: 3 } } },
    ],
  },
  {
    name: 'a restore of the short game over the long one',
    storage: base,
    requests: (data) => [
      { type: 'store/restore', key: [...data.keys()].find((k) => k.endsWith('.bdc.before-restore'))! },
    ],
  },
  {
    name: 'the rewrite of a store of layout v3 (its old keys removed)',
    storage: v3,
    requests: () => [{ type: 'store/load' }],
  },
];

/** What a new worker reads: each game, the bindings and the notices (the model and the faulty run must agree on them). */
async function restarted(data: ReadonlyMap<string, string>) {
  const root: StoreRoot = await new StoreService(new FaultyStorage(data), now).current();
  return { games: root.games, bindings: root.bindings, notices: root.notices, activeSystem: root.activeSystem };
}

describe('a write is one transaction', () => {
  for (const path of PATHS) {
    it(`${path.name}: any storage call failing once, before or after it takes effect, leaves storage holding what was acknowledged`, async () => {
      const data = await path.storage();
      const requests = [...path.requests(data), { type: 'game/dispatch', system: 'bdc', event: tested(10) }].map(
        (r, i) => ({ ...r, id: `r${i}` }),
      );
      // How many storage calls the path makes without a fault.
      const clean = new FaultyStorage(data);
      const cleanStore = new StoreService(clean, now);
      for (const r of requests) expect((await ask(cleanStore, r)).ok).toBe(true);
      expect(clean.calls).toBeGreaterThan(requests.length);
      let failedAnswers = 0;
      for (let failAt = 0; failAt < clean.calls; failAt++) {
        for (const mode of ['before', 'after'] as const) {
          const storage = new FaultyStorage(data, failAt, mode);
          const store = new StoreService(storage, now);
          const acknowledged: object[] = [];
          for (const r of requests) {
            const answer = await askAsThePopup(store, r);
            if (answer.ok) acknowledged.push(r);
            else {
              failedAnswers++;
              expect(['storage-failed', 'worker-unreachable'], JSON.stringify(answer)).toContain(answer.error.code);
            }
          }
          // What the acknowledged requests make of the same store, with no fault.
          const model = new MemoryStorage();
          for (const [k, v] of data) model.data.set(k, v);
          const modelStore = new StoreService(model, now);
          for (const r of acknowledged) expect((await ask(modelStore, r)).ok).toBe(true);
          const label = `call ${failAt} failing ${mode}: acknowledged ${acknowledged.map((r) => (r as { id: string }).id).join(',')}`;
          expect(await restarted(storage.data), label).toEqual(await restarted(model.data));
          // Every notice names a backup that is there; no backup but the model's.
          const root = await new StoreService(storage, now).current();
          for (const n of root.notices)
            if ('backupKey' in n && n.backupKey)
              expect(storage.data.has(n.backupKey), `${label}: ${n.backupKey}`).toBe(true);
          expect(
            [...storage.data.keys()].filter((k) => k.startsWith(BACKUP_KEY_PREFIX) && !model.data.has(k)),
            label,
          ).toEqual([]);
        }
      }
      // Some failures were answered as such (the path was really tried).
      expect(failedAnswers).toBeGreaterThan(0);
    });
  }
});
