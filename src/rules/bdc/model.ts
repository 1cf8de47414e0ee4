import { checkText, isWholeIn } from '../../game/checks';
import { ok, refuse, type Result } from '../../game/result';
import { countersFor, currentFactor, d10Test, moraleTests, rallyOutcome, stepsOf } from './tests';
import {
  DEFAULT_BDC_CONFIG,
  DOCTRINES,
  LIMITS,
  MORALE_LEVELS,
  type BdcConfig,
  type BdcEvent,
  type BdcRules,
  type BdcState,
  type Leader,
  type LeaderFields,
  type Troop,
  type Unit,
  type UnitFields,
} from './types';

export function initialState(config: BdcConfig = DEFAULT_BDC_CONFIG): BdcState {
  return { config, troops: [], serial: 0, last: null };
}

type Ev<T extends BdcEvent['type']> = Extract<BdcEvent, { type: T }>;

/** Applies one event; a refused event leaves the state untouched and says why. */
export function applyEvent(state: BdcState, event: BdcEvent): Result<BdcState> {
  const next = applyRules(state, event);
  if (!next.ok) return next;
  // Every troop's factor follows its level, state and the settings, whatever the event changed.
  const { config } = next.value;
  return ok({ ...next.value, troops: next.value.troops.map((t) => ({ ...t, factor: currentFactor(t, config) })) });
}

function applyRules(state: BdcState, event: BdcEvent): Result<BdcState> {
  switch (event.type) {
    case 'configure':
      return configure(state, event);
    case 'experienceEdited':
      return experienceEdited(state, event);
    case 'unitAdded':
      return unitAdded(state, event);
    case 'leaderAdded':
      return leaderAdded(state, event);
    case 'unitEdited':
      return unitEdited(state, event);
    case 'leaderEdited':
      return leaderEdited(state, event);
    case 'removed':
      return find(state, event.id, (t) =>
        ok({ ...state, troops: state.troops.filter((x) => x.id !== t.id).map((x) => forget(x, t.id)) }),
      );
    case 'activated':
      return activated(state, event);
    case 'paSpent':
      return paSpent(state, event);
    case 'moraleTests':
      return moraleTested(state, event);
    case 'rallied':
      return rallied(state, event);
    case 'tested':
      return tested(state, event);
    case 'turnEnded':
      // The cards go back into the deck: each can be drawn again next turn.
      return ok({ ...state, troops: state.troops.map((t) => ({ ...t, counters: [], drawn: [] })) });
    default:
      return refuse('unknown-event', { type: String((event as { type?: unknown }).type) });
  }
}

const whole = (field: string, value: unknown, min: number, max: number): Result<number> =>
  isWholeIn(value, min, max) ? ok(value) : refuse('bdc-value-invalid', { field, value: String(value), min, max });

const checkName = (name: unknown): Result<string> => checkText(name, LIMITS.nameLength);

function find(state: BdcState, id: unknown, then: (troop: Troop) => Result<BdcState>): Result<BdcState> {
  const troop = state.troops.find((t) => t.id === id);
  return troop ? then(troop) : refuse('bdc-unknown-troop', { id: String(id) });
}

const replace = (state: BdcState, troop: Troop, extra: Partial<BdcState> = {}): BdcState => ({
  ...state,
  ...extra,
  troops: state.troops.map((t) => (t.id === troop.id ? troop : t)),
});

function configure(state: BdcState, event: Ev<'configure'>): Result<BdcState> {
  const rules: BdcRules = { ...state.config.rules, ...event.rules };
  const cm = whole('commandCm', rules.commandCm, 1, LIMITS.maxCm);
  if (!cm.ok) return cm;
  // A gap in cm, tenths allowed (a millimetre is what a player sees between two bases).
  const contact = rules.contactCm;
  if (typeof contact !== 'number' || !Number.isFinite(contact) || contact < 0 || contact > LIMITS.maxContactCm) {
    return refuse('bdc-value-invalid', {
      field: 'contactCm',
      value: String(contact),
      min: 0,
      max: LIMITS.maxContactCm,
    });
  }
  return ok({ ...state, config: { ...state.config, rules } });
}

