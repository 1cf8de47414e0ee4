import { checkText, isWholeIn } from '../../game/checks';
import { ok, refuse, type Result } from '../../game/result';
import {
  DEFAULT_HD_CONFIG,
  LIMITS,
  type Fighter,
  type HdConfig,
  type HdEvent,
  type HdState,
  type HouseRules,
  type LossKind,
  type Modifier,
  type PendingCredit,
  type RosterEntry,
  type SideId,
  type SideState,
} from './types';

const DEFAULT_SIDES: { readonly [S in SideId]: { name: string; colour: string } } = {
  A: { name: 'A', colour: '#6f1535' },
  B: { name: 'B', colour: '#02377b' },
};

export function initialState(config: HdConfig = DEFAULT_HD_CONFIG): HdState {
  const side = (id: SideId): SideState => ({
    ...DEFAULT_SIDES[id],
    roster: [],
    fighters: [],
    base: 0,
    current: 0,
    modifiers: [],
    pending: [],
  });
  return { phase: 'setup', config, turn: 0, sides: { A: side('A'), B: side('B') }, modifierSerial: 0 };
}

const floor0 = (n: number): number => Math.max(0, n);

function checkCmd(cmd: unknown): Result<number> {
  return isWholeIn(cmd, 0, LIMITS.maxCmd) ? ok(cmd) : refuse('cmd-invalid', { cmd: String(cmd), max: LIMITS.maxCmd });
}

function rosterFighters(side: SideId, roster: readonly RosterEntry[]): Fighter[] {
  return roster.map((entry, index) => ({ ...entry, id: `${side}${index + 1}`, status: 'on-table' }));
}

const sum = (entries: readonly RosterEntry[]): number => entries.reduce((total, entry) => total + entry.cmd, 0);

/** Applies one event; a refused event leaves the state untouched and says why. */
export function applyEvent(state: HdState, event: HdEvent): Result<HdState> {
  switch (event.type) {
    case 'configure':
      return configure(state, event);
    case 'sideEdited':
      return editSide(state, event);
    case 'rosterSet':
      return setRoster(state, event);
    case 'start':
      return start(state);
    case 'newGame':
      return newGame(state);
    case 'upkeep':
      return upkeep(state);
    case 'spend':
      return spend(state, event);
    case 'fighterLost':
      return fighterLost(state, event);
    case 'fighterEnters':
      return fighterEnters(state, event);
    case 'modifierApplied':
      return modifierApplied(state, event);
    case 'modifierEnded':
      return modifierEnded(state, event);
    default:
      return refuse('unknown-event', { type: String((event as { type?: unknown }).type) });
  }
}

function withSide(state: HdState, id: SideId, side: SideState): HdState {
  return { ...state, sides: { ...state.sides, [id]: side } };
}

function sideOf(state: HdState, id: unknown): Result<SideState> {
  return id === 'A' || id === 'B' ? ok(state.sides[id]) : refuse('unknown-side', { side: String(id) });
}

function inSetup(state: HdState): Result<HdState> {
  return state.phase === 'setup' ? ok(state) : refuse('game-already-started');
}

function playing(state: HdState): Result<HdState> {
  return state.phase === 'playing' ? ok(state) : refuse('game-not-started');
}

function configure(state: HdState, event: Extract<HdEvent, { type: 'configure' }>): Result<HdState> {
  const setup = inSetup(state);
  if (!setup.ok) return setup;
  const edition = event.edition ?? state.config.edition;
  if (edition !== 'gestion' && edition !== 'commandement')
    return refuse('edition-invalid', { edition: String(edition) });
  const houseRules = { ...state.config.houseRules, ...event.houseRules };
  return ok({ ...state, config: { edition, houseRules } });
}

