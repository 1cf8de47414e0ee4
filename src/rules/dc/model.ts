import { checkText, isWholeIn } from '../../game/checks';
import { ok, refuse, type Result } from '../../game/result';
import {
  checkChoice,
  diceAvailable,
  isEliminated,
  isFragile,
  rerollAllowed,
  thresholdOf,
  withPositions,
} from './choice';
import { parseProfile } from './profile';
import {
  DC_LIMITS,
  DC_RULES,
  DEFAULT_DC_CONFIG,
  type DcConfig,
  type DcEvent,
  type DcHex,
  type DcHolding,
  type DcLeader,
  type DcSide,
  type DcState,
  type DcUnit,
} from './types';

type Ev<T extends DcEvent['type']> = Extract<DcEvent, { type: T }>;

export function initialState(config: DcConfig = DEFAULT_DC_CONFIG): DcState {
  return {
    phase: 'setup',
    config,
    turn: 0,
    leaders: [],
    units: [],
    serial: 0,
    initiative: null,
    moraleDue: [],
    notActivated: [],
    drama: null,
  };
}

/** Where the holding of the initiative stands; each action of an activation needs its step. */
export type DcStep = 'leader' | 'units' | 'roll' | 'assign' | 'decide';

export function stepOf(h: DcHolding): DcStep {
  if (h.deciding) return 'decide';
  if (h.leader === null) return 'leader';
  if (h.command === null) return 'units';
  return h.command.dice === null ? 'roll' : 'assign';
}

export const otherSide = (side: DcSide): DcSide => (side === 'colonial' ? 'native' : 'colonial');

const checkName = (name: unknown): Result<string> => checkText(name, DC_LIMITS.nameLength);

function checkHex(at: DcHex | null | undefined): Result<DcHex | null> {
  if (at === null || at === undefined) return ok(null);
  const c = DC_LIMITS.coord;
  return isWholeIn(at.q, -c, c) && isWholeIn(at.r, -c, c)
    ? ok({ q: at.q, r: at.r })
    : refuse('dc-position-invalid', { max: c });
}

const countOnes = (side: DcSide, dice: readonly number[]): number =>
  side === 'colonial' ? dice.filter((d) => d === 1).length : 0;

export function applyEvent(state: DcState, event: DcEvent): Result<DcState> {
  switch (event.type) {
    case 'configure':
      return configure(state, event);
    case 'leaderAdded':
      return leaderAdded(state, event);
    case 'unitAdded':
      return unitAdded(state, event);
    case 'removed':
      return removed(state, event);
    case 'placed':
      return placed(state, event);
    case 'lossesSet':
      return lossesSet(state, event);
    case 'start':
      if (state.phase !== 'setup') return refuse('game-already-started');
      if (state.leaders.length === 0 || state.units.length === 0) return refuse('dc-nothing-to-play');
      return ok({ ...state, phase: 'playing', turn: 1 });
    case 'newTurn':
      return newTurn(state);
    case 'newGame':
      return ok({ ...resetTurn(state), phase: 'setup', turn: 0, drama: null });
    case 'initiativeGained':
      if (state.phase !== 'playing') return refuse('game-not-started');
      if (state.initiative) return refuse('dc-initiative-held');
      if (event.side !== 'colonial' && event.side !== 'native')
        return refuse('unknown-side', { side: String(event.side) });
      return ok({ ...state, initiative: holding(event.side) });
    case 'leaderActivated':
      return leaderActivated(state, event);
    case 'unitsCommanded':
      return unitsCommanded(state, event);
    case 'diceRolled':
      return diceRolled(state, event);
    case 'dieRerolled':
      return dieRerolled(state, event);
    case 'diceAssigned':
      return diceAssigned(state, event);
    case 'initiativeKept':
      return initiativeKept(state, event);
    case 'initiativeConceded':
      return conceded(state);
    case 'moraleTaken':
      if (!state.moraleDue.includes(event.unit))
        return refuse('dc-no-morale-test', { unit: unitName(state, event.unit) });
      return ok({ ...state, moraleDue: state.moraleDue.filter((u) => u !== event.unit) });
    case 'unitActed':
      return unitActed(state, event);
    case 'dramaResolved':
      if (state.drama === null) return refuse('dc-no-drama');
      if (!isWholeIn(event.value, 0, state.drama))
        return refuse('dc-drama-invalid', { value: String(event.value), max: state.drama });
      return ok({ ...state, drama: null });
    default:
      return refuse('unknown-event', { type: String((event as { type?: unknown }).type) });
  }
}

