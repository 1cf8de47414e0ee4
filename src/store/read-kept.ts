// What a read of storage keeps aside and says as it goes, in order: the backups (written before
// anything is removed) and the notices naming them, the keys to remove once the new layout is
// written, and the keys a removal left.
import type { Backup } from './load';
import { freeBackupKey, type StoreNotice } from './root';

export interface Kept {
  readonly items: Readonly<Record<string, unknown>>;
  /** When the read is made: each backup and notice is named by it. */
  readonly at: string;
  /** A store written by a newer version: nothing is put aside, since nothing is written over it. */
  readonly readOnly: boolean;
  readonly backups: Backup[];
  /** The notices this read adds. */
  readonly notices: StoreNotice[];
  /** Keys read and now kept elsewhere (in a backup, or written again in this layout). */
  readonly obsolete: string[];
  /** Keys the header names as no longer used (`superseded`) that no game uses: not damage, removed with the next write. */
  readonly leftover: string[];
  /** A backup key from `base` that no key in storage or in `backups` has. */
  readonly free: (base: string) => string;
}

export function keeping(items: Readonly<Record<string, unknown>>, at: string, readOnly: boolean): Kept {
  const backups: Backup[] = [];
  return {
    items,
    at,
    readOnly,
    backups,
    notices: [],
    obsolete: [],
    leftover: [],
    // A backup never takes the key of one already there.
    free: (base) => freeBackupKey(base, (k) => Object.hasOwn(items, k) || backups.some((b) => b.key === k)),
  };
}