/** An edited row is the player's own: it loses its "unverified" mark. */
function experienceEdited(state: BdcState, event: Ev<'experienceEdited'>): Result<BdcState> {
  const level = whole('level', event.level, 1, 4);
  if (!level.ok) return level;
  const factor = whole('factor', event.factor, 1, 10);
  if (!factor.ok) return factor;
  for (const pa of event.pa) {
    const checked = whole('pa', pa, 1, 3);
    if (!checked.ok) return checked;
  }
  const experience = state.config.experience.map((row, i) =>
    i === level.value - 1 ? { factor: factor.value, pa: [event.pa[0], event.pa[1]] as const, verified: true } : row,
  );
  return ok({ ...state, config: { ...state.config, experience } });
}

function checkUnit(fields: UnitFields): Result<UnitFields> {
  const name = checkName(fields.name);
  if (!name.ok) return name;
  if (!MORALE_LEVELS.includes(fields.level))
    return refuse('bdc-value-invalid', { field: 'level', value: String(fields.level), min: 5, max: 8 });
  const experience = whole('experience', fields.experience, 1, 4);
  if (!experience.ok) return experience;
  if (!DOCTRINES.includes(fields.doctrine))
    return refuse('bdc-value-invalid', { field: 'doctrine', value: String(fields.doctrine), min: 0, max: 0 });
  // Rigid: one group, one counter; flexible: two teams or more.
  const teams = fields.doctrine === 'rigid' ? ok(1) : whole('teams', fields.teams, 2, LIMITS.maxTeams);
  if (!teams.ok) return teams;
  return ok({ ...fields, name: name.value, teams: teams.value });
}

/** A leader's unit must be a unit of the game, his commander another leader, never himself or one he commands. */
function checkLeader(state: BdcState, fields: LeaderFields, self: string | null): Result<Required<LeaderFields>> {
  const leads = fields.leads ?? null;
  if (leads !== null && !state.troops.some((t) => t.id === leads && t.kind === 'unit'))
    return refuse('bdc-unknown-troop', { id: leads });
  const commander = fields.commander ?? null;
  if (commander !== null) {
    if (commander === self || !state.troops.some((t) => t.id === commander && t.kind === 'leader'))
      return refuse('bdc-unknown-troop', { id: commander });
    // No loop: walking up from the new commander never reaches this leader.
    for (let up: string | null = commander, hops = 0; up !== null && hops <= LIMITS.maxTroops; hops++) {
      if (up === self) return refuse('bdc-commander-loop', { name: String(fields.name) });
      const above: Troop | undefined = state.troops.find((t) => t.id === up);
      up = above?.kind === 'leader' ? above.commander : null;
    }
  }
  const name = checkName(fields.name);
  if (!name.ok) return name;
  const morale = whole('morale', fields.morale, 5, 9);
  if (!morale.ok) return morale;
  const pa = whole('pa', fields.pa, 2, 5);
  if (!pa.ok) return pa;
  const modifier = whole('aptitude', fields.aptitude.modifier, -LIMITS.maxModifier, LIMITS.maxModifier);
  if (!modifier.ok) return modifier;
  const kind = fields.aptitude.kind.trim().slice(0, LIMITS.nameLength);
  return ok({
    ...fields,
    name: name.value,
    aptitude: { kind, modifier: modifier.value },
    leads,
    radio: fields.radio === true,
    commander,
  });
}

function added(state: BdcState, troop: Troop): Result<BdcState> {
  if (state.troops.length >= LIMITS.maxTroops) return refuse('roster-too-large', { max: LIMITS.maxTroops });
  return ok({ ...state, troops: [...state.troops, troop], serial: state.serial + 1 });
}

const fresh = { state: 'normal', factor: 0, broken: false, counters: [], drawn: [] } as const;