const holding = (side: DcSide): DcHolding => ({
  side,
  keeps: 0,
  ones: 0,
  leader: null,
  dice: 0,
  command: null,
  deciding: false,
});

const unitName = (state: DcState, id: string): string => state.units.find((u) => u.id === id)?.name ?? String(id);

function configure(state: DcState, event: Ev<'configure'>): Result<DcState> {
  const houseRules = { ...state.config.houseRules, ...event.houseRules };
  for (const value of [houseRules.threshold, houseRules.fragileThreshold]) {
    if (!isWholeIn(value, 1, 10)) return refuse('dc-threshold-invalid', { value: String(value) });
  }
  return ok({ ...state, config: { ...state.config, houseRules } });
}

function checkSide(side: unknown): Result<DcSide> {
  return side === 'colonial' || side === 'native' ? ok(side) : refuse('unknown-side', { side: String(side) });
}

function leaderAdded(state: DcState, event: Ev<'leaderAdded'>): Result<DcState> {
  const side = checkSide(event.side);
  if (!side.ok) return side;
  const name = checkName(event.name);
  if (!name.ok) return name;
  const profile = parseProfile(event.profile);
  if (!profile.ok) return profile;
  const at = checkHex(event.at);
  if (!at.ok) return at;
  if (state.leaders.length + state.units.length >= DC_LIMITS.maxPieces)
    return refuse('roster-too-large', { max: DC_LIMITS.maxPieces });
  const leader: DcLeader = {
    id: `L${state.serial + 1}`,
    name: name.value,
    side: side.value,
    profile: profile.value,
    at: at.value,
    deactivated: false,
  };
  return ok({ ...state, serial: state.serial + 1, leaders: [...state.leaders, leader] });
}

function unitAdded(state: DcState, event: Ev<'unitAdded'>): Result<DcState> {
  const side = checkSide(event.side);
  if (!side.ok) return side;
  const name = checkName(event.name);
  if (!name.ok) return name;
  const losses = event.losses ?? 0;
  if (!isWholeIn(losses, 0, DC_RULES.eliminatedAt))
    return refuse('dc-losses-invalid', { losses: String(losses), max: DC_RULES.eliminatedAt });
  const at = checkHex(event.at);
  if (!at.ok) return at;
  if (state.leaders.length + state.units.length >= DC_LIMITS.maxPieces)
    return refuse('roster-too-large', { max: DC_LIMITS.maxPieces });
  const unit: DcUnit = {
    id: `U${state.serial + 1}`,
    name: name.value,
    side: side.value,
    losses,
    marker: 'white',
    at: at.value,
  };
  return ok({ ...state, serial: state.serial + 1, units: [...state.units, unit] });
}

function removed(state: DcState, event: Ev<'removed'>): Result<DcState> {
  if (state.phase !== 'setup') return refuse('game-already-started');
  if (!state.leaders.some((l) => l.id === event.id) && !state.units.some((u) => u.id === event.id))
    return refuse('dc-unknown-piece', { id: event.id });
  return ok({
    ...state,
    leaders: state.leaders.filter((l) => l.id !== event.id),
    units: state.units.filter((u) => u.id !== event.id),
  });
}

/** Pieces move during the game: positions can change at any time (by hand, or from a tabletop later). */
function placed(state: DcState, event: Ev<'placed'>): Result<DcState> {
  const at = checkHex(event.at);
  if (!at.ok) return at;
  if (state.leaders.some((l) => l.id === event.id)) {
    return ok({ ...state, leaders: state.leaders.map((l) => (l.id === event.id ? { ...l, at: at.value } : l)) });
  }
  if (state.units.some((u) => u.id === event.id)) {
    return ok({ ...state, units: state.units.map((u) => (u.id === event.id ? { ...u, at: at.value } : u)) });
  }
  return refuse('dc-unknown-piece', { id: event.id });
}

function lossesSet(state: DcState, event: Ev<'lossesSet'>): Result<DcState> {
  if (!state.units.some((u) => u.id === event.unit)) return refuse('dc-unknown-piece', { id: event.unit });
  if (!isWholeIn(event.losses, 0, DC_RULES.eliminatedAt))
    return refuse('dc-losses-invalid', { losses: String(event.losses), max: DC_RULES.eliminatedAt });
  return ok({ ...state, units: state.units.map((u) => (u.id === event.unit ? { ...u, losses: event.losses } : u)) });
}

