import { unlinkedGroups } from '../../board/roster';
import { parseWith } from '../../game/validate';
import type { RuleSystem } from '../../game/system';
import type { DraftEntry, NewLink, SystemDescriptor } from '../descriptor';
import type { HdmFacts } from './board';
import { applyEvent, initialState } from './model';
import { hdmConfigSchema, hdmEventSchema } from './schema';
import { DEFAULT_HDM_CONFIG, type HdmConfig, type HdmEvent, type HdmState } from './types';

export * from './types';
export { applyEvent, initialState } from './model';
export { breakdown, type Breakdown, type DirectTerm, type Term } from './compute';
export { hdmConfigSchema, hdmEventSchema } from './schema';

export const hdModifiers: RuleSystem<HdmState, HdmEvent, HdmConfig> = {
  id: 'hd-modifiers',
  defaultConfig: DEFAULT_HDM_CONFIG,
  parseConfig: (raw) => parseWith(hdmConfigSchema, raw, 'config-malformed'),
  parseEvent: (raw) => parseWith(hdmEventSchema, raw, 'event-malformed'),
  initialState,
  apply: applyEvent,
};

// The history lines (./history) are imported by views directly, so the background worker does not carry them.

/** Hell Dorado modifiers: the one place this system plugs into the store, the popup, the board and the scenario runner. */
export const descriptor: SystemDescriptor<HdmState, HdmEvent, HdmConfig, HdmFacts> = {
  id: 'hd-modifiers',
  rules: hdModifiers,
  measure: { from: 'centre', radius: null },
  sides: [],
  pieces: (state) => state.fighters.map((f) => ({ id: f.id, name: f.name, kind: 'fighter', side: null })),
  facts: (state) => ({ active: state.active }),
  roster: {
    // A card needs one value to start from; the rest is typed on the fighter's card afterwards.
    fields: [{ key: 'DEF', label: 'board_field_def', kind: 'number', min: 1, max: 5, for: ['fighter'] }],
    draft(figures, _state, binding) {
      const entries: DraftEntry[] = unlinkedGroups(figures, binding).flatMap((g) =>
        [...g.leaders, ...g.figures].map((f): DraftEntry => ({
          key: `fighter:${f.id}`,
          tokens: [f.id],
          kind: 'fighter',
          side: null,
          name: f.name.slice(0, 60),
          fields: { DEF: 3 },
          include: true,
        })),
      );
      return { sides: {}, entries };
    },
    events(draft) {
      const events: HdmEvent[] = [];
      const links: NewLink[] = [];
      for (const e of draft.entries.filter((x) => x.include)) {
        events.push({ type: 'fighterAdded', name: e.name, card: { DEF: Number(e.fields.DEF) } });
        for (const token of e.tokens) links.push({ token, event: events.length - 1 });
      }
      return { events, links };
    },
  },
};
