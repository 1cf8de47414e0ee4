import { BINDING_LIMITS, EMPTY_BINDING, type Binding } from '../board/model';
import { createdPieces } from '../board/roster';
import { append, redo, undo, type EventLog } from '../game/log';
import { ok, refuse, type Result } from '../game/result';
import { canonicalJson } from '../game/json';
import type { AnyRuleSystem } from '../game/system';
import { parseWith } from '../game/validate';
import { requestSchema, type LinkChange, type Request, type SideChange } from '../messages';
import { DESCRIPTORS, type SystemId } from '../rules';
import type { AnyDescriptor, NewLink } from '../rules/descriptor';
import { gameOf, readBinding } from './load';
import { BACKUP_KEY_PREFIX, RECENT_IDS, type StoredGame, type StoreRoot } from './root';
import { GameStates } from './states';

/**
 * Validates an untrusted message: its envelope, then (for game events) each event's shape, and what
 * a player may no longer ask for (the rules' `refuseNew`: refused as the rules refuse, with its reason).
 */
export function parseRequest(raw: unknown): Result<Request> {
  const envelope = parseWith(requestSchema, raw, 'bad-message');
  if (!envelope.ok) return envelope;
  const request = envelope.value;
  const rules: AnyRuleSystem | null = 'system' in request ? DESCRIPTORS[request.system].rules : null;
  const newEvent = (raw: unknown): Result<unknown> => {
    const event = rules!.parseEvent(raw);
    if (!event.ok) return refuse('bad-message', event.error.params);
    return rules!.refuseNew ? rules!.refuseNew(event.value) : event;
  };
  if (request.type === 'game/dispatch') {
    const event = newEvent(request.event);
    if (!event.ok) return event;
    return ok({ ...request, event: event.value } as Request);
  }
  if (request.type === 'game/replace') {
    const config = request.config === undefined ? ok(rules!.defaultConfig) : rules!.parseConfig(request.config);
    if (!config.ok) return refuse('bad-message', config.error.params);
    const events = [];
    for (const raw of request.events) {
      const event = newEvent(raw);
      if (!event.ok) return event;
      events.push(event.value);
    }
    return ok({ ...request, config: config.value, events } as Request);
  }
  if (request.type === 'game/batch') {
    const events = [];
    for (const raw of request.events) {
      const event = newEvent(raw);
      if (!event.ok) return event;
      events.push(event.value);
    }
    return ok({ ...request, events } as Request);
  }
  return ok(request as Request);
}

const withGame = <K extends SystemId>(root: StoreRoot, system: K, game: StoredGame<K>): StoreRoot => ({
  ...root,
  games: { ...root.games, [system]: game },
});

export const bindingOf = (root: StoreRoot, system: SystemId): Binding => root.bindings[system] ?? EMPTY_BINDING;

/** The ids of the pieces of `state`. */
const pieceIds = (descriptor: AnyDescriptor, state: unknown): Set<string> =>
  new Set(descriptor.pieces(state).map((p) => p.id));

/**
 * Of the pieces `wanted`, those `game` has anywhere in its history, done or undone: at its cursor
 * (`state`), before it (a piece an event removed, which an undo brings back) or after it (a piece an
 * undone event made, which a redo brings back). The game is replayed from its start only when some
 * piece wanted is not at its cursor, and no further than the last of them.
 */
export function piecesInHistory(
  descriptor: AnyDescriptor,
  game: { readonly config: unknown; readonly log: EventLog<unknown> },
  state: unknown,
  wanted: Iterable<string>,
): Set<string> {
  const missing = new Set(wanted);
  const found = new Set<string>();
  const look = (at: unknown) => {
    for (const p of descriptor.pieces(at)) if (missing.delete(p.id)) found.add(p.id);
  };
  look(state);
  let at: unknown = descriptor.rules.initialState(game.config);
  for (let i = 0; missing.size > 0 && i < game.log.events.length; i++) {
    look(at);
    const next = descriptor.rules.apply(at, game.log.events[i]);
    if (!next.ok) break;
    at = next.value;
  }
  if (missing.size > 0) look(at);
  return found;
}