/** White markers back, every leader available, nobody holds the initiative. */
function resetTurn(state: DcState): DcState {
  return {
    ...state,
    units: state.units.map((u) => ({ ...u, marker: 'white' })),
    leaders: state.leaders.map((l) => ({ ...l, deactivated: false })),
    initiative: null,
    moraleDue: [],
    notActivated: [],
  };
}

function newTurn(state: DcState): Result<DcState> {
  if (state.phase !== 'playing') return refuse('game-not-started');
  if (state.initiative?.command?.dice) return refuse('dc-step-assign');
  return ok({ ...resetTurn(state), turn: state.turn + 1 });
}

function atStep(state: DcState, ...allowed: DcStep[]): Result<DcHolding> {
  if (state.phase !== 'playing') return refuse('game-not-started');
  const h = state.initiative;
  if (!h) return refuse('dc-no-initiative');
  const step = stepOf(h);
  return allowed.includes(step) ? ok(h) : refuse(`dc-step-${step}`);
}

function findLeader(state: DcState, h: DcHolding, id: string): Result<DcLeader> {
  const leader = state.leaders.find((l) => l.id === id);
  if (!leader) return refuse('dc-unknown-piece', { id: String(id) });
  if (leader.side !== h.side) return refuse('dc-not-your-leader', { leader: leader.name });
  if (leader.deactivated) return refuse('dc-leader-deactivated', { leader: leader.name });
  return ok(leader);
}

const deactivate = (state: DcState, id: string | null): DcState =>
  id === null
    ? state
    : { ...state, leaders: state.leaders.map((l) => (l.id === id ? { ...l, deactivated: true } : l)) };

/**
 * The initiative passes to the other side: keeps and the count of "1"s start again; the Colonial
 * player's "1"s of this holding give the Native player's Drama card (capped at 3, none for 0).
 */
function loseInitiative(state: DcState, h: DcHolding): DcState {
  const drama = h.side === 'colonial' ? (h.ones > 0 ? Math.min(h.ones, DC_RULES.dramaCap) : null) : state.drama;
  return { ...deactivate(state, h.leader), initiative: holding(otherSide(h.side)), drama };
}

/** Activates `leader` with the holding's keeps; with no die left he is deactivated and the initiative passes. */
function activate(state: DcState, h: DcHolding, leader: DcLeader): DcState {
  const next: DcHolding = { ...h, leader: leader.id, command: null, deciding: false };
  const dice = diceAvailable({ ...state, initiative: next }, leader);
  if (dice === 0) return loseInitiative(state, next);
  return { ...state, initiative: { ...next, dice } };
}

function leaderActivated(state: DcState, event: Ev<'leaderActivated'>): Result<DcState> {
  const h = atStep(state, 'leader');
  if (!h.ok) return h;
  const leader = findLeader(state, h.value, event.leader);
  if (!leader.ok) return leader;
  return ok(activate(state, h.value, leader.value));
}

function unitsCommanded(state: DcState, event: Ev<'unitsCommanded'>): Result<DcState> {
  const h = atStep(state, 'units');
  if (!h.ok) return h;
  // Where the board says the pieces stand, when it was read (the positions travel inside the event, so a replay reads no board).
  const board = withPositions(state, event.positions);
  if (!board.ok) return board;
  const leader = board.value.leaders.find((l) => l.id === h.value.leader)!;
  const choice = checkChoice(board.value, leader, event.units, event.word);
  if (!choice.ok) return choice;
  const command = { units: [...event.units], ...choice.value, dice: null, rerolled: false };
  return ok({ ...state, initiative: { ...h.value, command } });
}

function diceRolled(state: DcState, event: Ev<'diceRolled'>): Result<DcState> {
  const h = atStep(state, 'roll');
  if (!h.ok) return h;
  const leader = state.leaders.find((l) => l.id === h.value.leader)!;
  const command = h.value.command!;
  const min = command.units.length;
  const max = diceAvailable(state, leader);
  if (event.dice.length < min || event.dice.length > max)
    return refuse('dc-dice-count', { count: event.dice.length, min, max });
  const sides = leader.profile.die;
  for (const d of event.dice)
    if (!isWholeIn(d, 1, sides)) return refuse('die-out-of-range', { value: String(d), sides });
  const ones = h.value.ones + countOnes(h.value.side, event.dice);
  return ok({ ...state, initiative: { ...h.value, ones, command: { ...command, dice: [...event.dice] } } });
}

