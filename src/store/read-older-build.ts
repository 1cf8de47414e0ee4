// An older build met a store of this layout, took it for a newer one it could not read, kept its
// header as a backup and started again in its own: the games still in this layout's keys come back.
import type { Binding } from '../board/model';
import { SYSTEM_IDS, type SystemId } from '../rules';
import { readBinding } from './load';
import type { Kept } from './read-kept';
import type { Fields, Header } from './read-header';
import type { Keys } from './read-keys';
import { ownKeys, type Listing } from './read-layouts';
import { READ_LIMITS, isObject } from './read-values';
import { BACKUP_KEY_PREFIX, LAYOUT_VERSION } from './root';

/** The games of this layout's keys listed again (`back`), and those the older build played too (`both`). */
export interface GamesBack {
  readonly back: SystemId[];
  readonly both: SystemId[];
}

/**
 * An older build wrote its header over a store of this layout (it took this layout for a newer one
 * it could not read, and started again in its own): every game still in this layout's own keys
 * comes back beside those played on the older build; of a game played on both, the older build's
 * stays (it was played last) and this layout's copy is kept aside with the keys no game reads.
 */
export function gamesBack(
  header: Header,
  { listed, rebuilt }: Listing,
  keys: Keys,
  items: Readonly<Record<string, unknown>>,
): GamesBack {
  const back: SystemId[] = [];
  const both: SystemId[] = [];
  if (header.kind !== 'layout' || header.version >= LAYOUT_VERSION || rebuilt) return { back, both };
  for (const id of SYSTEM_IDS) {
    if (!keys.gameKeys.has(id)) continue;
    const entry = listed.get(id);
    const played = entry
      ? (entry.meta?.length ??
          (entry.source.layout === 'inline' && Array.isArray(entry.source.events) ? entry.source.events.length : 1)) > 0
      : false;
    if (played) {
      both.push(id);
      continue;
    }
    listed.set(id, ownKeys(id, items, keys));
    back.push(id);
  }
  return { back, both };
}

/** The notice of the games back (`asideKey`: the backup holding this layout's copies), and their links to the board. */
export function takeBack({ back, both }: GamesBack, asideKey: string | null, fields: Fields, kept: Kept): void {
  if (back.length || both.length)
    kept.notices.push({
      kind: 'games-back',
      games: back,
      newer: both,
      backupKey: both.length ? asideKey : null,
      at: kept.at,
    });
  if (!back.length) return;
  // Their links to the board were in this layout's header, which the older build kept as a backup.
  for (const [id, binding] of Object.entries(bindingsInNewerHeaders(kept.items, back)))
    if (!fields.bindings[id as SystemId]) fields.bindings[id as SystemId] = binding;
  // What the older build said (it reset the store) is undone: the games are back.
  fields.notices = fields.notices.filter((n) => !(n.kind === 'store-reset' && n.reason === 'newer-schema'));
}

/**
 * Links to the board of `systems`, from the newest backup of a header of this layout (an older build
 * that reset the store kept the header it could not read as a backup, `commandPost.backup.<date>`).
 */
function bindingsInNewerHeaders(
  items: Readonly<Record<string, unknown>>,
  systems: readonly SystemId[],
): Partial<Record<SystemId, Binding>> {
  const out: Partial<Record<SystemId, Binding>> = {};
  const headers = Object.keys(items)
    .filter((k) => k.startsWith(BACKUP_KEY_PREFIX))
    .sort()
    .reverse();
  for (const key of headers) {
    const value = items[key];
    if (
      !isObject(value) ||
      value.schemaVersion !== LAYOUT_VERSION ||
      !isObject(value.bindings) ||
      Object.keys(value.bindings).length > READ_LIMITS.games
    )
      continue;
    for (const id of systems) {
      const binding = out[id] ? null : readBinding(value.bindings[id]);
      if (binding) out[id] = binding;
    }
  }
  return out;
}
