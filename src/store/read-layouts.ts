// Which games storage holds, whatever its layout: the header's list (v4: ids, each game in keys of its
// own; v3: each game's settings in the header, its events in bare chunks; v1, v2: each game whole in
// the header), else every game that has keys of its own (a damaged or missing header).
import { SYSTEM_IDS, isSystemId, type SystemId } from '../rules';
import { gameKey } from './persist';
import type { HeaderProblem } from './read-aside';
import { readMeta, wholeGame, type GameEntry, type GameMeta } from './read-game';
import type { Header } from './read-header';
import type { Keys } from './read-keys';
import { READ_LIMITS, isObject } from './read-values';
import { LAYOUT_VERSION } from './root';

export interface Listing {
  readonly listed: Map<SystemId, GameEntry>;
  /** What was wrong with the header (null: nothing). */
  problem: HeaderProblem | null;
  /** No usable list of games (a damaged or missing header): it was rebuilt from each game's own keys. */
  rebuilt: boolean;
}

/** A game as this layout's own keys hold it (`found`: what its key says). */
export const ownKeys = (
  id: SystemId,
  items: Readonly<Record<string, unknown>>,
  keys: Keys,
  found: { meta: GameMeta | null; problem: string | null } = readMeta(items[gameKey(id)], id, true),
): GameEntry => ({
  ...found,
  metaRaw: items[gameKey(id)],
  source: { layout: 4, chunks: keys.chunks4.get(id) ?? new Map() },
});

/** Which games are read, with what is said of each, and what was wrong with the header (`damaged`: its fields). */
export function listGames(
  header: Header,
  keys: Keys,
  items: Readonly<Record<string, unknown>>,
  damaged: readonly string[],
): Listing {
  const listing: Listing = { listed: new Map(), problem: null, rebuilt: false };
  if (header.kind === 'damaged') listing.problem = { reason: header.reason, detail: header.detail };
  else if (header.kind === 'none' && (keys.gameKeys.size || keys.chunks4.size || keys.chunks3.size))
    listing.problem = { reason: 'missing', detail: 'the list of games was missing' };
  else if (header.kind === 'layout' && damaged.length)
    listing.problem = { reason: 'wrong-shape', detail: `damaged: ${damaged.join(', ')}`.slice(0, 500) };
  const read = (header.kind === 'layout' || header.kind === 'newer') && listHeader(header, keys, items, listing);
  // No usable list of games (a damaged or missing header): every game that has keys of its own.
  listing.rebuilt = header.kind !== 'newer' && (header.kind !== 'layout' || (!read && header.version >= 3));
  const { listed } = listing;
  if (listing.rebuilt)
    for (const id of SYSTEM_IDS) {
      if (keys.gameKeys.has(id) || keys.chunks4.has(id))
        listed.set(
          id,
          keys.gameKeys.has(id)
            ? ownKeys(id, items, keys)
            : ownKeys(id, items, keys, { meta: null, problem: 'its settings were missing' }),
        );
      // Layout v3 kept a game's settings in the header: its events come back with default settings.
      else if (keys.chunks3.has(id))
        listed.set(id, {
          meta: null,
          metaRaw: undefined,
          problem: 'its settings were in the damaged header and took their defaults',
          source: { layout: 3, chunks: keys.chunks3.get(id)! },
        });
    }
  // A newer layout this version cannot list: show the games whose keys it can read, touching nothing.
  if (header.kind === 'newer' && listed.size === 0)
    for (const id of SYSTEM_IDS) {
      const entry = keys.gameKeys.has(id) ? ownKeys(id, items, keys) : null;
      if (entry?.meta) listed.set(id, { ...entry, metaRaw: undefined, problem: null });
    }
  return listing;
}

/**
 * The games the header lists, with what it says of each (v3 and earlier keep that in the header);
 * false if its list of games cannot be read.
 */
function listHeader(
  header: Extract<Header, { kind: 'layout' | 'newer' }>,
  keys: Keys,
  items: Readonly<Record<string, unknown>>,
  listing: Listing,
): boolean {
  const raw = header.value.games;
  const version = header.kind === 'newer' ? LAYOUT_VERSION : header.version;
  if (
    version === 4 &&
    Array.isArray(raw) &&
    raw.length <= READ_LIMITS.games &&
    raw.every((id, i) => isSystemId(id) && raw.indexOf(id) === i)
  ) {
    for (const id of raw as SystemId[]) listing.listed.set(id, ownKeys(id, items, keys));
    return true;
  }
  if (version === 4 || !isObject(raw) || Object.keys(raw).length > READ_LIMITS.games) {
    if (header.kind === 'layout')
      listing.problem ??= { reason: 'wrong-shape', detail: 'the list of games could not be read' };
    return false;
  }
  for (const id of Object.keys(raw))
    if (isSystemId(id))
      listing.listed.set(
        id,
        version === 3
          ? {
              ...readMeta(raw[id], id, false),
              metaRaw: raw[id],
              source: { layout: 3, chunks: keys.chunks3.get(id) ?? new Map() },
            }
          : wholeGame(raw[id], 'it could not be read'),
      );
  if (Object.keys(raw).some((id) => !isSystemId(id)))
    listing.problem ??= { reason: 'wrong-shape', detail: 'a game of an unknown rule system' };
  return true;
}
