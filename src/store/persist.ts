// How the root is laid out in storage (layout v4, LAYOUT_VERSION). Each game lives in keys of its
// own: `commandPost.game.<system>` holds its settings, cursor and length, and its events are kept in
// chunks of CHUNK under `commandPost.events.<system>.<n>`, each naming its game and its index. The
// header (STORE_KEY) holds the rest: the list of games, the active system, the bindings, the
// notices and the ids of the last requests. A move of a long game then rewrites the header, the
// game's key and one chunk, so the cost of a write does not grow with the game; and a damaged header
// is rebuilt from the games' own keys (./read.ts). Views never see this layout.
//
// Layout v3 kept the events under `commandPost.log.<system>.<n>` as bare arrays; a build of v3
// that meets a newer store removes those keys, so v4 keeps its events under other names.
import { sharedPrefix } from '../game/log';
import type { SystemId } from '../rules/ids';
import { LAYOUT_VERSION, STORE_KEY, type StoreRoot } from './root';

export const GAME_KEY_PREFIX = 'commandPost.game.';
export const EVENTS_KEY_PREFIX = 'commandPost.events.';
/** Layout v3's chunks (read to migrate them, never written). */
export const LOG_KEY_PREFIX = 'commandPost.log.';
/** Events per chunk: a write costs at most this many events, whatever the length of the game. */
export const CHUNK = 256;

export const gameKey = (system: string): string => `${GAME_KEY_PREFIX}${system}`;
export const eventsKey = (system: string, chunk: number): string => `${EVENTS_KEY_PREFIX}${system}.${chunk}`;
export const logKey = (system: string, chunk: number): string => `${LOG_KEY_PREFIX}${system}.${chunk}`;

/** What `commandPost.game.<system>` holds. */
export interface StoredGameKey {
  readonly system: string;
  readonly config: unknown;
  readonly cursor: number;
  readonly length: number;
  /** The store's revision when this game was last written (a rebuilt header starts above it). */
  readonly revision: number;
}

/** What `commandPost.events.<system>.<n>` holds: events n × CHUNK onwards, at most CHUNK of them. */
export interface StoredChunk {
  readonly system: string;
  readonly index: number;
  readonly events: readonly unknown[];
}

/** The header of layout v4. */
export interface StoredHeader {
  readonly schemaVersion: typeof LAYOUT_VERSION;
  readonly revision: number;
  readonly activeSystem: SystemId;
  readonly games: readonly SystemId[];
  readonly bindings: StoreRoot['bindings'];
  readonly notices: StoreRoot['notices'];
  readonly recent: readonly string[];
}

/** What was last written (or read) of each game: its settings, cursor and events (by identity), and how many chunks hold them. */
export type WriteMemo = ReadonlyMap<
  string,
  { readonly config: unknown; readonly cursor: number; readonly events: readonly unknown[]; readonly chunks: number }
>;

/**
 * What to write for `root`: the header, each game whose settings, cursor or events changed since
 * `memo` (every game without one) with the chunks from the first event that changed, and the keys
 * to remove (chunks past a game cut short by an undo then a new event, a game gone). Only keys the
 * memo knows (read or written by this store) are ever removed.
 */
export function encodeStore(
  root: StoreRoot,
  memo: WriteMemo | null,
): { set: Record<string, unknown>; remove: string[]; memo: WriteMemo } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  const next = new Map<string, { config: unknown; cursor: number; events: readonly unknown[]; chunks: number }>();
  const ids: SystemId[] = [];
  for (const [system, game] of Object.entries(root.games) as [SystemId, NonNullable<StoreRoot['games'][SystemId]>][]) {
    ids.push(system);
    const events = game.log.events;
    const chunks = Math.ceil(events.length / CHUNK);
    const before = memo?.get(system);
    // From the chunk holding the first event that differs: an append rewrites the last chunk (or
    // starts a new one), an undo rewrites none (the cursor is in the game's key).
    const same = before ? sharedPrefix(before.events, events) : 0;
    const eventsSame = before !== undefined && same === events.length && same === before.events.length;
    if (!eventsSame)
      for (let i = Math.floor(same / CHUNK); i < chunks; i++)
        set[eventsKey(system, i)] = {
          system,
          index: i,
          events: events.slice(i * CHUNK, (i + 1) * CHUNK),
        } satisfies StoredChunk;
    if (!eventsSame || before.config !== game.config || before.cursor !== game.log.cursor) {
      set[gameKey(system)] = {
        system,
        config: game.config,
        cursor: game.log.cursor,
        length: events.length,
        revision: root.revision,
      } satisfies StoredGameKey;
    }
    for (let i = chunks; i < (before?.chunks ?? 0); i++) remove.push(eventsKey(system, i));
    next.set(system, { config: game.config, cursor: game.log.cursor, events, chunks });
  }
  for (const [system, before] of memo ?? []) {
    if (next.has(system)) continue;
    remove.push(gameKey(system));
    for (let i = 0; i < before.chunks; i++) remove.push(eventsKey(system, i));
  }
  const { games: _games, schemaVersion: _version, ...rest } = root;
  void _games;
  void _version;
  set[STORE_KEY] = { ...rest, schemaVersion: LAYOUT_VERSION, games: ids } satisfies StoredHeader;
  return { set, remove, memo: next };
}

/** The memo of a root just read back from layout v4 as it stands: its keys are already in storage. */
export function memoOf(root: StoreRoot): WriteMemo {
  return new Map(
    Object.entries(root.games).map(([system, game]) => [
      system,
      {
        config: game!.config,
        cursor: game!.log.cursor,
        events: game!.log.events,
        chunks: Math.ceil(game!.log.events.length / CHUNK),
      },
    ]),
  );
}