/** The binding with these changes: pieces must be among `known` (the game's), sides must be the game's. */
function rebind(
  descriptor: AnyDescriptor,
  known: ReadonlySet<string>,
  binding: Binding,
  links: readonly LinkChange[],
  sides: readonly SideChange[] = [],
): Result<Binding> {
  const nextLinks: Record<string, string> = { ...binding.links };
  for (const { token, piece } of links) {
    if (piece === null) delete nextLinks[token];
    else if (!known.has(piece)) return refuse('board-unknown-piece', { piece });
    else nextLinks[token] = piece;
  }
  const nextSides: Record<string, string> = { ...binding.sides };
  for (const { tabletop, side } of sides) {
    if (side === null) delete nextSides[tabletop];
    else if (!descriptor.sides.includes(side)) return refuse('unknown-side', { side });
    else nextSides[tabletop] = side;
  }
  if (Object.keys(nextLinks).length > BINDING_LIMITS.links || Object.keys(nextSides).length > BINDING_LIMITS.sides)
    return refuse('board-binding-too-large');
  return ok({ links: nextLinks, sides: nextSides });
}

/**
 * A game's links to the board as a file holds them (null: none), checked as a request's links are:
 * their shape and size, pieces of the game, sides of the system. The bindings to put in the root.
 *
 * A link may name a piece the game has anywhere in its history, not only at its cursor (`state`): the
 * store keeps the links of an undone roster entry or a removed piece, so that a redo or an undo finds
 * its token linked again, and a file keeps them the same way, with the events that make the piece.
 * Dropping them from the file instead would lose what the player can still redo or undo there.
 * (The store drops the links to a piece no event of the game makes any more: see `applyEvents`.)
 */
export function checkedBinding(
  system: SystemId,
  game: { readonly config: unknown; readonly log: EventLog<unknown> },
  state: unknown,
  raw: unknown,
  systems: Systems = DESCRIPTORS,
): Result<StoreRoot['bindings']> {
  if (raw === null) return ok({ [system]: EMPTY_BINDING });
  const read = readBinding(raw);
  if (!read) return refuse('wrong-shape');
  const links = Object.entries(read.links).map(([token, piece]) => ({ token, piece }));
  const sides = Object.entries(read.sides).map(([tabletop, side]) => ({ tabletop, side }));
  const known = piecesInHistory(systems[system], game, state, Object.values(read.links));
  const binding = rebind(systems[system], known, EMPTY_BINDING, links, sides);
  return binding.ok ? ok({ [system]: binding.value }) : binding;
}

/**
 * The next root for a validated request; a refusal leaves the root as it was. A change counts one
 * revision and remembers the request's id (a retry of it is then answered, not applied again).
 * `states` keeps each game's state between requests (the worker keeps one): without it, the game is
 * replayed from the start.
 */
export function applyRequest(
  root: StoreRoot,
  request: Request,
  states: GameStates = new GameStates(),
  systems: Systems = DESCRIPTORS,
): Result<StoreRoot> {
  if (request.id !== undefined && root.recent.includes(request.id)) return ok(root);
  const next = nextRoot(root, request, states, systems);
  if (!next.ok || next.value === root) return next;
  const recent = request.id === undefined ? root.recent : [...root.recent, request.id].slice(-RECENT_IDS);
  return ok({ ...next.value, revision: root.revision + 1, recent });
}

/**
 * The descriptor of each system, as requests are applied with them: the registry itself, or (a shared
 * Owlbear table) the same with the rules playing each event as its opened secrets say.
 */
export type Systems = { readonly [K in SystemId]: AnyDescriptor };

