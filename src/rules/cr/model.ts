import { checkText, isWholeIn } from '../../game/checks';
import { isSealed } from '../../game/seal';
import { ok, refuse, type Result } from '../../game/result';
import {
  DEFAULT_CR_CONFIG,
  LIMITS,
  SIDE_IDS,
  type Activation,
  type CrConfig,
  type CrEvent,
  type CrState,
  type Leader,
  type OrderKind,
  type QueueSlot,
  type Round,
  type SideId,
  type SideState,
  type Slot,
} from './types';

const emptySide = (id: SideId): SideState => ({
  name: id,
  leaders: [],
  units: [],
  slots: Array(6).fill('unit'),
  cInC: null,
  serial: 0,
});

export function initialState(config: CrConfig = DEFAULT_CR_CONFIG): CrState {
  return { phase: 'setup', config, turn: 0, sides: { A: emptySide('A'), B: emptySide('B') }, round: null };
}

/**
 * The command roll: the higher player uses the numbers from his roll down to one above the other's,
 * then the lower player from his roll down to 1. A tie gives no plan (weather, then roll again).
 * 6 vs 5 gives the higher player one slot and the lower five: that is the text, shown, not fixed.
 */
export function planFor(a: number, b: number): QueueSlot[] | null {
  if (a === b) return null;
  const [high, low]: [SideId, SideId] = a > b ? ['A', 'B'] : ['B', 'A'];
  const hi = Math.max(a, b);
  const lo = Math.min(a, b);
  const queue: QueueSlot[] = [];
  for (let n = hi; n > lo; n--) queue.push({ side: high, slot: n });
  for (let n = lo; n >= 1; n--) queue.push({ side: low, slot: n });
  return queue;
}

export type SlotKind = 'unit' | 'c-in-c' | 'leader' | 'disordered' | 'absent' | 'sealed';

/**
 * What a roster entry means now: "unit", the C-in-C, an able leader, a disordered one, a dead/absent
 * one, or one still sealed (a shared table: written by its player, not opened yet; src/game/seal.ts).
 */
export function slotKind(side: SideState, holder: Slot, absentLeaderSlot: 'skip' | 'unit'): SlotKind {
  if (holder === 'unit') return 'unit';
  if (isSealed(holder)) return 'sealed';
  const leader = side.leaders.find((l) => l.id === holder);
  if (!leader || !leader.present) return absentLeaderSlot === 'unit' ? 'unit' : 'absent';
  if (holder === side.cInC) return 'c-in-c';
  return leader.disordered ? 'disordered' : 'leader';
}

export interface CurrentSlot extends QueueSlot {
  readonly index: number;
  readonly holder: Slot;
  readonly leader: Leader | null;
  readonly kind: SlotKind;
  readonly activation: Activation;
}

/** The slot being resolved, or null (setup, waiting for the roll, or every slot done). */
export function currentSlot(state: CrState): CurrentSlot | null {
  const round = state.round;
  if (!round?.activation || round.cursor >= round.queue.length) return null;
  const q = round.queue[round.cursor]!;
  const side = state.sides[q.side];
  const holder = round.activation.holder;
  return {
    ...q,
    index: round.cursor,
    holder,
    leader: side.leaders.find((l) => l.id === holder) ?? null,
    kind: slotKind(side, holder, state.config.houseRules.absentLeaderSlot),
    activation: round.activation,
  };
}

/** Whether the turn needs a (new) command roll: no roll yet, or the last one was a tie. */
export const awaitingRoll = (round: Round | null): boolean => !!round && round.queue.length === 0;

export const turnOver = (round: Round | null): boolean =>
  !!round && round.queue.length > 0 && round.cursor >= round.queue.length;

const withSide = (state: CrState, id: SideId, side: SideState): CrState => ({
  ...state,
  sides: { ...state.sides, [id]: side },
});

