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
import { changeOf, historyOf, snapshotOf, unchanged } from './answer';
import { boardInputOf } from './board';
import { checkGame, type Backup } from './load';
import { encodeStore, memoOf, type WriteMemo } from './persist';
import { readStorage } from './read';
import { applyRequest, replacedBackup } from './requests';
import { restoreFrom, type RestoreReport } from './restore';
import { BACKUP_KEY_PREFIX, BOARD_KEY, RECENT_IDS, STORE_KEY, freeBackupKey, type StoredGame, type StoreNotice, type StoreRoot } from './root';
import { GameStates } from './states';

/** What the store needs of a storage area (the browser's, or a stand-in). */
export interface StorageArea {
  get(keys: null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** storage.local's quota in Chromium (10 MiB without `unlimitedStorage`); the user is told from QUOTA_WARN of it. */
export const QUOTA_BYTES = 10 * 1024 * 1024;
export const QUOTA_WARN = 0.8;

/**
 * How to read a value kept beside the store (a tabletop's settings, the demo table's boards): what is
 * usable of it, what was not (named for the user), and the notice that says so.
 */
export interface Sidecar {
  read(raw: unknown): { readonly value: unknown; readonly damaged: readonly string[] };
  notice(damaged: readonly string[], backupKey: string, at: string): StoreNotice;
}

/** A backup kept in storage, as the popup lists it. */
export interface BackupInfo {
  readonly key: string;
  /**
   * `store`: a whole store's header; `game` / `binding`: one system's; `events`: what could not be
   * read of a game, and the events after it; `keys`: keys the store did not use; `settings`: a
   * value kept beside the store.
   */
  readonly kind: 'store' | 'game' | 'binding' | 'settings' | 'events' | 'keys';
  readonly system: string | null;
  readonly at: string;
  readonly bytes: number;
}

const fail = (code: string, params: Record<string, string | number>): StoreAnswer => ({ ok: false, error: { code, params } });

const remember = (recent: readonly string[], id: string | undefined): readonly string[] => (id === undefined ? recent : [...recent, id].slice(-RECENT_IDS));

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

export class StoreService {
  /** The root in memory: what storage holds (`written`) and the requests applied since (`unwritten`). */
  private root: StoreRoot | null = null;
  private written: StoreRoot | null = null;
  private unwritten: Request[] = [];
  /** Another writer changed storage: read it again (and apply what is unwritten on it) before going on. */
  private stale = false;
  /** Counts the reads of storage: an answer computed before a read again is answered with the store anew. */
  private reads = 0;
  /** Storage was written by a newer version of Command Post (its layout version): nothing is written over it. */
  private newer: number | null = null;
  /** A repair read but not yet written (the write failed): written with the next write, before anything else. */
  private repair: { backups: readonly Backup[]; obsolete: readonly string[] } | null = null;
  private memo: WriteMemo | null = null;
  private readonly states = new GameStates();
  /** Bytes of each key as last read or written, to watch the quota without reading storage again. */
  private readonly sizes = new Map<string, number>();
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
   * written back with those parts alone at their defaults, and the user is told which.
   */
  checkSidecars(): Promise<void> {
    return this.inTurn(async () => {
      const root = await this.load();
      if (this.newer !== null) return;
      const items = await this.storage.get(null);
      const notices: StoreNotice[] = [];
      const set: Record<string, unknown> = {};
      for (const [key, sidecar] of Object.entries(this.sidecars)) {
        if (items[key] === undefined) continue;
        const { value, damaged } = sidecar.read(items[key]);
        if (damaged.length === 0) continue;
        const at = this.now().toISOString();
        const backupKey = this.freeKey(`${BACKUP_KEY_PREFIX}${at}.${key}`);
        set[backupKey] = { key, settings: items[key] };
        set[key] = value;
        notices.push(sidecar.notice(damaged, backupKey, at));
      }
      if (notices.length === 0) return;
      // The backups and repaired values first: the notice never names a backup that is not there.
      await this.setBeside(set);
      await this.write({ ...root, notices: [...root.notices, ...notices].slice(-20), revision: root.revision + 1 });
    });
  }

  /**
   * Writes a value kept beside the store from what is usable of the stored one (`next` gets it): if
   * part of the stored value could not be read, the whole of it is kept as a backup first, with a notice.
   */
  updateBeside(key: string, next: (usable: unknown) => unknown): Promise<void> {
    return this.inTurn(async () => {
      const sidecar = this.sidecars[key];
      const raw = (await this.storage.get(null))[key];
      const read = sidecar && raw !== undefined ? sidecar.read(raw) : { value: raw, damaged: [] };
      if (sidecar && read.damaged.length) {
        const root = await this.load();
        const at = this.now().toISOString();
        const backupKey = this.freeKey(`${BACKUP_KEY_PREFIX}${at}.${key}`);
        await this.setBeside({ [backupKey]: { key, settings: raw } });
        if (this.newer === null) await this.write({ ...root, notices: [...root.notices, sidecar.notice(read.damaged, backupKey, at)].slice(-20), revision: root.revision + 1 });
      }
      await this.setBeside({ [key]: next(read.value) });
    });
  }

  /** A backup key that storage does not hold yet (as last read or written). */
  private freeKey(base: string): string {
    return freeBackupKey(base, (k) => this.sizes.has(k));
  }

  /** Writes values kept beside the root (settings, backups), counted for the quota. */
  private async setBeside(items: Record<string, unknown>): Promise<void> {
    await this.storage.set(items);
    for (const [key, value] of Object.entries(items)) this.sizes.set(key, bytesOf(value));
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
      items = await this.storage.get(null);
    }
    this.reads++;
    this.sizes.clear();
    for (const [key, value] of Object.entries(items)) this.sizes.set(key, bytesOf(value));
    const read = readStorage(items, this.now(), { beside: Object.keys(this.sidecars) });
    this.newer = read.newer;
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
      this.repair = { backups: [...(this.repair?.backups ?? []), ...read.backups], obsolete: [...(this.repair?.obsolete ?? []), ...read.obsolete] };
      // A write the browser refuses (a full storage) leaves storage as it was: the repair is made with the next write.
      await this.put(base).catch(() => undefined);
    }
    this.written = base;
    // What was applied here but not yet written goes on top (a request already applied by the other writer is recognised by its id).
    let root = base;
    for (const request of this.unwritten) {
      const next = applyRequest(root, request, this.states);
      if (next.ok) root = next.value;
    }
    this.root = root;
    return root;
  }

