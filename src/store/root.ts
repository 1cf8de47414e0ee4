import type { Binding } from '../board/model';
import { emptyLog, type EventLog } from '../game/log';
import { SYSTEM_IDS, type SystemId } from '../rules/ids';
import type { ConfigOf, EventOf } from '../rules/types';

/*
 * What the extension keeps in storage.local. The background worker is the only writer; every view
 * reads the same root and follows its changes. How a stored value is checked: ./load.ts.
 */
export const STORE_KEY = 'commandPost';
export const BACKUP_KEY_PREFIX = 'commandPost.backup.';

/** A backup key not taken yet (`taken`: storage holds it, or it is about to): `base`, else `base-2`, `base-3`… */
export function freeBackupKey(base: string, taken: (key: string) => boolean): string {
  let key = base;
  for (let n = 2; taken(key); n++) key = `${base}-${n}`;
  return key;
}
/**
 * The root's own shape, as views, requests and Owlbear scenes hold it (games with their logs whole).
 * v2: games bound to tabletops (`bindings`) and a write counter (`revision`). v3: notices (one per
 * thing repaired) and the ids of the last requests applied (`recent`).
 */
export const SCHEMA_VERSION = 3;
/**
 * How storage lays the root out (./persist.ts), written as the header's `schemaVersion`: up to 2 the
 * root whole under STORE_KEY; 3 the events in chunks of their own keys; 4 each game in keys of its
 * own (its settings and cursor, its chunks, each naming its game and index), so that a damaged
 * header is rebuilt from them. A build never writes over a store of a higher number than its own.
 */
export const LAYOUT_VERSION = 4;
/**
 * What tabletops draw for the active game (BoardInput, src/board/model.ts), derived by the worker
 * from the root in the same write: content scripts read it without loading any rules.
 */
export const BOARD_KEY = 'commandPost.board';
/**
 * Where the worker keeps the system tab `tab`'s popup shows (storage.session; `tab/*` requests,
 * src/messages.ts): the popup reads it to follow it, the worker alone writes it.
 */
export const tabSystemKey = (tab: number): string => `commandPost.tabSystem.${tab}`;

export interface StoredGame<K extends SystemId> {
  readonly config: ConfigOf<K>;
  readonly log: EventLog<EventOf<K>>;
}

export type StoredGames = { readonly [K in SystemId]?: StoredGame<K> };
/** Each game's binding to the tabletop (roster entries ↔ tokens). */
export type StoredBindings = { readonly [K in SystemId]?: Binding };

/** Why a stored value could not be used; shown to the user with the backup's key. */
export type ResetReason = 'not-json' | 'wrong-shape' | 'newer-schema' | 'log-refused' | 'too-large' | 'missing';

/**
 * What the worker had to do with what it found in storage, told to the user once: nothing damaged is
 * ever dropped silently, and one damaged piece never costs the rest.
 */
export type StoreNotice =
  /** The whole store was unusable: kept under `backupKey`, the extension starts clean. */
  | {
      readonly kind: 'store-reset';
      readonly reason: ResetReason;
      readonly detail: string;
      readonly backupKey: string;
      readonly at: string;
    }
  /** One game was damaged: kept under `backupKey` and started again; the other games stay. */
  | {
      readonly kind: 'game-reset';
      readonly system: SystemId;
      readonly reason: ResetReason;
      readonly detail: string;
      readonly backupKey: string;
      readonly at: string;
    }
  /**
   * The store's header (the list of games, the bindings, the notices) was damaged or missing: it was
   * rebuilt from each game's own keys; the damaged value is kept under `backupKey` (null: nothing to keep).
   */
  | {
      readonly kind: 'header-rebuilt';
      readonly reason: ResetReason;
      readonly detail: string;
      readonly backupKey: string | null;
      readonly games: readonly SystemId[];
      readonly at: string;
    }
  /**
   * Part of one game could not be read: it plays up to its last good event (`kept` events); what
   * could not be read, and every event after it, is kept under `backupKey`, to be put back from there.
   */
  | {
      readonly kind: 'game-cut';
      readonly system: SystemId;
      readonly kept: number;
      readonly detail: string;
      readonly backupKey: string | null;
      readonly at: string;
    }
  /**
   * An older version of Command Post wrote over this store: the games it did not know came back
   * (`games`); of those played on both, the older version's is shown and this version's copy is kept
   * under `backupKey` (`newer`).
   */
  | {
      readonly kind: 'games-back';
      readonly games: readonly SystemId[];
      readonly newer: readonly SystemId[];
      readonly backupKey: string | null;
      readonly at: string;
    }
  /** Keys the store does not use were found: all put aside together under `backupKey`. */
  | { readonly kind: 'keys-aside'; readonly count: number; readonly backupKey: string; readonly at: string }
  /** Some Roll20 board settings were damaged: each took its default, the old value is kept. */
  | {
      readonly kind: 'settings-repaired';
      readonly fields: readonly string[];
      readonly backupKey: string;
      readonly at: string;
    }
  /** Some of the demo table's boards could not be read: laid out again from their example, the old value kept. */
  | {
      readonly kind: 'demo-repaired';
      readonly systems: readonly string[];
      readonly backupKey: string;
      readonly at: string;
    }
  /**
   * Storage was written by a newer version of Command Post (`version`): nothing is written over it,
   * what this version can read of it is shown, and the user is asked to update. Never stored.
   */
  | { readonly kind: 'store-newer'; readonly version: number; readonly at: string }
  /** The store nears the browser's storage quota: exporting old games makes room. */
  | { readonly kind: 'quota'; readonly percent: number; readonly at: string };

/** How many request ids the store remembers (a retry of any of them is answered, never applied twice). */
export const RECENT_IDS = 200;

export interface StoreRoot {
  readonly schemaVersion: typeof SCHEMA_VERSION;
  /** Counts the worker's writes: a view that holds revision n ignores the echo of its own write. */
  readonly revision: number;
  readonly activeSystem: SystemId;
  readonly games: StoredGames;
  readonly bindings: StoredBindings;
  readonly notices: readonly StoreNotice[];
  /** The ids of the last requests applied, newest last (RECENT_IDS at most). */
  readonly recent: readonly string[];
}

export const freshRoot = (notices: readonly StoreNotice[] = []): StoreRoot => ({
  schemaVersion: SCHEMA_VERSION,
  revision: 0,
  activeSystem: SYSTEM_IDS[0],
  games: {},
  bindings: {},
  notices,
  recent: [],
});

/**
 * A system's stored game, or a new one with its default settings. The caller passes the defaults so
 * that views, which load one system at a time, never pull every system's rules in.
 */
export function storedGame<K extends SystemId>(root: StoreRoot, system: K, defaultConfig: ConfigOf<K>): StoredGame<K> {
  return (root.games[system] as StoredGame<K> | undefined) ?? { config: defaultConfig, log: emptyLog() };
}
