import { readdirSync, readFileSync } from 'node:fs';
import { BOARD_SHOWS } from '../../../src/board/visibility';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import { ENGINES } from '../../../src/adapters/roll20/protocol';
import { SIDE_SOURCES, UNIT_SOURCES } from '../../../src/adapters/roll20/settings';
import { MARK_STATUSES } from '../../../src/board/model';
import { boardSummarySchema } from '../../../src/board/summary-schema';
import { legendText, type LegendEntry } from '../../../src/board/legend';
import {
  REASON_CODES,
  SHORT_REASON_CODES,
  UNIT_REASON_CODES,
  WORDED_VALUES,
  reasonText,
} from '../../../src/i18n/reasons';
import { DESCRIPTORS, SYSTEM_IDS } from '../../../src/rules';

const rules = join(__dirname, '../../../src/rules');
/** Every reason code a board view can give: `code: '…'` in src/rules/<id>/board.ts and the generic ones. */
const viewCodes = SYSTEM_IDS.flatMap((id) =>
  [...readFileSync(join(rules, id, 'board.ts'), 'utf8').matchAll(/code: '([a-z-]+)'/g)].map((m) => m[1]!),
);
const summaryOptions = (key: 'tabletop' | 'error') =>
  boardSummarySchema.entries[key] as { options?: string[]; wrapped?: { options: string[] } };

/** Keys the board views and the popup build from enumerations. */
const dynamic = [
  ...MARK_STATUSES.map((s) => `board_status_${s}`),
  ...SHORT_REASON_CODES.map((c) => `board_short_${c.replaceAll('-', '_')}`),
  ...UNIT_REASON_CODES.map((c) => `board_unit_reason_${c.replaceAll('-', '_')}`),
  ...WORDED_VALUES.map((w) => `board_word_${w}`),
  ...(
    [
      ...MARK_STATUSES.map((status) => ({ kind: 'mark', status })),
      { kind: 'close-up' },
      ...(['command', 'control', 'signal'] as const).map((ring) => ({ kind: 'ring', ring })),
      ...(['chain', 'voice', 'radio'] as const).map((edge) => ({ kind: 'edge', edge })),
      { kind: 'count' },
      { kind: 'short' },
    ] as LegendEntry[]
  ).map((e) => legendText(e).key),
  ...[
    'out-of-range',
    'leader-cannot-command',
    'no-leader',
    'no-unit',
    'no-radio-self',
    'no-radio-commander',
    'unknown-commander',
    'piece-gone',
    ...viewCodes,
  ].map((c) => reasonText({ code: c }).key),
  ...[...ENGINES, 'demo', 'owlbear'].map((e) => `board_engine_${e}`),
  ...summaryOptions('tabletop').options!.map((t) => `board_title_${t}`),
  ...summaryOptions('error').wrapped!.options.map((e) => `board_error_${e.replaceAll('-', '_')}`),
  ...['fighter', 'unit', 'leader'].map((k) => `board_kind_${k}`),
  ...BOARD_SHOWS.map((s) => `board_show_${s}`),
  ...SYSTEM_IDS.flatMap((id) => [...(DESCRIPTORS[id].roster?.fields ?? []).map((f) => f.label)]),
  ...SIDE_SOURCES.map((s) => `r20_side_from_${s}`),
  ...UNIT_SOURCES.map((s) => `r20_unit_from_${s}`),
];

describe('board strings', () => {
  it('every reason code a view gives has its words', () => {
    expect(viewCodes.length).toBeGreaterThan(10);
    expect(viewCodes.filter((c) => !REASON_CODES.includes(c))).toEqual([]);
  });

  it.each(['en', 'fr', 'ru'])('%s has every key the board builds', (lang) => {
    const cat = loadCatalogue(lang) as Record<string, unknown>;
    // A reason worded by its count (reasons.ts, COUNTED) is a family: its `_other` form is there.
    expect(dynamic.filter((k) => !cat[k] && !cat[`${k}_other`])).toEqual([]);
  });

  it('the popup has no dead board keys', () => {
    const en = Object.keys(loadCatalogue('en') as Record<string, unknown>).filter((k) => k.startsWith('board_'));
    const code = ['popup', 'src', 'content', 'demo', 'owlbear']
      .flatMap((d) =>
        readdirSync(join(__dirname, '../../..', d), { recursive: true, encoding: 'utf8' })
          .filter((f) => /\.tsx?$/.test(f))
          .map((f) => readFileSync(join(__dirname, '../../..', d, f), 'utf8')),
      )
      .join('\n');
    // A plural form is used when its family is (`trn('board_more', n)` picks board_more_one, _other…).
    const family = (k: string) => /^(.*)_(one|few|many|other)$/.exec(k)?.[1];
    const used = (k: string) =>
      code.includes(`'${k}'`) ||
      dynamic.includes(k) ||
      (family(k) !== undefined && (code.includes(`'${family(k)}'`) || dynamic.includes(family(k)!)));
    expect(en.filter((k) => !used(k))).toEqual([]);
  });
});
