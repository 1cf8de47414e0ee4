// What a backup gives back when it is restored: what can be read of it, and what could not be. A
// backup of a damaged store is itself damaged: it is read with the same readers as storage
// (./read.ts, ./read-game.ts), so a restore puts back every event that can be read, says what
// could not be, and is refused (nothing changed) when nothing could be.
import type { Binding } from '../board/model';
import type { AnyRuleSystem } from '../game/system';
import { ok, refuse, type Result } from '../game/result';
import { DESCRIPTORS, isSystemId, type SystemId } from '../rules';
import { readBinding } from './load';
import { CHUNK } from './persist';
import { readStorage } from './read';
import { readWholeGame } from './read-game';
import { STORE_KEY, type StoredGame, type StoreRoot } from './root';

/** A backup kept in storage, as the popup lists it. */
export interface BackupInfo {
  readonly key: string;
  /**
   * `store`: a whole store's header; `game` / `binding`: one system's; `events`: what could not be
   * read of a game, and the events after it; `keys`: keys the store did not use; `settings`: a
   * value kept beside the store.
   */
  readonly kind: 'store' | 'game' | 'binding' | 'settings' | 'events' | 'keys';
  readonly system: string | null;
  readonly at: string;
  readonly bytes: number;
}

/** What a restore put back, as the popup says it. */
export interface RestoreReport {
  readonly games: readonly SystemId[];
  /** Events put back in all. */
  readonly events: number;
  /** What could not be read or put back (null: everything was). */
  readonly unreadable: string | null;
}

export interface Restored {
  readonly games: { [K in SystemId]?: StoredGame<K> };
  readonly bindings: { [K in SystemId]?: Binding };
  readonly report: RestoreReport;
}

type Systems = { readonly [K in SystemId]: { readonly rules: AnyRuleSystem } };
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const nothing = (detail: string) => refuse('backup-unusable', { detail: detail.slice(0, 300) });

/** The games and bindings `value` (a backup of kind `kind`) gives back to `root`. */
export function restoreFrom(
  kind: BackupInfo['kind'],
  value: unknown,
  root: StoreRoot,
  now: Date,
  systems: Systems = DESCRIPTORS,
): Result<Restored> {
  const v = isObject(value) ? value : {};
  const system = typeof v.system === 'string' && isSystemId(v.system) ? v.system : null;
  switch (kind) {
    case 'game': {
      if (!system) return nothing('a game of an unknown rule system');
      const { game, detail } = readWholeGame(system, v.game, systems);
      if (game.log.events.length === 0 && detail !== null) return nothing(detail);
      // A game kept with its links to the board (a replaced game) gets them back too.
      const binding = v.binding === undefined || v.binding === null ? null : readBinding(v.binding);
      return ok({
        games: { [system]: game },
        bindings: binding ? { [system]: binding } : {},
        report: { games: [system], events: game.log.events.length, unreadable: detail },
      });
    }
    case 'binding': {
      const binding = system ? readBinding(v.binding) : null;
      if (!system || !binding) return nothing('links to the board that cannot be read');
      return ok({ games: {}, bindings: { [system]: binding }, report: { games: [], events: 0, unreadable: null } });
    }
    case 'events':
      return system ? restoreEvents(system, v, root, systems) : nothing('events of an unknown rule system');
    case 'keys':
    case 'store': {
      // Read as storage would be: a header (a whole store up to layout v2 holds its games), or the keys put aside.
      const items = kind === 'keys' && isObject(v.items) ? v.items : { [STORE_KEY]: value };
      const read = readStorage(items, now, { systems });
      const games: Restored['games'] = {};
      const missing: string[] = [];
      let events = 0;
      for (const [id, game] of Object.entries(read.root.games) as [SystemId, StoredGame<SystemId>][]) {
        if (game.log.events.length === 0) continue;
        (games as Record<string, unknown>)[id] = game;
        events += game.log.events.length;
      }
      for (const n of read.root.notices)
        if ((n.kind === 'game-cut' || n.kind === 'game-reset') && n.detail) missing.push(`${n.system}: ${n.detail}`);
      const ids = Object.keys(games) as SystemId[];
      const bindings = read.root.bindings;
      if (ids.length === 0 && Object.keys(bindings).length === 0)
        return nothing(missing.join('; ') || 'no game could be read in it');
      return ok({
        games,
        bindings,
        report: { games: ids, events, unreadable: missing.length ? missing.join('; ').slice(0, 300) : null },
      });
    }
    case 'settings':
      return nothing('settings come back through their own reader');
  }
}

/**
 * What could not be read of a game, and the events after it, put back where they were: after the
 * game's first `at` events, as far as the rules accept them (a missing part leaves a gap they may refuse).
 */
function restoreEvents(
  system: SystemId,
  v: Record<string, unknown>,
  root: StoreRoot,
  systems: Systems,
): Result<Restored> {
  const rules = systems[system].rules;
  const at = typeof v.at === 'number' && Number.isInteger(v.at) && v.at >= 0 ? v.at : 0;
  // Every event the backup holds, by its place in the game.
  const found: { index: number; raw: unknown }[] = [];
  if (Array.isArray(v.events))
    for (let j = 0; j < v.events.length; j++) found.push({ index: at + j, raw: v.events[j] });
  if (isObject(v.chunks)) {
    for (const [key, chunk] of Object.entries(v.chunks)) {
      const index = Number(/\.(\d+)$/.exec(key)?.[1] ?? NaN);
      const list = Array.isArray(chunk) ? chunk : isObject(chunk) && Array.isArray(chunk.events) ? chunk.events : null;
      if (!Number.isInteger(index) || !list) continue;
      for (let j = 0; j < list.length; j++) found.push({ index: index * CHUNK + j, raw: list[j] });
    }
  }
  const later = found.filter((e) => e.index >= at).sort((a, b) => a.index - b.index);
  const live = root.games[system] as StoredGame<SystemId> | undefined;
  const config = live?.config ?? rules.defaultConfig;
  const events: unknown[] = live ? live.log.events.slice(0, Math.min(at, live.log.events.length)) : [];
  let state = rules.initialState(config);
  for (const e of events) {
    const next = rules.apply(state, e);
    if (!next.ok) return nothing(`the game no longer starts as it did (${next.error.code})`);
    state = next.value;
  }
  let put = 0;
  let stop: string | null = null;
  let expected = at;
  const gaps: string[] = [];
  for (const { index, raw } of later) {
    if (index < expected) continue;
    if (index > expected) gaps.push(index === expected + 1 ? `event ${index}` : `events ${expected + 1}…${index}`);
    expected = index + 1;
    const event = rules.parseEvent(raw);
    const next = event.ok ? rules.apply(state, event.value) : event;
    if (!event.ok || !next.ok) {
      stop = `event ${index + 1} and after could not be put back (${next.ok ? 'unreadable' : next.error.code})`;
      break;
    }
    events.push(event.value);
    state = next.value;
    put++;
  }
  const unreadable =
    [...(gaps.length ? [`${gaps.join(', ')} missing`] : []), ...(stop ? [stop] : [])].join('; ') || null;
  if (put === 0) return nothing(unreadable ?? 'no event in it');
  const game = { config, log: { events, cursor: events.length } } as StoredGame<SystemId>;
  return ok({ games: { [system]: game }, bindings: {}, report: { games: [system], events: put, unreadable } });
}
