import type { Piece } from '../../board/model';
import { leadersAndUnits } from '../../board/roster';
import { parseWith } from '../../game/validate';
import type { RuleSystem } from '../../game/system';
import type { NewLink, SystemDescriptor } from '../descriptor';
import type { CrFacts, CrSlotKind } from './board';
import { applyEvent, currentSlot, initialState, type SlotKind } from './model';
import { crConfigSchema, crEventSchema } from './schema';
import {
  DEFAULT_CR_CONFIG,
  DIRECT_RADIUS,
  SIDE_IDS,
  type CrConfig,
  type CrEvent,
  type CrState,
  type SideId,
} from './types';

export * from './types';
export {
  applyEvent,
  awaitingRoll,
  currentSlot,
  initialState,
  planFor,
  slotKind,
  turnOver,
  type CurrentSlot,
  type SlotKind,
} from './model';
export { crConfigSchema, crEventSchema } from './schema';

export const commandRoll: RuleSystem<CrState, CrEvent, CrConfig> = {
  id: 'cr',
  defaultConfig: DEFAULT_CR_CONFIG,
  parseConfig: (raw) => parseWith(crConfigSchema, raw, 'config-malformed'),
  parseEvent: (raw) => parseWith(crEventSchema, raw, 'event-malformed'),
  initialState,
  apply: applyEvent,
};

// Views import ./history directly (the background worker does not carry it).

/** Leaders (a dead or absent one has left the table) and units of both armies. */
function pieces(state: CrState): Piece[] {
  return SIDE_IDS.flatMap((side) => [
    ...state.sides[side].leaders.map((l): Piece => ({
      id: l.id,
      name: l.name,
      kind: 'leader',
      side,
      gone: !l.present,
    })),
    ...state.sides[side].units.map((u): Piece => ({ id: u.id, name: u.name, kind: 'unit', side })),
  ]);
}

/** What the board reads of the number being played (absent and sealed numbers: nobody known on them). */
const SLOT_FACT: Readonly<Record<SlotKind, CrSlotKind>> = {
  leader: 'leader',
  disordered: 'disordered',
  unit: 'unit',
  'c-in-c': 'c-in-c',
  absent: 'none',
  sealed: 'none',
};

function facts(state: CrState): CrFacts {
  const slot = currentSlot(state);
  return {
    signalUnit: state.config.houseRules.signalUnit,
    bases: state.config.houseRules.bases,
    disordered: SIDE_IDS.flatMap((s) => state.sides[s].leaders.filter((l) => l.disordered).map((l) => l.id)),
    slot: slot
      ? {
          side: slot.side,
          kind: SLOT_FACT[slot.kind],
          leader: slot.leader?.id ?? null,
          signal: slot.activation.signal?.radius ?? null,
          ordered: [...slot.activation.units],
          used: slot.activation.used !== null,
        }
      : null,
    acted: state.round ? [...state.round.acted.A, ...state.round.acted.B] : [],
  };
}

const SLOT_EVENTS: ReadonlySet<CrEvent['type']> = new Set([
  'unitActivated',
  'directOrders',
  'signalRolled',
  'signalObeyed',
  'rosterRewritten',
  'slotDone',
]);

/** Who makes an event: the side it names, the side of the number being played, the side of a unit marked; either player for the roll and the turn. */
function actor(event: CrEvent, state: CrState): SideId | null {
  if ('side' in event) return event.side;
  if (SLOT_EVENTS.has(event.type)) return currentSlot(state)?.side ?? null;
  if (event.type === 'unitMarked')
    return SIDE_IDS.find((s) => state.sides[s].units.some((u) => u.id === event.unit)) ?? null;
  return null;
}

/** The command roll: the one place this system plugs into the store, the popup, the board and the scenario runner. */
export const descriptor: SystemDescriptor<CrState, CrEvent, CrConfig, CrFacts> = {
  id: 'cr',
  rules: commandRoll,
  // 1" direct control between the nearest figures of two units, base edge to base edge.
  measure: { from: 'edge', radius: DIRECT_RADIUS },
  sides: SIDE_IDS,
  pieces,
  facts,
  actor,
  // The rosters: who stands on each number is the player's secret until the number comes up.
  secrets: {
    of: (event, state) =>
      event.type === 'rosterSet'
        ? { side: event.side, values: event.slots }
        : event.type === 'rosterRewritten'
          ? { side: (state && currentSlot(state)?.side) ?? 'A', values: event.slots }
          : null,
    with: (event, values) =>
      event.type === 'rosterSet' || event.type === 'rosterRewritten' ? { ...event, slots: [...values] } : event,
    // A number that comes up reads what stands on it.
    read: (_before, after) => (after.round?.activation ? [after.round.activation.holder] : []),
  },
  roster: {
    fields: [],
    // Each leader token a leader, each tabletop grouping a unit; the tabletop's first two sides are armies A and B.
    draft: (figures, _state, binding) => leadersAndUnits(figures, binding, SIDE_IDS, { leader: {}, unit: {} }),
    events(draft) {
      const events: CrEvent[] = [];
      const links: NewLink[] = [];
      for (const e of draft.entries) {
        if (!e.include || e.side === null) continue;
        const side = e.side as SideId;
        events.push({ type: e.kind === 'leader' ? 'leaderAdded' : 'unitAdded', side, name: e.name });
        for (const token of e.tokens) links.push({ token, event: events.length - 1 });
      }
      return { events, links };
    },
  },
};
