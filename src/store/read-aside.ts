// What a read of storage puts aside beside the games' own backups: the keys no game reads, together
// in one backup, and a damaged header; each said by a notice.
import type { SystemId } from '../rules';
import { gameKey } from './persist';
import type { GameEntry } from './read-game';
import type { Keys } from './read-keys';
import type { Kept } from './read-kept';
import { pushAll } from './read-values';
import { BACKUP_KEY_PREFIX, STORE_KEY } from './root';

/**
 * Keys of the store's kinds that no listed game reads, with the keys the store does not use, put aside
 * together in one backup (`both`: games this layout's keys hold a copy of, played since on an older
 * build). Its key, or null if nothing was put aside.
 */
export function keepUnused(
  keys: Keys,
  listed: ReadonlyMap<SystemId, GameEntry>,
  both: readonly SystemId[],
  superseded: ReadonlySet<string>,
  { items, at, readOnly, backups, notices, obsolete, leftover, free }: Kept,
): string | null {
  /** Keys of the store's kinds that no game uses; with the unknown ones, put aside together. */
  const unused: string[] = [...keys.unknown];
  // Keys of the store's kinds that no listed game reads: another layout's, an unknown system's, a game the header does not list.
  if (!readOnly) {
    for (const [id, key] of keys.gameKeys) if (listed.get(id as SystemId)?.source.layout !== 4) unused.push(key);
    for (const [id, chunks] of keys.chunks4)
      if (!listed.has(id as SystemId) || listed.get(id as SystemId)!.source.layout !== 4)
        pushAll(unused, chunks.values());
    for (const [id, chunks] of keys.chunks3) {
      const entry = listed.get(id as SystemId);
      if (!entry || entry.source.layout !== 3) pushAll(unused, chunks.values());
      // Read and written again in layout v4 (or kept in the game's backup).
      else pushAll(obsolete, chunks.values());
    }
  }
  const gone = new Set(obsolete);
  // A superseded key no game reads: what a removal left, removed with the next write.
  for (const k of unused) if (superseded.has(k) && !gone.has(k)) leftover.push(k);
  const aside = unused.filter((k) => !gone.has(k) && !superseded.has(k));
  if (!aside.length || readOnly) return null;
  const key = free(`${BACKUP_KEY_PREFIX}${at}.keys`);
  // Defined, not assigned: a key named `__proto__` stays a key like any other.
  const held: Record<string, unknown> = {};
  for (const k of aside)
    Object.defineProperty(held, k, { value: items[k], enumerable: true, writable: true, configurable: true });
  backups.push({ key, value: { kind: 'keys', items: held } });
  // This layout's copies of games played since on an older build are said by the notice below alone.
  const copies = new Set(both.flatMap((id) => [gameKey(id), ...(keys.chunks4.get(id)?.values() ?? [])]));
  if (aside.some((k) => !copies.has(k))) notices.push({ kind: 'keys-aside', count: aside.length, backupKey: key, at });
  pushAll(obsolete, aside);
  return key;
}

/** What was wrong with the header: a notice says it, and the damaged value is kept as a backup. */
export interface HeaderProblem {
  readonly reason: 'not-json' | 'wrong-shape' | 'too-large' | 'missing';
  readonly detail: string;
}

/** The damaged header kept as a backup (unless there was none), and the notice that its list of games was rebuilt. */
export function keepHeader(problem: HeaderProblem | null, games: readonly SystemId[], kept: Kept): void {
  if (!problem || kept.readOnly) return;
  const { items, at } = kept;
  const key = items[STORE_KEY] === undefined ? null : kept.free(`${BACKUP_KEY_PREFIX}${at}.header`);
  if (key) kept.backups.push({ key, value: items[STORE_KEY] });
  kept.notices.push({
    kind: 'header-rebuilt',
    reason: problem.reason,
    detail: problem.detail.slice(0, 500),
    backupKey: key,
    games,
    at,
  });
}
