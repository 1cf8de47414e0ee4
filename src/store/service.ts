// The store as the background worker runs it, over any storage area (the browser's storage.local in
// the worker, an in-memory stand-in in tests and benchmarks): the checked root and each game's
// state kept in memory between requests, requests applied one at a time and written by a group
// commit (./root-writer.ts: every write made of what changed), nothing removed that was not read
// (./read.ts), a retried request never applied twice (its id), answers that carry the change and not
// the store (./answer.ts), and the store's size watched against the browser's quota.
import { ok, refuse, type Result, type RuleError } from '../game/result';
import type { Request, StoreAnswer, StoreChange } from '../messages';
import type { SystemId } from '../rules/ids';
import { changeOf, exportOf, historyOf, snapshotOf, unchanged } from './answer';
import type { Backup } from './load';
import { checkImport, importInto, restoreInto, revised } from './replacing';
import { applyRequest, replacedBackup } from './requests';
import type { BackupInfo } from './restore';
import { BACKUP_KEY_PREFIX, type StoreRoot } from './root';
import { failedAnswer, type StorageArea } from './root-writer';
import { repairBeside, restoreBeside, withNotices, type Sidecar } from './sidecar';
import { StoreMemory } from './memory';
import { backupKind } from './stored-keys';
import { QUOTA_BYTES, QUOTA_WARN } from './quota';

export type { BackupInfo } from './restore';
export type { StorageArea } from './root-writer';
export type { Sidecar } from './sidecar';
export { QUOTA_BYTES, QUOTA_WARN };

const fail = (code: string, params: Record<string, string | number>): StoreAnswer => ({
  ok: false,
  error: { code, params },
});

export class StoreService {
  private readonly memory: StoreMemory;

  constructor(
    private readonly storage: StorageArea,
    private readonly now: () => Date = () => new Date(),
    /** Values kept beside the store (a tabletop's settings, the demo's boards), by storage key: checked at start, restorable from backups. */
    private readonly sidecars: Readonly<Record<string, Sidecar>> = {},
  ) {
    this.memory = new StoreMemory(storage, now, Object.keys(sidecars));
  }

  /** This instance's mark on what it writes, to tell its own writes from another's. */
  get writer(): string {
    return this.memory.writes.mark;
  }

  /**
   * Checks each value kept beside the store: one with damaged parts is kept whole as a backup,
   * written back with those parts alone at their defaults, and the user is told which, in one write.
   */
  checkSidecars(): Promise<void> {
    return this.memory.inTurn(async () => {
      const root = await this.memory.load();
      if (this.memory.writes.newer !== null) return;
      const keys = Object.keys(this.sidecars);
      const items = keys.length ? await this.storage.get(keys) : {};
      const at = this.now().toISOString();
      const { beside, notices } = repairBeside(this.sidecars, items, at, (k) => this.memory.keys.freeKey(k));
      // The backups, the repaired values and the notices naming them: one write, all or nothing.
      if (notices.length) await this.memory.write(withNotices(root, notices), [], beside);
    });
  }

  /**
   * Writes a value kept beside the store from what is usable of the stored one (`next` gets it): if
   * part of the stored value could not be read, the whole of it is kept as a backup in the same write,
   * with a notice.
   */
  updateBeside(key: string, next: (usable: unknown) => unknown): Promise<void> {
    return this.memory.inTurn(async () => {
      const sidecar = this.sidecars[key];
      const raw = (await this.storage.get(key))[key];
      const read = sidecar && raw !== undefined ? sidecar.read(raw) : { value: raw, damaged: [] };
      if (!sidecar || read.damaged.length === 0) return this.memory.writes.putBeside({ [key]: next(read.value) });
      const root = await this.memory.load();
      const at = this.now().toISOString();
      const backupKey = this.memory.keys.freeKey(`${BACKUP_KEY_PREFIX}${at}.${key}`);
      const beside = { [backupKey]: { key, settings: raw }, [key]: next(read.value) };
      if (this.memory.writes.newer !== null) return this.memory.writes.putBeside(beside);
      return this.memory.write(withNotices(root, [sidecar.notice(read.damaged, backupKey, at)]), [], beside);
    });
  }

  /**
   * A backup key changed in storage (storage.onChanged): by this store, or by someone else (a test,
   * another copy of the worker). The list of backups follows it without reading storage again.
   */
  backupChanged(key: string, value: unknown): void {
    if (!key.startsWith(BACKUP_KEY_PREFIX)) return;
    if (value === undefined) this.memory.keys.removed(key);
    else this.memory.keys.written(key, value);
  }

