import { checkText, isWholeIn } from '../../game/checks';
import { ok, refuse, type Result } from '../../game/result';
import { breakdown } from './compute';
import {
  BOUNDS,
  CHARACTERISTICS,
  DEFAULT_HDM_CONFIG,
  HDM_LIMITS,
  STATES,
  type Card,
  type Effect,
  type HdmConfig,
  type HdmEvent,
  type HdmFighter,
  type HdmState,
  type StatePresets,
} from './types';

export function initialState(config: HdmConfig = DEFAULT_HDM_CONFIG): HdmState {
  return { config, fighters: [], effects: [], active: null, fighterSerial: 0, effectSerial: 0 };
}

/** Every fighter's effective values, recomputed from the card and the lists: never a running total. */
function recompute(state: HdmState): HdmState {
  const fighters = state.fighters.map((f) => {
    const values: Partial<Record<keyof Card, number>> = {};
    for (const c of CHARACTERISTICS) {
      if (f.card[c] !== undefined) values[c] = breakdown(state.config, f, state.effects, state.active, c).value;
    }
    return { ...f, values };
  });
  return { ...state, fighters };
}

function findFighter(state: HdmState, id: unknown): Result<HdmFighter> {
  const fighter = state.fighters.find((f) => f.id === id);
  return fighter ? ok(fighter) : refuse('unknown-fighter', { fighterId: String(id) });
}

/** Applies one event; a refused event leaves the state untouched and says why. */
export function applyEvent(state: HdmState, event: HdmEvent): Result<HdmState> {
  const next = step(state, event);
  return next.ok ? ok(recompute(next.value)) : next;
}

function step(state: HdmState, event: HdmEvent): Result<HdmState> {
  switch (event.type) {
    case 'configure':
      return configure(state, event);
    case 'fighterAdded':
      return fighterAdded(state, event);
    case 'fighterRemoved': {
      const fighter = findFighter(state, event.fighter);
      if (!fighter.ok) return fighter;
      // Its effects go with it; direct values it imposed on others stay (they were imposed), now without an author.
      const effects = state.effects
        .filter((e) => e.fighter !== fighter.value.id)
        .map((e) => (e.kind === 'direct' && e.imposedBy === fighter.value.id ? withoutAuthor(e) : e));
      return ok({
        ...state,
        fighters: state.fighters.filter((f) => f.id !== fighter.value.id),
        effects,
        active: state.active === fighter.value.id ? null : state.active,
      });
    }
    case 'effectAdded':
      return effectAdded(state, event);
    case 'effectRemoved': {
      if (!state.effects.some((e) => e.id === event.effect))
        return refuse('hdm-unknown-effect', { effectId: String(event.effect) });
      return ok({ ...state, effects: state.effects.filter((e) => e.id !== event.effect) });
    }
    case 'stateApplied':
    case 'stateRemoved':
      return stateChanged(state, event);
    case 'activeFighterSet': {
      if (event.fighter === null) return ok({ ...state, active: null });
      const fighter = findFighter(state, event.fighter);
      return fighter.ok ? ok({ ...state, active: fighter.value.id }) : fighter;
    }
    case 'scopeEnded': {
      const order = ['pass', 'activation', 'turn'];
      const nested = state.config.rules.scopeNesting === 'nested';
      const ends = (scope: string) =>
        scope === event.scope || (nested && order.includes(scope) && order.indexOf(scope) < order.indexOf(event.scope));
      return ok({ ...state, effects: state.effects.filter((e) => e.kind !== 'direct' || !ends(e.scope)) });
    }
    default:
      return refuse('unknown-event', { type: String((event as { type?: unknown }).type) });
  }
}

function withoutAuthor(e: Extract<Effect, { kind: 'direct' }>): Effect {
  const { imposedBy: _gone, ...rest } = e;
  return rest;
}

function checkPresets(states: Partial<StatePresets>): Result<Partial<StatePresets>> {
  for (const s of STATES) {
    const card = states[s];
    if (!card) continue;
    for (const c of CHARACTERISTICS) {
      const amount = card[c];
      if (amount !== undefined && !isWholeIn(amount, -HDM_LIMITS.maxAmount, HDM_LIMITS.maxAmount)) {
        return refuse('hdm-amount-invalid', { amount: String(amount), max: HDM_LIMITS.maxAmount });
      }
    }
  }
  return ok(states);
}

function configure(state: HdmState, event: Extract<HdmEvent, { type: 'configure' }>): Result<HdmState> {
  const presets = checkPresets(event.states ?? {});
  if (!presets.ok) return presets;
  const states = { ...state.config.states };
  // A state's row is replaced whole: a characteristic left out no longer gets a term from it.
  for (const s of STATES) {
    const row = presets.value[s];
    if (row) states[s] = Object.fromEntries(Object.entries(row).filter(([, amount]) => amount !== 0));
  }
  return ok({ ...state, config: { rules: { ...state.config.rules, ...event.rules }, states } });
}

