import { text, type Text } from '../../i18n/text';
import { numbers, type TopicNumbers } from '../../lookup/numbers';
// From the rules' index, which the popup loads with these numbers anyway: no new chunk boundary inside the rules.
import {
  breakdown,
  CHARACTERISTICS,
  DEFAULT_HDM_RULES,
  DEFAULT_STATE_PRESETS,
  STATES,
  type Breakdown,
  type HdmHouseRules,
  type HdmState,
} from '.';

/** Which house rules each topic of docs/rules/hd-modifiers.md states. */
const HOUSE: { readonly [topic: string]: readonly (keyof HdmHouseRules)[] } = {
  'bonus-malus': ['nonCumulativeKeeps'],
  direct: ['directTie', 'scopeNesting'],
  states: ['repeatedState'],
};

const count = (terms: readonly { readonly counted: boolean }[]): number => terms.filter((t) => t.counted).length;
const total = (terms: readonly { readonly counted: boolean; readonly amount: number }[]): number =>
  terms.reduce((sum, t) => sum + (t.counted ? t.amount : 0), 0);
const signed = (n: number): string => (n > 0 ? `+${n}` : `${n}`);

/** The current game's characteristics, by topic of the rule lookup. */
export function hdModifiersNumbers(state: HdmState): TopicNumbers {
  const { config } = state;
  const changed = (topic: string): Text[] =>
    (HOUSE[topic] ?? []).some((k) => config.rules[k] !== DEFAULT_HDM_RULES[k]) ||
    (topic === 'states' &&
      STATES.some((s) =>
        CHARACTERISTICS.some((c) => (config.states[s][c] ?? 0) !== (DEFAULT_STATE_PRESETS[s][c] ?? 0)),
      ))
      ? [text('lk_house_changed')]
      : [];
  const rows: { id: string; name: string; b: Breakdown }[] = state.fighters.flatMap((f) =>
    CHARACTERISTICS.filter((c) => f.card[c] !== undefined).map((c) => ({
      id: f.id,
      name: f.name,
      b: breakdown(config, f, state.effects, state.active, c),
    })),
  );
  const active = state.fighters.find((f) => f.id === state.active);

  return numbers({
    computation: state.fighters.map((f) =>
      text(
        'lk_hdm_values',
        f.name,
        rows
          .filter((r) => r.id === f.id)
          .map((r) => `${r.b.characteristic} ${r.b.value}`)
          .join(' · '),
      ),
    ),
    increases: rows
      .filter((r) => r.b.increases.length > 0)
      .map((r) =>
        text(
          'lk_hdm_increases',
          r.name,
          r.b.characteristic,
          r.b.card,
          signed(total(r.b.increases)),
          r.b.afterIncreases,
        ),
      ),
    'bonus-malus': [
      ...rows
        .filter((r) => r.b.maluses.length + r.b.bonuses.length > 0)
        .map((r) =>
          text(
            'lk_hdm_steps',
            r.name,
            r.b.characteristic,
            r.b.afterIncreases,
            signed(total(r.b.maluses)),
            r.b.afterMaluses,
            signed(total(r.b.bonuses)),
            r.b.afterBonuses,
          ),
        ),
      ...changed('bonus-malus'),
    ],
    direct: [
      ...(state.fighters.length === 0 ? [] : [active ? text('lk_hdm_active', active.name) : text('lk_hdm_no_active')]),
      ...rows.flatMap((r) =>
        r.b.directs.map((d) =>
          text(
            d.wins ? 'lk_hdm_direct_wins' : 'lk_hdm_direct_loses',
            r.name,
            r.b.characteristic,
            d.value,
            d.source || '—',
          ),
        ),
      ),
      ...changed('direct'),
    ],
    def: rows
      .filter((r) => r.b.characteristic === 'DEF')
      .map((r) =>
        text(
          'lk_hdm_def',
          r.name,
          r.b.value,
          r.b.card,
          count(r.b.increases),
          count(r.b.maluses),
          count(r.b.bonuses),
          r.b.directs.length,
        ),
      ),
    states: [
      ...state.fighters.flatMap((f) =>
        STATES.filter((s) => (f.states[s] ?? 0) > 0).map((s) =>
          text(`lk_hdm_state_${s}`, f.name, f.states[s]! > 1 ? ` ×${f.states[s]}` : ''),
        ),
      ),
      ...changed('states'),
    ],
  });
}
