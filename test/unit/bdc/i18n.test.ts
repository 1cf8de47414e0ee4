import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import { DEFAULT_RULES, MORALE_LEVELS, MORALE_STATES } from '../../../src/rules/bdc';

// Keys the bdc panel builds from enumerations (the shared i18n test only sees literal keys).
const dynamicKeys = [
  ...MORALE_STATES.map((s) => `bdc_state_${s}`),
  ...MORALE_LEVELS.map((l) => `bdc_level_${l}`),
  ...Object.keys(DEFAULT_RULES).map((k) => `bdc_rule_${k}`),
  ...[
    'moraleTests_sequential',
    'moraleTests_simultaneous',
    'factorDrops_true',
    'factorDrops_false',
    'routedFails_stays_routed',
    'routedFails_breaks',
    'teamPa_full',
    'teamPa_split',
    'measureFrom_edge',
    'measureFrom_centre',
  ].map((k) => `bdc_rule_${k}`),
  'system_bdc',
];

describe('bdc strings', () => {
  it.each(['en', 'fr', 'ru'])('%s has every key the bdc panel builds', (lang) => {
    const catalogue = loadCatalogue(lang) as Record<string, unknown>;
    expect(dynamicKeys.filter((k) => !catalogue[k])).toEqual([]);
  });
});