function sideOf(state: CrState, id: unknown): Result<SideState> {
  return id === 'A' || id === 'B' ? ok(state.sides[id]) : refuse('unknown-side', { side: String(id) });
}

const inSetup = (state: CrState): Result<CrState> =>
  state.phase === 'setup' ? ok(state) : refuse('game-already-started');

function leaderOf(side: SideState, id: unknown): Result<Leader> {
  const leader = side.leaders.find((l) => l.id === id);
  return leader ? ok(leader) : refuse('cr-unknown-leader', { leader: String(id) });
}

/**
 * Six entries, each "unit" or a leader of this side; a leader once at most if the house rule says so.
 * A sealed entry (a shared table's secret roster) is taken as written: its player's own client checks
 * it, and every client checks it again once it is opened.
 */
function checkSlots(side: SideState, slots: readonly Slot[], leaderOnce: boolean): Result<Slot[]> {
  if (!Array.isArray(slots) || slots.length !== 6) return refuse('cr-roster-length');
  const seen = new Set<string>();
  for (const slot of slots) {
    if (slot === 'unit' || isSealed(slot)) continue;
    const leader = leaderOf(side, slot);
    if (!leader.ok) return leader;
    if (leaderOnce && seen.has(slot)) return refuse('cr-leader-twice', { name: leader.value.name });
    seen.add(slot);
  }
  return ok([...slots]);
}

/** Applies one event; a refused event leaves the state untouched and says why. */
export function applyEvent(state: CrState, event: CrEvent): Result<CrState> {
  switch (event.type) {
    case 'configure': {
      const setup = inSetup(state);
      if (!setup.ok) return setup;
      return ok({ ...state, config: { houseRules: { ...state.config.houseRules, ...event.houseRules } } });
    }
    case 'sideEdited':
      return editSide(state, event.side, (side) => {
        const name = checkText(event.name, LIMITS.nameLength);
        return name.ok ? ok({ ...side, name: name.value }) : name;
      });
    case 'leaderAdded':
    case 'unitAdded':
      return setupSide(state, event.side, (side) =>
        added(side, event.side, event.type === 'leaderAdded' ? 'leaders' : 'units', event.name),
      );
    case 'leaderRemoved':
      return setupSide(state, event.side, (side) => {
        const leader = leaderOf(side, event.leader);
        if (!leader.ok) return leader;
        // His numbers become "unit"; the army needs a new C-in-C if he was one.
        return ok({
          ...side,
          leaders: side.leaders.filter((l) => l.id !== event.leader),
          slots: side.slots.map((s) => (s === event.leader ? 'unit' : s)),
          cInC: side.cInC === event.leader ? null : side.cInC,
        });
      });
    case 'unitRemoved':
      return setupSide(state, event.side, (side) =>
        side.units.some((u) => u.id === event.unit)
          ? ok({ ...side, units: side.units.filter((u) => u.id !== event.unit) })
          : refuse('cr-unknown-unit', { unit: String(event.unit) }),
      );
    case 'cInCSet':
      return setupSide(state, event.side, (side) => {
        const leader = leaderOf(side, event.leader);
        return leader.ok ? ok({ ...side, cInC: leader.value.id }) : leader;
      });
    case 'rosterSet':
      return setupSide(state, event.side, (side) => {
        const slots = checkSlots(side, event.slots, state.config.houseRules.leaderOnce);
        return slots.ok ? ok({ ...side, slots: slots.value }) : slots;
      });
    case 'leaderStatus':
      return editSide(state, event.side, (side) => {
        const leader = leaderOf(side, event.leader);
        if (!leader.ok) return leader;
        const next = {
          ...leader.value,
          present: event.present ?? leader.value.present,
          disordered: event.disordered ?? leader.value.disordered,
        };
        return ok({ ...side, leaders: side.leaders.map((l) => (l.id === next.id ? next : l)) });
      });
    case 'start': {
      const setup = inSetup(state);
      if (!setup.ok) return setup;
      for (const id of SIDE_IDS)
        if (!state.sides[id].cInC) return refuse('cr-no-c-in-c', { side: state.sides[id].name });
      return ok({ ...state, phase: 'playing', turn: 1, round: freshRound() });
    }
    case 'newGame':
      return ok({
        ...state,
        phase: 'setup',
        turn: 0,
        round: null,
        sides: { A: rested(state.sides.A), B: rested(state.sides.B) },
      });
    case 'commandRoll':
      return commandRoll(state, event.A, event.B);
    case 'slotDone':
      return inSlot(state, (round) => ok(settle(state, { ...round, cursor: round.cursor + 1 })));
    case 'nextTurn': {
      if (!state.round) return refuse('game-not-started');
      if (!turnOver(state.round)) return refuse('cr-queue-not-finished');
      return ok({ ...state, turn: state.turn + 1, round: freshRound() });
    }
    case 'unitActivated':
      return unitActivated(state, event.unit);
    case 'unitMarked':
      return unitMarked(state, event.unit);
    case 'directOrders':
      if (!onTheirWord(event)) return refuse('cr-word-not-ordered');
      return directOrders(state, event.units);
    case 'signalRolled':
      return signalRolled(state, event.order, event.die);
    case 'signalObeyed':
      if (!onTheirWord(event)) return refuse('cr-word-not-ordered');
      return signalObeyed(state, event.units);
    case 'rosterRewritten':
      return rosterRewritten(state, event.slots);
    default:
      return refuse('unknown-event', { type: String((event as { type?: unknown }).type) });
  }
}