function nextRoot(root: StoreRoot, request: Request, states: GameStates, systems: Systems): Result<StoreRoot> {
  switch (request.type) {
    case 'store/load':
      return ok(root);
    case 'store/dismiss-notice':
      return ok({ ...root, notices: [] });
    case 'store/select-system':
      return ok({ ...root, activeSystem: request.system });
    // The backups and imports touch storage beyond the root: the store service answers them (./service.ts).
    case 'store/backups':
    case 'store/backup':
    case 'store/restore':
    case 'store/delete-backup':
    case 'store/export':
    case 'store/history':
    case 'game/import':
      return refuse('bad-message', { path: 'type', problem: `${request.type} is answered by the store service` });
    case 'game/undo':
    case 'game/redo': {
      const game = gameOf(root, request.system);
      const moved = request.type === 'game/undo' ? undo(game.log) : redo(game.log);
      return moved.ok ? ok(withGame(root, request.system, { ...game, log: moved.value })) : moved;
    }
    case 'game/dispatch':
      return applyEvents(root, request.system, [request.event], states, systems);
    case 'game/batch':
      return applyEvents(root, request.system, request.events, states, systems, request.links, request.sides);
    case 'game/replace':
      return replaceGame(
        root,
        request.system,
        request.config,
        request.events,
        request.links ?? [],
        request.sides ?? [],
        systems,
      );
    case 'board/link': {
      const descriptor: AnyDescriptor = systems[request.system];
      const game = gameOf(root, request.system);
      const state = states.stateOf(request.system, descriptor.rules, game);
      if (!state.ok) return state;
      const binding = rebind(
        descriptor,
        pieceIds(descriptor, state.value),
        bindingOf(root, request.system),
        request.links,
        request.sides,
      );
      return binding.ok ? ok({ ...root, bindings: { ...root.bindings, [request.system]: binding.value } }) : binding;
    }
  }
}

/**
 * Appends events one after the other, all or none; `links` then bind tokens to the pieces the events
 * created (the `nth` new piece of event `event`), so a roster taken from the board arrives linked.
 */
function applyEvents(
  root: StoreRoot,
  system: SystemId,
  events: readonly unknown[],
  states: GameStates,
  systems: Systems,
  links: readonly NewLink[] = [],
  sides: readonly SideChange[] = [],
): Result<StoreRoot> {
  const descriptor: AnyDescriptor = systems[system]; // one system's types, whichever it is
  const game = gameOf(root, system);
  const replayed = states.stateOf(system, descriptor.rules, game);
  if (!replayed.ok) return replayed;
  let state: unknown = replayed.value;
  let log: EventLog<unknown> = game.log;
  const created: string[][] = [];
  for (const event of events) {
    const before = links.length ? descriptor.pieces(state) : [];
    const appended = append(descriptor.rules, state, log, event);
    if (!appended.ok) return appended;
    if (links.length) created.push(createdPieces(before, descriptor.pieces(appended.value.state)));
    state = appended.value.state;
    log = appended.value.log;
  }
  let next = withGame(root, system, { ...game, log } as StoredGame<SystemId>);
  const gone =
    game.log.cursor < game.log.events.length
      ? unreachable(descriptor, bindingOf(root, system), replayed.value, game.log, { config: game.config, log }, state)
      : [];
  if (gone.length) {
    // Links to pieces only the events just cut off made: no redo brings them back, and a piece made
    // later under the same id is another one.
    const links = { ...bindingOf(root, system).links };
    for (const token of gone) delete links[token];
    next = { ...next, bindings: { ...next.bindings, [system]: { ...bindingOf(root, system), links } } };
  }
  if (links.length || sides.length) {
    const changes: LinkChange[] = [];
    for (const l of links) {
      const piece = created[l.event]?.[l.nth ?? 0];
      if (piece === undefined) return refuse('board-link-no-piece', { event: l.event });
      changes.push({ token: l.token, piece });
    }
    const binding = rebind(descriptor, pieceIds(descriptor, state), bindingOf(next, system), changes, sides);
    if (!binding.ok) return binding;
    next = { ...next, bindings: { ...next.bindings, [system]: binding.value } };
  }
  return ok(next);
}

