import type { Binding, Piece } from '../../board/model';
import { mapSides, unlinkedGroups } from '../../board/roster';
import { ok, refuse } from '../../game/result';
import { parseWith } from '../../game/validate';
import type { RuleSystem } from '../../game/system';
import { text } from '../../i18n/text';
import type { DraftEntry, NewLink, Proposal, SystemDescriptor, TableChanges } from '../descriptor';
import type { HdFacts } from './board';
import { applyEvent, initialState } from './model';
import { hdConfigSchema, hdEventSchema } from './schema';
import { DEFAULT_HD_CONFIG, LIMITS, SIDE_IDS, type HdConfig, type HdEvent, type HdState, type SideId } from './types';

export * from './types';
export { applyEvent, initialState } from './model';
export { hdConfigSchema, hdEventSchema } from './schema';

export const hdCommand: RuleSystem<HdState, HdEvent, HdConfig> = {
  id: 'hd-command',
  defaultConfig: DEFAULT_HD_CONFIG,
  parseConfig: (raw) => parseWith(hdConfigSchema, raw, 'config-malformed'),
  parseEvent: (raw) => parseWith(hdEventSchema, raw, 'event-malformed'),
  initialState,
  apply: applyEvent,
  // A spend of 0 changes nothing and only adds a line to undo (spends are often mis-clicked). Logs
  // saved before still hold some: they still read.
  refuseNew: (event) => (event.type === 'spend' && event.amount === 0 ? refuse('spend-nothing') : ok(event)),
};

// The history lines (./history) are imported by views directly, so the background worker does not carry them.

/** Every fighter of both companies; one killed, eliminated or gone from the table is out of the game. */
function pieces(state: HdState): Piece[] {
  return SIDE_IDS.flatMap((side) =>
    state.sides[side].fighters.map((f): Piece => ({
      id: f.id,
      name: f.name,
      kind: 'fighter',
      side,
      gone: f.status !== 'on-table',
    })),
  );
}

/**
 * What the board proposes while the game is on: a fighter's token removed or marked dead → his
 * loss, when the token is linked to him or stood for him when it left (an unlinked token named after
 * him, taken off after he entered: never one taken off before); a token put on the table on a bound
 * side → a late entry, with the CMD the player gives.
 */
function propose(state: HdState, binding: Binding, changes: TableChanges): Proposal<HdEvent>[] {
  if (state.phase !== 'playing') return [];
  const out: Proposal<HdEvent>[] = [];
  const onTable = SIDE_IDS.flatMap((side) =>
    state.sides[side].fighters.filter((f) => f.status === 'on-table').map((f) => ({ side, f })),
  );
  const seen = new Set<string>();
  for (const g of changes.gone) {
    const piece = binding.links[g.id] ?? g.stoodFor;
    const hit = piece == null ? undefined : onTable.find((x) => x.f.id === piece);
    if (!hit || seen.has(hit.f.id)) continue;
    seen.add(hit.f.id);
    const { side, f } = hit;
    out.push({
      key: `loss:${f.id}`,
      text: text(g.how === 'dead' ? 'board_propose_loss_dead' : 'board_propose_loss_removed', f.name, f.cmd),
      events: () => [{ type: 'fighterLost', side, fighterId: f.id, how: 'killed' }],
    });
  }
  for (const a of changes.arrived) {
    const side = a.side === null ? undefined : (binding.sides[a.side] as SideId | undefined);
    if (binding.links[a.id] !== undefined || !side || !SIDE_IDS.includes(side)) continue;
    const name = a.name.trim().slice(0, LIMITS.nameLength) || a.id;
    out.push({
      key: `entry:${a.id}`,
      text: text('board_propose_entry', name, state.sides[side].name),
      input: { label: 'board_field_cmd', min: 0, max: LIMITS.maxCmd, value: 1 },
      events: (cmd = 1) => [{ type: 'fighterEnters', side, name, cmd }],
      links: [{ token: a.id, event: 0 }],
    });
  }
  return out;
}

/** Hell Dorado Command: the one place this system plugs into the store, the popup, the board and the scenario runner. */
export const descriptor: SystemDescriptor<HdState, HdEvent, HdConfig, HdFacts> = {
  id: 'hd-command',
  rules: hdCommand,
  measure: { from: 'centre', radius: null },
  sides: SIDE_IDS,
  pieces,
  facts: (state) => ({
    playing: state.phase === 'playing',
    sides: SIDE_IDS.map((s) => ({
      name: state.sides[s].name,
      base: state.sides[s].base,
      current: state.sides[s].current,
    })),
  }),
  roster: {
    fields: [{ key: 'cmd', label: 'board_field_cmd', kind: 'number', min: 0, max: LIMITS.maxCmd, for: ['fighter'] }],
    // Every token of the tabletop's first two sides is a fighter of company A or B, CMD to be given.
    draft(figures, _state, binding) {
      const sides = mapSides(figures, binding, SIDE_IDS);
      const entries: DraftEntry[] = [];
      for (const g of unlinkedGroups(figures, binding)) {
        const side = g.side === null ? null : (sides[g.side] ?? null);
        for (const f of [...g.leaders, ...g.figures])
          entries.push({
            key: `fighter:${f.id}`,
            tokens: [f.id],
            kind: 'fighter',
            side,
            name: f.name.slice(0, LIMITS.nameLength),
            fields: { cmd: 1 },
            include: side !== null,
          });
      }
      return { sides, entries };
    },
    // One roster per side: the company as it stands, then the new fighters (ids follow roster order).
    events(draft, state) {
      const events: HdEvent[] = [];
      const links: NewLink[] = [];
      for (const side of SIDE_IDS) {
        const added = draft.entries.filter((e) => e.include && e.side === side);
        if (added.length === 0) continue;
        const fighters = [
          ...state.sides[side].roster,
          ...added.map((e) => ({ name: e.name, cmd: Number(e.fields.cmd) })),
        ];
        events.push({ type: 'rosterSet', side, fighters });
        added.forEach((e, nth) => e.tokens.forEach((token) => links.push({ token, event: events.length - 1, nth })));
      }
      return { events, links };
    },
  },
  propose,
};