function unitAdded(state: BdcState, event: Ev<'unitAdded'>): Result<BdcState> {
  const fields = checkUnit(event.unit);
  if (!fields.ok) return fields;
  return added(state, { kind: 'unit', id: `u${state.serial + 1}`, ...fresh, ...fields.value, card: 0 });
}

function leaderAdded(state: BdcState, event: Ev<'leaderAdded'>): Result<BdcState> {
  const fields = checkLeader(state, event.leader, null);
  if (!fields.ok) return fields;
  return added(state, { kind: 'leader', id: `l${state.serial + 1}`, ...fresh, ...fields.value });
}

function unitEdited(state: BdcState, event: Ev<'unitEdited'>): Result<BdcState> {
  return find(state, event.id, (troop) => {
    if (troop.kind !== 'unit') return refuse('bdc-unknown-troop', { id: troop.id });
    const merged = { ...troop, ...event.unit };
    // Switching to flexible without saying how many teams: two.
    if (merged.doctrine === 'flexible' && merged.teams < 2) merged.teams = 2;
    const fields = checkUnit(merged);
    if (!fields.ok) return fields;
    const unit: Unit = { ...troop, ...fields.value };
    return ok(replace(state, unit.teams === troop.teams ? unit : { ...unit, counters: [] }));
  });
}

function leaderEdited(state: BdcState, event: Ev<'leaderEdited'>): Result<BdcState> {
  return find(state, event.id, (troop) => {
    if (troop.kind !== 'leader') return refuse('bdc-unknown-troop', { id: troop.id });
    const fields = checkLeader(state, { ...troop, ...event.leader }, troop.id);
    if (!fields.ok) return fields;
    return ok(replace(state, { ...troop, ...fields.value } satisfies Leader));
  });
}

/** A removed troop is no longer anyone's unit or commander. */
const forget = (troop: Troop, gone: string): Troop =>
  troop.kind === 'leader' && (troop.leads === gone || troop.commander === gone)
    ? {
        ...troop,
        leads: troop.leads === gone ? null : troop.leads,
        commander: troop.commander === gone ? null : troop.commander,
      }
    : troop;

const notBroken = (troop: Troop): Result<Troop> =>
  troop.broken ? refuse('bdc-troop-broken', { name: troop.name }) : ok(troop);

/**
 * A card is drawn: the troop's counters get its PA. Each card is drawn once per turn (a unit has two,
 * a leader one): drawing it again would refill the PA already spent, so it waits for `turnEnded`.
 */
function activated(state: BdcState, event: Ev<'activated'>): Result<BdcState> {
  return find(state, event.id, (troop) => {
    const usable = notBroken(troop);
    if (!usable.ok) return usable;
    if (troop.kind === 'leader') {
      if (troop.drawn.length > 0) return refuse('bdc-leader-card-drawn', { name: troop.name });
      return ok(replace(state, { ...troop, counters: [troop.pa], drawn: [1] }));
    }
    const card = whole('card', event.card, 1, 2);
    if (!card.ok) return card;
    if (troop.drawn.includes(card.value)) return refuse('bdc-card-drawn', { name: troop.name, card: card.value });
    const row = state.config.experience[troop.experience - 1]!;
    const counters = countersFor(row.pa[card.value - 1]!, troop.teams, state.config.rules);
    return ok(replace(state, { ...troop, counters, card: card.value, drawn: [...troop.drawn, card.value] }));
  });
}

/** Takes `amount` PA from one counter of `troop`; refused if the troop is not activated or the counter is short. */
function pay(troop: Troop, team: number | undefined, amount: number): Result<Troop> {
  if (troop.counters.length === 0) return refuse('bdc-not-activated', { name: troop.name });
  const index = whole('team', team ?? 0, 0, troop.counters.length - 1);
  if (!index.ok) return index;
  const left = troop.counters[index.value]!;
  if (amount > left) return refuse('bdc-pa-short', { needed: amount, left });
  return ok({ ...troop, counters: troop.counters.map((c, i) => (i === index.value ? c - amount : c)) });
}

