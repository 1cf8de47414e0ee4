// What storage holds, key by key, as this store last read or wrote it: each key's size (to watch the
// quota without reading storage again) and what each backup is (to list them without reading them).
import { BACKUP_KEY_PREFIX, freeBackupKey } from './root';
import type { BackupInfo } from './restore';

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

/** What a backup holds, from its value (every kind the store ever wrote). */
export function backupKind(value: unknown): { kind: BackupInfo['kind']; system: string | null } {
  if (isObject(value)) {
    const system = typeof value.system === 'string' ? value.system.slice(0, 40) : null;
    if (value.kind === 'events' && system) return { kind: 'events', system };
    if (value.kind === 'keys' && isObject(value.items)) return { kind: 'keys', system: null };
    if (system && 'game' in value) return { kind: 'game', system };
    if (system && 'binding' in value) return { kind: 'binding', system };
    if ('settings' in value && typeof value.key === 'string') return { kind: 'settings', system: null };
  }
  return { kind: 'store', system: null };
}

export class StoredKeys {
  private readonly sizes = new Map<string, number>();
  private readonly backupInfo = new Map<string, BackupInfo>();
  private backupsChanged = 0;

  /** Counts the backups written or removed since this worker started: answers carry it (StoreChange.backups). */
  get backupsStamp(): number {
    return this.backupsChanged;
  }

  /** Storage was read whole: it holds these keys and no other. */
  readAll(items: Readonly<Record<string, unknown>>): void {
    this.sizes.clear();
    this.backupInfo.clear();
    for (const [key, value] of Object.entries(items)) this.written(key, value);
  }

  written(key: string, value: unknown): void {
    const bytes = bytesOf(value);
    this.sizes.set(key, bytes);
    if (!key.startsWith(BACKUP_KEY_PREFIX)) return;
    this.backupInfo.set(key, {
      key: key.slice(0, 200),
      ...backupKind(value),
      at: key.slice(BACKUP_KEY_PREFIX.length, BACKUP_KEY_PREFIX.length + 24),
      bytes,
    });
    this.backupsChanged++;
  }

  removed(key: string): void {
    this.sizes.delete(key);
    if (this.backupInfo.delete(key)) this.backupsChanged++;
  }

  has(key: string): boolean {
    return this.sizes.has(key);
  }

  /** A backup key that storage does not hold yet (nor `taken`, when given). */
  freeKey(base: string, taken?: (key: string) => boolean): string {
    return freeBackupKey(base, (k) => this.sizes.has(k) || (taken?.(k) ?? false));
  }

  /** Bytes in use. */
  get bytes(): number {
    let total = 0;
    for (const n of this.sizes.values()) total += n;
    return total;
  }

  /** The backups, newest first. */
  backups(): BackupInfo[] {
    return [...this.backupInfo.values()].sort((a, b) => (a.key < b.key ? 1 : -1));
  }
}
