import * as v from 'valibot';
import { replay } from '../game/log';
import { ok, refuse, type Result } from '../game/result';
import type { AnyRuleSystem } from '../game/system';
import { BINDING_LIMITS, type Binding } from '../board/model';
import { parseBinding } from '../board/schema';
import { DESCRIPTORS, SYSTEM_IDS, isSystemId, type SystemId } from '../rules';
import type { ConfigOf } from '../rules/types';
import {
  BACKUP_KEY_PREFIX,
  RECENT_IDS,
  SCHEMA_VERSION,
  freshRoot,
  storedGame,
  type ResetReason,
  type StoredGame,
  type StoredBindings,
  type StoredGames,
  type StoreNotice,
  type StoreRoot,
} from './root';

/*
 * How a root held whole (an Owlbear scene's game, a backup of a whole store, a game file) is read
 * back: checked deeply (shape, every event, and the rules' verdict on the whole log), and never
 * silently replaced. What storage holds is read by ./read.ts, with these checks. Only the background
 * worker, the Owlbear pages (and tests) load this module: it carries every rule system.
 */

/** A system's stored game, or a new one with its default settings. */
export const gameOf = <K extends SystemId>(root: StoreRoot, system: K): StoredGame<K> =>
  storedGame(root, system, DESCRIPTORS[system].rules.defaultConfig as ConfigOf<K>);

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const reason = v.picklist(['not-json', 'wrong-shape', 'newer-schema', 'log-refused', 'too-large', 'missing']);
const backupKey = v.pipe(v.string(), v.startsWith(BACKUP_KEY_PREFIX), v.maxLength(200));
const at = text(40);
const system = v.picklist(SYSTEM_IDS);
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A stored notice (./root.ts, StoreNotice); `store-newer` is never stored. */
export const noticeSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('store-reset'), reason, detail: text(500), backupKey, at }),
  v.strictObject({ kind: v.literal('game-reset'), system, reason, detail: text(500), backupKey, at }),
  v.strictObject({
    kind: v.literal('header-rebuilt'),
    reason,
    detail: text(500),
    backupKey: v.nullable(backupKey),
    games: v.pipe(v.array(system), v.maxLength(SYSTEM_IDS.length)),
    at,
  }),
  v.strictObject({
    kind: v.literal('game-cut'),
    system,
    kept: count,
    detail: text(500),
    backupKey: v.nullable(backupKey),
    at,
  }),
  v.strictObject({ kind: v.literal('keys-aside'), count, backupKey, at }),
  v.strictObject({
    kind: v.literal('games-back'),
    games: v.pipe(v.array(system), v.maxLength(SYSTEM_IDS.length)),
    newer: v.pipe(v.array(system), v.maxLength(SYSTEM_IDS.length)),
    backupKey: v.nullable(backupKey),
    at,
  }),
  v.strictObject({
    kind: v.literal('settings-repaired'),
    fields: v.pipe(v.array(text(32)), v.maxLength(20)),
    backupKey,
    at,
  }),
  v.strictObject({
    kind: v.literal('demo-repaired'),
    systems: v.pipe(v.array(text(32)), v.maxLength(20)),
    backupKey,
    at,
  }),
  v.strictObject({ kind: v.literal('quota'), percent: v.pipe(v.number(), v.minValue(0), v.maxValue(1000)), at }),
]);

/** A list checked for its length before its items are. */
const bounded = <T extends v.GenericSchema>(max: number, item: T) =>
  v.pipe(
    v.custom<unknown[]>((x) => Array.isArray(x) && x.length <= max, `a list of at most ${max}`),
    v.array(item),
  );
const smallRecord = v.custom<Record<string, unknown>>(
  (x) => typeof x === 'object' && x !== null && !Array.isArray(x) && Object.keys(x).length <= 32,
  'a record of at most 32 entries',
);

