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
import * as v from 'valibot';
import type { Binding } from '../board/model';
import type { AnyRuleSystem } from '../game/system';
import { DESCRIPTORS, SYSTEM_IDS, isSystemId, type SystemId } from '../rules';
import { MAX_EVENTS, noticeSchema, readBinding, type Backup } from './load';
import { CHUNK, EVENTS_KEY_PREFIX, gameKey } from './persist';
import {
  BACKUP_KEY_PREFIX,
  BOARD_KEY,
  LAYOUT_VERSION,
  freeBackupKey,
  RECENT_IDS,
  SCHEMA_VERSION,
  STORE_KEY,
  type StoredBindings,
  type StoredGame,
  type StoredGames,
  type StoreNotice,
  type StoreRoot,
} from './root';
import { CHECKPOINT } from './states';

/** Sizes past which a stored value is damage, checked before the value is walked. */
export const READ_LIMITS = {
  /** A header stored as text (only damage does that) is parsed up to this many characters. */
  headerChars: 2_000_000,
  /** Fields of a header, games in its list. */
  headerKeys: 32,
  games: 32,
  events: MAX_EVENTS,
  notices: 100,
  recent: 1_000,
  /** Keys a header names as no longer used (a write's removal that failed): more than any one write removes. */
  superseded: 10_000,
} as const;

type Systems = { readonly [K in SystemId]: { readonly rules: AnyRuleSystem } };

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

/** Appends one by one: a list of any length is never spread into a call (an engine's limit on arguments). */
function pushAll<T>(target: T[], items: Iterable<T>): void {
  for (const x of items) target.push(x);
}
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= max;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const range = (from: number, to: number | null) =>
  to === null ? `events ${from + 1} on` : from + 1 === to ? `event ${to}` : `events ${from + 1}…${to}`;

/** Storage's keys by what they hold; everything else is a key the store does not use. */
interface Keys {
  readonly gameKeys: Map<string, string>;
  readonly chunks4: Map<string, Map<number, string>>;
  readonly chunks3: Map<string, Map<number, string>>;
  readonly unknown: string[];
}

const CHUNK_KEY = /^(?:commandPost\.events\.|commandPost\.log\.)([A-Za-z0-9_-]{1,40})\.(0|[1-9]\d{0,6})$/;
const GAME_KEY = /^commandPost\.game\.([A-Za-z0-9_-]{1,40})$/;

/** A key of a game's own (its settings, a chunk of its events, in any layout): the only keys a header may name as superseded. */
export const isStoreKey = (key: string): boolean => GAME_KEY.test(key) || CHUNK_KEY.test(key);

function sortKeys(items: Readonly<Record<string, unknown>>, beside: readonly string[]): Keys {
  const keys: Keys = { gameKeys: new Map(), chunks4: new Map(), chunks3: new Map(), unknown: [] };
  for (const key of Object.keys(items)) {
    if (key === STORE_KEY || key === BOARD_KEY || key.startsWith(BACKUP_KEY_PREFIX) || beside.includes(key)) continue;
    const game = GAME_KEY.exec(key);
    if (game) {
      keys.gameKeys.set(game[1]!, key);
      continue;
    }
    const chunk = CHUNK_KEY.exec(key);
    if (chunk) {
      const byLayout = key.startsWith(EVENTS_KEY_PREFIX) ? keys.chunks4 : keys.chunks3;
      const of = byLayout.get(chunk[1]!) ?? byLayout.set(chunk[1]!, new Map()).get(chunk[1]!)!;
      of.set(Number(chunk[2]), key);
      continue;
    }
    keys.unknown.push(key);
  }
  return keys;
}

/** A game as its header entry (v3) or its own key (v4) describes it; each field null when damaged. */
interface GameMeta {
  readonly config: unknown;
  readonly cursor: number | null;
  readonly length: number | null;
  readonly revision: number;
}

/** Where a game's events are: chunks by index (v4: `{system, index, events}`; v3: bare arrays), or inline (v1, v2). */
type EventSource =
  | { readonly layout: 3 | 4; readonly chunks: ReadonlyMap<number, string> }
  | { readonly layout: 'inline'; readonly events: unknown };

