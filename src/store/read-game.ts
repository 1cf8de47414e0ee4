// One game read back from its keys (or held whole, as a backup or a file): its settings, then its
// events as far as they can be played, and what could not be used kept together in one backup.
import type { AnyRuleSystem } from '../game/system';
import { DESCRIPTORS, type SystemId } from '../rules';
import { CHUNK } from './persist';
import { lastChunk, playEvents, plural, range, type Cut, type EventSource } from './read-events';
import { keeping, type Kept } from './read-kept';
import { READ_LIMITS, isCount, isObject, said } from './read-values';
import { BACKUP_KEY_PREFIX, type StoredGame } from './root';

export type Systems = { readonly [K in SystemId]: { readonly rules: AnyRuleSystem } };

/** A game as its header entry (v3) or its own key (v4) describes it; each field null when damaged. */
export interface GameMeta {
  readonly config: unknown;
  readonly cursor: number | null;
  readonly length: number | null;
  readonly revision: number;
}

/** A game listed to be read: what describes it (as stored, and read), what was wrong with that, and where its events are. */
export interface GameEntry {
  readonly meta: GameMeta | null;
  readonly metaRaw: unknown;
  readonly problem: string | null;
  readonly source: EventSource;
}

export interface GameRead {
  /** What can be played of it (its events up to the first that cannot be used; maybe none). */
  readonly game: StoredGame<SystemId>;
  /** What could not be read of it (null: all of it was). */
  readonly detail: string | null;
  readonly checkpoints: Map<number, unknown>;
}

/** A header entry or a game's key, checked field by field; `problem` says what was wrong with it. */
export function readMeta(
  raw: unknown,
  system: string,
  own: boolean,
): { meta: GameMeta | null; problem: string | null } {
  if (!isObject(raw) || Object.keys(raw).length > 16)
    return { meta: null, problem: raw === undefined ? 'its settings were missing' : 'its settings could not be read' };
  if (own && raw.system !== system) return { meta: null, problem: `its key held ${said(raw.system, 40)}'s` };
  const length = isCount(raw.length, READ_LIMITS.events) ? raw.length : null;
  const cursor = isCount(raw.cursor, READ_LIMITS.events) ? raw.cursor : null;
  const revision = isCount(raw.revision, Number.MAX_SAFE_INTEGER) ? raw.revision : 0;
  return {
    meta: { config: raw.config, cursor, length, revision },
    problem: length === null ? 'its length could not be read' : null,
  };
}

/** A game held whole (`{config, log: {events, cursor}}`: layouts v1 and v2, a backup, a file); `problem` if it is not one. */
export function wholeGame(raw: unknown, problem: string): GameEntry {
  const log = isObject(raw) ? raw.log : undefined;
  const ok = isObject(raw) && isObject(log);
  return {
    meta: ok
      ? {
          config: raw.config,
          cursor: isCount(log.cursor, READ_LIMITS.events) ? log.cursor : null,
          length: null,
          revision: 0,
        }
      : null,
    metaRaw: raw,
    problem: ok ? null : problem,
    source: { layout: 'inline', events: ok ? log.events : undefined },
  };
}

/**
 * One game read from its keys: its settings (their defaults if damaged), then its events chunk by
 * chunk, each checked by the rules, up to the first that cannot be used. What comes from there on
 * (the rest of that chunk and every chunk after it, as stored) is kept together in one backup.
 */