  /**
   * Writes `root` as it stands (its board input, any repair not yet written and these backups with
   * it), then removes what it no longer uses: only keys it read, once what it kept of them is written.
   */
  private put(root: StoreRoot, backups: readonly Backup[] = []): Promise<void> {
    const run = this.io.then(async () => {
      if (this.newer !== null) throw new Error('store-newer');
      const repair = this.repair;
      const { set, remove, memo } = encodeStore(root, repair ? null : this.memo);
      set[STORE_KEY] = { ...(set[STORE_KEY] as object), writer: this.writer };
      const board = boardInputOf(root, this.states);
      const boardText = JSON.stringify(board);
      if (boardText !== this.board) set[BOARD_KEY] = board;
      for (const b of repair?.backups ?? []) set[b.key] = b.value;
      // Those kept on the way (what a replace, an import or a restore replaces) never take a key already there.
      for (const b of backups) set[freeBackupKey(b.key, (k) => this.sizes.has(k) || Object.hasOwn(set, k))] = b.value;
      await this.storage.set(set);
      const gone = [...new Set([...remove, ...(repair?.obsolete ?? [])])].filter((k) => !Object.hasOwn(set, k));
      if (gone.length) await this.storage.remove(gone);
      if (repair === this.repair) this.repair = null;
      this.board = boardText;
      for (const [key, value] of Object.entries(set)) this.sizes.set(key, bytesOf(value));
      for (const key of gone) this.sizes.delete(key);
      this.memo = memo;
    });
    this.io = run.catch(() => undefined);
    return run;
  }

  /**
   * Replaces the root in memory and storage at once (a restore, an import), in the caller's turn,
   * right after `load()`: `root` already holds every request applied so far, and storage writes keep
   * their order, so this write carries the unwritten ones too. (Waiting for the group commit here
   * could wait on this very turn, when it must read storage again first.)
   */
  private async write(root: StoreRoot, backups: readonly Backup[] = []): Promise<void> {
    const carried = this.unwritten.length;
    const before = this.root;
    this.root = root;
    try {
      await this.put(root, backups);
    } catch (error) {
      this.root = before;
      throw error;
    }
    this.written = root;
    this.unwritten.splice(0, carried);
  }