interface GameRead {
  /** What can be played of it (its events up to the first that cannot be used; maybe none). */
  readonly game: StoredGame<SystemId>;
  /** What could not be read of it (null: all of it was). */
  readonly detail: string | null;
  readonly checkpoints: Map<number, unknown>;
  /** Keys now kept in the game's backup (or no longer part of it). */
  readonly obsolete: string[];
  /** Chunks past its end that the header names as superseded: not damage. */
  readonly leftover: string[];
  readonly backup: Backup | null;
  readonly notice: StoreNotice | null;
}

/**
 * A stored value as a few characters of a problem's words: any value at all, since a damaged store may
 * hold an object whose own `toString` is not a function, which `String()` would throw on.
 */
const said = (x: unknown, max: number): string =>
  (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' || x === null || x === undefined
    ? String(x)
    : Array.isArray(x)
      ? 'a list'
      : typeof x === 'object'
        ? 'an object'
        : typeof x
  ).slice(0, max);

/** A chunk's events, or why it cannot be used. */
function chunkEvents(raw: unknown, layout: 3 | 4, system: string, index: number): unknown[] | string {
  if (layout === 3) {
    if (!Array.isArray(raw)) return 'not a list of events';
    return raw.length > CHUNK ? `${raw.length} events in one chunk` : raw;
  }
  if (!isObject(raw)) return 'not a chunk';
  if (raw.system !== system || raw.index !== index)
    return `a chunk of ${said(raw.system, 40)} ${said(raw.index, 12)} in place of ${index}`;
  const events = raw.events;
  if (!Array.isArray(events)) return 'no list of events';
  return events.length > CHUNK ? `${events.length} events in one chunk` : events;
}

/**
 * One game read from its keys: its settings (their defaults if damaged), then its events chunk by
 * chunk, each checked by the rules, up to the first that cannot be used. What comes from there on
 * (the rest of that chunk and every chunk after it, as stored) is kept together in one backup.
 */
