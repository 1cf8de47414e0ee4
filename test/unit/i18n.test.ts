import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, loadCatalogue } from '../../scripts/locales.mjs';
import { errorText } from '../../src/i18n/errors';
import { formatMessage, formatText, type Catalogue } from '../../src/i18n/format';
import { LOCALE_KEY, plural, sayer, text } from '../../src/i18n/text';
import { SYSTEM_IDS } from '../../src/rules';
import { DEFAULT_HOUSE_RULES, EDITIONS, LOSS_KINDS } from '../../src/rules/hd-command';
import { systemNameKey } from '../../popup/SystemPicker';

const repo = join(__dirname, '../..');
const PLURAL_FORM = /^(.*)_(zero|one|two|few|many|other)$/;
/** A key is a plural form when its family has an `_other` form (`bdc_spend_one` is not: no `bdc_spend_other`). */
const isPluralForm = (c: Catalogue, key: string): boolean => {
  const m = PLURAL_FORM.exec(key);
  return m !== null && `${m[1]}_other` in c;
};
const LOCALES = ['en', 'fr', 'ru'] as const;
const catalogues = Object.fromEntries(LOCALES.map((l) => [l, loadCatalogue(l) as Catalogue])) as Record<
  (typeof LOCALES)[number],
  Catalogue
>;

const sources = (dir: string): string[] =>
  readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => readFileSync(join(repo, dir, f), 'utf8'));
const code = [
  ...sources('src'),
  ...sources('popup'),
  ...sources('background'),
  ...sources('owlbear'),
  ...sources('content'),
].join('\n');

