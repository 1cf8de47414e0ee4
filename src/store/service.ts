// The store as the background worker runs it, over any storage area (the browser's storage.local in
// the worker, an in-memory stand-in in tests and benchmarks): the checked root and each game's
// state kept in memory between requests, requests applied one at a time, every write made of what
// changed (./persist.ts), nothing damaged ever dropped silently (./load.ts), a retried request never
// applied twice (its id), and the store's size watched against the browser's quota.
import type { Result, RuleError } from '../game/result';
import { ok, refuse } from '../game/result';
import type { Request } from '../messages';
import { isSystemId, type SystemId } from '../rules/ids';
import { boardInputOf } from './board';
import { checkGame, loadStore, type Backup } from './load';
import { LOG_KEY_PREFIX, decodeStore, encodeStore, memoOf, type WriteMemo } from './persist';
import { applyRequest, replacedBackup } from './requests';
import { BACKUP_KEY_PREFIX, BOARD_KEY, RECENT_IDS, SCHEMA_VERSION, STORE_KEY, type StoreNotice, type StoreRoot } from './root';
import { GameStates } from './states';
import { parseBinding } from '../board/schema';

/** What the store needs of a storage area (the browser's, or a stand-in). */
export interface StorageArea {
  get(keys: null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** storage.local's quota in Chromium (10 MiB without `unlimitedStorage`); the user is told from QUOTA_WARN of it. */
export const QUOTA_BYTES = 10 * 1024 * 1024;
export const QUOTA_WARN = 0.8;

export type StoreResponse = { readonly ok: true; readonly root: StoreRoot; readonly data?: unknown } | { readonly ok: false; readonly error: RuleError };

/** How to read a value kept beside the store: what is usable of it, and which fields were not. */
export interface Sidecar {
  read(raw: unknown): { readonly value: unknown; readonly damaged: readonly string[] };
}

/** A backup kept in storage, as the popup lists it. */
export interface BackupInfo {
  readonly key: string;
  /** `store`: a whole store; `game` / `binding`: one system's; `settings`: the Roll20 board settings. */
  readonly kind: 'store' | 'game' | 'binding' | 'settings';
  readonly system: string | null;
  readonly at: string;
  readonly bytes: number;
}

const fail = (code: string, params: Record<string, string | number>): StoreResponse => ({ ok: false, error: { code, params } });

const remember = (recent: readonly string[], id: string | undefined): readonly string[] => (id === undefined ? recent : [...recent, id].slice(-RECENT_IDS));

const bytesOf = (value: unknown): number => (value === undefined ? 0 : JSON.stringify(value).length);

function backupKind(value: unknown): { kind: BackupInfo['kind']; system: string | null } {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (typeof v.system === 'string' && 'game' in v) return { kind: 'game', system: v.system };
    if (typeof v.system === 'string' && 'binding' in v) return { kind: 'binding', system: v.system };
    if ('settings' in v) return { kind: 'settings', system: null };
  }
  return { kind: 'store', system: null };
}

export class StoreService {
  /** The root in memory: what storage holds (`written`) and the requests applied since (`unwritten`). */
  private root: StoreRoot | null = null;
  private written: StoreRoot | null = null;
  private unwritten: Request[] = [];
  /** Another writer changed storage: read it again (and apply what is unwritten on it) before going on. */
  private stale = false;
  private memo: WriteMemo | null = null;
  private readonly states = new GameStates();
  /** Bytes of each key as last read or written, to watch the quota without reading storage again. */
  private readonly sizes = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Storage writes, one after the other. */
  private io: Promise<unknown> = Promise.resolve();
  /** This instance's mark on what it writes, to tell its own writes from another's. */
  readonly writer = `w${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

  constructor(
    private readonly storage: StorageArea,
    private readonly now: () => Date = () => new Date(),
    /** Values kept beside the store (a tabletop's settings), by storage key: checked at start, restorable from backups. */
    private readonly sidecars: Readonly<Record<string, Sidecar>> = {},
  ) {}

  /**
   * Checks each value kept beside the store: one with damaged fields is kept whole as a backup,
   * written back with those fields alone at their defaults, and the user is told which fields.
   */
  checkSidecars(): Promise<void> {
    return this.inTurn(async () => {
      const root = await this.load();
      const items = await this.storage.get(null);
      const notices: StoreNotice[] = [];
      const set: Record<string, unknown> = {};
      for (const [key, sidecar] of Object.entries(this.sidecars)) {
        if (items[key] === undefined) continue;
        const { value, damaged } = sidecar.read(items[key]);
        if (damaged.length === 0) continue;
        const at = this.now().toISOString();
        const backupKey = `${BACKUP_KEY_PREFIX}${at}.${key}`;
        set[backupKey] = { key, settings: items[key] };
        set[key] = value;
        notices.push({ kind: 'settings-repaired', fields: damaged.slice(0, 20).map((f) => f.slice(0, 32)), backupKey, at });
      }
      if (notices.length === 0) return;
      // The backups and repaired values first: the notice never names a backup that is not there.
      await this.setBeside(set);
      await this.write({ ...root, notices: [...root.notices, ...notices].slice(-20), revision: root.revision + 1 });
    });
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

  /** The checked root: read (and if needed repaired) on first use, then kept in memory. */
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
    this.sizes.clear();
    for (const [key, value] of Object.entries(items)) this.sizes.set(key, bytesOf(value));
    const stored = items[STORE_KEY];
    const { root: base, backups } = loadStore(decodeStore(items), this.now());
    const chunked = typeof stored === 'object' && stored !== null && (stored as { schemaVersion?: unknown }).schemaVersion === SCHEMA_VERSION;
    this.states.clear();
    if (backups.length === 0 && chunked) {
      this.memo = memoOf(base);
    } else {
      // Repaired, migrated or new: write it whole, with its backups, and let go of chunks nobody reads any more.
      this.memo = null;
      await this.put(base, backups, Object.keys(items).filter((k) => k.startsWith(LOG_KEY_PREFIX)));
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

  /** Writes `root` as it stands (its board input and these backups with it), then forgets what it no longer uses. */
  private put(root: StoreRoot, backups: readonly Backup[] = [], stale: readonly string[] = []): Promise<void> {
    const run = this.io.then(async () => {
      const { set, remove, memo } = encodeStore(root, this.memo);
      set[STORE_KEY] = { ...(set[STORE_KEY] as object), writer: this.writer };
      set[BOARD_KEY] = boardInputOf(root, this.states);
      for (const b of backups) set[b.key] = b.value;
      await this.storage.set(set);
      const gone = [...new Set([...remove, ...stale.filter((k) => !(k in set))])];
      if (gone.length) await this.storage.remove(gone);
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
  private async write(root: StoreRoot, backups: readonly Backup[] = [], stale: readonly string[] = []): Promise<void> {
    const carried = this.unwritten.length;
    this.root = root;
    await this.put(root, backups, stale);
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

  /** Applies one validated request; answers with the new root, or the refusal (the root then unchanged). */
  async handle(request: Request): Promise<StoreResponse> {
    switch (request.type) {
      case 'store/backups':
        return { ok: true, root: await this.current(), data: await this.backups() };
      case 'store/backup': {
        const value = await this.backup(request.key);
        return value.ok ? { ok: true, root: await this.current(), data: value.value } : value;
      }
      case 'store/delete-backup': {
        const done = await this.deleteBackup(request.key);
        return done.ok ? { ok: true, root: await this.current() } : done;
      }
      case 'store/restore':
      case 'game/replace':
      case 'game/import': {
        // A retry of one already done is answered, not done again.
        const root = await this.current();
        if (request.id !== undefined && root.recent.includes(request.id)) return { ok: true, root };
        if (request.type === 'game/replace') return this.replace(request);
        return request.type === 'store/restore' ? this.restore(request.key, request.id) : this.import(request.system, request.game, request.id);
      }
    }
    const applied = await this.inTurn(async (): Promise<StoreResponse> => {
      const root = await this.load();
      const next = applyRequest(root, request, this.states);
      if (!next.ok) return next;
      if (next.value !== root) {
        this.root = this.watchQuota(next.value);
        this.unwritten.push(request);
      }
      return { ok: true, root: this.root! };
    });
    if (!applied.ok) return applied;
    try {
      await this.flushed();
    } catch {
      return { ok: false, error: { code: 'storage-failed' } };
    }
    return { ok: true, root: this.root ?? applied.root };
  }

  /** A new game in place of the stored one (the demo table's examples); the one it replaces is kept as a backup. */
  replace(request: Extract<Request, { type: 'game/replace' }>): Promise<StoreResponse> {
    return this.inTurn(async () => {
      const root = await this.load();
      const next = applyRequest(root, request, this.states);
      if (!next.ok) return next;
      const backup = replacedBackup(root, next.value, request, this.now());
      await this.write(next.value, backup ? [backup] : []);
      return { ok: true, root: this.root! };
    });
  }

  /** A game from a file: checked like a stored game; the one it replaces is kept as a backup. */
  import(system: SystemId, raw: unknown, id?: string): Promise<StoreResponse> {
    return this.inTurn(async () => {
      const game = checkGame(system, raw);
      if (!game.ok) return fail('import-invalid', { detail: String(game.error.params?.detail ?? game.error.code).slice(0, 300) });
      const root = await this.load();
      const keep: Backup[] = root.games[system] ? [{ key: `${BACKUP_KEY_PREFIX}${this.now().toISOString()}.${system}.before-import`, value: { system, game: root.games[system] } }] : [];
      await this.write({ ...root, games: { ...root.games, [system]: game.value }, revision: root.revision + 1, recent: remember(root.recent, id) }, keep);
      return { ok: true, root: this.root! };
    });
  }

  /** Near the quota, a notice says so once (export old games and delete backups to make room). */
  private watchQuota(root: StoreRoot): StoreRoot {
    const percent = Math.round((this.bytes / QUOTA_BYTES) * 100);
    const told = root.notices.some((n) => n.kind === 'quota');
    if (this.bytes < QUOTA_BYTES * QUOTA_WARN || told) return root;
    return { ...root, notices: [...root.notices, { kind: 'quota', percent, at: this.now().toISOString() }] };
  }

  /** The backups kept in storage, newest first. */
  backups(): Promise<BackupInfo[]> {
    return this.inTurn(async () => {
      const items = await this.storage.get(null);
      return Object.entries(items)
        .filter(([key]) => key.startsWith(BACKUP_KEY_PREFIX))
        .map(([key, value]) => ({ key, ...backupKind(value), at: key.slice(BACKUP_KEY_PREFIX.length, BACKUP_KEY_PREFIX.length + 24), bytes: bytesOf(value) }))
        .sort((a, b) => (a.key < b.key ? 1 : -1));
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
   * Puts a backup back. What it replaces is kept as a backup first, so a restore loses nothing
   * either: a whole store replaces the store (and is checked as any stored value is), one game or
   * binding replaces that system's.
   */
  restore(key: string, id?: string): Promise<StoreResponse> {
    return this.inTurn(async () => {
      const found = key.startsWith(BACKUP_KEY_PREFIX) ? (await this.storage.get(null))[key] : undefined;
      if (found === undefined) return fail('backup-unknown', { key: key.slice(0, 80) });
      const root = await this.load();
      const at = this.now().toISOString();
      const { kind, system } = backupKind(found);
      if (kind === 'store') {
        const { root: restored, backups } = loadStore(found, this.now());
        const keep = { key: `${BACKUP_KEY_PREFIX}${at}.before-restore`, value: root };
        this.memo = null;
        this.states.clear();
        const stale = [...this.sizes.keys()].filter((k) => k.startsWith(LOG_KEY_PREFIX));
        await this.write({ ...restored, revision: root.revision + 1, recent: remember(root.recent, id) }, [keep, ...backups], stale);
        return { ok: true, root: this.root! };
      }
      if (kind === 'settings') {
        // Settings come back through their reader: what is usable of them, the rest at its defaults.
        const { key: target, settings } = found as { key?: unknown; settings?: unknown };
        const sidecar = typeof target === 'string' && Object.hasOwn(this.sidecars, target) ? this.sidecars[target] : undefined;
        if (!sidecar || typeof target !== 'string') return fail('backup-unusable', { key: key.slice(0, 80) });
        const current = (await this.storage.get(null))[target];
        await this.setBeside({ ...(current === undefined ? {} : { [`${BACKUP_KEY_PREFIX}${at}.${target}.before-restore`]: { key: target, settings: current } }), [target]: sidecar.read(settings).value });
        await this.write({ ...root, revision: root.revision + 1, recent: remember(root.recent, id) });
        return { ok: true, root: this.root! };
      }
      if (!system || !isSystemId(system)) return fail('backup-unusable', { key: key.slice(0, 80) });
      const value = found as { game?: unknown; binding?: unknown };
      let next: StoreRoot;
      const keep: Backup[] = [];
      if (kind === 'game') {
        const game = checkGame(system, value.game);
        if (!game.ok) return fail('backup-unusable', { key: key.slice(0, 80) });
        // A game kept with its links to the board (a replaced game) gets them back too.
        const binding = value.binding === undefined || value.binding === null ? null : parseBinding(value.binding);
        if (root.games[system]) keep.push({ key: `${BACKUP_KEY_PREFIX}${at}.${system}.before-restore`, value: { system, game: root.games[system], binding: root.bindings[system] ?? null } });
        next = { ...root, games: { ...root.games, [system]: game.value } };
        if (binding) next = { ...next, bindings: { ...next.bindings, [system]: binding } };
      } else {
        const binding = parseBinding(value.binding);
        if (!binding) return fail('backup-unusable', { key: key.slice(0, 80) });
        if (root.bindings[system]) keep.push({ key: `${BACKUP_KEY_PREFIX}${at}.${system}.binding.before-restore`, value: { system, binding: root.bindings[system] } });
        next = { ...root, bindings: { ...root.bindings, [system]: binding } };
      }
      await this.write({ ...next, revision: root.revision + 1, recent: remember(root.recent, id) }, keep);
      return { ok: true, root: this.root! };
    });
  }
}
