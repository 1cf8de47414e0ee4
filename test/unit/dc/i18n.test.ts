import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import { DC_PATH_READINGS, DC_SIDES, dc, type DcEvent, type DcState } from '../../../src/rules/dc';
import { describeEvent } from '../../../src/rules/dc/history';
import { formatText, type Catalogue } from '../../../src/i18n/format';
import { errorText } from '../../../src/i18n/errors';

/* Keys the dc panel and core build at run time: each must exist, in every language, and never print empty. */
const LANGS = ['en', 'fr', 'ru'] as const;
const catalogues = Object.fromEntries(LANGS.map((l) => [l, loadCatalogue(l) as Catalogue])) as Record<
  (typeof LANGS)[number],
  Catalogue
>;

const src = (dir: string): string =>
  readdirSync(dir)
    // The board view's reasons are not refusals: test/unit/board/i18n.test.ts checks them.
    .filter((f) => /\.tsx?$/.test(f) && f !== 'board.ts')
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
const core = src(join(__dirname, '../../../src/rules/dc'));
const popup = src(join(__dirname, '../../../popup/dc'));

describe('dc strings', () => {
  const dynamic = [
    ...DC_SIDES.map((s) => `dc_side_${s}`),
    ...['white', 'commanded', 'done'].map((m) => `dc_marker_${m}`),
    'dc_rule_threshold',
    'dc_rule_fragileThreshold',
    ...DC_PATH_READINGS.flatMap((r) => [
      `dc_rule_path_${r.replaceAll('-', '_')}`,
      `dc_history_path_${r.replaceAll('-', '_')}`,
    ]),
    'dc_reroll_used',
    'dc_reroll_only_ones',
    'dc_reroll_not_allowed',
    'system_dc',
  ];
  // Every refusal code the core can produce (including the dc-step-${step} ones).
  const codes = [
    ...new Set(
      [
        ...core.matchAll(/refuse\('(dc-[a-z-]+)'/g),
        ...core.matchAll(/code: '(dc-[a-z-]+)'/g),
        ...core.matchAll(/\['(dc-[a-z-]+)'/g),
      ].map((m) => m[1]!),
    ),
  ];
  const steps = ['leader', 'units', 'roll', 'assign', 'decide'].map((s) => `dc-step-${s}`);

  it.each(LANGS)('%s has every dynamic key and every refusal message', (lang) => {
    for (const key of dynamic) expect(catalogues[lang][key], key).toBeDefined();
    expect(codes.length).toBeGreaterThan(25);
    for (const code of [...codes, ...steps]) {
      const t = errorText({
        code,
        params: { unit: 'x', leader: 'y', id: 'z', count: 2, distance: 4, max: 3, radius: 2 },
      });
      // A refusal worded by its count names a family of plural forms.
      expect(catalogues[lang][t.count === undefined ? t.key : `${t.key}_other`], code).toBeDefined();
      expect(formatText(catalogues[lang], t)).not.toMatch(/\$/);
    }
  });

  it('uses only keys of the catalogue in the popup', () => {
    for (const m of popup.matchAll(/tr\('(dc_[a-z_]+)'/g)) expect(catalogues.en[m[1]!], m[1]).toBeDefined();
  });

  it('describes every event of the worked example in all three languages', () => {
    const file = JSON.parse(
      readFileSync(join(__dirname, '../../scenarios/dc/desharbes-worked-example.json'), 'utf8'),
    ) as { steps: { event?: DcEvent; reject?: string }[] };
    let state: DcState = dc.initialState(dc.defaultConfig);
    for (const step of file.steps) {
      if (!step.event || step.reject) continue;
      const next = dc.apply(state, step.event);
      if (!next.ok) continue; // undo steps are skipped here, so a later step may not fit
      const line = describeEvent(state, step.event, next.value);
      for (const lang of LANGS) {
        const s = formatText(catalogues[lang], line.action);
        expect(s, `${lang} ${line.action.key}`).not.toBe('');
        expect(s).not.toMatch(/\$/);
      }
      state = next.value;
    }
  });
});