/** The root's own fields; each game and each binding is checked on its own (one damaged piece never costs the rest). */
const rootShape = v.strictObject({
  schemaVersion: v.literal(SCHEMA_VERSION),
  revision: v.pipe(v.number(), v.integer(), v.minValue(0)),
  activeSystem: v.picklist(SYSTEM_IDS),
  // Kept as stored (a `__proto__` key included: each entry is checked, and kept aside, on its own).
  games: smallRecord,
  bindings: smallRecord,
  notices: bounded(20, noticeSchema),
  recent: bounded(RECENT_IDS, text(64)),
});

/** Events of one game past which it is damage (storage.local's 10 MiB hold a few hundred thousand). */
export const MAX_EVENTS = 1_000_000;
const gameShape = v.strictObject({
  config: v.unknown(),
  log: v.strictObject({ events: v.unknown(), cursor: v.number() }),
});

/**
 * Each stored schema version's step to the next one, oldest first. A value is read by running the
 * steps from its version up to SCHEMA_VERSION; each step is tested (test/unit/store/load.test.ts).
 */
export const MIGRATIONS: Readonly<Record<number, (old: Record<string, unknown>) => Record<string, unknown>>> = {
  // v1 → v2: games bound to tabletops, and the write counter views use to skip their own echo.
  1: (old) => ({ ...old, schemaVersion: 2, revision: 0, bindings: {} }),
  // v2 → v3: one notice became a list, and the store remembers the requests it applied. (The chunked
  // layout of the events is storage's business, ./persist.ts: a v2 value's logs are read inline.)
  2: ({ notice, ...old }) => ({ ...old, schemaVersion: 3, notices: notice ? [notice] : [], recent: [] }),
};

function migrate(value: unknown): unknown {
  let current = value;
  for (;;) {
    const version = (current as { schemaVersion?: unknown } | null)?.schemaVersion;
    if (typeof version !== 'number' || version >= SCHEMA_VERSION || typeof current !== 'object') return current;
    const step = MIGRATIONS[version];
    if (!step) return current;
    current = step(current as Record<string, unknown>);
  }
}

/** Checks one stored game deeply: settings, every event's shape, the cursor, and that the rules accept the whole log. */
export function checkGame(
  id: string,
  value: unknown,
  systems: { readonly [K in SystemId]: { readonly rules: AnyRuleSystem } } = DESCRIPTORS,
): Result<StoredGame<SystemId>> {
  if (!isSystemId(id)) return refuse('wrong-shape', { detail: `unknown rule system "${id}"` });
  const shape = v.safeParse(gameShape, value);
  if (!shape.success) return refuse('wrong-shape', { detail: `${id}: ${shape.issues[0].message}` });
  const raw = shape.output;
  // Its size checked before it is walked.
  const list = raw.log.events;
  if (!Array.isArray(list)) return refuse('wrong-shape', { detail: `${id}: its events are not a list` });
  if (list.length > MAX_EVENTS)
    return refuse('wrong-shape', { detail: `${id}: ${list.length} events, more than a game can hold` });
  const system: AnyRuleSystem = systems[id].rules; // one system's types, whichever it is
  const config = system.parseConfig(raw.config);
  if (!config.ok)
    return refuse('wrong-shape', {
      detail: `${id} settings: ${config.error.params?.path}: ${config.error.params?.problem}`,
    });
  const events = [];
  for (let i = 0; i < list.length; i++) {
    const event = system.parseEvent(list[i]);
    if (!event.ok)
      return refuse('wrong-shape', {
        detail: `${id} event ${i + 1}: ${event.error.params?.path}: ${event.error.params?.problem}`,
      });
    events.push(event.value);
  }
  const { cursor } = raw.log;
  if (!Number.isInteger(cursor) || cursor < 0 || cursor > events.length) {
    return refuse('wrong-shape', { detail: `${id} log cursor ${cursor} outside 0…${events.length}` });
  }
  const log = { events, cursor };
  const replayed = replay(system, config.value, log);
  if (!replayed.ok) {
    const { index, code } = replayed.error.params ?? {};
    return refuse('log-refused', { detail: `${id} event ${Number(index) + 1} refused by the rules (${code})` });
  }
  return ok({ config: config.value, log } as StoredGame<SystemId>);
}

