// Benchmark (issue 12): one game action through the worker's real path — the request checked,
// the store read (kept in memory), the event applied, what changed written — with a game of 100
// and of 10,000 events, on an in-memory storage that serialises every value as the browser does.
// Targets: ≤ 10 ms median at 10,000 events, and at most 3× the cost at 100; a move right after a
// 60,000-event import ≤ 10 ms, as after a restart (issue 28).
import { DESCRIPTORS } from '../src/rules';
import { parseRequest } from '../src/store/requests';
import { StoreService } from '../src/store/service';
import { MemoryStorage } from '../test/support/memory-storage';
import { round3 } from './timing';

export interface StoreBenchRow {
  events: number;
  dispatchMs: number;
  /** The same action by the worker that has just imported the game, with the backups listed after it (issue 28: 213–278 ms in the browser at 60,000 events). */
  importedDispatchMs: number;
  undoMs: number;
  writtenBytes: number;
}

const SIZES = [100, 10_000, 60_000];
const ACTIONS = 300;

const event = (i: number) => ({ type: 'tested', target: 6, modifier: 0, natural: (i % 10) + 1 });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function timed(store: StoreService, raw: unknown): Promise<number> {
  const t0 = performance.now();
  const request = parseRequest(raw);
  if (!request.ok) throw new Error(JSON.stringify(request.error));
  const answer = await store.handle(request.value);
  if (!answer.ok) throw new Error(JSON.stringify(answer.error));
  return performance.now() - t0;
}

export async function benchStore(log: (line: string) => void = () => {}): Promise<StoreBenchRow[]> {
  const rows: StoreBenchRow[] = [];
  for (const events of SIZES) {
    const storage = new MemoryStorage();
    const store = new StoreService(storage);
    // The game arrives whole (an import), then is read back by a fresh worker, as after a restart.
    const game = {
      config: DESCRIPTORS.bdc.rules.defaultConfig,
      log: { events: Array.from({ length: events }, (_, i) => event(i)), cursor: events },
    };
    await timed(store, { type: 'game/import', system: 'bdc', game });
    // Right after the import, by the worker that took it: the move and the list of backups the popup's
    // Files section (left open after the import) may ask for after it, timed together.
    const imported: number[] = [];
    for (let i = 0; i < ACTIONS / 3; i++) {
      const move = await timed(store, { id: `i${i}`, type: 'game/dispatch', system: 'bdc', event: event(i) });
      imported.push(move + (await timed(store, { type: 'store/backups' })));
    }
    const worker = new StoreService(storage);
    await worker.current();
    const dispatch: number[] = [];
    const undo: number[] = [];
    storage.writes = [];
    for (let i = 0; i < ACTIONS; i++) {
      dispatch.push(await timed(worker, { id: `d${i}`, type: 'game/dispatch', system: 'bdc', event: event(i) }));
      if (i % 3 === 0) undo.push(await timed(worker, { id: `u${i}`, type: 'game/undo', system: 'bdc' }));
    }
    const row = {
      events,
      dispatchMs: round3(median(dispatch)),
      importedDispatchMs: round3(median(imported)),
      undoMs: round3(median(undo)),
      writtenBytes: Math.round(median(storage.writes.map((w) => w.bytes))),
    };
    log(
      `store ${events} events: dispatch ${row.dispatchMs} ms (${row.importedDispatchMs} ms right after the import), undo ${row.undoMs} ms median; ${row.writtenBytes} bytes written per action`,
    );
    rows.push(row);
  }
  return rows;
}
