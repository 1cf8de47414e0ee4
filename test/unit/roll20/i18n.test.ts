import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import { ENGINES } from '../../../src/adapters/roll20/protocol';
import { SIDE_SOURCES, UNIT_SOURCES } from '../../../src/adapters/roll20/settings';

/** Keys the live-table view builds from enumerations (tr(`r20_status_${status}`) and the like). */
const dynamic = [
  ...ENGINES.map((e) => `r20_engine_${e}`),
  ...['leader', 'commanded', 'link', 'out', 'none'].map((s) => `r20_status_${s}`),
  ...['out-of-range', 'leader-cannot-command', 'no-leader', 'no-unit', 'no-radio', 'unknown-commander'].map((c) => `r20_reason_${c.replaceAll('-', '_')}`),
  ...['incompatible-units', 'invalid-scale'].map((c) => `r20_error_${c.replaceAll('-', '_')}`),
  ...SIDE_SOURCES.map((s) => `r20_side_from_${s}`),
  ...UNIT_SOURCES.map((s) => `r20_unit_from_${s}`),
];

describe('Roll20 strings', () => {
  it.each(['en', 'fr', 'ru'])('%s has every key the live table builds', (lang) => {
    const cat = loadCatalogue(lang) as Record<string, unknown>;
    expect(dynamic.filter((k) => !cat[k])).toEqual([]);
  });
});