function paSpent(state: BdcState, event: Ev<'paSpent'>): Result<BdcState> {
  return find(state, event.id, (troop) => {
    const amount = whole('amount', event.amount, 1, LIMITS.maxPa);
    if (!amount.ok) return amount;
    const paid = pay(troop, event.team, amount.value);
    return paid.ok ? ok(replace(state, paid.value)) : paid;
  });
}

function checkNaturals(naturals: readonly number[], min: number, max: number): Result<readonly number[]> {
  if (naturals.length < min || naturals.length > max) return refuse('dice-count', { count: naturals.length, min, max });
  for (const value of naturals) {
    if (!Number.isInteger(value) || value < 1 || value > 10) return refuse('die-out-of-range', { value, sides: 10 });
  }
  return ok(naturals);
}

function moraleTested(state: BdcState, event: Ev<'moraleTests'>): Result<BdcState> {
  return find(state, event.id, (troop) => {
    const usable = notBroken(troop);
    if (!usable.ok) return usable;
    const naturals = checkNaturals(event.naturals, 1, LIMITS.maxHits);
    if (!naturals.ok) return naturals;
    const modifier = whole('modifier', event.modifier ?? 0, -LIMITS.maxModifier, LIMITS.maxModifier);
    if (!modifier.ok) return modifier;
    const outcome = moraleTests(troop, naturals.value, modifier.value, state.config.rules);
    const last = {
      who: troop.id,
      kind: 'morale',
      tests: outcome.tests,
      before: troop.state,
      after: outcome.state,
    } as const;
    return ok(replace(state, { ...troop, state: outcome.state, broken: outcome.broken }, { last }));
  });
}

/**
 * Rally on an activation, paid by the troop itself or by a leader whose command distance reaches it
 * (the player says which; positions are not in this state). Each PA raises morale one step.
 */
function rallied(state: BdcState, event: Ev<'rallied'>): Result<BdcState> {
  return find(state, event.id, (troop) => {
    const usable = notBroken(troop);
    if (!usable.ok) return usable;
    const steps = stepsOf(troop.state);
    if (steps === 0) return refuse('bdc-nothing-to-rally', { name: troop.name });
    const pa = whole('pa', event.pa, 1, LIMITS.maxPa);
    if (!pa.ok) return pa;
    // Never pay for more steps than there are to recover.
    if (pa.value > steps) return refuse('bdc-rally-too-many', { pa: pa.value, steps });
    return find(state, event.payer, (payer) => {
      if (payer.id !== troop.id) {
        if (payer.kind !== 'leader') return refuse('bdc-payer-not-leader', { name: payer.name });
        if (payer.broken || stepsOf(payer.state) >= 2)
          return refuse('bdc-leader-cannot-command', { name: payer.name, state: payer.state });
      }
      const paid = pay(payer, event.team, pa.value);
      if (!paid.ok) return paid;
      const outcome = rallyOutcome(troop.state, pa.value);
      const after = replace(state, paid.value);
      const rallied = after.troops.find((t) => t.id === troop.id)!;
      const last = { who: troop.id, kind: 'rally', tests: [], before: troop.state, after: outcome.state } as const;
      return ok(replace(after, { ...rallied, state: outcome.state }, { last }));
    });
  });
}

function tested(state: BdcState, event: Ev<'tested'>): Result<BdcState> {
  const target = whole('target', event.target, 1, 20);
  if (!target.ok) return target;
  const modifier = whole('modifier', event.modifier, -LIMITS.maxModifier * 2, LIMITS.maxModifier * 2);
  if (!modifier.ok) return modifier;
  const naturals = checkNaturals([event.natural], 1, 1);
  if (!naturals.ok) return naturals;
  if (event.id !== undefined && !state.troops.some((t) => t.id === event.id))
    return refuse('bdc-unknown-troop', { id: event.id });
  const test = d10Test(event.natural, target.value, modifier.value);
  return ok({ ...state, last: { who: event.id ?? null, kind: 'test', tests: [test], before: null, after: null } });
}
