// The store as the background worker runs it, over any storage area (the browser's storage.local in
// the worker, an in-memory stand-in in tests and benchmarks): the checked root and each game's
// state kept in memory between requests, requests applied one at a time, every write made of what
// changed (./persist.ts), nothing removed that was not read (./read.ts), a retried request never
// applied twice (its id), answers that carry the change and not the store (./answer.ts), and the
// store's size watched against the browser's quota.
import type { RuleError } from '../game/result';
import { ok, refuse, type Result } from '../game/result';
import type { Request, StoreAnswer, StoreChange } from '../messages';
import { isSystemId, type SystemId } from '../rules/ids';
import { changeOf, exportOf, historyOf, snapshotOf, unchanged } from './answer';
import { boardInputOf } from './board';
import { checkGame, type Backup } from './load';
import { encodeStore, memoOf, type WriteMemo } from './persist';
import { isStoreKey, READ_LIMITS, readStorage } from './read';
import { applyRequest, checkedBinding, replacedBackup } from './requests';
import { DESCRIPTORS } from '../rules';
import { restoreFrom, type BackupInfo, type RestoreReport } from './restore';
import {
  BACKUP_KEY_PREFIX,
  BOARD_KEY,
  RECENT_IDS,
  STORE_KEY,
  freeBackupKey,
  type StoreNotice,
  type StoreRoot,
} from './root';
import { GameStates } from './states';

export type { BackupInfo } from './restore';