export function readGame(
  system: SystemId,
  rules: AnyRuleSystem,
  entry: GameEntry,
  kept: Kept,
  superseded: ReadonlySet<string> = new Set(),
): GameRead {
  const { meta, source } = entry;
  const problems: string[] = entry.problem ? [entry.problem] : [];
  const parsedConfig = meta ? rules.parseConfig(meta.config) : null;
  if (meta && parsedConfig && !parsedConfig.ok)
    problems.push(
      `its settings (${parsedConfig.error.params?.path}: ${parsedConfig.error.params?.problem}) took their defaults`,
    );
  const config = parsedConfig?.ok ? parsedConfig.value : rules.defaultConfig;
  const expected = meta?.length ?? null;
  // Every chunk this game has in storage, in order; those past its length are not part of it.
  const last = source.layout === 'inline' ? -1 : lastChunk(source.chunks);
  const end = expected !== null ? Math.ceil(expected / CHUNK) : last + 1;
  const { events, checkpoints, cut } = playEvents(rules, config, source, expected, end, kept.items, system);
  const played = events.length;
  const found =
    cut ?? (expected !== null && played < expected ? { at: played, why: `${range(played, expected)} missing` } : null);
  if (found) problems.push(found.why);

  const cursorWanted = meta?.cursor ?? played;
  const cursor = Math.min(cursorWanted, played);
  if (meta && meta.cursor === null) problems.push('its place in the history was lost: it stands at the last event');
  else if (cursorWanted > played && !found)
    problems.push(`its place in the history (${cursorWanted}) past its ${played} events`);
  const game = { config, log: { events, cursor } } as StoredGame<SystemId>;

  const settingsLost = entry.problem !== null || (parsedConfig && !parsedConfig.ok) || (meta && meta.cursor === null);
  const aside = setAside(entry, !!settingsLost, found, end, last, superseded, problems, kept);
  const detail = problems.length ? problems.join('; ').slice(0, 500) : null;
  if (detail !== null && !kept.readOnly) {
    // Nothing stored was set aside (a cursor moved back, a length that said more than was there): the notice alone.
    const key = Object.keys(aside).length ? kept.free(`${BACKUP_KEY_PREFIX}${kept.at}.${system}.events`) : null;
    if (key) kept.backups.push({ key, value: { kind: 'events', system, at: played, detail, ...aside } });
    kept.notices.push({ kind: 'game-cut', system, kept: played, detail, backupKey: key, at: kept.at });
  }
  return { game, detail, checkpoints };
}

/**
 * What is kept aside: the damaged settings, and every chunk from the one that could not be used on
 * (from `found`, else past the game's `end`, up to its `last` chunk in storage). The chunks kept are
 * now obsolete (kept in the game's backup, or no longer part of it); those past its end that the
 * header names as superseded are leftover (not damage). Of a store nothing is written over, neither.
 */
function setAside(
  { metaRaw, source }: GameEntry,
  settingsLost: boolean,
  found: Cut | null,
  end: number,
  last: number,
  superseded: ReadonlySet<string>,
  problems: string[],
  { items, readOnly, obsolete, leftover }: Kept,
): Record<string, unknown> {
  const aside: Record<string, unknown> = {};
  if (metaRaw !== undefined && settingsLost) aside.meta = metaRaw;
  if (found && source.layout === 'inline' && Array.isArray(source.events))
    aside.events = source.events.length > READ_LIMITS.events ? source.events : source.events.slice(found.at);
  else if (found && source.layout === 'inline') aside.events = source.events;
  if (source.layout !== 'inline') {
    const chunks: Record<string, unknown> = {};
    for (let i = found ? Math.floor(found.at / CHUNK) : end; i <= last; i++) {
      const key = source.chunks.get(i);
      if (key === undefined) continue;
      // Past the game's end and named by the header as no longer used: what a removal left, not damage.
      if (i >= end && superseded.has(key)) {
        if (!readOnly) leftover.push(key);
        continue;
      }
      chunks[key] = items[key];
      if (!readOnly) obsolete.push(key);
    }
    const count = Object.keys(chunks).length;
    if (count) aside.chunks = chunks;
    if (!found && count) problems.push(`${plural(count, 'chunk')} of events past its end`);
  }
  return aside;
}

/**
 * One game held whole (`{config, log: {events, cursor}}`: a backup, a file) read as far as it can
 * be: up to its last good event, with what could not be read said.
 */
export function readWholeGame(
  system: SystemId,
  raw: unknown,
  systems: Systems = DESCRIPTORS,
): { game: StoredGame<SystemId>; detail: string | null } {
  const { game, detail } = readGame(
    system,
    systems[system].rules,
    wholeGame(raw, 'it is not a game'),
    keeping({}, '', true),
  );
  return { game, detail };
}
