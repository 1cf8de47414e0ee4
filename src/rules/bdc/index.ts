import type { Piece } from '../../board/model';
import { foldCreating, groupName, unlinkedGroups } from '../../board/roster';
import { parseWith } from '../../game/validate';
import type { RuleSystem } from '../../game/system';
import type { DraftEntry, NewLink, SystemDescriptor } from '../descriptor';
import type { BdcFacts } from './board';
import { applyEvent, initialState } from './model';
import { bdcConfigSchema, bdcEventSchema } from './schema';
import { stepsOf } from './tests';
import { DEFAULT_BDC_CONFIG, DEFAULT_RULES, type BdcConfig, type BdcEvent, type BdcState } from './types';

export * from './types';
export { applyEvent, initialState } from './model';
export { bdcConfigSchema, bdcEventSchema } from './schema';
export { baseFactor, countersFor, currentFactor, d10Test, moraleTests, rallyOutcome, stepsOf } from './tests';

export const bdc: RuleSystem<BdcState, BdcEvent, BdcConfig> = {
  id: 'bdc',
  defaultConfig: DEFAULT_BDC_CONFIG,
  parseConfig: (raw) => parseWith(bdcConfigSchema, raw, 'config-malformed'),
  parseEvent: (raw) => parseWith(bdcEventSchema, raw, 'event-malformed'),
  initialState,
  apply: applyEvent,
};

/** Units and leaders; a broken troop has left the fight. The game has no sides: chains never leave a unit. */
function pieces(state: BdcState): Piece[] {
  return state.troops.map((t) =>
    t.kind === 'unit'
      ? { id: t.id, name: t.name, kind: 'unit', side: null, gone: t.broken }
      : {
          id: t.id,
          name: t.name,
          kind: 'leader',
          side: null,
          ...(t.leads !== null ? { unit: t.leads } : {}),
          radio: t.radio,
          commander: t.commander,
          gone: t.broken,
        },
  );
}

function facts(state: BdcState): BdcFacts {
  const blocked: Record<string, string> = {};
  for (const t of state.troops)
    if (t.kind === 'leader' && (t.broken || stepsOf(t.state) >= 2)) blocked[t.id] = t.broken ? 'routed' : t.state;
  return {
    commandCm: state.config.rules.commandCm,
    measureFrom: state.config.rules.measureFrom,
    contactCm: state.config.rules.contactCm,
    bases: state.config.rules.bases,
    blocked,
    rigid: state.troops.filter((t) => t.kind === 'unit' && t.doctrine === 'rigid').map((t) => t.id),
  };
}

const NEW_UNIT = { level: 'confiant', doctrine: 'rigid', teams: 1 } as const;

/** Les bandes de Champagne: the one place this system plugs into the store, the popup, the board and the scenario runner. */
export const descriptor: SystemDescriptor<BdcState, BdcEvent, BdcConfig, BdcFacts> = {
  id: 'bdc',
  rules: bdc,
  measure: { from: DEFAULT_RULES.measureFrom, radius: { value: DEFAULT_RULES.commandCm, unit: 'cm' } },
  sides: [],
  pieces,
  facts,
  roster: {
    fields: [
      { key: 'experience', label: 'board_field_experience', kind: 'number', min: 1, max: 4, for: ['unit'] },
      { key: 'morale', label: 'board_field_morale', kind: 'number', min: 5, max: 9, for: ['leader'] },
      { key: 'pa', label: 'board_field_pa', kind: 'number', min: 2, max: 5, for: ['leader'] },
    ],
    // Each tabletop grouping becomes a unit (rigid, Confiant, experience 2 until edited); each leader
    // token a leader of the unit he stands in.
    draft(figures, _state, binding) {
      const entries: DraftEntry[] = [];
      for (const g of unlinkedGroups(figures, binding)) {
        const unitKey = `unit:${g.side ?? ''}/${g.unit ?? g.figures[0]?.id ?? ''}`;
        if (g.figures.length > 0) {
          entries.push({
            key: unitKey,
            tokens: g.figures.map((f) => f.id),
            kind: 'unit',
            side: null,
            name: groupName(g.figures, 'Unit'),
            fields: { experience: 2 },
            include: true,
          });
        }
        for (const l of g.leaders) {
          entries.push({
            key: `leader:${l.id}`,
            tokens: [l.id],
            kind: 'leader',
            side: null,
            name: l.name.slice(0, 40),
            fields: { morale: 7, pa: 3, ...(g.figures.length ? { leads: unitKey } : {}) },
            include: true,
          });
        }
      }
      return { sides: {}, entries };
    },
    events(draft, state) {
      const included = draft.entries.filter((e) => e.include);
      const units = included.filter((e) => e.kind === 'unit');
      const unitEvents: BdcEvent[] = units.map((e) => ({
        type: 'unitAdded',
        unit: { name: e.name, experience: Number(e.fields.experience), ...NEW_UNIT },
      }));
      // The ids the units will get, so that leaders can name the unit they lead.
      const folded = foldCreating(applyEvent, pieces, state, unitEvents);
      const unitId = new Map(units.map((e, i) => [e.key, folded?.created[i]?.[0] ?? null]));
      const events: BdcEvent[] = [...unitEvents];
      const links: NewLink[] = units.flatMap((e, i) => e.tokens.map((token) => ({ token, event: i })));
      for (const e of included.filter((x) => x.kind === 'leader')) {
        const leads = typeof e.fields.leads === 'string' ? (unitId.get(e.fields.leads) ?? null) : null;
        events.push({
          type: 'leaderAdded',
          leader: {
            name: e.name,
            morale: Number(e.fields.morale),
            pa: Number(e.fields.pa),
            aptitude: { kind: '', modifier: 0 },
            leads,
          },
        });
        for (const token of e.tokens) links.push({ token, event: events.length - 1 });
      }
      return { events, links };
    },
  },
};