function readGame(
  system: SystemId,
  rules: AnyRuleSystem,
  meta: GameMeta | null,
  metaRaw: unknown,
  metaProblem: string | null,
  source: EventSource,
  items: Readonly<Record<string, unknown>>,
  at: string,
  readOnly: boolean,
  free: (base: string) => string = (k) => k,
  superseded: ReadonlySet<string> = new Set(),
): GameRead {
  const problems: string[] = metaProblem ? [metaProblem] : [];
  const parsedConfig = meta ? rules.parseConfig(meta.config) : null;
  if (meta && parsedConfig && !parsedConfig.ok)
    problems.push(
      `its settings (${parsedConfig.error.params?.path}: ${parsedConfig.error.params?.problem}) took their defaults`,
    );
  const config = parsedConfig?.ok ? parsedConfig.value : rules.defaultConfig;
  const expected = meta?.length ?? null;

  // The events as stored, in order, each read and played by the rules, up to the first that cannot be used.
  const events: unknown[] = [];
  const checkpoints = new Map<number, unknown>([[0, rules.initialState(config)]]);
  let state = checkpoints.get(0);
  let cut: { at: number; why: string } | null = null;
  const take = (raw: unknown): boolean => {
    const event = rules.parseEvent(raw);
    if (!event.ok) {
      cut = {
        at: events.length,
        why: `${range(events.length, events.length + 1)}: ${event.error.params?.path}: ${event.error.params?.problem}`,
      };
      return false;
    }
    const next = rules.apply(state, event.value);
    if (!next.ok) {
      cut = {
        at: events.length,
        why: `${range(events.length, events.length + 1)} refused by the rules (${next.error.code})`,
      };
      return false;
    }
    events.push(event.value);
    state = next.value;
    if (events.length % CHECKPOINT === 0) checkpoints.set(events.length, state);
    return true;
  };

  const chunkKeys: string[] = [];
  let lastChunk = -1;
  if (source.layout === 'inline') {
    const raw = source.events;
    if (!Array.isArray(raw)) cut = { at: 0, why: 'no list of events' };
    else if (raw.length > READ_LIMITS.events) cut = { at: 0, why: `${raw.length} events, more than a game can hold` };
    else for (let i = 0; i < raw.length && take(raw[i]); i++);
  } else {
    // Every chunk this game has in storage, in order; those past its length are not part of it.
    const indexes = [...source.chunks.keys()].sort((a, b) => a - b);
    lastChunk = indexes.length ? indexes[indexes.length - 1]! : -1;
    const count = expected !== null ? Math.ceil(expected / CHUNK) : lastChunk + 1;
    for (let i = 0; i < count && !cut; i++) {
      const key = source.chunks.get(i);
      if (key === undefined) {
        cut = {
          at: events.length,
          why: `${range(i * CHUNK, expected === null ? null : Math.min(expected, (i + 1) * CHUNK))} missing`,
        };
        break;
      }
      const chunk = chunkEvents(items[key], source.layout, system, i);
      if (typeof chunk === 'string') {
        cut = {
          at: events.length,
          why: `${range(i * CHUNK, expected === null ? null : Math.min(expected, (i + 1) * CHUNK))}: ${chunk}`,
        };
        break;
      }
      const wanted = expected !== null ? Math.min(CHUNK, expected - i * CHUNK) : i < count - 1 ? CHUNK : chunk.length;
      for (let j = 0; j < Math.min(wanted, chunk.length) && take(chunk[j]); j++);
      if (!cut && chunk.length < wanted)
        cut = {
          at: events.length,
          why: `${range(events.length, expected ?? (i + 1) * CHUNK)} missing (a chunk cut short)`,
        };
      if (!cut && chunk.length > wanted)
        cut = { at: events.length, why: `${plural(chunk.length - wanted, 'event')} past the game's end` };
    }
    for (const i of indexes) chunkKeys[i] = source.chunks.get(i)!;
  }
  const kept = events.length;
  if (!cut && expected !== null && kept < expected) cut = { at: kept, why: `${range(kept, expected)} missing` };
  const found = cut as { at: number; why: string } | null;
  if (found) problems.push(found.why);

  const cursorWanted = meta?.cursor ?? kept;
  const cursor = Math.min(cursorWanted, kept);
  if (meta && meta.cursor === null) problems.push('its place in the history was lost: it stands at the last event');
  else if (cursorWanted > kept && !found)
    problems.push(`its place in the history (${cursorWanted}) past its ${kept} events`);
  const game = { config, log: { events, cursor } } as StoredGame<SystemId>;

  // What is kept aside: the damaged settings, and every chunk from the one that could not be used on.
  const obsolete: string[] = [];
  const leftover: string[] = [];
  const aside: Record<string, unknown> = {};
  if (
    metaRaw !== undefined &&
    (metaProblem !== null || (parsedConfig && !parsedConfig.ok) || (meta && meta.cursor === null))
  )
    aside.meta = metaRaw;
  if (found && source.layout === 'inline' && Array.isArray(source.events))
    aside.events = source.events.length > READ_LIMITS.events ? source.events : source.events.slice(found.at);
  else if (found && source.layout === 'inline') aside.events = source.events;
  if (source.layout !== 'inline') {
    const from = found ? Math.floor(found.at / CHUNK) : expected !== null ? Math.ceil(expected / CHUNK) : lastChunk + 1;
    const chunks: Record<string, unknown> = {};
    const end = expected !== null ? Math.ceil(expected / CHUNK) : lastChunk + 1;
    for (let i = from; i <= lastChunk; i++) {
      const key = chunkKeys[i];
      if (key === undefined) continue;
      // Past the game's end and named by the header as no longer used: what a removal left, not damage.
      if (i >= end && superseded.has(key)) {
        leftover.push(key);
        continue;
      }
      chunks[key] = items[key];
      obsolete.push(key);
    }
    if (Object.keys(chunks).length) aside.chunks = chunks;
    if (!found && Object.keys(chunks).length)
      problems.push(`${plural(Object.keys(chunks).length, 'chunk')} of events past its end`);
  }
  const detail = problems.length ? problems.join('; ').slice(0, 500) : null;
  if (readOnly || detail === null)
    return {
      game,
      detail,
      checkpoints,
      obsolete: readOnly ? [] : obsolete,
      leftover: readOnly ? [] : leftover,
      backup: null,
      notice: null,
    };
  if (Object.keys(aside).length === 0) {
    // Nothing stored was set aside (a cursor moved back, a length that said more than was there): the notice alone.
    return {
      game,
      detail,
      checkpoints,
      obsolete,
      leftover,
      backup: null,
      notice: { kind: 'game-cut', system, kept, detail, backupKey: null, at },
    };
  }
  const key = free(`${BACKUP_KEY_PREFIX}${at}.${system}.events`);
  const backup: Backup = { key, value: { kind: 'events', system, at: kept, detail, ...aside } };
  return {
    game,
    detail,
    checkpoints,
    obsolete,
    leftover,
    backup,
    notice: { kind: 'game-cut', system, kept, detail, backupKey: key, at },
  };
}

