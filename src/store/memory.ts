// The store's root in memory, kept in step with storage: read (and repaired) on first use and again
// whenever another writer changed storage or a write failed; requests applied to it one at a time;
// what they changed written by a group commit, each request answered once its change is written.
import type { Request } from '../messages';
import type { Backup } from './load';
import { readStorage } from './read';
import { applyRequest } from './requests';
import type { StoreRoot } from './root';
import { RootWriter, WriteRefused, type StorageArea } from './root-writer';
import { GameStates } from './states';
import { StoredKeys } from './stored-keys';

/** A request applied in memory and not yet written: answered once its write lands, or fails. */
interface Pending {
  readonly request: Request;
  resolve(): void;
  reject(error: unknown): void;
}

export class StoreMemory {
  /** The root in memory: what storage holds (`written`) and the requests applied since (`unwritten`). */
  private held: StoreRoot | null = null;
  private written: StoreRoot | null = null;
  private unwritten: Pending[] = [];
  /** Another writer changed storage, or a write failed: read it again (and apply what is unwritten on it) before going on. */
  private stale = false;
  /** Counts the reads of storage: an answer computed before a read again is answered with the store anew. */
  private readCount = 0;
  readonly states = new GameStates();
  readonly keys = new StoredKeys();
  readonly writes: RootWriter;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly storage: StorageArea,
    private readonly now: () => Date,
    /** Keys of the values kept beside the store: not the store's, not damage. */
    private readonly beside: readonly string[],
  ) {
    this.writes = new RootWriter(storage, this.keys, this.states);
  }

  /** The root in memory (null before the first read, and after a write whose fate is not known). */
  get root(): StoreRoot | null {
    return this.held;
  }

  /** Counts the reads of storage. */
  get reads(): number {
    return this.readCount;
  }

  /** Another writer changed storage: read it again (and apply what is unwritten on it) before going on. */
  markStale(): void {
    this.stale = true;
  }

  /** The checked root (each game whole): read (and if needed repaired) on first use, then kept in memory. */
  current(): Promise<StoreRoot> {
    return this.inTurn(() => this.load());
  }

  /** Requests are applied one at a time, so that two quick clicks never read the same old root. */
  inTurn<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async load(): Promise<StoreRoot> {
    if (this.held && !this.stale) return this.held;
    let items: Record<string, unknown> = {};
    // Written by another while being read: read again (a few times at most), so that a repair
    // written next never lands over what the other wrote.
    for (let tries = 0; tries < 3 && (tries === 0 || this.stale); tries++) {
      this.stale = false;
      try {
        items = await this.storage.get(null);
      } catch (error) {
        this.stale = true;
        throw error;
      }
    }
    this.readCount++;
    this.keys.readAll(items);
    const read = readStorage(items, this.now(), { beside: this.beside });
    this.states.clear();
    for (const [system, checkpoints] of read.checkpoints) {
      const game = read.root.games[system];
      if (game) this.states.seed(system, game, checkpoints);
    }
    await this.writes.took(items, read);
    this.written = read.root;
    this.held = this.onTop(read.root);
    return this.held;
  }

  /**
   * What was applied here but not yet written, put on top of what storage holds (a request already
   * applied by the other writer is recognised by its id); one the rules refuse on it is answered so.
   */
  private onTop(base: StoreRoot): StoreRoot {
    let root = base;
    const kept: Pending[] = [];
    for (const pending of this.unwritten) {
      const next = applyRequest(root, pending.request, this.states);
      if (!next.ok) {
        pending.reject(next.error);
        continue;
      }
      root = next.value;
      kept.push(pending);
    }
    this.unwritten = kept;
    return root;
  }

  /** Storage as this instance knew it is no longer known (a write failed): read it again before anything else. */
  private unsure(): void {
    this.held = null;
    this.stale = true;
  }

  /**
   * Replaces the root in memory and storage at once (a restore, an import), in the caller's turn,
   * right after `load()`: `root` already holds every request applied so far, and storage writes keep
   * their order, so this write carries the unwritten ones too (answered with it). Waiting for the group
   * commit here could wait on this very turn, when it must read storage again first.
   */
  async write(
    root: StoreRoot,
    backups: readonly Backup[] = [],
    beside: Readonly<Record<string, unknown>> = {},
  ): Promise<void> {
    const carried = this.unwritten.slice();
    this.held = root;
    try {
      await this.writes.put(root, backups, beside);
    } catch (error) {
      // Nothing of it landed (or it is not known): what is in memory is read again from storage, and
      // the requests it carried are written by the group commit on what storage holds.
      this.unsure();
      throw error;
    }
    this.written = root;
    this.unwritten = this.unwritten.filter((p) => !carried.includes(p));
    for (const p of carried) p.resolve();
  }

  // Group commit: requests apply to the root in memory one after the other; what they changed is
  // written by one write in flight, and the next takes everything applied meanwhile. A request is
  // answered once its change is written: never "applied but reported as failed", never answered
  // before it is safe; a write that fails is answered as failed for each request it carried.
  private writing = false;

  /** Writes what is applied and not yet written, until nothing is left. */
  private flush(): void {
    if (this.writing) return;
    this.writing = true;
    void (async () => {
      try {
        while (this.unwritten.length) await this.writeBatch();
      } finally {
        this.writing = false;
      }
    })();
  }

  private async writeBatch(): Promise<void> {
    // Written over by another (or a write failed): read it again and put what is unwritten on top, then write.
    if (this.stale || !this.held) {
      try {
        await this.inTurn(() => this.load());
      } catch (error) {
        // Storage cannot be read: none of them was written by this store.
        for (const p of this.unwritten.splice(0)) p.reject(new WriteRefused(String(error)));
        return;
      }
    }
    const root = this.held!;
    const batch = this.unwritten.slice();
    if (batch.length === 0) return;
    const settle = (ok: boolean, error?: unknown) => {
      this.unwritten = this.unwritten.filter((p) => !batch.includes(p));
      for (const p of batch) ok ? p.resolve() : p.reject(error);
    };
    if (root === this.written) return settle(true);
    try {
      await this.writes.put(root);
    } catch (error) {
      this.unsure();
      return settle(false, error);
    }
    this.written = root;
    settle(true);
  }

  /** `root`, `request` applied: kept in memory now, written by the group commit; resolves once it is written. */
  applied(request: Request, root: StoreRoot): Promise<void> {
    this.held = root;
    const written = new Promise<void>((resolve, reject) => this.unwritten.push({ request, resolve, reject }));
    this.flush();
    return written;
  }

  /** `root` kept in memory alone, as if written (a store written by a newer version is never written over). */
  keepUnwritten(root: StoreRoot): void {
    this.held = this.written = root;
  }
}