function fighterAdded(state: HdmState, event: Extract<HdmEvent, { type: 'fighterAdded' }>): Result<HdmState> {
  const name = checkText(event.name, HDM_LIMITS.nameLength, false);
  if (!name.ok) return name;
  if (state.fighters.length >= HDM_LIMITS.maxFighters)
    return refuse('roster-too-large', { max: HDM_LIMITS.maxFighters });
  const card: Partial<Record<keyof Card, number>> = {};
  for (const c of CHARACTERISTICS) {
    const value = event.card[c];
    if (value === undefined) continue;
    if (!isWholeIn(value, 0, HDM_LIMITS.maxValue)) {
      return refuse('hdm-card-value-invalid', { characteristic: c, value: String(value), max: HDM_LIMITS.maxValue });
    }
    card[c] = value;
  }
  if (Object.keys(card).length === 0) return refuse('hdm-card-empty');
  const id = `f${state.fighterSerial + 1}`;
  const fighter: HdmFighter = { id, name: name.value, card, states: {}, values: {} };
  return ok({ ...state, fighters: [...state.fighters, fighter], fighterSerial: state.fighterSerial + 1 });
}

function effectAdded(state: HdmState, event: Extract<HdmEvent, { type: 'effectAdded' }>): Result<HdmState> {
  const found = findFighter(state, event.fighter);
  if (!found.ok) return found;
  const fighter = found.value;
  const { characteristic } = event;
  if (fighter.card[characteristic] === undefined) {
    return refuse('hdm-not-on-card', { characteristic: String(characteristic), name: fighter.name });
  }
  if (state.effects.length >= HDM_LIMITS.maxEffects)
    return refuse('hdm-too-many-effects', { max: HDM_LIMITS.maxEffects });
  const source = checkText(event.source ?? '', HDM_LIMITS.sourceLength, true);
  if (!source.ok) return source;
  const serial = state.effectSerial + 1;
  const base = { id: `e${serial}`, serial, fighter: fighter.id, characteristic, source: source.value };
  let effect: Effect;
  switch (event.kind) {
    case 'increase':
    case 'bonus': {
      const { amount } = event;
      if (!isWholeIn(amount, -HDM_LIMITS.maxAmount, HDM_LIMITS.maxAmount) || amount === 0) {
        return refuse('hdm-amount-invalid', { amount: String(amount), max: HDM_LIMITS.maxAmount });
      }
      if (event.kind === 'increase') {
        const { ceiling } = event;
        if (ceiling !== undefined && (!isWholeIn(ceiling, 0, HDM_LIMITS.maxValue) || amount < 0)) {
          return refuse('hdm-ceiling-invalid', { ceiling: String(ceiling), max: HDM_LIMITS.maxValue });
        }
        effect = { ...base, kind: 'increase', amount, ...(ceiling === undefined ? {} : { ceiling }) };
      } else {
        let tag: string | undefined;
        if (event.nonCumulative !== undefined) {
          const checked = checkText(event.nonCumulative, HDM_LIMITS.tagLength, true);
          if (!checked.ok) return checked;
          tag = checked.value || undefined;
        }
        effect = { ...base, kind: 'bonus', amount, ...(tag === undefined ? {} : { nonCumulative: tag }) };
      }
      break;
    }
    case 'direct': {
      const { value, scope, imposedBy } = event;
      const { min } = BOUNDS[characteristic];
      if (!isWholeIn(value, min, HDM_LIMITS.maxValue)) {
        return refuse('hdm-direct-invalid', { value: String(value), min, max: HDM_LIMITS.maxValue });
      }
      if (imposedBy !== undefined) {
        const author = findFighter(state, imposedBy);
        if (!author.ok) return author;
      }
      effect = { ...base, kind: 'direct', value, scope, ...(imposedBy === undefined ? {} : { imposedBy }) };
      break;
    }
    default:
      return refuse('unknown-event', { type: 'effectAdded' });
  }
  return ok({ ...state, effects: [...state.effects, effect], effectSerial: serial });
}

function stateChanged(
  state: HdmState,
  event: Extract<HdmEvent, { type: 'stateApplied' | 'stateRemoved' }>,
): Result<HdmState> {
  const found = findFighter(state, event.fighter);
  if (!found.ok) return found;
  const fighter = found.value;
  if (!STATES.includes(event.state)) return refuse('unknown-event', { type: event.type });
  const count = fighter.states[event.state] ?? 0;
  let next: number;
  if (event.type === 'stateApplied') {
    // Applied again while present: by default it counts once, so nothing is added.
    next = state.config.rules.repeatedState === 'once' ? 1 : Math.min(count + 1, 9);
  } else {
    if (count === 0) return refuse('hdm-state-not-applied', { name: fighter.name });
    next = count - 1;
  }
  const states = { ...fighter.states };
  if (next === 0) delete states[event.state];
  else states[event.state] = next;
  return ok({ ...state, fighters: state.fighters.map((f) => (f.id === fighter.id ? { ...f, states } : f)) });
}