/** Every message key the code can ask for: literal keys, plus each family of keys built from an enumeration. */
function usedKeys(): Set<string> {
  const keys = new Set<string>(['extName', 'extDescription', 'actionTitle']);
  for (const m of code.matchAll(/\b(?:tr|text)\(\s*'([A-Za-z0-9_]+)'/g)) keys.add(m[1]!);
  // A counted text names a family of plural forms (checked below): its `_other` form stands for it.
  for (const m of code.matchAll(/\b(?:trn|plural)\(\s*'([A-Za-z0-9_]+)'/g)) keys.add(`${m[1]!}_other`);
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
    // A refusal worded by its count (errorText) is a family: its `_other` form is there.
    const missing = [...usedKeys()].filter((k) => !catalogues.en[k] && !catalogues.en[`${k}_other`]);
    expect(missing).toEqual([]);
  });

  it.each(['fr', 'ru'] as const)(
    '%s has exactly the English keys with the same placeholders, all translated',
    (locale) => {
      // Plural forms differ by language (checked below); each family is compared through its `_other` form.
      const singles = (c: Catalogue) =>
        Object.keys(c)
          .filter((k) => !isPluralForm(c, k) || k.endsWith('_other'))
          .sort();
      expect(singles(catalogues[locale])).toEqual(singles(catalogues.en));
      for (const [key, entry] of Object.entries(catalogues.en)) {
        if (isPluralForm(catalogues.en, key) && !key.endsWith('_other')) continue;
        const other = catalogues[locale][key]!;
        expect(other.placeholders, key).toEqual(entry.placeholders);
        const used = (m: string) => [...m.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((x) => x[1]!.toLowerCase()).sort();
        expect(used(other.message), key).toEqual(used(entry.message));
        expect(other.message.trim().length, key).toBeGreaterThan(0);
      }
    },
  );

  it.each(LOCALES)(
    '%s: every plural family has exactly the forms its language needs, with the same placeholders',
    (locale) => {
      const catalogue = catalogues[locale];
      const rules = new Intl.PluralRules(catalogue[LOCALE_KEY]!.message);
      // The forms whole numbers take (a count in the popup is a whole number below 1,000), and `other`,
      // the fallback of every family (Russian keeps it for fractions).
      const needed = new Set<string>(['other']);
      for (let n = 0; n <= 1000; n++) needed.add(rules.select(n));
      const families = Object.keys(catalogue)
        .filter((k) => k.endsWith('_other'))
        .map((k) => k.slice(0, -'_other'.length));
      expect(families.length).toBeGreaterThan(10);
      for (const family of families) {
        const forms = Object.keys(catalogue).flatMap((k) =>
          PLURAL_FORM.exec(k)?.[1] === family ? [k.slice(family.length + 1)] : [],
        );
        expect(forms.sort(), family).toEqual([...needed].sort());
        for (const form of forms)
          expect(catalogue[`${family}_${form}`]!.placeholders, `${family}_${form}`).toEqual(
            catalogue[`${family}_other`]!.placeholders,
          );
        expect(catalogue[family], `${family} is only a family`).toBeUndefined();
      }
    },
  );

  it('the three languages name themselves, so plural rules follow the catalogue the browser picked', () => {
    expect(LOCALES.map((l) => catalogues[l][LOCALE_KEY]?.message)).toEqual(['en', 'fr', 'ru']);
    expect(new Intl.PluralRules('ru').resolvedOptions().pluralCategories.sort()).toEqual([
      'few',
      'many',
      'one',
      'other',
    ]);
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
    spend: {
      message: 'Cannot spend $AMOUNT$: only $CURRENT$ left, $$5 is a price',
      placeholders: { amount: { content: '$1' }, current: { content: '$2' } },
    },
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

describe("counted texts (Intl.PluralRules of the catalogue's language)", () => {
  const say = (locale: (typeof LOCALES)[number], key: string, n: number, ...subs: (string | number)[]) =>
    formatText(catalogues[locale], plural(key, n, ...subs));
  it('English: one and other', () => {
    expect(say('en', 'bdc_roll_morale', 1)).toBe('Roll 1 morale test');
    expect(say('en', 'bdc_roll_morale', 2)).toBe('Roll 2 morale tests');
    expect(say('en', 'hd_history_roster', 1, 4)).toBe('company of 1 fighter, 4 CMD');
    expect(say('en', 'hd_history_roster', 4, 7)).toBe('company of 4 fighters, 7 CMD');
  });
  it('French: 0 and 1 are singular', () => {
    expect(say('fr', 'bdc_roll_morale', 1)).toBe('Lancer 1 test de moral');
    expect(say('fr', 'bdc_roll_morale', 0)).toBe('Lancer 0 test de moral');
    expect(say('fr', 'bdc_roll_morale', 3)).toBe('Lancer 3 tests de moral');
  });
  it('Russian: one, few and many, by the last digits', () => {
    expect([1, 2, 5, 11, 21, 22, 25, 111].map((n) => say('ru', 'dc_hexes', n))).toEqual([
      '1 гекс',
      '2 гекса',
      '5 гексов',
      '11 гексов',
      '21 гекс',
      '22 гекса',
      '25 гексов',
      '111 гексов',
    ]);
  });
  it('a form a catalogue lacks falls back to `other`', () => {
    const c: Catalogue = { [LOCALE_KEY]: { message: 'ru' }, n_other: { message: '$1 x' } };
    expect(formatText(c, plural('n', 3))).toBe('3 x');
  });
});

describe('French addresses the player one way: vous', () => {
  // "tu" and its possessives, and the singular imperatives the popup's hints and refusals would use.
  // Words are bounded by letters (\p{L}), so that "tué" or "incomplètes" are not read as "tu", "tes".
  const tutoiement =
    /(?<!\p{L})(tu|toi|ton|ta|tes)(?!\p{L})|(?:^|[.:;!?(]\s*)(Ajoute|Attribue|Choisis|Conserve|Fixe|Modifie|Active|Écris|Clique|Coche|Tape|Ouvre|Glisse|Sélectionne|Vérifie|Mets|Prends|Fais|Lance|Cède|Exporte|Importe|Restaure|Supprime)(?!\p{L})|(?<!\p{L})(laisse|écris|cède-la)(?!\p{L})/u;
  it('no message says "tu" or gives a singular order', () => {
    const found = Object.entries(catalogues.fr)
      .filter(([, e]) => tutoiement.test(e.message))
      .map(([k, e]) => `${k}: ${e.message}`);
    expect(found).toEqual([]);
  });
  it('the check would catch the forms it looks for', () => {
    for (const m of [
      'Choisis d’abord les unités.',
      'Joueur Natif : tu peux piocher',
      'Positions inconnues : ta parole fait foi.',
      'ou laisse les deux vides',
    ])
      expect(m).toMatch(tutoiement);
    for (const m of [
      'Choisissez d’abord les unités.',
      'Lancer 1 test de moral',
      'relance un 1 → 4',
      'Relancer',
      '$NAME$ tué',
      'incomplètes',
    ])
      expect(m).not.toMatch(tutoiement);
  });
});

describe('every page says a counted text in its plural form (issue 39: a key shown instead of words)', () => {
  // A page that looked a Text up by `t.key` alone (the demo table's field problems and board, Roll20's
  // board and finder) showed a counted text as its bare key: "field_text_long", "error_dice_count".
  const withDemo = [code, ...sources('demo')].join('\n');
  it('no page formats a Text by its key alone: each goes through `sayer` (or formatText)', () => {
    const bare = [...withDemo.matchAll(/\b(?:tr|message|say|getMessage)\(\s*t\.key\b[^\n]*/g)].map((m) => m[0]);
    expect(bare).toEqual([]);
  });
  it('sayer: the family form for the count, numbers in the local mark, an unknown key said as itself', () => {
    const get = (key: string, subs: string[]) => formatMessage(catalogues.ru, key, subs);
    const say = sayer(get, 'ru');
    expect([1, 2, 5, 21].map((n) => say(plural('field_text_long', n, 'Имя', n + 1)))).toEqual([
      'Имя: не более 1 знака; вы ввели 2.',
      'Имя: не более 2 знаков; вы ввели 3.',
      'Имя: не более 5 знаков; вы ввели 6.',
      'Имя: не более 21 знака; вы ввели 22.',
    ]);
    expect(sayer((key, subs) => formatMessage(catalogues.fr, key, subs), 'fr')(plural('owlbear_dropped', 1))).toBe(
      '1 élément de cette scène est illisible et a été écarté',
    );
    expect(say(text('no_such_key'))).toBe('no_such_key');
  });
});