/** A stored binding, its size checked before it is walked; null when it cannot be used. */
export function readBinding(raw: unknown): Binding | null {
  const small = (x: unknown, max: number) =>
    typeof x === 'object' && x !== null && !Array.isArray(x) && Object.keys(x).length <= max;
  const b = raw as { links?: unknown; sides?: unknown } | null;
  return small(raw, 2) && small(b!.links, BINDING_LIMITS.links) && small(b!.sides, BINDING_LIMITS.sides)
    ? parseBinding(raw)
    : null;
}

export interface Backup {
  readonly key: string;
  readonly value: unknown;
}

export interface LoadedStore {
  readonly root: StoreRoot;
  /** What could not be used: keep each under its key in the same write as the new root. */
  readonly backups: readonly Backup[];
}

/**
 * Reads whatever storage held. Nothing is silently replaced: an unusable root is kept as a backup and
 * the extension starts clean; an unusable game (or binding) is kept as a backup and that game alone
 * starts again. Each carries a notice saying what happened and where the backup is.
 */
export function loadStore(
  raw: unknown,
  now: Date,
  systems: { readonly [K in SystemId]: { readonly rules: AnyRuleSystem } } = DESCRIPTORS,
): LoadedStore {
  if (raw === undefined || raw === null) return { root: freshRoot(), backups: [] };
  const at = now.toISOString();
  const checked = checkRoot(raw);
  if (!checked.ok) {
    const key = `${BACKUP_KEY_PREFIX}${at}`;
    const reason = checked.error.code as ResetReason;
    const detail = String(checked.error.params?.detail ?? '').slice(0, 500);
    return {
      root: freshRoot([{ kind: 'store-reset', reason, detail, backupKey: key, at }]),
      backups: [{ key, value: raw }],
    };
  }
  const { root: header, games: rawGames, bindings: rawBindings } = checked.value;
  const backups: Backup[] = [];
  const notices: StoreNotice[] = [...header.notices];
  const games: Record<string, StoredGame<SystemId>> = {};
  for (const [id, game] of Object.entries(rawGames)) {
    const one = checkGame(id, game, systems);
    if (one.ok) {
      games[id] = one.value;
      continue;
    }
    const key = `${BACKUP_KEY_PREFIX}${at}.${id.slice(0, 40)}`;
    backups.push({ key, value: { system: id, game } });
    // An unknown system's game is kept too, but has nothing to start again.
    if (isSystemId(id))
      notices.push({
        kind: 'game-reset',
        system: id,
        reason: one.error.code as ResetReason,
        detail: String(one.error.params?.detail ?? '').slice(0, 500),
        backupKey: key,
        at,
      });
  }
  const bindings: Record<string, Binding> = {};
  for (const [id, binding] of Object.entries(rawBindings)) {
    const one = isSystemId(id) ? readBinding(binding) : null;
    if (one) bindings[id] = one;
    else {
      const key = `${BACKUP_KEY_PREFIX}${at}.${id.slice(0, 40)}.binding`;
      backups.push({ key, value: { system: id, binding } });
      if (isSystemId(id))
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
  return {
    root: { ...header, games: games as StoredGames, bindings: bindings as StoredBindings, notices: notices.slice(-20) },
    backups,
  };
}

/** The root's own fields checked, its games and bindings still raw (each checked on its own). */
function checkRoot(raw: unknown): Result<{
  root: Omit<StoreRoot, 'games' | 'bindings'>;
  games: Record<string, unknown>;
  bindings: Record<string, unknown>;
}> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return refuse('not-json', { detail: `stored text is not JSON (${raw.length} characters)` });
    }
  }
  const version = (value as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof version === 'number' && version > SCHEMA_VERSION) {
    return refuse('newer-schema', {
      detail: `schema version ${version}; this version of Command Post reads up to ${SCHEMA_VERSION}`,
    });
  }
  const shape = v.safeParse(rootShape, migrate(value));
  if (!shape.success) {
    const issue = shape.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.') || '(root)';
    return refuse('wrong-shape', { detail: `${path}: ${issue.message}` });
  }
  const { games, bindings, ...root } = shape.output;
  return ok({ root: root as Omit<StoreRoot, 'games' | 'bindings'>, games, bindings });
}