  /** The revision in memory (null before the first read). */
  get revision(): number | null {
    return this.memory.root?.revision ?? null;
  }

  /**
   * Storage's root was written (storage.onChanged): by another writer (a second copy of the worker
   * started while this one was stopping, an upgrade), this instance reads it again before going on.
   */
  external(writer: unknown): void {
    if (writer !== this.writer) this.memory.markStale();
  }

  /** Forgets everything in memory but what is not written yet: storage is read again on next use. */
  forget(): void {
    this.memory.markStale();
  }

  /** The checked root (each game whole): read (and if needed repaired) on first use, then kept in memory. */
  current(): Promise<StoreRoot> {
    return this.memory.inTurn(() => this.memory.load());
  }

  /** Bytes in use, as last read or written. */
  get bytes(): number {
    return this.memory.keys.bytes;
  }

  /** The store anew, for a view that holds nothing. */
  private async snapshot(data?: unknown): Promise<StoreAnswer> {
    return this.memory.inTurn(async () => {
      const root = await this.memory.load();
      return { ok: true, change: snapshotOf(root, this.memory.states), ...(data === undefined ? {} : { data }) };
    });
  }

  /**
   * Answers `request` with what it changed (or the refusal: nothing changed). Storage that cannot be
   * read before anything is written is a failure said as such (nothing changed).
   */
  handle(request: Request): Promise<StoreAnswer> {
    return this.answer(request).then(
      (a) => (a.ok ? { ...a, change: { ...a.change, backups: this.memory.keys.backupsStamp } } : a),
      failedAnswer,
    );
  }

  private async answer(request: Request): Promise<StoreAnswer> {
    // Read (and if needed repaired) first; listing and exporting backups work even if that fails.
    if (this.memory.root === null) await this.current().catch(() => undefined);
    const read = this.readAnswer(request);
    if (read) return read;
    if (this.memory.writes.newer !== null) return this.readOnly(request);
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
    return this.apply(request);
  }

  /** The requests that read the store and change nothing (null: not one of them). */
  private readAnswer(request: Request): Promise<StoreAnswer> | null {
    const inRoot = (answer: (root: StoreRoot) => Result<unknown>) =>
      this.memory.inTurn(async (): Promise<StoreAnswer> => {
        const root = await this.memory.load();
        const data = answer(root);
        return data.ok ? { ok: true, change: unchanged(root), data: data.value } : data;
      });
    switch (request.type) {
      case 'store/load':
        return this.snapshot();
      case 'store/backups':
        return this.backups().then(async (list) => ({ ok: true, change: unchanged(await this.current()), data: list }));
      case 'store/backup':
        return this.backup(request.key).then(async (value) =>
          value.ok ? { ok: true, change: unchanged(await this.current()), data: value.value } : value,
        );
      case 'store/export':
        return inRoot((root) => exportOf(root, request.system, request.from));
      case 'store/history':
        return inRoot((root) => historyOf(root, request.system, request.before, this.memory.states));
    }
    return null;
  }

  /** A request applied to the root in memory, answered once the group commit has written it. */
  private async apply(request: Request): Promise<StoreAnswer> {
    type Applied =
      { ok: true; change: StoreChange | null; reads: number; written: Promise<void> } | { ok: false; error: RuleError };
    const applied = await this.memory.inTurn(async (): Promise<Applied> => {
      const root = await this.memory.load();
      const next = applyRequest(root, request, this.memory.states);
      if (!next.ok) return next;
      // Already applied (a retry): the view that sends it again lacks its answer; it gets the store anew.
      if (next.value === root) return { ok: true, change: null, reads: this.memory.reads, written: Promise.resolve() };
      const applied = this.watchQuota(next.value);
      const written = this.memory.applied(request, applied);
      return { ok: true, change: changeOf(root, applied, this.memory.states), reads: this.memory.reads, written };
    });
    if (!applied.ok) return applied;
    try {
      await applied.written;
    } catch (error) {
      return failedAnswer(error);
    }
    // Read again meanwhile (another writer): what this change applied to may be gone; the store anew.
    return applied.change && applied.reads === this.memory.reads
      ? { ok: true, change: applied.change }
      : this.snapshot();
  }

