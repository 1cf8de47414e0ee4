// The cr keys built at run time (by kind, status, house rule) exist in the three languages.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import { ABSENT_LEADER_SLOT, DEFAULT_HOUSE_RULES, ORDER_MIXING, SIGNAL_UNITS, TIE_RULES } from '../../../src/rules/cr';

const keys = [
  ...['unit', 'c_in_c', 'leader', 'disordered', 'absent'].map((k) => `cr_kind_${k}`),
  ...['done', 'current', 'next', 'skipped'].map((k) => `cr_q_${k}`),
  ...['unit', 'direct', 'signal', 'rewrite'].map((k) => `cr_used_${k}`),
  ...['direct', 'signal'].map((k) => `cr_mode_${k}`),
  ...['absent', 'disordered', 'ready'].map((k) => `cr_history_leader_${k}`),
  ...[
    'unit_slot',
    'direct',
    'signal_in',
    'signal_cm',
    'signal_obeyed',
    'rewrite',
    'slot_done',
    'tie',
    'tie_weather',
  ].map((k) => `cr_history_${k}`),
  ...Object.keys(DEFAULT_HOUSE_RULES).map((k) => `cr_rule_${k}`),
  ...TIE_RULES.map((v) => `cr_rule_tie_${v.replaceAll('-', '_')}`),
  ...SIGNAL_UNITS.map((v) => `cr_rule_signalUnit_${v}`),
  ...ORDER_MIXING.map((v) => `cr_rule_orderMixing_${v.replaceAll('-', '_')}`),
  ...ABSENT_LEADER_SLOT.map((v) => `cr_rule_absentLeaderSlot_${v}`),
  ...['true', 'false'].flatMap((v) => [`cr_rule_unitActsOnce_${v}`, `cr_rule_leaderOnce_${v}`]),
];

describe('cr strings built at run time', () => {
  it.each(['en', 'fr', 'ru'])('exist in %s', (lang) => {
    const catalogue = loadCatalogue(lang) as Record<string, unknown>;
    expect(keys.filter((k) => !catalogue[k])).toEqual([]);
  });
});