function editSide(state: HdState, event: Extract<HdEvent, { type: 'sideEdited' }>): Result<HdState> {
  const side = sideOf(state, event.side);
  if (!side.ok) return side;
  let { name, colour } = side.value;
  if (event.name !== undefined) {
    const checked = checkText(event.name, LIMITS.nameLength);
    if (!checked.ok) return checked;
    name = checked.value;
  }
  if (event.colour !== undefined) {
    if (!/^#[0-9a-f]{6}$/i.test(event.colour)) return refuse('colour-invalid', { colour: String(event.colour) });
    colour = event.colour.toLowerCase();
  }
  return ok(withSide(state, event.side, { ...side.value, name, colour }));
}

function setRoster(state: HdState, event: Extract<HdEvent, { type: 'rosterSet' }>): Result<HdState> {
  const setup = inSetup(state);
  if (!setup.ok) return setup;
  const side = sideOf(state, event.side);
  if (!side.ok) return side;
  if (!Array.isArray(event.fighters) || event.fighters.length > LIMITS.maxFighters) {
    return refuse('roster-too-large', { max: LIMITS.maxFighters });
  }
  const roster: RosterEntry[] = [];
  for (const entry of event.fighters) {
    const name = checkText(entry.name, LIMITS.nameLength);
    if (!name.ok) return name;
    const cmd = checkCmd(entry.cmd);
    if (!cmd.ok) return cmd;
    roster.push({ name: name.value, cmd: cmd.value });
  }
  const initial = sum(roster);
  return ok(
    withSide(state, event.side, {
      ...side.value,
      roster,
      fighters: rosterFighters(event.side, roster),
      base: initial,
      current: initial,
    }),
  );
}

/** Initial Command = the sum of the CMD of every fighter of the company. */
function start(state: HdState): Result<HdState> {
  const setup = inSetup(state);
  if (!setup.ok) return setup;
  if (state.sides.A.roster.length === 0 && state.sides.B.roster.length === 0) return refuse('rosters-empty');
  return ok({ ...state, phase: 'playing', turn: 1 });
}

/** Back to setup with the same companies, settings and colours: players rarely retype a roster. */
function newGame(state: HdState): Result<HdState> {
  const reset = (id: SideId): SideState => {
    const side = state.sides[id];
    const initial = sum(side.roster);
    return {
      ...side,
      fighters: rosterFighters(id, side.roster),
      base: initial,
      current: initial,
      modifiers: [],
      pending: [],
    };
  };
  return ok({ ...state, phase: 'setup', turn: 0, sides: { A: reset('A'), B: reset('B') }, modifierSerial: 0 });
}

/** Upkeep phase: the next turn begins; credits due now reach base, then current returns to base. */
function upkeep(state: HdState): Result<HdState> {
  const isPlaying = playing(state);
  if (!isPlaying.ok) return isPlaying;
  const turn = state.turn + 1;
  const refresh = (side: SideState): SideState => {
    let { base, modifiers } = side;
    const waiting: PendingCredit[] = [];
    for (const credit of side.pending) {
      if (credit.dueTurn > turn) {
        waiting.push(credit);
        continue;
      }
      const before = base;
      base = floor0(base + credit.delta);
      if (credit.kind === 'modifier') {
        modifiers = modifiers.map((m) =>
          m.id === credit.modifierId ? { ...m, credited: true, applied: { base: base - before, current: 0 } } : m,
        );
      }
    }
    // Current is refreshed from base, so from now on each modifier weighs on current exactly as on base.
    modifiers = modifiers.map((m) =>
      m.credited ? { ...m, applied: { base: m.applied.base, current: m.applied.base } } : m,
    );
    return { ...side, base, current: base, modifiers, pending: waiting };
  };
  return ok({ ...state, turn, sides: { A: refresh(state.sides.A), B: refresh(state.sides.B) } });
}

function spend(state: HdState, event: Extract<HdEvent, { type: 'spend' }>): Result<HdState> {
  const isPlaying = playing(state);
  if (!isPlaying.ok) return isPlaying;
  const side = sideOf(state, event.side);
  if (!side.ok) return side;
  if (!isWholeIn(event.amount, 0, LIMITS.maxAmount)) return refuse('amount-invalid', { amount: String(event.amount) });
  const { base, current } = side.value;
  // An order cannot be paid unless current ≥ its cost (the same rule for both kinds of spend).
  if (event.amount > current) return refuse('amount-exceeds-current', { amount: event.amount, current });
  return ok(
    withSide(state, event.side, {
      ...side.value,
      current: current - event.amount,
      base: event.permanent ? base - event.amount : base,
    }),
  );
}

function findFighter(side: SideState, fighterId: unknown): Result<Fighter> {
  const fighter = side.fighters.find((f) => f.id === fighterId);
  if (!fighter) return refuse('unknown-fighter', { fighterId: String(fighterId) });
  if (fighter.status !== 'on-table')
    return refuse('fighter-not-on-table', { name: fighter.name, status: fighter.status });
  return ok(fighter);
}

function fighterLost(state: HdState, event: Extract<HdEvent, { type: 'fighterLost' }>): Result<HdState> {
  const isPlaying = playing(state);
  if (!isPlaying.ok) return isPlaying;
  const side = sideOf(state, event.side);
  if (!side.ok) return side;
  const how: unknown = event.how;
  if (how !== 'killed' && how !== 'eliminated' && how !== 'left')
    return refuse('loss-kind-invalid', { how: String(how) });
  const found = findFighter(side.value, event.fighterId);
  if (!found.ok) return found;
  return ok(withSide(state, event.side, fighterLeaves(state.config, side.value, found.value, how)));
}

/**
 * A fighter leaves the game (killed, eliminated, off the table): one path, whatever his credit state.
 * 1. Each of his modifiers ends and gives back what it changed, exactly as `modifierEnded` computes it
 *    (a loss is immediate in both editions, so the give-back is too, even with next-upkeep modifiers);
 *    a modifier still waiting for its upkeep changed nothing and its credit is cancelled.
 * 2. His own CMD goes, floored at 0, except where nothing of it was ever counted: a commandement late
 *    entrant lost before his credit (default: cancel the credit, subtract nothing), or a gestion
 *    fighter leaving the table under the house rule "leaving costs nothing".
 * Give-backs come first: a malus that took more than his own CMD must not outlive him at the floor.
 * Credits of modifiers that already ended stay due: they are the side's debt, not the fighter's.
 */
function fighterLeaves(config: HdConfig, side: SideState, fighter: Fighter, how: LossKind): SideState {
  const { houseRules, edition } = config;
  let pool: Pool = { base: side.base, current: side.current };
  for (const modifier of side.modifiers) {
    if (modifier.fighterId === fighter.id && modifier.credited)
      pool = giveBack(pool, modifier, houseRules.modifierEndGivesBack);
  }

  const entryPending = side.pending.some((p) => p.kind === 'entry' && p.fighterId === fighter.id);
  const costsCommand = !(edition === 'gestion' && how === 'left' && !houseRules.leavingCountsAsLoss);
  // commandement: an entrant lost before its credit arrives; by default the credit is cancelled and nothing is subtracted.
  const cancelCredit = entryPending && houseRules.lostBeforeCredit === 'cancel-credit';
  const own = costsCommand && !cancelCredit ? fighter.cmd : 0;

  // His waiting modifier credits go with him; his entry credit too unless the literal reading keeps it.
  const pending = side.pending.filter(
    (p) => p.fighterId !== fighter.id || p.kind === 'modifier-end' || (p.kind === 'entry' && !cancelCredit),
  );
  return {
    ...side,
    base: floor0(pool.base - own),
    current: floor0(pool.current - own),
    fighters: side.fighters.map((f) => (f.id === fighter.id ? { ...f, status: how } : f)),
    modifiers: side.modifiers.filter((m) => m.fighterId !== fighter.id),
    pending,
  };
}

interface Pool {
  readonly base: number;
  readonly current: number;
}

/**
 * What an ended, credited modifier gives back at once: what it actually changed (default) or its face
 * value (house rule). Current never exceeds base: giving back can only restore what the floors took.
 */
function giveBack(pool: Pool, modifier: Modifier, rule: HouseRules['modifierEndGivesBack']): Pool {
  const back = backOf(modifier, rule);
  const base = floor0(pool.base + back.base);
  return { base, current: Math.min(base, floor0(pool.current + back.current)) };
}

const backOf = (modifier: Modifier, rule: HouseRules['modifierEndGivesBack']): Pool =>
  rule === 'nominal'
    ? { base: -modifier.delta, current: -modifier.delta }
    : { base: -modifier.applied.base, current: -modifier.applied.current };

function fighterEnters(state: HdState, event: Extract<HdEvent, { type: 'fighterEnters' }>): Result<HdState> {
  const isPlaying = playing(state);
  if (!isPlaying.ok) return isPlaying;
  const side = sideOf(state, event.side);
  if (!side.ok) return side;
  const name = checkText(event.name, LIMITS.nameLength);
  if (!name.ok) return name;
  const cmd = checkCmd(event.cmd);
  if (!cmd.ok) return cmd;
  if (side.value.fighters.length >= LIMITS.maxFighters) return refuse('roster-too-large', { max: LIMITS.maxFighters });
  const fighter: Fighter = {
    id: `${event.side}${side.value.fighters.length + 1}`,
    name: name.value,
    cmd: cmd.value,
    status: 'on-table',
  };
  const fighters = [...side.value.fighters, fighter];
  if (state.config.edition === 'gestion') {
    return ok(
      withSide(state, event.side, {
        ...side.value,
        fighters,
        base: side.value.base + cmd.value,
        current: side.value.current + cmd.value,
      }),
    );
  }
  // commandement: base only, at the upkeep following the one of the turn of entry.
  const credit: PendingCredit = { dueTurn: state.turn + 1, kind: 'entry', fighterId: fighter.id, delta: cmd.value };
  return ok(withSide(state, event.side, { ...side.value, fighters, pending: [...side.value.pending, credit] }));
}

function modifierApplied(state: HdState, event: Extract<HdEvent, { type: 'modifierApplied' }>): Result<HdState> {
  const isPlaying = playing(state);
  if (!isPlaying.ok) return isPlaying;
  const side = sideOf(state, event.side);
  if (!side.ok) return side;
  const found = findFighter(side.value, event.fighterId);
  if (!found.ok) return found;
  const { delta } = event;
  if (typeof delta !== 'number' || !Number.isInteger(delta) || delta === 0 || Math.abs(delta) > LIMITS.maxCmd) {
    return refuse('delta-invalid', { delta: String(delta), max: LIMITS.maxCmd });
  }
  let label = '';
  if (event.label !== undefined && event.label.trim() !== '') {
    const checked = checkText(event.label, LIMITS.labelLength);
    if (!checked.ok) return checked;
    label = checked.value;
  }
  const id = `m${state.modifierSerial + 1}`;
  const next = { ...state, modifierSerial: state.modifierSerial + 1 };
  const { base, current } = side.value;
  const deferred =
    state.config.edition === 'commandement' && state.config.houseRules.commandementModifierTiming === 'next-upkeep';
  if (deferred) {
    const modifier: Modifier = {
      id,
      fighterId: found.value.id,
      label,
      delta,
      credited: false,
      applied: { base: 0, current: 0 },
    };
    const credit: PendingCredit = {
      dueTurn: state.turn + 1,
      kind: 'modifier',
      fighterId: found.value.id,
      modifierId: id,
      delta,
    };
    return ok(
      withSide(next, event.side, {
        ...side.value,
        modifiers: [...side.value.modifiers, modifier],
        pending: [...side.value.pending, credit],
      }),
    );
  }
  const newBase = floor0(base + delta);
  const newCurrent = floor0(current + delta);
  const modifier: Modifier = {
    id,
    fighterId: found.value.id,
    label,
    delta,
    credited: true,
    applied: { base: newBase - base, current: newCurrent - current },
  };
  return ok(
    withSide(next, event.side, {
      ...side.value,
      base: newBase,
      current: newCurrent,
      modifiers: [...side.value.modifiers, modifier],
    }),
  );
}

function modifierEnded(state: HdState, event: Extract<HdEvent, { type: 'modifierEnded' }>): Result<HdState> {
  const isPlaying = playing(state);
  if (!isPlaying.ok) return isPlaying;
  const side = sideOf(state, event.side);
  if (!side.ok) return side;
  const modifier = side.value.modifiers.find((m) => m.id === event.modifierId);
  if (!modifier) return refuse('unknown-modifier', { modifierId: String(event.modifierId) });
  const modifiers = side.value.modifiers.filter((m) => m.id !== modifier.id);
  if (!modifier.credited) {
    // Ended before its upkeep: it never changed anything, so nothing to give back.
    const pending = side.value.pending.filter((p) => p.modifierId !== modifier.id);
    return ok(withSide(state, event.side, { ...side.value, modifiers, pending }));
  }
  const rule = state.config.houseRules.modifierEndGivesBack;
  const deferred =
    state.config.edition === 'commandement' && state.config.houseRules.commandementModifierTiming === 'next-upkeep';
  if (deferred) {
    const credit: PendingCredit = {
      dueTurn: state.turn + 1,
      kind: 'modifier-end',
      fighterId: modifier.fighterId,
      modifierId: modifier.id,
      delta: backOf(modifier, rule).base,
    };
    return ok(withSide(state, event.side, { ...side.value, modifiers, pending: [...side.value.pending, credit] }));
  }
  return ok(withSide(state, event.side, { ...side.value, ...giveBack(side.value, modifier, rule), modifiers }));
}