function editSide(state: CrState, id: SideId, change: (side: SideState) => Result<SideState>): Result<CrState> {
  const side = sideOf(state, id);
  if (!side.ok) return side;
  const next = change(side.value);
  return next.ok ? ok(withSide(state, id, next.value)) : next;
}

function setupSide(state: CrState, id: SideId, change: (side: SideState) => Result<SideState>): Result<CrState> {
  const setup = inSetup(state);
  return setup.ok ? editSide(state, id, change) : setup;
}

function added(side: SideState, id: SideId, list: 'leaders' | 'units', rawName: string): Result<SideState> {
  const name = checkText(rawName, LIMITS.nameLength);
  if (!name.ok) return name;
  const max = list === 'leaders' ? LIMITS.maxLeaders : LIMITS.maxUnits;
  if (side[list].length >= max) return refuse('cr-army-too-large', { max });
  const serial = side.serial + 1;
  if (list === 'units')
    return ok({ ...side, serial, units: [...side.units, { id: `${id}U${serial}`, name: name.value }] });
  const leader: Leader = { id: `${id}L${serial}`, name: name.value, present: true, disordered: false };
  // The first leader is the C-in-C until the player names another: an army always needs one.
  return ok({ ...side, serial, leaders: [...side.leaders, leader], cInC: side.cInC ?? leader.id });
}

/** A new game keeps the armies and rosters; every leader is back, in order. */
const rested = (side: SideState): SideState => ({
  ...side,
  leaders: side.leaders.map((l) => ({ ...l, present: true, disordered: false })),
});

const freshRound = (): Round => ({
  rolls: null,
  weather: 0,
  queue: [],
  cursor: 0,
  skipped: [],
  activation: null,
  orderKinds: {},
  acted: { A: [], B: [] },
});

function commandRoll(state: CrState, a: number, b: number): Result<CrState> {
  const round = state.round;
  if (!round) return refuse('game-not-started');
  if (!awaitingRoll(round)) return refuse('cr-roll-not-expected');
  for (const value of [a, b])
    if (!isWholeIn(value, 1, 6)) return refuse('die-out-of-range', { value: String(value), sides: 6 });
  const queue = planFor(a, b);
  // A tie: the weather rules (outside the excerpt) then both roll again; the house rule may drop the weather step.
  if (!queue)
    return ok({
      ...state,
      round: {
        ...round,
        rolls: { A: a, B: b },
        weather: round.weather + (state.config.houseRules.tie === 'weather-reroll' ? 1 : 0),
      },
    });
  return ok(settle(state, { ...round, rolls: { A: a, B: b }, queue, cursor: 0 }));
}

