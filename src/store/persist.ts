// How the root is laid out in storage (schema v3). The header (STORE_KEY) holds everything but the
// events; each game's events are kept in chunks of CHUNK under their own keys. A move of a long game
// then rewrites the header and one chunk, so the cost of a write does not grow with the game.
// Views never see this layout: decodeStore gives back the root with its logs inline.
import { sharedPrefix } from '../game/log';
import type { SystemId } from '../rules/ids';
import { STORE_KEY, type StoreRoot } from './root';

export const LOG_KEY_PREFIX = 'commandPost.log.';
/** Events per chunk: a write costs at most this many events, whatever the length of the game. */
export const CHUNK = 256;

export const logKey = (system: string, chunk: number): string => `${LOG_KEY_PREFIX}${system}.${chunk}`;

/** What was last written for each game: its events (by identity) and how many chunks hold them. */
export type WriteMemo = ReadonlyMap<string, { readonly events: readonly unknown[]; readonly chunks: number }>;

interface ChunkedGame {
  readonly config: unknown;
  readonly cursor: unknown;
  /** Number of events, kept in ceil(length / CHUNK) chunks. */
  readonly length: unknown;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The stored root with each game's events put back inline, from everything storage holds. A value
 * of an older schema (logs already inline) or one that is not a v3 header comes back as it is, for
 * loadStore to check, migrate or back up. A missing or damaged chunk leaves its game short: the
 * game's check then fails, and that game alone is quarantined.
 */
export function decodeStore(items: Readonly<Record<string, unknown>>): unknown {
  const stored = items[STORE_KEY];
  if (!isObject(stored) || stored.schemaVersion !== 3 || !isObject(stored.games)) return stored;
  // The writer's mark is storage's business (which worker wrote it), not the root's.
  const { writer: _writer, ...header } = stored;
  void _writer;
  const games: Record<string, unknown> = {};
  for (const [system, raw] of Object.entries(header.games as Record<string, unknown>)) {
    if (!isObject(raw)) {
      games[system] = raw;
      continue;
    }
    const { config, cursor, length } = raw as unknown as ChunkedGame;
    const events: unknown[] = [];
    const count = typeof length === 'number' && Number.isInteger(length) && length >= 0 ? Math.ceil(length / CHUNK) : 0;
    for (let i = 0; i < count; i++) {
      const chunk = items[logKey(system, i)];
      if (!Array.isArray(chunk)) break;
      events.push(...chunk);
    }
    games[system] = { config, log: { events: events.length === length ? events : [...events, { missing: `events ${events.length + 1}…${String(length)}` }], cursor } };
  }
  return { ...header, games };
}

/**
 * What to write for `root`: the header, the chunks that changed since `memo` (every chunk without
 * one), and the chunk keys to remove (a game cut short by an undo then a new event, or gone).
 */
export function encodeStore(root: StoreRoot, memo: WriteMemo | null): { set: Record<string, unknown>; remove: string[]; memo: WriteMemo } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  const next = new Map<string, { events: readonly unknown[]; chunks: number }>();
  const games: Record<string, ChunkedGame> = {};
  for (const [system, game] of Object.entries(root.games) as [SystemId, NonNullable<StoreRoot['games'][SystemId]>][]) {
    const events = game.log.events;
    games[system] = { config: game.config, cursor: game.log.cursor, length: events.length };
    const chunks = Math.ceil(events.length / CHUNK);
    const before = memo?.get(system);
    // From the chunk holding the first event that differs: an append rewrites the last chunk (or
    // starts a new one), an undo rewrites nothing (the cursor is in the header).
    const same = before ? sharedPrefix(before.events, events) : 0;
    const unchanged = before !== undefined && same === events.length && same === before.events.length;
    if (!unchanged) for (let i = Math.floor(same / CHUNK); i < chunks; i++) set[logKey(system, i)] = events.slice(i * CHUNK, (i + 1) * CHUNK);
    for (let i = chunks; i < (before?.chunks ?? 0); i++) remove.push(logKey(system, i));
    next.set(system, { events, chunks });
  }
  for (const [system, before] of memo ?? []) if (!next.has(system)) for (let i = 0; i < before.chunks; i++) remove.push(logKey(system, i));
  set[STORE_KEY] = { ...root, games };
  return { set, remove, memo: next };
}

/** The memo of a root just read back whole from a v3 layout: its chunks are already in storage. */
export function memoOf(root: StoreRoot): WriteMemo {
  return new Map(Object.entries(root.games).map(([system, game]) => [system, { events: game!.log.events, chunks: Math.ceil(game!.log.events.length / CHUNK) }]));
}
