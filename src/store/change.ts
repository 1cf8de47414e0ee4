// A view's copy of the store, kept up to date by the worker's answers (StoreChange, src/messages.ts)
// rather than by receiving the store whole after each action: what it holds of each game is the end
// of its log (EventLog's `window`), and each answer carries what changed. Pure, and free of any rule
// system, so that the popup's first load stays small.
import { logLength, logOffset, type EventLog } from '../game/log';
import type { GameChange, HistoryPage, StoreChange } from '../messages';
import type { SystemId } from '../rules/ids';
import { SCHEMA_VERSION, type StoredGame, type StoreRoot } from './root';

type AnyGame = StoredGame<SystemId>;

/** A log as a view holds it: whole when it holds every event, else a window on its end. */
function viewLog(
  events: readonly unknown[],
  offset: number,
  base: unknown,
  length: number,
  cursor: number,
): EventLog<unknown> {
  return offset === 0 && events.length === length
    ? { events, cursor }
    : { events, cursor: cursor - offset, window: { offset, base, length } };
}

const gameOfWindow = (c: Extract<GameChange, { kind: 'window' }>): AnyGame =>
  ({ config: c.config, log: viewLog(c.events, c.offset, c.base, c.length, c.cursor) }) as AnyGame;

/** The game after a tail change, or null when the view does not hold what the change starts from. */
function applyTail(game: AnyGame | undefined, c: Extract<GameChange, { kind: 'tail' }>): AnyGame | null {
  if (!game) return null;
  const log = game.log as EventLog<unknown>;
  const offset = logOffset(log);
  const held = log.events;
  if (c.from < offset || c.from > offset + held.length || c.cursor < offset) return null;
  const after = c.from + c.events.length;
  // What the view held past the new events and the change left as it was.
  const keepUntil = Math.min(offset + held.length, c.same, c.length);
  const events = held
    .slice(0, c.from - offset)
    .concat(c.events, after < keepUntil ? held.slice(after - offset, keepUntil - offset) : []);
  if (offset + events.length < c.cursor) return null;
  return { config: game.config, log: viewLog(events, offset, log.window?.base ?? null, c.length, c.cursor) } as AnyGame;
}

/**
 * The view after `change`; the same view when it already holds that revision; 'behind' when it does
 * not hold what the change applies to (another view's changes came between): it then asks for the
 * store anew (`store/load`).
 */
export function applyChange(view: StoreRoot | null, change: StoreChange): StoreRoot | 'behind' {
  if (change.since === null) {
    if (view && change.revision < view.revision) return view;
    const games: Partial<Record<SystemId, AnyGame>> = {};
    for (const [system, c] of Object.entries(change.games) as [SystemId, GameChange | null][])
      if (c && c.kind === 'window') games[system] = gameOfWindow(c);
    const bindings: Partial<Record<SystemId, NonNullable<StoreChange['bindings'][SystemId]>>> = {};
    for (const [system, b] of Object.entries(change.bindings) as [SystemId, StoreChange['bindings'][SystemId]][])
      if (b) bindings[system] = b;
    return {
      schemaVersion: SCHEMA_VERSION,
      revision: change.revision,
      activeSystem: change.activeSystem,
      games: games as StoreRoot['games'],
      bindings,
      notices: change.notices,
      recent: [],
    };
  }
  if (view && change.revision <= view.revision) return view;
  if (!view || change.since !== view.revision) return 'behind';
  const games: Partial<Record<SystemId, AnyGame>> = { ...(view.games as Partial<Record<SystemId, AnyGame>>) };
  for (const [system, c] of Object.entries(change.games) as [SystemId, GameChange | null][]) {
    if (c === null) delete games[system];
    else if (c.kind === 'window') games[system] = gameOfWindow(c);
    else {
      const next = applyTail(games[system], c);
      if (!next) return 'behind';
      games[system] = next;
    }
  }
  const bindings = { ...view.bindings } as Record<string, unknown>;
  for (const [system, b] of Object.entries(change.bindings)) {
    if (b) bindings[system] = b;
    else delete bindings[system];
  }
  return {
    ...view,
    revision: change.revision,
    activeSystem: change.activeSystem,
    notices: change.notices,
    games: games as StoreRoot['games'],
    bindings: bindings as StoreRoot['bindings'],
  };
}

/** The view with `page` (the events just before those it holds of `system`) added in front; null if it no longer fits. */
export function withHistory(view: StoreRoot, system: SystemId, page: HistoryPage): StoreRoot | null {
  const game = view.games[system] as AnyGame | undefined;
  if (!game) return null;
  const log = game.log as EventLog<unknown>;
  if (logOffset(log) !== page.offset + page.events.length || page.offset >= logOffset(log)) return null;
  const events = page.events.concat(log.events);
  const length = logLength(log);
  const next = {
    config: game.config,
    log: viewLog(events, page.offset, page.base, length, log.cursor + logOffset(log)),
  } as AnyGame;
  return { ...view, games: { ...view.games, [system]: next } };
}