  /**
   * A store written by a newer version is never written over: what only changes the view (the game
   * shown, the notices read) is kept in memory alone; anything else is refused.
   */
  private readOnly(request: Request): Promise<StoreAnswer> {
    return this.memory.inTurn(async () => {
      const root = await this.memory.load();
      if (request.type !== 'store/select-system' && request.type !== 'store/dismiss-notice')
        return fail('store-newer', { version: this.memory.writes.newer ?? 0 });
      const next = applyRequest(root, request, this.memory.states);
      if (!next.ok) return next;
      this.memory.keepUnwritten(next.value);
      return { ok: true, change: changeOf(root, next.value, this.memory.states) };
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
      await this.memory.write(next, backups, beside);
    } catch (error) {
      return failedAnswer(error);
    }
    return { ok: true, change: changeOf(root, next, this.memory.states), ...(data === undefined ? {} : { data }) };
  }

  /** A new game in place of the stored one (the demo table's examples); the one it replaces is kept as a backup. */
  replace(request: Extract<Request, { type: 'game/replace' }>): Promise<StoreAnswer> {
    return this.memory.inTurn(async () => {
      const root = await this.memory.load();
      const next = applyRequest(root, request, this.memory.states);
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
    return this.memory.inTurn(async () => {
      const imported = checkImport(system, raw, rawBinding, this.memory.states);
      if (!imported.ok) return imported;
      const root = await this.memory.load();
      const { next, keep } = importInto(root, imported.value, this.now().toISOString(), id);
      return this.replaceRoot(root, next, keep);
    });
  }

  /** Near the quota, a notice says so once (export old games and delete backups to make room). */
  private watchQuota(root: StoreRoot): StoreRoot {
    const bytes = this.memory.keys.bytes;
    const told = root.notices.some((n) => n.kind === 'quota');
    if (bytes < QUOTA_BYTES * QUOTA_WARN || told) return root;
    const percent = Math.round((bytes / QUOTA_BYTES) * 100);
    return { ...root, notices: [...root.notices, { kind: 'quota', percent, at: this.now().toISOString() }] };
  }

  /** The backups kept in storage, newest first, as last read or written (storage is not read again for them). */
  backups(): Promise<BackupInfo[]> {
    return this.memory.inTurn(async () => {
      await this.memory.load();
      return this.memory.keys.backups();
    });
  }

  /** One backup's value (to export it), or a refusal if there is none under that key. */
  backup(key: string): Promise<Result<unknown>> {
    return this.memory.inTurn(async () => {
      if (!key.startsWith(BACKUP_KEY_PREFIX)) return refuse('backup-unknown', { key: key.slice(0, 80) });
      const value = (await this.storage.get(key))[key];
      return value === undefined ? refuse('backup-unknown', { key: key.slice(0, 80) }) : ok(value);
    });
  }

  deleteBackup(key: string): Promise<Result<true>> {
    return this.memory.inTurn(async () => {
      if (!key.startsWith(BACKUP_KEY_PREFIX)) return refuse('backup-unknown', { key: key.slice(0, 80) });
      await this.storage.remove([key]);
      this.memory.keys.removed(key);
      return ok(true);
    });
  }

  /**
   * Puts back what can be read of a backup (./restore.ts; settings through their sidecar), answering
   * with what was restored and what could not be; refused when nothing could be. What it replaces is
   * kept as a backup in the same write.
   */
  restore(key: string, id?: string): Promise<StoreAnswer> {
    return this.memory.inTurn(async () => {
      const found = key.startsWith(BACKUP_KEY_PREFIX) ? (await this.storage.get(key))[key] : undefined;
      if (found === undefined) return fail('backup-unknown', { key: key.slice(0, 80) });
      const root = await this.memory.load();
      const { kind } = backupKind(found);
      if (kind === 'settings') {
        const at = this.now().toISOString();
        const current = async (target: string) => (await this.storage.get(target))[target];
        const put = await restoreBeside(this.sidecars, found, current, at, (k) => this.memory.keys.freeKey(k));
        if (!put) return fail('backup-unusable', { key: key.slice(0, 80), detail: 'not a value Command Post keeps' });
        return this.replaceRoot(root, revised(root, id), [], put.report, put.beside);
      }
      const restored = restoreInto(kind, found, root, this.now(), id);
      if (!restored.ok)
        return fail('backup-unusable', { key: key.slice(0, 80), detail: restored.error.params?.detail ?? '' });
      return this.replaceRoot(root, restored.value.next, restored.value.keep, restored.value.report);
    });
  }
}
