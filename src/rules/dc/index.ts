import type { Piece } from '../../board/model';
import { leadersAndUnits } from '../../board/roster';
import { parseWith } from '../../game/validate';
import type { RuleSystem } from '../../game/system';
import type { NewLink, SystemDescriptor } from '../descriptor';
import type { DcFacts } from './board';
import { diceAvailable, isEliminated } from './choice';
import { applyEvent, initialState, stepOf } from './model';
import { dcConfigSchema, dcEventSchema } from './schema';
import {
  DC_SIDES,
  DEFAULT_DC_CONFIG,
  type DcConfig,
  type DcEvent,
  type DcHex,
  type DcLeader,
  type DcSide,
  type DcState,
} from './types';

export * from './types';
export { applyEvent, initialState, otherSide, stepOf, type DcStep } from './model';
export {
  checkChoice,
  diceAvailable,
  isEliminated,
  isFragile,
  needsWord,
  pickable,
  rerollAllowed,
  thresholdOf,
  withPositions,
  type DcPick,
} from './choice';
export { formatProfile, parseProfile } from './profile';
export { bestAssignment, successes } from './assign';
export { dcConfigSchema, dcEventSchema } from './schema';

export const dc: RuleSystem<DcState, DcEvent, DcConfig> = {
  id: 'dc',
  defaultConfig: DEFAULT_DC_CONFIG,
  parseConfig: (raw) => parseWith(dcConfigSchema, raw, 'config-malformed'),
  parseEvent: (raw) => parseWith(dcEventSchema, raw, 'event-malformed'),
  initialState,
  apply: applyEvent,
};

// The history lines (./history) are imported by views directly, so the background worker does not carry them.

/** Leaders stand alone (no unit); an eliminated unit has left the map. */
function pieces(state: DcState): Piece[] {
  return [
    ...state.leaders.map((l): Piece => ({ id: l.id, name: l.name, kind: 'leader', side: l.side, unit: null })),
    ...state.units.map((u): Piece => ({ id: u.id, name: u.name, kind: 'unit', side: u.side, gone: isEliminated(u) })),
  ];
}

function facts(state: DcState): DcFacts {
  const h = state.initiative;
  const step = h ? stepOf(h) : null;
  // A leader is "active" from his activation until his dice are assigned.
  const active = h && step !== 'leader' && step !== 'decide' ? h.leader : null;
  // Dice a leader would roll were he the next to command: keeping the initiative costs one more.
  const dice = (l: DcLeader): number =>
    h?.side === l.side && step === 'decide' ? Math.max(0, l.profile.dice - h.keeps - 1) : diceAvailable(state, l);
  const failed = new Set(state.notActivated);
  return {
    leaders: Object.fromEntries(
      state.leaders.map((l) => [
        l.id,
        { radius: l.profile.radius, deactivated: l.deactivated, dice: l.id === active ? h!.dice : dice(l) },
      ]),
    ),
    units: Object.fromEntries(
      state.units.map((u) => [u.id, u.marker === 'done' && failed.has(u.id) ? 'not-activated' : u.marker]),
    ),
    holder: h?.side ?? null,
    active,
    chosen: active && h?.command ? [...h.command.units] : [],
    path: state.config.houseRules.path,
  };
}

/** Désastre Colonial: the one place this system plugs into the store, the popup, the board and the scenario runner. */
export const descriptor: SystemDescriptor<DcState, DcEvent, DcConfig, DcFacts> = {
  id: 'dc',
  rules: dc,
  // Hex steps between the hexes the counters stand in; each leader has his own radius (NdX/R).
  measure: { from: 'centre', radius: 'each-leader' },
  sides: DC_SIDES,
  pieces,
  facts,
  roster: {
    fields: [
      { key: 'profile', label: 'board_field_profile', kind: 'text', for: ['leader'] },
      { key: 'losses', label: 'board_field_losses', kind: 'number', min: 0, max: 5, for: ['unit'] },
    ],
    // Each leader token a leader (3D8/3 until edited), each tabletop grouping a unit; the tabletop's
    // first two sides become the Colonial and the Native player.
    draft: (figures, _state, binding) =>
      leadersAndUnits(figures, binding, DC_SIDES, { leader: { profile: '3D8/3' }, unit: { losses: 0 } }),
    events(draft) {
      const events: DcEvent[] = [];
      const links: NewLink[] = [];
      for (const e of draft.entries) {
        if (!e.include || e.side === null) continue;
        const side = e.side as DcSide;
        events.push(
          e.kind === 'leader'
            ? { type: 'leaderAdded', side, name: e.name, profile: String(e.fields.profile ?? '') }
            : { type: 'unitAdded', side, name: e.name, losses: Number(e.fields.losses ?? 0) },
        );
        for (const token of e.tokens) links.push({ token, event: events.length - 1 });
      }
      return { events, links };
    },
  },
  // A command reads where the linked pieces stand (a unit of several counters: its first hex).
  fromBoard(event, places, state) {
    if (event.type !== 'unitsCommanded') return event;
    const known = new Set(pieces(state).map((p) => p.id));
    const positions: Record<string, DcHex> = {};
    for (const [id, place] of places) if (place.hexes[0] && known.has(id)) positions[id] = place.hexes[0];
    return Object.keys(positions).length ? { ...event, positions } : event;
  },
};