/** What the store needs of a storage area (the browser's, or a stand-in). */
export interface StorageArea {
  /** Everything (null), or only these keys. */
  get(keys: null | string | readonly string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

import { QUOTA_BYTES, QUOTA_WARN } from './quota';

export { QUOTA_BYTES, QUOTA_WARN };

/**
 * How to read a value kept beside the store (a tabletop's settings, the demo table's boards): what is
 * usable of it, what was not (named for the user), and the notice that says so.
 */
export interface Sidecar {
  read(raw: unknown): { readonly value: unknown; readonly damaged: readonly string[] };
  notice(damaged: readonly string[], backupKey: string, at: string): StoreNotice;
}

const fail = (code: string, params: Record<string, string | number>): StoreAnswer => ({
  ok: false,
  error: { code, params },
});

const remember = (recent: readonly string[], id: string | undefined): readonly string[] =>
  id === undefined ? recent : [...recent, id].slice(-RECENT_IDS);

/** Characters of a value as storage holds it; never throws (a value that does not serialise counts 0). */
function bytesOf(value: unknown): number {
  if (value === undefined) return 0;
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** What a backup holds, from its value (every kind the store ever wrote) and its key. */
export function backupKind(key: string, value: unknown): { kind: BackupInfo['kind']; system: string | null } {
  if (isObject(value)) {
    const system = typeof value.system === 'string' ? value.system.slice(0, 40) : null;
    if (value.kind === 'events' && system) return { kind: 'events', system };
    if (value.kind === 'keys' && isObject(value.items)) return { kind: 'keys', system: null };
    if (system && 'game' in value) return { kind: 'game', system };
    if (system && 'binding' in value) return { kind: 'binding', system };
    if ('settings' in value && typeof value.key === 'string') return { kind: 'settings', system: null };
  }
  void key;
  return { kind: 'store', system: null };
}

/** What the backups list says of one backup. */
function backupInfoOf(key: string, value: unknown, bytes: number): BackupInfo {
  return {
    key: key.slice(0, 200),
    ...backupKind(key, value),
    at: key.slice(BACKUP_KEY_PREFIX.length, BACKUP_KEY_PREFIX.length + 24),
    bytes,
  };
}

/** A request applied in memory and not yet written: answered once its write lands, or fails. */
interface Pending {
  readonly request: Request;
  resolve(): void;
  reject(error: unknown): void;
}

/** Storage refused a write, and nothing of it landed (read back from the header it carried). */
class WriteRefused extends Error {}
/** A write whose fate could not be read back: storage may hold it or not. The popup asks again (same id). */
class WriteUnknown extends Error {}

const isRuleError = (x: unknown): x is RuleError =>
  typeof x === 'object' && x !== null && typeof (x as { code?: unknown }).code === 'string' && !(x instanceof Error);

/** The answer to a request whose write failed: refused by the rules on what storage holds, not written, or not known. */
function failedAnswer(error: unknown): StoreAnswer {
  if (isRuleError(error)) return { ok: false, error };
  return { ok: false, error: { code: error instanceof WriteUnknown ? 'storage-unknown' : 'storage-failed' } };
}

export class StoreService {
  /** The root in memory: what storage holds (`written`) and the requests applied since (`unwritten`). */
  private root: StoreRoot | null = null;
  private written: StoreRoot | null = null;
  private unwritten: Pending[] = [];
  /** Another writer changed storage, or a write failed: read it again (and apply what is unwritten on it) before going on. */
  private stale = false;
  /** Counts the reads of storage: an answer computed before a read again is answered with the store anew. */
  private reads = 0;
  /** Storage was written by a newer version of Command Post (its layout version): nothing is written over it. */
  private newer: number | null = null;
  /** A repair read but not yet written (the write failed): written with the next write, before anything else. */
  private repair: { backups: readonly Backup[]; obsolete: readonly string[] } | null = null;
  /** Keys a write that landed no longer uses, whose removal failed: removed with the next write (whose header names them). */
  private leftover: readonly string[] = [];
  /** Counts failed writes: a write queued on a root built before one failed is not made (that root was never stored). */
  private failures = 0;
  private memo: WriteMemo | null = null;
  private readonly states = new GameStates();
  /** Bytes of each key as last read or written, to watch the quota without reading storage again. */
  private readonly sizes = new Map<string, number>();
  /** What each backup in storage is, as last read or written: the list is answered without reading storage. */
  private readonly backupInfo = new Map<string, BackupInfo>();
  /** Counts the backups written or removed since this worker started: answers carry it (StoreChange.backups). */
  private backupsStamp = 0;
  /** The board input last written, to write it only when it changes (every tabletop redraws on it). */
  private board = '';
  private queue: Promise<unknown> = Promise.resolve();
  /** Storage writes, one after the other. */
  private io: Promise<unknown> = Promise.resolve();
  /** This instance's mark on what it writes, to tell its own writes from another's. */
  readonly writer = `w${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

  constructor(
    private readonly storage: StorageArea,
    private readonly now: () => Date = () => new Date(),
    /** Values kept beside the store (a tabletop's settings, the demo's boards), by storage key: checked at start, restorable from backups. */
    private readonly sidecars: Readonly<Record<string, Sidecar>> = {},
  ) {}

  /**
   * Checks each value kept beside the store: one with damaged parts is kept whole as a backup,
   * written back with those parts alone at their defaults, and the user is told which, in one write.
   */
  checkSidecars(): Promise<void> {
    return this.inTurn(async () => {
      const root = await this.load();
      if (this.newer !== null) return;
      const keys = Object.keys(this.sidecars);
      const items = keys.length ? await this.storage.get(keys) : {};
      const notices: StoreNotice[] = [];
      const beside: Record<string, unknown> = {};
      for (const [key, sidecar] of Object.entries(this.sidecars)) {
        if (items[key] === undefined) continue;
        const { value, damaged } = sidecar.read(items[key]);
        if (damaged.length === 0) continue;
        const at = this.now().toISOString();
        const backupKey = this.freeKey(`${BACKUP_KEY_PREFIX}${at}.${key}`);
        beside[backupKey] = { key, settings: items[key] };
        beside[key] = value;
        notices.push(sidecar.notice(damaged, backupKey, at));
      }
      if (notices.length === 0) return;
      // The backups, the repaired values and the notices naming them: one write, all or nothing.
      await this.write(
        { ...root, notices: [...root.notices, ...notices].slice(-20), revision: root.revision + 1 },
        [],
        beside,
      );
    });
  }

  /**
   * Writes a value kept beside the store from what is usable of the stored one (`next` gets it): if
   * part of the stored value could not be read, the whole of it is kept as a backup in the same write,
   * with a notice.
   */
  updateBeside(key: string, next: (usable: unknown) => unknown): Promise<void> {
    return this.inTurn(async () => {
      const sidecar = this.sidecars[key];
      const raw = (await this.storage.get(key))[key];
      const read = sidecar && raw !== undefined ? sidecar.read(raw) : { value: raw, damaged: [] };
      if (sidecar && read.damaged.length) {
        const root = await this.load();
        const at = this.now().toISOString();
        const backupKey = this.freeKey(`${BACKUP_KEY_PREFIX}${at}.${key}`);
        const beside = { [backupKey]: { key, settings: raw }, [key]: next(read.value) };
        if (this.newer !== null) return this.setBeside(beside);
        return this.write(
          {
            ...root,
            notices: [...root.notices, sidecar.notice(read.damaged, backupKey, at)].slice(-20),
            revision: root.revision + 1,
          },
          [],
          beside,
        );
      }
      await this.setBeside({ [key]: next(read.value) });
    });
  }

  /** A backup key that storage does not hold yet (as last read or written). */
  private freeKey(base: string): string {
    return freeBackupKey(base, (k) => this.sizes.has(k));
  }

  /** Keeps count of a key written: its size (for the quota), and what it is if it is a backup. */
  private noteWritten(key: string, value: unknown): void {
    const bytes = bytesOf(value);
    this.sizes.set(key, bytes);
    if (!key.startsWith(BACKUP_KEY_PREFIX)) return;
    this.backupInfo.set(key, backupInfoOf(key, value, bytes));
    this.backupsStamp++;
  }

  private noteRemoved(key: string): void {
    this.sizes.delete(key);
    if (this.backupInfo.delete(key)) this.backupsStamp++;
  }

  /**
   * A backup key changed in storage (storage.onChanged): by this store, or by someone else (a test,
   * another copy of the worker). The list of backups follows it without reading storage again.
   */
  backupChanged(key: string, value: unknown): void {
    if (!key.startsWith(BACKUP_KEY_PREFIX)) return;
    if (value === undefined) this.noteRemoved(key);
    else this.noteWritten(key, value);
  }

  /** Writes values kept beside the root (settings, a demo board) alone, counted for the quota. */
  private async setBeside(items: Record<string, unknown>): Promise<void> {
    await this.storage.set(items);
    for (const [key, value] of Object.entries(items)) this.noteWritten(key, value);
  }

  /** Requests are applied one at a time, so that two quick clicks never read the same old root. */
  private inTurn<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The revision in memory (null before the first read). */
  get revision(): number | null {
    return this.root?.revision ?? null;
  }

  /**
   * Storage's root was written (storage.onChanged): by another writer (a second copy of the worker
   * started while this one was stopping, an upgrade), this instance reads it again before going on.
   */
  external(writer: unknown): void {
    if (writer !== this.writer) this.stale = true;
  }

  /** Forgets everything in memory but what is not written yet: storage is read again on next use. */
  forget(): void {
    this.stale = true;
  }

  /** The checked root (each game whole): read (and if needed repaired) on first use, then kept in memory. */
  current(): Promise<StoreRoot> {
    return this.inTurn(() => this.load());
  }

  private async load(): Promise<StoreRoot> {
    if (this.root && !this.stale) return this.root;
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
    this.reads++;
    this.sizes.clear();
    this.backupInfo.clear();
    for (const [key, value] of Object.entries(items)) this.noteWritten(key, value);
    const read = readStorage(items, this.now(), { beside: Object.keys(this.sidecars) });
    this.newer = read.newer;
    this.leftover = read.leftover;
    this.states.clear();
    for (const [system, checkpoints] of read.checkpoints) {
      const game = read.root.games[system];
      if (game) this.states.seed(system, game, checkpoints);
    }
    this.board = JSON.stringify(items[BOARD_KEY] ?? null);
    const base = read.root;
    if (read.newer !== null || !read.rewrite) {
      this.memo = read.newer === null ? memoOf(base) : null;
    } else {
      // Migrated, repaired or new: written whole, with its backups, before what it no longer uses is removed.
      this.memo = null;
      this.repair = {
        backups: [...(this.repair?.backups ?? []), ...read.backups],
        obsolete: [...(this.repair?.obsolete ?? []), ...read.obsolete],
      };
      // A write the browser refuses (a full storage) leaves storage as it was: the repair is made with the next write.
      await this.put(base).catch(() => undefined);
    }
    this.written = base;
    // What was applied here but not yet written goes on top (a request already applied by the other
    // writer is recognised by its id); one the rules refuse on what storage now holds is answered so.
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
    this.root = root;
    return root;
  }

  /**
   * Writes `root` as it stands (its board input, any repair not yet written, these backups and values
   * kept beside it) in one `storage.set`, which the browser makes at once or not at all; then removes
   * what it no longer uses (only keys it read or wrote, once what it kept of them is written). A
   * failure of the set leaves storage as it was and throws; once it is written, nothing after it fails
   * the write: a removal that fails is made with the next write.
   */
  private put(
    root: StoreRoot,
    backups: readonly Backup[] = [],
    beside: Readonly<Record<string, unknown>> = {},
  ): Promise<void> {
    const failures = this.failures;
    const run = this.io.then(async () => {
      if (this.newer !== null) throw new WriteRefused('store-newer');
      // Built on a root whose write failed meanwhile: that root was never stored, nor is this one.
      if (failures !== this.failures) throw new WriteRefused('an earlier write failed');
      const repair = this.repair;
      const { set, remove, memo } = encodeStore(root, repair ? null : this.memo);
      const board = boardInputOf(root, this.states);
      const boardText = JSON.stringify(board);
      if (boardText !== this.board) set[BOARD_KEY] = board;
      for (const b of repair?.backups ?? []) set[b.key] = b.value;
      // Those kept on the way (what a replace, an import or a restore replaces) never take a key already there.
      for (const b of backups) set[freeBackupKey(b.key, (k) => this.sizes.has(k) || Object.hasOwn(set, k))] = b.value;
      for (const [key, value] of Object.entries(beside)) set[key] = value;
      const gone = [...new Set([...remove, ...(repair?.obsolete ?? []), ...this.leftover])].filter(
        (k) => !Object.hasOwn(set, k),
      );
      // The header names the game keys and chunks it no longer uses: should their removal fail (or the
      // worker stop before it), the next reader knows them for what they are, not for damage.
      const superseded = gone.filter(isStoreKey).slice(0, READ_LIMITS.superseded);
      set[STORE_KEY] = {
        ...(set[STORE_KEY] as object),
        writer: this.writer,
        ...(superseded.length ? { superseded } : {}),
      };
      try {
        await this.commit(set);
      } catch (error) {
        this.failures++;
        throw error;
      }
      // Written: storage holds `root` from here on, whatever follows.
      if (repair === this.repair) this.repair = null;
      this.board = boardText;
      this.memo = memo;
      for (const [key, value] of Object.entries(set)) this.noteWritten(key, value);
      this.leftover = gone;
      if (gone.length === 0) return;
      try {
        await this.storage.remove(gone);
      } catch {
        return;
      }
      this.leftover = [];
      for (const key of gone) this.noteRemoved(key);
    });
    this.io = run.catch(() => undefined);
    return run;
  }

  /**
   * One `storage.set`. Should it fail, whether it landed is read back from the header it carried
   * (this writer's mark and revision): landed, it is written; not, WriteRefused; unreadable, WriteUnknown.
   */
  private async commit(set: Record<string, unknown>): Promise<void> {
    try {
      await this.storage.set(set);
    } catch (error) {
      const header = set[STORE_KEY] as { revision: number; writer: string };
      let stored: { revision?: unknown; writer?: unknown } | undefined;
      try {
        stored = (await this.storage.get(STORE_KEY))[STORE_KEY] as typeof stored;
      } catch {
        throw new WriteUnknown(String(error));
      }
      if (stored?.writer === header.writer && stored.revision === header.revision) return;
      throw new WriteRefused(String(error));
    }
  }

  /** Storage as this instance knew it is no longer known (a write failed): read it again before anything else. */
  private unsure(): void {
    this.root = null;
    this.stale = true;
  }

  /**
   * Replaces the root in memory and storage at once (a restore, an import), in the caller's turn,
   * right after `load()`: `root` already holds every request applied so far, and storage writes keep
   * their order, so this write carries the unwritten ones too (answered with it). Waiting for the group
   * commit here could wait on this very turn, when it must read storage again first.
   */
  private async write(
    root: StoreRoot,
    backups: readonly Backup[] = [],
    beside: Readonly<Record<string, unknown>> = {},
  ): Promise<void> {
    const carried = this.unwritten.slice();
    this.root = root;
    try {
      await this.put(root, backups, beside);
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
    if (this.stale || !this.root) {
      try {
        await this.inTurn(() => this.load());
      } catch (error) {
        // Storage cannot be read: none of them was written by this store.
        for (const p of this.unwritten.splice(0)) p.reject(new WriteRefused(String(error)));
        return;
      }
    }
    const root = this.root!;
    const batch = this.unwritten.slice();
    if (batch.length === 0) return;
    const settle = (ok: boolean, error?: unknown) => {
      this.unwritten = this.unwritten.filter((p) => !batch.includes(p));
      for (const p of batch) ok ? p.resolve() : p.reject(error);
    };
    if (root === this.written) return settle(true);
    try {
      await this.put(root);
    } catch (error) {
      this.unsure();
      return settle(false, error);
    }
    this.written = root;
    settle(true);
  }

  /** Bytes in use, as last read or written. */
  get bytes(): number {
    let total = 0;
    for (const n of this.sizes.values()) total += n;
    return total;
  }

  /** The store anew, for a view that holds nothing. */
  private async snapshot(data?: unknown): Promise<StoreAnswer> {
    return this.inTurn(async () => {
      const root = await this.load();
      return { ok: true, change: snapshotOf(root, this.states), ...(data === undefined ? {} : { data }) };
    });
  }

  /**
   * Answers `request` with what it changed (or the refusal: nothing changed). Storage that cannot be
   * read before anything is written is a failure said as such (nothing changed).
   */
  handle(request: Request): Promise<StoreAnswer> {
    return this.answer(request).then(
      (a) => (a.ok ? { ...a, change: { ...a.change, backups: this.backupsStamp } } : a),
      failedAnswer,
    );
  }

  private async answer(request: Request): Promise<StoreAnswer> {
    // Read (and if needed repaired) first; listing and exporting backups work even if that fails.
    if (this.root === null) await this.current().catch(() => undefined);
    switch (request.type) {
      case 'store/load':
        return this.snapshot();
      case 'store/backups': {
        const list = await this.backups();
        return { ok: true, change: unchanged(await this.current()), data: list };
      }
      case 'store/backup': {
        const value = await this.backup(request.key);
        return value.ok ? { ok: true, change: unchanged(await this.current()), data: value.value } : value;
      }
      case 'store/export':
        return this.inTurn(async () => {
          const root = await this.load();
          const data = exportOf(root, request.system, request.from);
          return data.ok ? { ok: true, change: unchanged(root), data: data.value } : data;
        });
      case 'store/history':
        return this.inTurn(async () => {
          const root = await this.load();
          const page = historyOf(root, request.system, request.before, this.states);
          return page.ok ? { ok: true, change: unchanged(root), data: page.value } : page;
        });
    }
    if (this.newer !== null) return this.readOnly(request);
    switch (request.type) {
      case 'store/delete-backup': {
        const done = await this.deleteBackup(request.key);
        return done.ok ? { ok: true, change: unchanged(await this.current()) } : done;
      }
      case 'store/restore':
      case 'game/replace':
      case 'game/import': {
        // A retry of one already done is answered, not done again.
        const root = await this.current();
        if (request.id !== undefined && root.recent.includes(request.id)) return this.snapshot();
        if (request.type === 'game/replace') return this.replace(request);
        return request.type === 'store/restore'
          ? this.restore(request.key, request.id)
          : this.import(request.system, request.game, request.id, request.binding);
      }
    }
    const applied = await this.inTurn(
      async (): Promise<
        | { ok: true; change: StoreChange | null; reads: number; written: Promise<void> }
        | { ok: false; error: RuleError }
      > => {
        const root = await this.load();
        const next = applyRequest(root, request, this.states);
        if (!next.ok) return next;
        // Already applied (a retry): the view that sends it again lacks its answer; it gets the store anew.
        if (next.value === root) return { ok: true, change: null, reads: this.reads, written: Promise.resolve() };
        this.root = this.watchQuota(next.value);
        const written = new Promise<void>((resolve, reject) => this.unwritten.push({ request, resolve, reject }));
        this.flush();
        return { ok: true, change: changeOf(root, this.root, this.states), reads: this.reads, written };
      },
    );
    if (!applied.ok) return applied;
    try {
      await applied.written;
    } catch (error) {
      return failedAnswer(error);
    }
    // Read again meanwhile (another writer): what this change applied to may be gone; the store anew.
    return applied.change && applied.reads === this.reads ? { ok: true, change: applied.change } : this.snapshot();
  }

  /**
   * A store written by a newer version is never written over: what only changes the view (the game
   * shown, the notices read) is kept in memory alone; anything else is refused.
   */
  private readOnly(request: Request): Promise<StoreAnswer> {
    return this.inTurn(async () => {
      const root = await this.load();
      if (request.type !== 'store/select-system' && request.type !== 'store/dismiss-notice')
        return fail('store-newer', { version: this.newer ?? 0 });
      const next = applyRequest(root, request, this.states);
      if (!next.ok) return next;
      this.root = this.written = next.value;
      return { ok: true, change: changeOf(root, next.value, this.states) };
    });
  }

  /** Writes `next` in place of `root` (with these backups and values kept beside it), answering with what changed. */
  private async replaceRoot(
    root: StoreRoot,
    next: StoreRoot,
    backups: readonly Backup[],
    data?: unknown,
    beside?: Readonly<Record<string, unknown>>,
  ): Promise<StoreAnswer> {
    try {
      await this.write(next, backups, beside);
    } catch (error) {
      return failedAnswer(error);
    }
    return { ok: true, change: changeOf(root, next, this.states), ...(data === undefined ? {} : { data }) };
  }

  /** A new game in place of the stored one (the demo table's examples); the one it replaces is kept as a backup. */
  replace(request: Extract<Request, { type: 'game/replace' }>): Promise<StoreAnswer> {
    return this.inTurn(async () => {
      const root = await this.load();
      const next = applyRequest(root, request, this.states);
      if (!next.ok) return next;
      const backup = replacedBackup(root, next.value, request, this.now());
      return this.replaceRoot(root, next.value, backup ? [backup] : []);
    });
  }

  /**
   * A game from a file: checked like a stored game, and its links to the board (`binding`, null: none)
   * checked against its pieces and sides; absent (a file of version 1), the links stay as they are.
   * The game and links it replaces are kept as a backup.
   */
  import(system: SystemId, raw: unknown, id?: string, rawBinding?: unknown): Promise<StoreAnswer> {
    return this.inTurn(async () => {
      const game = checkGame(system, raw);
      if (!game.ok)
        return fail('import-invalid', { detail: String(game.error.params?.detail ?? game.error.code).slice(0, 300) });
      let bindings: StoreRoot['bindings'] | null = null;
      if (rawBinding !== undefined) {
        const state = this.states.stateOf(system, DESCRIPTORS[system].rules, game.value);
        const binding = state.ok ? checkedBinding(system, game.value, state.value, rawBinding) : state;
        if (!binding.ok)
          return fail('import-invalid', {
            detail:
              `its links to the board: ${String(binding.error.params?.piece ?? binding.error.params?.side ?? binding.error.code)}`.slice(
                0,
                300,
              ),
          });
        bindings = binding.value;
      }
      const root = await this.load();
      const old = root.games[system];
      const keep: Backup[] = old
        ? [
            {
              key: `${BACKUP_KEY_PREFIX}${this.now().toISOString()}.${system}.before-import`,
              value: { system, game: old, binding: root.bindings[system] ?? null },
            },
          ]
        : [];
      const next: StoreRoot = {
        ...root,
        games: { ...root.games, [system]: game.value },
        revision: root.revision + 1,
        recent: remember(root.recent, id),
      };
      return this.replaceRoot(
        root,
        bindings === null ? next : { ...next, bindings: { ...root.bindings, ...bindings } },
        keep,
      );
    });
  }

  /** Near the quota, a notice says so once (export old games and delete backups to make room). */
  private watchQuota(root: StoreRoot): StoreRoot {
    const percent = Math.round((this.bytes / QUOTA_BYTES) * 100);
    const told = root.notices.some((n) => n.kind === 'quota');
    if (this.bytes < QUOTA_BYTES * QUOTA_WARN || told) return root;
    return { ...root, notices: [...root.notices, { kind: 'quota', percent, at: this.now().toISOString() }] };
  }

  /** The backups kept in storage, newest first, as last read or written (storage is not read again for them). */
  backups(): Promise<BackupInfo[]> {
    return this.inTurn(async () => {
      await this.load();
      return [...this.backupInfo.values()].sort((a, b) => (a.key < b.key ? 1 : -1));
    });
  }

  /** One backup's value (to export it), or a refusal if there is none under that key. */
  backup(key: string): Promise<Result<unknown>> {
    return this.inTurn(async () => {
      if (!key.startsWith(BACKUP_KEY_PREFIX)) return refuse('backup-unknown', { key: key.slice(0, 80) });
      const value = (await this.storage.get(key))[key];
      return value === undefined ? refuse('backup-unknown', { key: key.slice(0, 80) }) : ok(value);
    });
  }

  deleteBackup(key: string): Promise<Result<true>> {
    return this.inTurn(async () => {
      if (!key.startsWith(BACKUP_KEY_PREFIX)) return refuse('backup-unknown', { key: key.slice(0, 80) });
      await this.storage.remove([key]);
      this.noteRemoved(key);
      return ok(true);
    });
  }

  /**
   * Puts back what can be read of a backup (./restore.ts), answering with what was restored and what
   * could not be; refused when nothing could be. What it replaces is kept as a backup in the same write.
   */
  restore(key: string, id?: string): Promise<StoreAnswer> {
    return this.inTurn(async () => {
      const found = key.startsWith(BACKUP_KEY_PREFIX) ? (await this.storage.get(key))[key] : undefined;
      if (found === undefined) return fail('backup-unknown', { key: key.slice(0, 80) });
      const root = await this.load();
      const at = this.now().toISOString();
      const { kind } = backupKind(key, found);
      if (kind === 'settings') {
        // Settings come back through their reader: what is usable of them, the rest at its defaults.
        const { key: target, settings } = found as { key?: unknown; settings?: unknown };
        const sidecar =
          typeof target === 'string' && Object.hasOwn(this.sidecars, target) ? this.sidecars[target] : undefined;
        if (!sidecar || typeof target !== 'string')
          return fail('backup-unusable', { key: key.slice(0, 80), detail: 'not a value Command Post keeps' });
        const current = (await this.storage.get(target))[target];
        const read = sidecar.read(settings);
        const beside = {
          ...(current === undefined
            ? {}
            : {
                [this.freeKey(`${BACKUP_KEY_PREFIX}${at}.${target}.before-restore`)]: {
                  key: target,
                  settings: current,
                },
              }),
          [target]: read.value,
        };
        const report: RestoreReport = {
          games: [],
          events: 0,
          unreadable: read.damaged.length ? read.damaged.join(', ').slice(0, 300) : null,
        };
        return this.replaceRoot(
          root,
          { ...root, revision: root.revision + 1, recent: remember(root.recent, id) },
          [],
          report,
          beside,
        );
      }
      const restored = restoreFrom(kind, found, root, this.now());
      if (!restored.ok)
        return fail('backup-unusable', { key: key.slice(0, 80), detail: restored.error.params?.detail ?? '' });
      const { games, bindings, report } = restored.value;
      const keep: Backup[] = [];
      for (const system of Object.keys(games) as SystemId[]) {
        if (root.games[system])
          keep.push({
            key: `${BACKUP_KEY_PREFIX}${at}.${system}.before-restore`,
            value: { system, game: root.games[system], binding: root.bindings[system] ?? null },
          });
      }
      for (const system of Object.keys(bindings)) {
        if (isSystemId(system) && !(system in games) && root.bindings[system])
          keep.push({
            key: `${BACKUP_KEY_PREFIX}${at}.${system}.binding.before-restore`,
            value: { system, binding: root.bindings[system] },
          });
      }
      const next: StoreRoot = {
        ...root,
        games: { ...root.games, ...games },
        bindings: { ...root.bindings, ...bindings },
        revision: root.revision + 1,
        recent: remember(root.recent, id),
      };
      return this.replaceRoot(root, next, keep, report);
    });
  }
}
