// What storage holds, read back into the root, whatever state it is in. Nothing is removed that was
// not read: what cannot be used is kept under a backup key, written before anything is removed, and a
// notice says what happened and where. One damaged key costs that key alone:
//
// - a damaged or missing header is rebuilt from each game's own keys (layout v4: the game's key and
//   its chunks, which name their game and index; layout v3: its chunks' keys), the damaged value kept;
// - a damaged chunk (missing, cut, of the wrong shape or index, an event the rules refuse): the game
//   plays up to its last good event, and what could not be read, with every chunk after it, is kept
//   together as one backup, offered back from the backups list;
// - keys the store does not use are put aside once, together, in one backup;
// - a store written by a newer version is read as far as this version safely can, and nothing is
//   written over it (`newer`).
//
// Every value is checked for size before it is walked, and no unbounded array is spread into a call.
// Only the background worker (and tests) load this module: it carries every rule system.
//
// The steps, each in a module of its own: the keys sorted by what they hold (./read-keys.ts), the
// header and its fields (./read-header.ts), the games it lists in each layout (./read-layouts.ts) and
// those an older build left (./read-older-build.ts), each game and its chunks (./read-game.ts,
// ./read-events.ts), and what is kept aside and said (./read-kept.ts, ./read-aside.ts).
import { DESCRIPTORS, SYSTEM_IDS, type SystemId } from '../rules';
import type { Backup } from './load';
import { keepHeader, keepUnused } from './read-aside';
import { readGame, type Systems } from './read-game';
import { readFields, readHeader } from './read-header';
import { sortKeys } from './read-keys';
import { listGames } from './read-layouts';
import { keeping } from './read-kept';
import { gamesBack, takeBack } from './read-older-build';
import {
  LAYOUT_VERSION,
  SCHEMA_VERSION,
  STORE_KEY,
  type StoredBindings,
  type StoredGame,
  type StoredGames,
  type StoreRoot,
} from './root';

export interface StorageRead {
  /** The store as it can be used: each game checked and whole. */
  readonly root: StoreRoot;
  /** What could not be used, to write before anything is removed. */
  readonly backups: readonly Backup[];
  /** Keys read and now kept elsewhere (in a backup, or written again in this layout): removed once the new layout is written. */
  readonly obsolete: readonly string[];
  /**
   * Keys the header names as no longer used (`superseded`: a write landed, the removal after it did
   * not) and that no game uses: not damage, removed with the next write.
   */
  readonly leftover: readonly string[];
  /** The store must be written whole: it was migrated, repaired or rebuilt. */
  readonly rewrite: boolean;
  /** Written by a newer version of Command Post (its layout version): write nothing over it. */
  readonly newer: number | null;
  /** Each game's state every CHECKPOINT events, from checking it (the worker keeps them). */
  readonly checkpoints: ReadonlyMap<SystemId, ReadonlyMap<number, unknown>>;
}

export interface ReadOptions {
  /** Keys kept beside the store (a tabletop's settings, the demo's boards): not the store's to read. */
  readonly beside?: readonly string[];
  readonly systems?: Systems;
}

/**
 * Reads everything storage holds into a usable root, whatever its layout (v1 to v4) and whatever is
 * damaged in it; says what must be written and removed to keep it so, and what was kept aside.
 */
export function readStorage(
  items: Readonly<Record<string, unknown>>,
  now: Date,
  { beside = [], systems = DESCRIPTORS }: ReadOptions = {},
): StorageRead {
  const keys = sortKeys(items, beside);
  const header = readHeader(items[STORE_KEY]);
  const kept = keeping(items, now.toISOString(), header.kind === 'newer');
  const fields = readFields(header, kept);
  const superseded = new Set(kept.readOnly ? [] : fields.superseded);
  const listing = listGames(header, keys, items, fields.damaged);
  const back = gamesBack(header, listing, keys, items);
  const games: Partial<Record<SystemId, StoredGame<SystemId>>> = {};
  const checkpoints = new Map<SystemId, ReadonlyMap<number, unknown>>();
  let revision = fields.revision ?? 0;
  for (const [id, entry] of listing.listed) {
    const read = readGame(id, systems[id].rules, entry, kept, superseded);
    revision = Math.max(revision, entry.meta?.revision ?? 0);
    games[id] = read.game;
    checkpoints.set(id, read.checkpoints);
  }
  const asideKey = keepUnused(keys, listing.listed, back.both, superseded, kept);
  takeBack(back, asideKey, fields, kept);
  keepHeader(listing.problem, [...listing.listed.keys()], kept);
  if (header.kind === 'newer') kept.notices.push({ kind: 'store-newer', version: header.version, at: kept.at });
  // A store of another layout (or none) is written in this one; and whatever was kept aside or said must
  // be written, the backups first (with the notices naming them): a damaged binding alone, say, is kept
  // and told like everything else.
  const rewrite =
    header.kind !== 'layout' || header.version !== LAYOUT_VERSION || kept.backups.length > 0 || kept.notices.length > 0;

  const root: StoreRoot = {
    schemaVersion: SCHEMA_VERSION,
    // A repaired store counts one more write, so that every view reads it again.
    revision: rewrite && header.kind !== 'none' ? revision + 1 : revision,
    activeSystem: fields.activeSystem ?? (Object.keys(games)[0] as SystemId | undefined) ?? SYSTEM_IDS[0],
    games: games as StoredGames,
    bindings: fields.bindings as StoredBindings,
    notices: [...fields.notices, ...kept.notices].slice(-20),
    recent: fields.recent,
  };
  return {
    root,
    backups: kept.backups,
    obsolete: [...new Set(kept.obsolete)],
    leftover: [...new Set(kept.leftover)],
    rewrite: rewrite && !kept.readOnly,
    newer: header.kind === 'newer' ? header.version : null,
    checkpoints,
  };
}
