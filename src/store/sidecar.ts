// Values kept beside the store (a tabletop's settings, the demo table's boards): read with their own
// reader, one whose parts are damaged kept whole as a backup and written back with those parts at
// their defaults, with a notice that names them; restored from such a backup through the same reader.
import type { RestoreReport } from './restore';
import { BACKUP_KEY_PREFIX, type StoreNotice, type StoreRoot } from './root';

/**
 * How to read a value kept beside the store: what is usable of it, what was not (named for the
 * user), and the notice that says so.
 */
export interface Sidecar {
  read(raw: unknown): { readonly value: unknown; readonly damaged: readonly string[] };
  notice(damaged: readonly string[], backupKey: string, at: string): StoreNotice;
}

/** What to write for values beside the store: the values and their backups, and the notices to add. */
export interface BesideWrite {
  readonly beside: Readonly<Record<string, unknown>>;
  readonly notices: readonly StoreNotice[];
}

/** `root` with these notices, one revision on (the write that carries them). */
export const withNotices = (root: StoreRoot, notices: readonly StoreNotice[]): StoreRoot => ({
  ...root,
  notices: [...root.notices, ...notices].slice(-20),
  revision: root.revision + 1,
});

/**
 * Each stored value (`items`) read by its sidecar; one with damaged parts is written back with those
 * parts at their defaults, `next` applied to it when given, kept whole under a free backup key.
 */
export function repairBeside(
  sidecars: Readonly<Record<string, Sidecar>>,
  items: Readonly<Record<string, unknown>>,
  at: string,
  freeKey: (base: string) => string,
): BesideWrite {
  const notices: StoreNotice[] = [];
  const beside: Record<string, unknown> = {};
  for (const [key, sidecar] of Object.entries(sidecars)) {
    if (items[key] === undefined) continue;
    const { value, damaged } = sidecar.read(items[key]);
    if (damaged.length === 0) continue;
    const backupKey = freeKey(`${BACKUP_KEY_PREFIX}${at}.${key}`);
    beside[backupKey] = { key, settings: items[key] };
    beside[key] = value;
    notices.push(sidecar.notice(damaged, backupKey, at));
  }
  return { beside, notices };
}

/**
 * A settings backup (`found`) put back through its sidecar: what is usable of it, the rest at its
 * defaults; the value it replaces (`current`) kept as a backup. Null: not a value Command Post keeps.
 */
export function restoreBeside(
  sidecars: Readonly<Record<string, Sidecar>>,
  found: unknown,
  current: (key: string) => Promise<unknown>,
  at: string,
  freeKey: (base: string) => string,
): Promise<{ beside: Record<string, unknown>; report: RestoreReport } | null> {
  const { key: target, settings } = found as { key?: unknown; settings?: unknown };
  const sidecar = typeof target === 'string' && Object.hasOwn(sidecars, target) ? sidecars[target] : undefined;
  if (!sidecar || typeof target !== 'string') return Promise.resolve(null);
  return current(target).then((was) => {
    const read = sidecar.read(settings);
    const kept =
      was === undefined
        ? {}
        : { [freeKey(`${BACKUP_KEY_PREFIX}${at}.${target}.before-restore`)]: { key: target, settings: was } };
    return {
      beside: { ...kept, [target]: read.value },
      report: { games: [], events: 0, unreadable: read.damaged.length ? read.damaged.join(', ').slice(0, 300) : null },
    };
  });
}
