// What the worker answers (StoreChange, src/messages.ts): the change a request made, not the whole
// store, and for a view that holds nothing (or is behind) the end of each game, not all of it. The
// size of an answer thus does not grow with the length of the games.
import { sharedPrefix } from '../game/log';
import type { AnyRuleSystem } from '../game/system';
import type { GameChange, HistoryPage, StoreChange } from '../messages';
import { ok, refuse, type Result } from '../game/result';
import { DESCRIPTORS, type SystemId } from '../rules';
import type { StoredGame, StoreRoot } from './root';
import { CHECKPOINT, GameStates } from './states';
import { EXPORT_PAGE, type ExportPage } from './file';

type Systems = { readonly [K in SystemId]: { readonly rules: AnyRuleSystem } };
type AnyGame = StoredGame<SystemId>;

/**
 * How much of a game a view gets. A window holds `before` events or a little more before the cursor
 * (it starts on a checkpoint, where the worker keeps the state), and at most `after` past it; a
 * change of more than `tail` events comes as a window; a page of older history holds `page` events.
 */
export const VIEW = { before: 100, after: 128, tail: 256, page: 256 } as const;

/** The end of `game` as a view holds it: the state at a checkpoint before its cursor, and the events from there. */
export function windowOf(
  system: SystemId,
  game: AnyGame,
  states: GameStates,
  systems: Systems = DESCRIPTORS,
): Extract<GameChange, { kind: 'window' }> {
  const { events, cursor } = game.log;
  let offset = cursor <= VIEW.before ? 0 : Math.floor((cursor - VIEW.before) / CHECKPOINT) * CHECKPOINT;
  let base: unknown = null;
  if (offset > 0) {
    const state = states.stateAt(system, systems[system].rules, game, offset);
    if (state.ok) base = state.value;
    else offset = 0;
  }
  return {
    kind: 'window',
    config: game.config,
    offset,
    base,
    events: events.slice(offset, Math.min(events.length, cursor + VIEW.after)),
    length: events.length,
    cursor,
  };
}

/** What changed of one game, for a view that holds the `before` version (its end, up to its cursor at least). */
function gameChange(
  system: SystemId,
  before: AnyGame,
  after: AnyGame,
  states: GameStates,
  systems: Systems,
): GameChange {
  if (before.config !== after.config) return windowOf(system, after, states, systems);
  const b = before.log;
  const a = after.log;
  // The events both versions share (the store keeps event objects from one version to the next).
  const same = sharedPrefix(b.events, a.events);
  // From the first changed event or the old cursor (what the view surely holds), to the new cursor
  // and past every changed event.
  const from = Math.min(same, b.cursor);
  const to = Math.max(a.cursor, same < a.events.length ? a.events.length : from);
  // Too many events, or a change that reaches before what a view surely holds (a window starts at
  // most VIEW.before + CHECKPOINT events before its cursor): the game anew.
  if (to - from > VIEW.tail || from < b.cursor - VIEW.before) return windowOf(system, after, states, systems);
  return { kind: 'tail', from, events: a.events.slice(from, to), same, length: a.events.length, cursor: a.cursor };
}

/** The change from `before` to `after`, for a view that holds `before`. */
export function changeOf(
  before: StoreRoot,
  after: StoreRoot,
  states: GameStates,
  systems: Systems = DESCRIPTORS,
): StoreChange {
  const games: { [K in SystemId]?: GameChange | null } = {};
  const bindings: StoreChange['bindings'] = {};
  const ids = new Set([
    ...Object.keys(before.games),
    ...Object.keys(after.games),
    ...Object.keys(before.bindings),
    ...Object.keys(after.bindings),
  ]) as Set<SystemId>;
  for (const system of ids) {
    const b = before.games[system] as AnyGame | undefined;
    const a = after.games[system] as AnyGame | undefined;
    if (b !== a)
      games[system] = !a ? null : !b ? windowOf(system, a, states, systems) : gameChange(system, b, a, states, systems);
    if (before.bindings[system] !== after.bindings[system])
      (bindings as Record<string, unknown>)[system] = after.bindings[system] ?? null;
  }
  return {
    since: before.revision,
    revision: after.revision,
    activeSystem: after.activeSystem,
    notices: after.notices,
    bindings,
    games,
  };
}

/** Everything a view needs of `root`, for a view that holds nothing: each game's end, every binding. */
export function snapshotOf(root: StoreRoot, states: GameStates, systems: Systems = DESCRIPTORS): StoreChange {
  const games: { [K in SystemId]?: GameChange } = {};
  for (const [system, game] of Object.entries(root.games) as [SystemId, AnyGame][])
    games[system] = windowOf(system, game, states, systems);
  return {
    since: null,
    revision: root.revision,
    activeSystem: root.activeSystem,
    notices: root.notices,
    bindings: root.bindings,
    games,
  };
}

/** Nothing changed: a view at this revision keeps what it holds. */
export const unchanged = (root: StoreRoot): StoreChange => ({
  since: root.revision,
  revision: root.revision,
  activeSystem: root.activeSystem,
  notices: root.notices,
  bindings: {},
  games: {},
});

/** The page of history just before event `before` of `system`'s game: its events and the state before them. */
export function historyOf(
  root: StoreRoot,
  system: SystemId,
  before: number,
  states: GameStates,
  systems: Systems = DESCRIPTORS,
): Result<HistoryPage> {
  const game = root.games[system] as AnyGame | undefined;
  if (!game || before > game.log.cursor) return refuse('history-unknown', { before });
  const offset = before <= VIEW.page ? 0 : Math.floor((before - VIEW.page) / CHECKPOINT) * CHECKPOINT;
  let base: unknown = null;
  if (offset > 0) {
    const state = states.stateAt(system, systems[system].rules, game, offset);
    if (!state.ok) return state;
    base = state.value;
  }
  return ok({ revision: root.revision, offset, base, events: game.log.events.slice(offset, before) });
}

/**
 * What `store/export` answers of `system`'s game: whole (`from` undefined: `{system, game, binding}`),
 * or a page from event `from` on, as a file is written (src/store/file.ts).
 */
export function exportOf(root: StoreRoot, system: SystemId, from: number | undefined): Result<unknown> {
  const game = root.games[system] as AnyGame | undefined;
  if (!game) return refuse('nothing-to-export', { system });
  const binding = root.bindings[system] ?? null;
  if (from === undefined) return ok({ system, game, binding });
  const { events, cursor } = game.log;
  const page: ExportPage = {
    system,
    revision: root.revision,
    config: game.config,
    cursor,
    length: events.length,
    from,
    events: events.slice(from, from + EXPORT_PAGE),
    binding,
  };
  return ok(page);
}