/** The header's fields, each read on its own: a damaged one takes its default and is named. */
interface Fields {
  revision: number | null;
  activeSystem: SystemId | null;
  bindings: Partial<Record<SystemId, Binding>>;
  notices: StoreNotice[];
  recent: string[];
  /** Game keys and chunks a write no longer used (named so that a removal that failed is not taken for damage). */
  superseded: string[];
  damaged: string[];
}

const HEADER_FIELDS = [
  'schemaVersion',
  'revision',
  'activeSystem',
  'games',
  'bindings',
  'notices',
  'recent',
  'writer',
  'notice',
  'superseded',
];

function readFields(
  header: Record<string, unknown>,
  at: string,
  backups: Backup[],
  notices: StoreNotice[],
  readOnly: boolean,
  free: (base: string) => string,
): Fields {
  const damaged: string[] = [];
  for (const key of Object.keys(header)) if (!HEADER_FIELDS.includes(key)) damaged.push(key.slice(0, 40));
  const revision = isCount(header.revision, Number.MAX_SAFE_INTEGER) ? header.revision : null;
  if (revision === null && header.revision !== undefined) damaged.push('revision');
  const activeSystem = isSystemId(header.activeSystem) ? header.activeSystem : null;
  if (activeSystem === null) damaged.push('activeSystem');
  const bindings: Partial<Record<SystemId, Binding>> = {};
  const raw = header.bindings;
  if (isObject(raw) && Object.keys(raw).length <= READ_LIMITS.games) {
    for (const id of Object.keys(raw)) {
      const value = raw[id];
      if (!isSystemId(id)) {
        damaged.push('bindings');
        continue;
      }
      const binding = readBinding(value);
      if (binding) bindings[id] = binding;
      else if (!readOnly) {
        const key = free(`${BACKUP_KEY_PREFIX}${at}.${id}.binding`);
        backups.push({ key, value: { system: id, binding: value } });
        notices.push({
          kind: 'game-reset',
          system: id,
          reason: 'wrong-shape',
          detail: 'its links to the board',
          backupKey: key,
          at,
        });
      }
    }
  } else if (raw !== undefined) damaged.push('bindings');
  const stored: StoreNotice[] = [];
  const list = header.notices ?? (header.notice ? [header.notice] : []);
  if (Array.isArray(list) && list.length <= READ_LIMITS.notices) {
    for (const n of list) {
      const one = v.safeParse(noticeSchema, n);
      if (one.success) stored.push(one.output as StoreNotice);
      else damaged.push('notices');
    }
  } else if (header.notices !== undefined) damaged.push('notices');
  const recent: string[] = [];
  if (Array.isArray(header.recent) && header.recent.length <= READ_LIMITS.recent) {
    for (const id of header.recent) {
      if (typeof id === 'string' && id.length <= 64) recent.push(id);
      else damaged.push('recent');
    }
  } else if (header.recent !== undefined) damaged.push('recent');
  const superseded: string[] = [];
  if (Array.isArray(header.superseded) && header.superseded.length <= READ_LIMITS.superseded) {
    for (const key of header.superseded) if (typeof key === 'string' && isStoreKey(key)) superseded.push(key);
  } else if (header.superseded !== undefined) damaged.push('superseded');
  return {
    revision,
    activeSystem,
    bindings,
    notices: stored,
    recent: recent.slice(-RECENT_IDS),
    superseded,
    damaged: [...new Set(damaged)],
  };
}

/** A header entry or a game's key, checked field by field; `problem` says what was wrong with it. */
function readMeta(raw: unknown, system: string, own: boolean): { meta: GameMeta | null; problem: string | null } {
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

type Header =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'damaged';
      readonly reason: 'not-json' | 'wrong-shape' | 'too-large';
      readonly detail: string;
      readonly value: Record<string, unknown> | null;
    }
  | { readonly kind: 'newer'; readonly version: number; readonly value: Record<string, unknown> }
  | { readonly kind: 'layout'; readonly version: 1 | 2 | 3 | 4; readonly value: Record<string, unknown> };