/**
 * Lands the queue on its cursor: what stands on that number now is fixed for the slot (so a rewrite
 * made during the slot takes effect from the next number), and a dead or absent leader's slot is
 * passed over when the house rule says so.
 */
function settle(state: CrState, round: Round): CrState {
  let { cursor } = round;
  const skipped = [...round.skipped];
  while (cursor < round.queue.length) {
    const q = round.queue[cursor]!;
    const side = state.sides[q.side];
    const holder = side.slots[q.slot - 1]!;
    if (slotKind(side, holder, state.config.houseRules.absentLeaderSlot) !== 'absent') {
      return {
        ...state,
        round: { ...round, cursor, skipped, activation: { holder, used: null, signal: null, units: [] } },
      };
    }
    skipped.push(cursor);
    cursor++;
  }
  return { ...state, round: { ...round, cursor, skipped, activation: null } };
}

function inSlot(state: CrState, act: (round: Round, slot: CurrentSlot) => Result<CrState>): Result<CrState> {
  if (!state.round) return refuse('game-not-started');
  const slot = currentSlot(state);
  if (!slot) return refuse('cr-no-current-slot');
  // Nobody acts on a number whose holder is still sealed: its player opens it first.
  return slot.kind === 'sealed' ? refuse('cr-slot-sealed', { slot: slot.slot }) : act(state.round, slot);
}

const unitName = (state: CrState, side: SideId, id: string): string =>
  state.sides[side].units.find((u) => u.id === id)?.name ?? id;

/** Units of the slot's side that may act now: known, named once, and not acted yet if the house rule says so. */
function checkUnits(state: CrState, round: Round, side: SideId, units: readonly string[]): Result<string[]> {
  const seen = new Set<string>();
  for (const unit of units) {
    if (!state.sides[side].units.some((u) => u.id === unit) || seen.has(unit))
      return refuse('cr-unknown-unit', { unit: String(unit) });
    seen.add(unit);
    if (state.config.houseRules.unitActsOnce && round.acted[side].includes(unit))
      return refuse('cr-unit-acted', { name: unitName(state, side, unit) });
  }
  return ok([...units]);
}

function withActed(
  state: CrState,
  round: Round,
  side: SideId,
  units: readonly string[],
  activation: Activation | null,
): CrState {
  return {
    ...state,
    round: { ...round, activation, acted: { ...round.acted, [side]: [...round.acted[side], ...units] } },
  };
}

function unitActivated(state: CrState, unit: string): Result<CrState> {
  return inSlot(state, (round, slot) => {
    if (slot.kind !== 'unit') return refuse('cr-not-unit-slot');
    if (slot.activation.used) return refuse('cr-slot-used');
    const units = checkUnits(state, round, slot.side, [unit]);
    if (!units.ok) return units;
    return ok(
      withActed(state, round, slot.side, units.value, { ...slot.activation, used: 'unit', units: units.value }),
    );
  });
}

function unitMarked(state: CrState, unit: string): Result<CrState> {
  if (!state.round) return refuse('game-not-started');
  const side = SIDE_IDS.find((id) => state.sides[id].units.some((u) => u.id === unit));
  if (!side) return refuse('cr-unknown-unit', { unit: String(unit) });
  const units = checkUnits(state, state.round, side, [unit]);
  return units.ok ? ok(withActed(state, state.round, side, units.value, state.round.activation)) : units;
}