  // Group commit: requests apply to the root in memory one after the other; what they changed is
  // written by one write in flight and at most one more after it, which takes everything applied
  // meanwhile. A request is answered once its change is written: never "applied but reported as
  // failed", never answered before it is safe.
  private writing: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  /** Resolves when everything applied so far is written. */
  private flushed(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.writing) {
      this.queued = this.writing.catch(() => undefined).then(() => {
        this.queued = null;
        return this.flushed();
      });
      return this.queued;
    }
    if (!this.root || (this.root === this.written && !this.stale)) return Promise.resolve();
    this.writing = this.writeBatch().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  private async writeBatch(): Promise<void> {
    // Written over by another: read it again and put what is unwritten on top, then write.
    if (this.stale) await this.inTurn(() => this.load());
    const root = this.root;
    if (!root || root === this.written) return;
    const batch = this.unwritten.length;
    try {
      await this.put(root);
    } catch (error) {
      // Storage refused the write (full, or gone): what is in memory was not kept; read storage again.
      this.unwritten = [];
      this.root = null;
      this.stale = true;
      throw error;
    }
    this.written = root;
    this.unwritten.splice(0, batch);
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

  /** Answers `request` with what it changed (or the refusal: nothing changed). */
  async handle(request: Request): Promise<StoreAnswer> {
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
          const game = root.games[request.system];
          return game ? { ok: true, change: unchanged(root), data: { system: request.system, game } } : fail('nothing-to-export', { system: request.system });
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
        return request.type === 'store/restore' ? this.restore(request.key, request.id) : this.import(request.system, request.game, request.id);
      }
    }
    const applied = await this.inTurn(async (): Promise<{ ok: true; change: StoreChange | null; reads: number } | { ok: false; error: RuleError }> => {
      const root = await this.load();
      const next = applyRequest(root, request, this.states);
      if (!next.ok) return next;
      // Already applied (a retry): the view that sends it again lacks its answer; it gets the store anew.
      if (next.value === root) return { ok: true, change: null, reads: this.reads };
      this.root = this.watchQuota(next.value);
      this.unwritten.push(request);
      return { ok: true, change: changeOf(root, this.root, this.states), reads: this.reads };
    });
    if (!applied.ok) return applied;
    try {
      await this.flushed();
    } catch {
      return { ok: false, error: { code: 'storage-failed' } };
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
      if (request.type !== 'store/select-system' && request.type !== 'store/dismiss-notice') return fail('store-newer', { version: this.newer ?? 0 });
      const next = applyRequest(root, request, this.states);
      if (!next.ok) return next;
      this.root = this.written = next.value;
      return { ok: true, change: changeOf(root, next.value, this.states) };
    });
  }

  /** Writes `next` in place of `root` (and these backups), answering with what changed. */
  private async replaceRoot(root: StoreRoot, next: StoreRoot, backups: readonly Backup[], data?: unknown): Promise<StoreAnswer> {
    try {
      await this.write(next, backups);
    } catch {
      return { ok: false, error: { code: 'storage-failed' } };
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

  /** A game from a file: checked like a stored game; the one it replaces is kept as a backup. */
  import(system: SystemId, raw: unknown, id?: string): Promise<StoreAnswer> {
    return this.inTurn(async () => {
      const game = checkGame(system, raw);
      if (!game.ok) return fail('import-invalid', { detail: String(game.error.params?.detail ?? game.error.code).slice(0, 300) });
      const root = await this.load();
      const keep: Backup[] = root.games[system] ? [{ key: `${BACKUP_KEY_PREFIX}${this.now().toISOString()}.${system}.before-import`, value: { system, game: root.games[system] } }] : [];
      return this.replaceRoot(root, { ...root, games: { ...root.games, [system]: game.value }, revision: root.revision + 1, recent: remember(root.recent, id) }, keep);
    });
  }

  /** Near the quota, a notice says so once (export old games and delete backups to make room). */
  private watchQuota(root: StoreRoot): StoreRoot {
    const percent = Math.round((this.bytes / QUOTA_BYTES) * 100);
    const told = root.notices.some((n) => n.kind === 'quota');
    if (this.bytes < QUOTA_BYTES * QUOTA_WARN || told) return root;
    return { ...root, notices: [...root.notices, { kind: 'quota', percent, at: this.now().toISOString() }] };
  }

  /** The backups kept in storage, newest first; works whatever else storage holds. */
  backups(): Promise<BackupInfo[]> {
    return this.inTurn(async () => {
      const items = await this.storage.get(null);
      const out: BackupInfo[] = [];
      for (const key of Object.keys(items)) {
        if (!key.startsWith(BACKUP_KEY_PREFIX)) continue;
        out.push({ key: key.slice(0, 200), ...backupKind(key, items[key]), at: key.slice(BACKUP_KEY_PREFIX.length, BACKUP_KEY_PREFIX.length + 24), bytes: bytesOf(items[key]) });
      }
      return out.sort((a, b) => (a.key < b.key ? 1 : -1));
    });
  }

  /** One backup's value (to export it), or a refusal if there is none under that key. */
  backup(key: string): Promise<Result<unknown>> {
    return this.inTurn(async () => {
      if (!key.startsWith(BACKUP_KEY_PREFIX)) return refuse('backup-unknown', { key: key.slice(0, 80) });
      const value = (await this.storage.get(null))[key];
      return value === undefined ? refuse('backup-unknown', { key: key.slice(0, 80) }) : ok(value);
    });
  }

  deleteBackup(key: string): Promise<Result<true>> {
    return this.inTurn(async () => {
      if (!key.startsWith(BACKUP_KEY_PREFIX)) return refuse('backup-unknown', { key: key.slice(0, 80) });
      await this.storage.remove([key]);
      this.sizes.delete(key);
      return ok(true);
    });
  }

  /**
   * Puts back what can be read of a backup (./restore.ts), answering with what was restored and what
   * could not be; refused when nothing could be. What it replaces is kept as a backup first.
   */
  restore(key: string, id?: string): Promise<StoreAnswer> {
    return this.inTurn(async () => {
      const found = key.startsWith(BACKUP_KEY_PREFIX) ? (await this.storage.get(null))[key] : undefined;
      if (found === undefined) return fail('backup-unknown', { key: key.slice(0, 80) });
      const root = await this.load();
      const at = this.now().toISOString();
      const { kind } = backupKind(key, found);
      if (kind === 'settings') {
        // Settings come back through their reader: what is usable of them, the rest at its defaults.
        const { key: target, settings } = found as { key?: unknown; settings?: unknown };
        const sidecar = typeof target === 'string' && Object.hasOwn(this.sidecars, target) ? this.sidecars[target] : undefined;
        if (!sidecar || typeof target !== 'string') return fail('backup-unusable', { key: key.slice(0, 80), detail: 'not a value Command Post keeps' });
        const current = (await this.storage.get(null))[target];
        const read = sidecar.read(settings);
        await this.setBeside({ ...(current === undefined ? {} : { [this.freeKey(`${BACKUP_KEY_PREFIX}${at}.${target}.before-restore`)]: { key: target, settings: current } }), [target]: read.value });
        const report: RestoreReport = { games: [], events: 0, unreadable: read.damaged.length ? read.damaged.join(', ').slice(0, 300) : null };
        return this.replaceRoot(root, { ...root, revision: root.revision + 1, recent: remember(root.recent, id) }, [], report);
      }
      const restored = restoreFrom(kind, found, root, this.now());
      if (!restored.ok) return fail('backup-unusable', { key: key.slice(0, 80), detail: restored.error.params?.detail ?? '' });
      const { games, bindings, report } = restored.value;
      const keep: Backup[] = [];
      for (const [system, game] of Object.entries(games) as [SystemId, StoredGame<SystemId>][]) {
        if (root.games[system]) keep.push({ key: `${BACKUP_KEY_PREFIX}${at}.${system}.before-restore`, value: { system, game: root.games[system], binding: root.bindings[system] ?? null } });
        void game;
      }
      for (const system of Object.keys(bindings)) {
        if (isSystemId(system) && !(system in games) && root.bindings[system]) keep.push({ key: `${BACKUP_KEY_PREFIX}${at}.${system}.binding.before-restore`, value: { system, binding: root.bindings[system] } });
      }
      const next: StoreRoot = { ...root, games: { ...root.games, ...games }, bindings: { ...root.bindings, ...bindings }, revision: root.revision + 1, recent: remember(root.recent, id) };
      return this.replaceRoot(root, next, keep, report);
    });
  }
}