function readHeader(raw: unknown): Header {
  if (raw === undefined) return { kind: 'none' };
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > READ_LIMITS.headerChars)
      return { kind: 'damaged', reason: 'too-large', detail: `stored text of ${raw.length} characters`, value: null };
    try {
      value = JSON.parse(raw);
    } catch {
      return {
        kind: 'damaged',
        reason: 'not-json',
        detail: `stored text is not JSON (${raw.length} characters)`,
        value: null,
      };
    }
  }
  if (!isObject(value))
    return {
      kind: 'damaged',
      reason: 'wrong-shape',
      detail: `the header is ${Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`}`,
      value: null,
    };
  if (Object.keys(value).length > READ_LIMITS.headerKeys)
    return {
      kind: 'damaged',
      reason: 'too-large',
      detail: `the header has ${Object.keys(value).length} fields`,
      value: null,
    };
  const version = value.schemaVersion;
  if (typeof version === 'number' && Number.isFinite(version) && version > LAYOUT_VERSION)
    return { kind: 'newer', version, value };
  if (version === 1 || version === 2 || version === 3 || version === 4) return { kind: 'layout', version, value };
  return {
    kind: 'damaged',
    reason: 'wrong-shape',
    detail: `schema version ${JSON.stringify(version ?? null).slice(0, 40)}`,
    value,
  };
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
  const at = now.toISOString();
  const keys = sortKeys(items, beside);
  const header = readHeader(items[STORE_KEY]);
  const readOnly = header.kind === 'newer';
  const backups: Backup[] = [];
  const notices: StoreNotice[] = [];
  const obsolete: string[] = [];
  // A backup never takes the key of one already there.
  const free = (base: string) =>
    freeBackupKey(base, (k) => Object.hasOwn(items, k) || backups.some((b) => b.key === k));
  const checkpoints = new Map<SystemId, ReadonlyMap<number, unknown>>();
  const games: Partial<Record<SystemId, StoredGame<SystemId>>> = {};
  /** Keys of the store's kinds that no game uses; with the unknown ones, put aside together. */
  const unused: string[] = [...keys.unknown];
  let rewrite = header.kind !== 'layout' || header.version !== LAYOUT_VERSION;
  let headerProblem: { reason: 'not-json' | 'wrong-shape' | 'too-large' | 'missing'; detail: string } | null = null;

  const value = header.kind === 'layout' || header.kind === 'newer' || header.kind === 'damaged' ? header.value : null;
  const fields = value
    ? readFields(value, at, backups, notices, readOnly, free)
    : { revision: null, activeSystem: null, bindings: {}, notices: [], recent: [], superseded: [], damaged: [] };
  const superseded = new Set(readOnly ? [] : fields.superseded);
  const leftover: string[] = [];
  if (header.kind === 'damaged') headerProblem = { reason: header.reason, detail: header.detail };
  else if (header.kind === 'none' && (keys.gameKeys.size || keys.chunks4.size || keys.chunks3.size))
    headerProblem = { reason: 'missing', detail: 'the list of games was missing' };
  else if (header.kind === 'layout' && fields.damaged.length)
    headerProblem = { reason: 'wrong-shape', detail: `damaged: ${fields.damaged.join(', ')}`.slice(0, 500) };

  // Which games the header lists, with what it says of each (v3 and earlier keep that in the header).
  const listed = new Map<
    SystemId,
    { meta: GameMeta | null; metaRaw: unknown; problem: string | null; source: EventSource }
  >();
  let layout: 3 | 4 | null = null;
  if (header.kind === 'layout' || header.kind === 'newer') {
    const raw = header.value.games;
    const version = header.kind === 'newer' ? LAYOUT_VERSION : header.version;
    if (
      version === 4 &&
      Array.isArray(raw) &&
      raw.length <= READ_LIMITS.games &&
      raw.every((id, i) => isSystemId(id) && raw.indexOf(id) === i)
    ) {
      layout = 4;
      for (const id of raw as SystemId[]) {
        const { meta, problem } = readMeta(items[gameKey(id)], id, true);
        listed.set(id, {
          meta,
          metaRaw: items[gameKey(id)],
          problem,
          source: { layout: 4, chunks: keys.chunks4.get(id) ?? new Map() },
        });
      }
    } else if (version === 3 && isObject(raw) && Object.keys(raw).length <= READ_LIMITS.games) {
      layout = 3;
      for (const id of Object.keys(raw)) {
        if (!isSystemId(id)) continue;
        const { meta, problem } = readMeta(raw[id], id, false);
        listed.set(id, {
          meta,
          metaRaw: raw[id],
          problem,
          source: { layout: 3, chunks: keys.chunks3.get(id) ?? new Map() },
        });
      }
      if (Object.keys(raw).some((id) => !isSystemId(id)) && !headerProblem)
        headerProblem = { reason: 'wrong-shape', detail: 'a game of an unknown rule system' };
    } else if ((version === 1 || version === 2) && isObject(raw) && Object.keys(raw).length <= READ_LIMITS.games) {
      for (const id of Object.keys(raw)) {
        if (!isSystemId(id)) continue;
        const game = raw[id];
        const log = isObject(game) ? game.log : undefined;
        const ok = isObject(game) && isObject(log);
        const meta = ok
          ? {
              config: game.config,
              cursor: isCount(log.cursor, READ_LIMITS.events) ? log.cursor : null,
              length: null,
              revision: 0,
            }
          : null;
        listed.set(id, {
          meta,
          metaRaw: game,
          problem: ok ? null : 'it could not be read',
          source: { layout: 'inline', events: ok ? log.events : undefined },
        });
      }
      if (Object.keys(raw).some((id) => !isSystemId(id)) && !headerProblem)
        headerProblem = { reason: 'wrong-shape', detail: 'a game of an unknown rule system' };
    } else if (!headerProblem && header.kind === 'layout')
      headerProblem = { reason: 'wrong-shape', detail: 'the list of games could not be read' };
  }
  // No usable list of games (a damaged or missing header): every game that has keys of its own.
  const rebuilt = header.kind !== 'newer' && (header.kind !== 'layout' || (layout === null && header.version >= 3));
  if (rebuilt) {
    for (const id of SYSTEM_IDS) {
      if (keys.gameKeys.has(id) || keys.chunks4.has(id)) {
        const found = keys.gameKeys.has(id)
          ? readMeta(items[gameKey(id)], id, true)
          : { meta: null, problem: 'its settings were missing' };
        listed.set(id, {
          meta: found.meta,
          metaRaw: items[gameKey(id)],
          problem: found.problem,
          source: { layout: 4, chunks: keys.chunks4.get(id) ?? new Map() },
        });
      } else if (keys.chunks3.has(id)) {
        // Layout v3 kept a game's settings in the header: its events come back with default settings.
        listed.set(id, {
          meta: null,
          metaRaw: undefined,
          problem: 'its settings were in the damaged header and took their defaults',
          source: { layout: 3, chunks: keys.chunks3.get(id)! },
        });
      }
    }
  }
  // An older build wrote its header over a store of this layout (it took this layout for a newer one
  // it could not read, and started again in its own): every game still in this layout's own keys
  // comes back beside those played on the older build; of a game played on both, the older build's
  // stays (it was played last) and this layout's copy is kept aside with the keys below.
  const back: SystemId[] = [];
  const both: SystemId[] = [];
  if (header.kind === 'layout' && header.version < LAYOUT_VERSION && !rebuilt) {
    for (const id of SYSTEM_IDS) {
      if (!keys.gameKeys.has(id)) continue;
      const entry = listed.get(id);
      const played = entry
        ? (entry.meta?.length ??
            (entry.source.layout === 'inline' && Array.isArray(entry.source.events) ? entry.source.events.length : 1)) >
          0
        : false;
      if (played) {
        both.push(id);
        continue;
      }
      const found = readMeta(items[gameKey(id)], id, true);
      listed.set(id, {
        meta: found.meta,
        metaRaw: items[gameKey(id)],
        problem: found.problem,
        source: { layout: 4, chunks: keys.chunks4.get(id) ?? new Map() },
      });
      back.push(id);
    }
  }
  if (header.kind === 'newer' && listed.size === 0) {
    // A newer layout this version cannot list: show the games whose keys it can read, touching nothing.
    for (const id of SYSTEM_IDS) {
      if (!keys.gameKeys.has(id)) continue;
      const found = readMeta(items[gameKey(id)], id, true);
      if (found.meta)
        listed.set(id, {
          meta: found.meta,
          metaRaw: undefined,
          problem: null,
          source: { layout: 4, chunks: keys.chunks4.get(id) ?? new Map() },
        });
    }
  }

  let revision = fields.revision ?? 0;
  for (const [id, entry] of listed) {
    const read = readGame(
      id,
      systems[id].rules,
      entry.meta,
      entry.metaRaw,
      entry.problem,
      entry.source,
      items,
      at,
      readOnly,
      free,
      superseded,
    );
    revision = Math.max(revision, entry.meta?.revision ?? 0);
    games[id] = read.game;
    checkpoints.set(id, read.checkpoints);
    pushAll(obsolete, read.obsolete);
    pushAll(leftover, read.leftover);
    if (read.backup) backups.push(read.backup);
    if (read.notice) notices.push(read.notice);
    if (read.backup || read.notice) rewrite = true;
  }

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
  let asideKey: string | null = null;
  if (aside.length && !readOnly) {
    const key = free(`${BACKUP_KEY_PREFIX}${at}.keys`);
    // Defined, not assigned: a key named `__proto__` stays a key like any other.
    const kept: Record<string, unknown> = {};
    for (const k of aside)
      Object.defineProperty(kept, k, { value: items[k], enumerable: true, writable: true, configurable: true });
    backups.push({ key, value: { kind: 'keys', items: kept } });
    // This layout's copies of games played since on an older build are said by the notice below alone.
    const copies = new Set(both.flatMap((id) => [gameKey(id), ...(keys.chunks4.get(id)?.values() ?? [])]));
    if (aside.some((k) => !copies.has(k)))
      notices.push({ kind: 'keys-aside', count: aside.length, backupKey: key, at });
    pushAll(obsolete, aside);
    rewrite = true;
    asideKey = key;
  }
  if (back.length || both.length)
    notices.push({ kind: 'games-back', games: back, newer: both, backupKey: both.length ? asideKey : null, at });
  if (back.length) {
    // Their links to the board were in this layout's header, which the older build kept as a backup.
    for (const [id, binding] of Object.entries(bindingsInNewerHeaders(items, back)))
      if (!fields.bindings[id as SystemId]) fields.bindings[id as SystemId] = binding;
    // What the older build said (it reset the store) is undone: the games are back.
    fields.notices = fields.notices.filter((n) => !(n.kind === 'store-reset' && n.reason === 'newer-schema'));
    rewrite = true;
  }

  if (headerProblem && !readOnly) {
    const key = header.kind === 'none' ? null : free(`${BACKUP_KEY_PREFIX}${at}.header`);
    if (key) backups.push({ key, value: items[STORE_KEY] });
    notices.push({
      kind: 'header-rebuilt',
      reason: headerProblem.reason,
      detail: headerProblem.detail.slice(0, 500),
      backupKey: key,
      games: [...listed.keys()],
      at,
    });
    rewrite = true;
  }
  if (readOnly) notices.push({ kind: 'store-newer', version: (header as { version: number }).version, at });
  // Whatever was kept aside or said must be written, the backups first (with the notices naming them):
  // a damaged binding alone, say, is kept and told like everything else.
  else if (backups.length || notices.length) rewrite = true;

  const activeSystem = fields.activeSystem ?? (Object.keys(games)[0] as SystemId | undefined) ?? SYSTEM_IDS[0];
  const bindings = fields.bindings;
  const root: StoreRoot = {
    schemaVersion: SCHEMA_VERSION,
    // A repaired store counts one more write, so that every view reads it again.
    revision: rewrite && header.kind !== 'none' ? revision + 1 : revision,
    activeSystem,
    games: games as StoredGames,
    bindings: bindings as StoredBindings,
    notices: [...fields.notices, ...notices].slice(-20),
    recent: fields.recent,
  };
  return {
    root,
    backups,
    obsolete: [...new Set(obsolete)],
    leftover: [...new Set(leftover)],
    rewrite: rewrite && !readOnly,
    newer: readOnly ? (header as { version: number }).version : null,
    checkpoints,
  };
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
  const log = isObject(raw) ? raw.log : undefined;
  const ok = isObject(raw) && isObject(log);
  const meta: GameMeta | null = ok
    ? {
        config: raw.config,
        cursor: isCount(log.cursor, READ_LIMITS.events) ? log.cursor : null,
        length: null,
        revision: 0,
      }
    : null;
  const read = readGame(
    system,
    systems[system].rules,
    meta,
    raw,
    ok ? null : 'it is not a game',
    { layout: 'inline', events: ok ? log.events : undefined },
    {},
    '',
    true,
  );
  return { game: read.game, detail: read.detail };
}
