import * as v from 'valibot';
import { replay } from '../game/log';
import { ok, refuse, type Result } from '../game/result';
import type { AnyRuleSystem } from '../game/system';
import { bindingSchema } from '../board/schema';
import { DESCRIPTORS, SYSTEM_IDS, isSystemId, type SystemId } from '../rules';
import type { ConfigOf } from '../rules/types';
import {
  BACKUP_KEY_PREFIX,
  SCHEMA_VERSION,
  freshRoot,
  storedGame,
  type ResetReason,
  type StoredGame,
  type StoredBindings,
  type StoredGames,
  type StoreRoot,
} from './root';

/*
 * How a stored value is read back: checked deeply (shape, every event, and the rules' verdict on the
 * whole log), and never silently replaced. Only the background worker (and tests) load this module:
 * it carries every rule system.
 */

/** A system's stored game, or a new one with its default settings. */
export const gameOf = <K extends SystemId>(root: StoreRoot, system: K): StoredGame<K> =>
  storedGame(root, system, DESCRIPTORS[system].rules.defaultConfig as ConfigOf<K>);

const noticeSchema = v.strictObject({
  kind: v.literal('store-reset'),
  reason: v.picklist(['not-json', 'wrong-shape', 'newer-schema', 'log-refused']),
  detail: v.pipe(v.string(), v.maxLength(500)),
  backupKey: v.pipe(v.string(), v.startsWith(BACKUP_KEY_PREFIX)),
  at: v.string(),
});

const rootShape = v.strictObject({
  schemaVersion: v.literal(SCHEMA_VERSION),
  revision: v.pipe(v.number(), v.integer(), v.minValue(0)),
  activeSystem: v.picklist(SYSTEM_IDS),
  games: v.record(v.string(), v.strictObject({ config: v.unknown(), log: v.strictObject({ events: v.array(v.unknown()), cursor: v.number() }) })),
  bindings: v.record(v.picklist(SYSTEM_IDS), bindingSchema),
  notice: v.nullable(noticeSchema),
});

/**
 * Each stored schema version's step to the next one, oldest first. A value is read by running the
 * steps from its version up to SCHEMA_VERSION; each step is tested (test/unit/store/load.test.ts).
 */
export const MIGRATIONS: Readonly<Record<number, (old: Record<string, unknown>) => Record<string, unknown>>> = {
  // v1 → v2: games bound to tabletops, and the write counter views use to skip their own echo.
  1: (old) => ({ ...old, schemaVersion: 2, revision: 0, bindings: {} }),
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
function checkGame(id: string, raw: { config: unknown; log: { events: unknown[]; cursor: number } }): Result<StoredGame<SystemId>> {
  if (!isSystemId(id)) return refuse('wrong-shape', { detail: `unknown rule system "${id}"` });
  const system: AnyRuleSystem = DESCRIPTORS[id].rules; // one system's types, whichever it is
  const config = system.parseConfig(raw.config);
  if (!config.ok) return refuse('wrong-shape', { detail: `${id} settings: ${config.error.params?.path}: ${config.error.params?.problem}` });
  const events = [];
  for (const [i, rawEvent] of raw.log.events.entries()) {
    const event = system.parseEvent(rawEvent);
    if (!event.ok) return refuse('wrong-shape', { detail: `${id} event ${i + 1}: ${event.error.params?.path}: ${event.error.params?.problem}` });
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

export interface LoadedStore {
  readonly root: StoreRoot;
  /** Set when the stored value could not be used: keep it under this key before writing the new root. */
  readonly backup: { readonly key: string; readonly value: unknown } | null;
}

/**
 * Reads whatever storage held. Nothing is silently replaced: an unusable value is kept as a backup,
 * and the fresh root carries a notice saying what happened and where the backup is.
 */
export function loadStore(raw: unknown, now: Date): LoadedStore {
  if (raw === undefined || raw === null) return { root: freshRoot(), backup: null };
  const checked = checkRoot(raw);
  if (checked.ok) return { root: checked.value, backup: null };
  const at = now.toISOString();
  const key = `${BACKUP_KEY_PREFIX}${at}`;
  const reason = checked.error.code as ResetReason;
  const detail = String(checked.error.params?.detail ?? '').slice(0, 500);
  return { root: freshRoot({ kind: 'store-reset', reason, detail, backupKey: key, at }), backup: { key, value: raw } };
}

function checkRoot(raw: unknown): Result<StoreRoot> {
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
    return refuse('newer-schema', { detail: `schema version ${version}; this version of Command Post reads up to ${SCHEMA_VERSION}` });
  }
  const shape = v.safeParse(rootShape, migrate(value));
  if (!shape.success) {
    const issue = shape.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.') || '(root)';
    return refuse('wrong-shape', { detail: `${path}: ${issue.message}` });
  }
  const games: Record<string, StoredGame<SystemId>> = {};
  for (const [id, game] of Object.entries(shape.output.games)) {
    const checked = checkGame(id, game);
    if (!checked.ok) return checked;
    games[id] = checked.value;
  }
  return ok({ ...shape.output, games: games as StoredGames, bindings: shape.output.bindings as StoredBindings });
}