/** Who may give orders at this slot, and whether this kind is still open to him this turn. */
function mayOrder(state: CrState, round: Round, slot: CurrentSlot, kind: OrderKind): Result<string | null> {
  if (slot.kind === 'unit' || slot.kind === 'absent') return refuse('cr-not-leader-slot');
  if (slot.kind === 'c-in-c') return refuse('cr-c-in-c-no-units');
  if (slot.kind === 'disordered') return refuse('cr-leader-disordered', { name: slot.leader?.name ?? '' });
  if (slot.activation.used) return refuse('cr-slot-used');
  // A signal declared at this slot already chose the kind, whatever the house rule.
  if (slot.activation.signal) return refuse(kind === 'direct' ? 'cr-mixed-after-signal' : 'cr-slot-used');
  const mixing = state.config.houseRules.orderMixing;
  const key = mixing === 'per-leader' ? slot.holder : mixing === 'per-army' ? slot.side : null;
  const before = key === null ? undefined : round.orderKinds[key];
  if (before && before !== kind) return refuse(before === 'direct' ? 'cr-mixed-after-direct' : 'cr-mixed-after-signal');
  return ok(key);
}

/** The units said out of reach on the players' word are among those ordered, each once. */
const onTheirWord = (e: { readonly units: readonly string[]; readonly word?: { readonly out: readonly string[] } }) =>
  !e.word ||
  (e.word.out.length > 0 &&
    new Set(e.word.out).size === e.word.out.length &&
    e.word.out.every((u) => e.units.includes(u)));

function directOrders(state: CrState, unitIds: readonly string[]): Result<CrState> {
  return inSlot(state, (round, slot) => {
    const key = mayOrder(state, round, slot, 'direct');
    if (!key.ok) return key;
    if (unitIds.length === 0) return refuse('cr-no-units');
    const units = checkUnits(state, round, slot.side, unitIds);
    if (!units.ok) return units;
    const next = withActed(state, round, slot.side, units.value, {
      ...slot.activation,
      used: 'direct',
      units: units.value,
    });
    return ok(
      key.value === null
        ? next
        : { ...next, round: { ...next.round!, orderKinds: { ...round.orderKinds, [key.value]: 'direct' } } },
    );
  });
}

function signalRolled(state: CrState, rawOrder: string, die: number): Result<CrState> {
  return inSlot(state, (round, slot) => {
    const key = mayOrder(state, round, slot, 'signal');
    if (!key.ok) return key;
    const order = checkText(rawOrder, LIMITS.orderLength);
    if (!order.ok) return order;
    const sides = state.config.houseRules.signalDie;
    if (!isWholeIn(die, 1, sides)) return refuse('die-out-of-range', { value: String(die), sides });
    // The radius is the number rolled, in the house rule's unit (inches by default).
    const activation = { ...slot.activation, signal: { order: order.value, die, radius: die } };
    const orderKinds = key.value === null ? round.orderKinds : { ...round.orderKinds, [key.value]: 'signal' as const };
    return ok({ ...state, round: { ...round, activation, orderKinds } });
  });
}

function signalObeyed(state: CrState, unitIds: readonly string[]): Result<CrState> {
  return inSlot(state, (round, slot) => {
    if (!slot.activation.signal) return refuse('cr-signal-not-rolled');
    if (slot.activation.used) return refuse('cr-slot-used');
    const units = checkUnits(state, round, slot.side, unitIds);
    if (!units.ok) return units;
    return ok(
      withActed(state, round, slot.side, units.value, { ...slot.activation, used: 'signal', units: units.value }),
    );
  });
}

function rosterRewritten(state: CrState, slots: readonly Slot[]): Result<CrState> {
  return inSlot(state, (round, slot) => {
    if (slot.kind !== 'c-in-c') return refuse('cr-not-c-in-c-slot');
    if (slot.activation.used) return refuse('cr-slot-used');
    const side = state.sides[slot.side];
    const checked = checkSlots(side, slots, state.config.houseRules.leaderOnce);
    if (!checked.ok) return checked;
    const next = withSide(state, slot.side, { ...side, slots: checked.value });
    return ok({ ...next, round: { ...round, activation: { ...slot.activation, used: 'rewrite' } } });
  });
}
