import { describe, expect, it } from 'vitest';
import { LANGUAGES, loadCatalogue } from '../../../scripts/locales.mjs';
import {
  CHARACTERISTICS,
  DEFAULT_HDM_RULES,
  EFFECT_KINDS,
  ENDABLE_SCOPES,
  SCOPES,
  STATES,
} from '../../../src/rules/hd-modifiers';

/** The keys the hd-modifiers views and history build from enumerations exist in every language. */
const choices: Record<string, readonly string[]> = {
  directTie: ['most-recent', 'lowest', 'highest'],
  nonCumulativeKeeps: ['largest', 'most-recent'],
  repeatedState: ['once', 'stacks'],
  scopeNesting: ['nested', 'separate'],
};

function dynamicKeys(): string[] {
  const keys = ['system_hd_modifiers'];
  for (const s of STATES) keys.push(`hdm_state_${s}`, `hdm_history_${s}_on`, `hdm_history_${s}_off`);
  for (const s of SCOPES) keys.push(`hdm_scope_${s}`);
  for (const s of ENDABLE_SCOPES) keys.push(`hdm_history_end_${s}`);
  for (const k of EFFECT_KINDS) keys.push(`hdm_kind_${k}`, `hdm_history_${k}`);
  for (const [rule, values] of Object.entries(choices)) {
    keys.push(`hdm_rule_${rule}`);
    for (const v of values) keys.push(`hdm_rule_${rule}_${v.replaceAll('-', '_')}`);
  }
  keys.push('hdm_amount', 'hdm_value');
  return keys;
}

describe('hd-modifiers strings', () => {
  it('the settings listed here are the settings of the model', () => {
    expect(Object.keys(choices).sort()).toEqual(Object.keys(DEFAULT_HDM_RULES).sort());
    for (const [rule, values] of Object.entries(choices))
      expect(values).toContain(DEFAULT_HDM_RULES[rule as keyof typeof DEFAULT_HDM_RULES]);
    expect(CHARACTERISTICS.length).toBeGreaterThan(0);
  });

  it.each(LANGUAGES)('%s has every key built from an enumeration', (lang) => {
    const catalogue = loadCatalogue(lang) as Record<string, unknown>;
    expect(dynamicKeys().filter((k) => !catalogue[k])).toEqual([]);
  });
});
