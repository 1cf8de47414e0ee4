import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, loadCatalogue } from '../../scripts/locales.mjs';
import { errorText } from '../../src/i18n/errors';
import { formatMessage, type Catalogue } from '../../src/i18n/format';
import { SYSTEM_IDS } from '../../src/rules';
import { DEFAULT_HOUSE_RULES, EDITIONS, LOSS_KINDS } from '../../src/rules/hd-command';
import { systemNameKey } from '../../popup/SystemPicker';

const repo = join(__dirname, '../..');
const LOCALES = ['en', 'fr', 'ru'] as const;
const catalogues = Object.fromEntries(LOCALES.map((l) => [l, loadCatalogue(l) as Catalogue])) as Record<(typeof LOCALES)[number], Catalogue>;

const sources = (dir: string): string[] =>
  readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => readFileSync(join(repo, dir, f), 'utf8'));
const code = [...sources('src'), ...sources('popup'), ...sources('background'), ...sources('owlbear'), ...sources('content')].join('\n');

/** Every message key the code can ask for: literal keys, plus each family of keys built from an enumeration. */
function usedKeys(): Set<string> {
  const keys = new Set<string>(['extName', 'extDescription', 'actionTitle']);
  for (const m of code.matchAll(/\b(?:tr|text)\(\s*'([A-Za-z0-9_]+)'/g)) keys.add(m[1]!);
  // Refusals reach people as error_<code>, except the store's reasons, which have their own store_reset_<reason> texts.
  const resetReasons = ['not-json', 'wrong-shape', 'newer-schema', 'log-refused'];
  for (const m of code.matchAll(/\brefuse\(\s*'([a-z-]+)'/g)) {
    if (!resetReasons.includes(m[1]!)) keys.add(errorText({ code: m[1]! }).key);
  }
  for (const r of resetReasons) keys.add(`store_reset_${r.replaceAll('-', '_')}`);
  // The shared Owlbear table's own refusals (src/adapters/owlbear, owlbear/) are written as plain RuleErrors too.
  for (const m of code.matchAll(/\bcode: '(owlbear-[a-z-]+)'/g)) keys.add(errorText({ code: m[1]! }).key);
  for (const e of EDITIONS) keys.add(`hd_edition_${e}`).add(`hd_edition_${e}_explained`);
  for (const k of LOSS_KINDS) keys.add(`hd_status_${k}`).add(`hd_history_lost_${k}`);
  keys.add(errorText({ code: 'worker-unreachable' }).key).add(errorText({ code: 'bad-message' }).key);
  for (const rule of Object.keys(DEFAULT_HOUSE_RULES)) keys.add(`hd_rule_${rule}`);
  for (const id of SYSTEM_IDS) keys.add(systemNameKey(id));
  return keys;
}

describe('locales', () => {
  it('are the three languages the extension ships', () => {
    expect(LANGUAGES).toEqual([...LOCALES]);
  });

  it('English has every key the code uses', () => {
    const missing = [...usedKeys()].filter((k) => !catalogues.en[k]);
    expect(missing).toEqual([]);
  });

  it.each(['fr', 'ru'] as const)('%s has exactly the English keys with the same placeholders, all translated', (locale) => {
    expect(Object.keys(catalogues[locale]).sort()).toEqual(Object.keys(catalogues.en).sort());
    for (const [key, entry] of Object.entries(catalogues.en)) {
      const other = catalogues[locale][key]!;
      expect(other.placeholders, key).toEqual(entry.placeholders);
      const used = (m: string) => [...m.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((x) => x[1]!.toLowerCase()).sort();
      expect(used(other.message), key).toEqual(used(entry.message));
      expect(other.message.trim().length, key).toBeGreaterThan(0);
    }
  });

  it('every named placeholder in every locale is declared', () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      for (const [key, entry] of Object.entries(catalogue)) {
        for (const m of entry.message.matchAll(/\$([A-Za-z0-9_]+)\$/g)) {
          expect(entry.placeholders?.[m[1]!.toLowerCase()], `${locale}:${key}`).toBeDefined();
        }
      }
    }
  });
});

describe('formatMessage (the browser i18n rules, for tools and tests)', () => {
  const catalogue: Catalogue = {
    spend: { message: 'Cannot spend $AMOUNT$: only $CURRENT$ left, $$5 is a price', placeholders: { amount: { content: '$1' }, current: { content: '$2' } } },
    plain: { message: 'Undo' },
  };
  it('fills named placeholders from positional substitutions and keeps $$ as a dollar', () => {
    expect(formatMessage(catalogue, 'spend', [2, 1])).toBe('Cannot spend 2: only 1 left, $5 is a price');
  });
  it('does not interpret substitutions (user text stays as typed)', () => {
    expect(formatMessage(catalogue, 'spend', ['$2', '<b>'])).toBe('Cannot spend $2: only <b> left, $5 is a price');
  });
  it('gives an empty string for an unknown key, like getMessage', () => {
    expect(formatMessage(catalogue, 'nope')).toBe('');
    expect(formatMessage(catalogue, 'plain')).toBe('Undo');
  });
});