/**
 * The tokens of `binding` whose pieces the game no longer has anywhere, after an event at the cursor
 * cut off the undone events of `before` (`at`: its state at the cursor; `after`: the game with the new
 * events, `state` its state). Only a piece the cut events made is looked for, and the game is
 * replayed from its start for it only when the new events did not make it again.
 */
function unreachable(
  descriptor: AnyDescriptor,
  binding: Binding,
  at: unknown,
  before: EventLog<unknown>,
  after: { readonly config: unknown; readonly log: EventLog<unknown> },
  state: unknown,
): string[] {
  const linked = new Set(Object.values(binding.links));
  if (linked.size === 0) return [];
  const had = pieceIds(descriptor, at);
  const cut = new Set<string>();
  let s = at;
  for (let i = before.cursor; i < before.events.length; i++) {
    const next = descriptor.rules.apply(s, before.events[i]);
    if (!next.ok) break;
    s = next.value;
    for (const p of descriptor.pieces(s)) if (linked.has(p.id) && !had.has(p.id)) cut.add(p.id);
  }
  if (cut.size === 0) return [];
  const kept = piecesInHistory(descriptor, after, state, cut);
  return Object.entries(binding.links)
    .filter(([, piece]) => cut.has(piece) && !kept.has(piece))
    .map(([token]) => token);
}

/** A new game of `system` from its events, in place of the stored one, bound by `links` and `sides` alone. */
function replaceGame(
  root: StoreRoot,
  system: SystemId,
  config: unknown,
  events: readonly unknown[],
  links: readonly LinkChange[],
  sides: readonly SideChange[],
  systems: Systems,
): Result<StoreRoot> {
  const descriptor: AnyDescriptor = systems[system];
  const settings = config ?? descriptor.rules.defaultConfig;
  let state: unknown = descriptor.rules.initialState(settings);
  let log: EventLog<unknown> = { events: [], cursor: 0 };
  for (const event of events) {
    const appended = append(descriptor.rules, state, log, event);
    if (!appended.ok) return appended;
    state = appended.value.state;
    log = appended.value.log;
  }
  const binding = rebind(descriptor, pieceIds(descriptor, state), EMPTY_BINDING, links, sides);
  if (!binding.ok) return binding;
  return ok({
    ...withGame(root, system, { config: settings, log } as StoredGame<SystemId>),
    bindings: { ...root.bindings, [system]: binding.value },
  });
}

/** What a replaced game leaves behind, kept under a backup key (as a damaged store is): the game and its binding. */
export interface ReplacedGame {
  readonly kind: 'game-replaced';
  readonly system: SystemId;
  readonly game: StoredGame<SystemId>;
  readonly binding: Binding | null;
  /** ISO date of the replacement. */
  readonly at: string;
}

/**
 * The backup to write with a `game/replace`: the game it replaced, if that game had events and is not
 * the very game that replaces it (loading the same example twice keeps nothing twice).
 */
export function replacedBackup(
  before: StoreRoot,
  after: StoreRoot,
  request: Request,
  now: Date,
): { key: string; value: ReplacedGame } | null {
  if (request.type !== 'game/replace') return null;
  const old = before.games[request.system];
  if (!old || old.log.events.length === 0) return null;
  const next = after.games[request.system];
  if (next && canonicalJson({ c: old.config, l: old.log }) === canonicalJson({ c: next.config, l: next.log }))
    return null;
  const at = now.toISOString();
  return {
    key: `${BACKUP_KEY_PREFIX}${at}.${request.system}.before-replace`,
    value: {
      kind: 'game-replaced',
      system: request.system,
      game: old as StoredGame<SystemId>,
      binding: before.bindings[request.system] ?? null,
      at,
    },
  };
}