function dieRerolled(state: DcState, event: Ev<'dieRerolled'>): Result<DcState> {
  const h = atStep(state, 'assign');
  if (!h.ok) return h;
  const command = h.value.command!;
  const dice = command.dice!;
  const allowed = rerollAllowed(command);
  if (!allowed.ok) return allowed;
  if (!isWholeIn(event.index, 0, dice.length - 1)) return refuse('dc-die-index', { index: String(event.index) });
  if (dice[event.index] === 1) return refuse('dc-reroll-one');
  const sides = state.leaders.find((l) => l.id === h.value.leader)!.profile.die;
  if (!isWholeIn(event.value, 1, sides)) return refuse('die-out-of-range', { value: String(event.value), sides });
  const next = dice.map((d, i) => (i === event.index ? event.value : d));
  const ones = h.value.ones + countOnes(h.value.side, [event.value]);
  return ok({ ...state, initiative: { ...h.value, ones, command: { ...command, dice: next, rerolled: true } } });
}

/**
 * One die per unit; a unit is activated by a die at or above its threshold. All activated: the player
 * decides to keep or concede. Otherwise the leader is deactivated and the initiative passes; fragile
 * units left behind owe a morale test. Either way no commanded unit can be commanded again this turn.
 */
function diceAssigned(state: DcState, event: Ev<'diceAssigned'>): Result<DcState> {
  const h = atStep(state, 'assign');
  if (!h.ok) return h;
  const command = h.value.command!;
  const dice = command.dice!;
  const seenUnits = new Set<string>();
  const seenDice = new Set<number>();
  const value = new Map<string, number>();
  for (const { unit, die } of event.assign) {
    if (!command.units.includes(unit)) return refuse('dc-not-commanded', { unit: unitName(state, unit) });
    if (seenUnits.has(unit)) return refuse('dc-duplicate-unit');
    if (!isWholeIn(die, 0, dice.length - 1)) return refuse('dc-die-index', { index: String(die) });
    if (seenDice.has(die)) return refuse('dc-die-twice', { index: die + 1 });
    seenUnits.add(unit);
    seenDice.add(die);
    value.set(unit, dice[die]!);
  }
  const activated = new Set(
    command.units.filter(
      (id) =>
        (value.get(id) ?? 0) >=
        thresholdOf(
          state,
          state.units.find((u) => u.id === id)!,
        ),
    ),
  );
  const failedFragile = command.units.filter(
    (id) => !activated.has(id) && isFragile(state.units.find((u) => u.id === id)!),
  );
  const units = state.units.map((u) =>
    command.units.includes(u.id)
      ? { ...u, marker: activated.has(u.id) ? ('commanded' as const) : ('done' as const) }
      : u,
  );
  const failed = command.units.filter((id) => !activated.has(id));
  const after: DcState = {
    ...state,
    units,
    moraleDue: [...state.moraleDue, ...failedFragile],
    notActivated: [...state.notActivated, ...failed],
  };
  if (activated.size === command.units.length)
    return ok({ ...after, initiative: { ...h.value, command: null, deciding: true } });
  return ok(loseInitiative(after, { ...h.value, command: null }));
}

/** Keeping costs one die on the next roll, cumulatively, whether the same leader goes on or another takes over. */
function initiativeKept(state: DcState, event: Ev<'initiativeKept'>): Result<DcState> {
  const h = atStep(state, 'decide');
  if (!h.ok) return h;
  const current = h.value.leader;
  const leader = state.leaders.find((l) => l.id === event.leader);
  // Switching leaders deactivates the one who acted for the rest of the turn.
  const leaving = leader && leader.id !== current ? deactivate(state, current) : state;
  const found = findLeader(leaving, h.value, event.leader);
  if (!found.ok) return found;
  return ok(activate(leaving, { ...h.value, keeps: h.value.keeps + 1 }, found.value));
}

/** No units chosen (no roll), or a player who would rather not keep: the initiative passes. */
function conceded(state: DcState): Result<DcState> {
  const h = atStep(state, 'leader', 'units', 'roll', 'decide');
  if (!h.ok) return h;
  return ok(loseInitiative(state, h.value));
}

function unitActed(state: DcState, event: Ev<'unitActed'>): Result<DcState> {
  const unit = state.units.find((u) => u.id === event.unit);
  if (!unit) return refuse('dc-unknown-piece', { id: event.unit });
  if (unit.marker !== 'commanded') return refuse('dc-not-activated', { unit: unit.name });
  return ok({ ...state, units: state.units.map((u) => (u.id === unit.id ? { ...u, marker: 'done' } : u)) });
}
