// French and Russian as a native writes them (issue 39, item 10): every message of both catalogues
// walked for the faults a reader of either language sees at once.
// French: a narrow no-break space (U+202F) before : ; ! ? and inside « », never an ordinary space or
// U+00A0 there; the typographic apostrophe ’, never a straight '; inches written one way, "po".
// Russian: no capital after a colon where a running phrase goes on (a capital that a substitution
// brings is caught where the popup builds it: bdc_summary_morale takes the lower-case board word).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../scripts/locales.mjs';
import { errorText } from '../../src/i18n/errors';
import { formatText, type Catalogue } from '../../src/i18n/format';
import { plural, text } from '../../src/i18n/text';

const catalogues = {
  en: loadCatalogue('en') as Catalogue,
  fr: loadCatalogue('fr') as Catalogue,
  ru: loadCatalogue('ru') as Catalogue,
};
const NNBSP = '\u202f';

/** What in a French message breaks French typography; none of it may stand. */
export function frenchFaults(message: string): string[] {
  const out: string[] = [];
  const m = message.replace(/https?:\/\/\S+/g, 'URL');
  if (/[ \u00a0][:;!?]/.test(m)) out.push('an ordinary or no-break space before : ; ! ?');
  if (/[^\s\u202f\/\d:(][;!?]|[^\s\u202f\/\d(]:(?=\s|$)/u.test(m)) out.push('no narrow no-break space before : ; ! ?');
  if (/«(?!\u202f)|(?<!\u202f)»/.test(m)) out.push('« » without a narrow no-break space inside');
  if (m.includes("'")) out.push('a straight apostrophe');
  // A length after a number is written "1 po"; the word itself ("rayon en pouces") may stand in full.
  if (/(\d|\$)\s*["″]|\d\s*in\b|\(cm, in\b/.test(m)) out.push('inches not written "po"');
  return out;
}

describe('French typography, every message', () => {
  it('each kind of fault is caught', () => {
    expect(frenchFaults('Moral : normal')).toEqual(['an ordinary or no-break space before : ; ! ?']);
    expect(frenchFaults('Moral\u00a0: normal')).toEqual(['an ordinary or no-break space before : ; ! ?']);
    expect(frenchFaults('Vraiment?')).toEqual(['no narrow no-break space before : ; ! ?']);
    expect(frenchFaults('« $KEY$ »')).toEqual(['« » without a narrow no-break space inside']);
    expect(frenchFaults("Table d'expérience")).toEqual(['a straight apostrophe']);
    expect(frenchFaults('contrôle de 1" et 1,5″')).toEqual(['inches not written "po"']);
    expect(frenchFaults(`Moral${NNBSP}: «${NNBSP}normal${NNBSP}», l’unité à 1 po`)).toEqual([]);
  });

  it('no French message has any of them', () => {
    const found = Object.entries(catalogues.fr).flatMap(([k, e]) =>
      frenchFaults(e.message).map((f) => `${k}: ${f} in “${e.message.slice(0, 100)}”`),
    );
    expect(found).toEqual([]);
  });
});

describe('French words, one for one thing', () => {
  const fr = (key: string, ...subs: string[]) => formatText(catalogues.fr, text(key, ...subs));
  it('a rank before a name takes its article: "du colonel Desharbes"', () => {
    expect(fr('board_reason_dc_out_of_range', '6', 'Colonel Desharbes', '3')).toContain('du colonel Desharbes');
    expect(fr('board_reason_dc_out_of_range', '6', 'Desharbes', '3')).toContain('de Desharbes');
  });
  it('an empty field is said without agreeing with its label ("Points est vide" was wrong)', () => {
    expect(fr('field_empty_number', 'Points', '0', '9')).toBe(
      `Points${NNBSP}: champ vide${NNBSP}; tapez un nombre entier de 0 à 9.`,
    );
  });
  it('a disordered leader is "désorganisé" on the board as in the popup, never "en désordre"', () => {
    expect(Object.values(catalogues.fr).filter((e) => e.message.includes('désordre'))).toEqual([]);
  });
});

describe('Russian words, one for one thing', () => {
  const ru = Object.entries(catalogues.ru);
  it('one spelling for the colonel: Дешарб', () => {
    expect(ru.filter(([, e]) => e.message.includes('Дезарб')).map(([k]) => k)).toEqual([]);
  });
  it('an order on someone’s word is "на ваше слово", "на слово игроков"', () => {
    expect(ru.filter(([, e]) => /под (ваше|слово)/.test(e.message)).map(([k]) => k)).toEqual([]);
  });
  it('a command-roll slot is a "число" on the demo as in the popup, never a "номер"', () => {
    expect(
      ru
        .filter(([k, e]) => /^(cr_|lk_cr_|demo_try_cr|demo_)/.test(k) && /[Нн]омер(?! на маркере)/.test(e.message))
        .map(([k]) => k),
    ).toEqual([]);
  });
  // One word for a token (four were used: фигура, фишка, жетон, фигурка). The rule: what stands on the
  // board for a fighter, a stand or a unit, with its base, what a player drags, clicks or measures from,
  // is a "фигура"; "жетон" is the tabletop's own object (a Roll20 token, an Owlbear item) and is said only
  // where a message speaks of that object as opposed to the figure: linking it to the game, counting a
  // page's tokens, a token hidden from players, the lattice fitted to the tokens. Never "фишка" or "фигурка".
  const english = (key: string) =>
    (catalogues.en[key] ?? catalogues.en[key.replace(/_(one|few|many)$/, '_other')])?.message ?? '';
  it('a token is a "фигура" on the board, a "жетон" only as the tabletop\'s object; never "фишка" or "фигурка"', () => {
    expect(ru.filter(([, e]) => /фиш(к|ек)|фигурк/iu.test(e.message)).map(([k]) => k)).toEqual([]);
    // "жетон" only where the English speaks of the tabletop's token…
    expect(
      ru.filter(([k, e]) => /жетон/iu.test(e.message) && !/\btokens?\b/i.test(english(k))).map(([k]) => k),
    ).toEqual([]);
    // …and a figure is never one.
    expect(
      ru.filter(([k, e]) => /\bfigures?\b/i.test(english(k)) && /жетон/iu.test(e.message)).map(([k]) => k),
    ).toEqual([]);
  });
  it('the rules the lookup reads say "фигура" too', () => {
    for (const f of ['cr', 'bdc', 'dc', 'hd-command', 'hd-modifiers']) {
      const path = join(__dirname, '../../docs/rules/ru', `${f}.md`);
      if (existsSync(path)) expect(readFileSync(path, 'utf8'), f).not.toMatch(/фиш(к|ек)|фигурк/iu);
    }
  });
  it('undoing a board change says a board change: "Отменить перемещение"', () => {
    expect(catalogues.ru.demo_undo!.message).toBe('Отменить перемещение');
  });
  it('after "Мораль:" a morale state goes on in lower case (the popup puts the board word there)', () => {
    for (const state of ['normal', 'pinned', 'demoralised', 'routed']) {
      const said = formatText(
        catalogues.ru,
        text('bdc_summary_morale', formatText(catalogues.ru, text(`board_word_${state}`)), 6),
      );
      expect(said).toMatch(/^Мораль: [а-яё]/);
    }
    expect(formatText(catalogues.ru, text('bdc_word_broken'))).toBe('разбит');
  });
});

// A number beside a counted noun agrees with it: "1 элемент", "2 элемента", "5 элементов", "21 элемент";
// "1 élément", "2 éléments". Such a message is a plural family (`<key>_one/_few/_many/_other`, chosen by
// Intl.PluralRules for the count, see `plural`), never one message for every count ("1 элементов",
// "из 21 жетонов" were). A noun put before its number with a colon ("кубиков: 3") needs no agreement.
/** Placeholders that put in words (a name, a label, a kind), not a number. */
const WORDS_PUT_IN =
  /^(NAME|NAMES|UNIT|UNITS|LEADER|WHO|SIDE|WHAT|TYPE|KEY|SYSTEM|SOURCE|PLAYER|KIND|EVENT|BLOCKER|LATTICE|CARD|CHAR|LABEL|OTHER|STATE|TYPED|PROFILE|PIECE|PAGE|ORDER|HOW|EDITION|CURSOR|COLOUR|CMD|CEILING|AMOUNT|WHY|DETAIL|PATH|PROBLEM|TITLE|OF)$/;
/**
 * What may follow a number without agreeing with it: prepositions, conjunctions and particles, a
 * participle after a number that names a thing ("Кубик 2 отдан", "le numéro 3 terminé"), an adjective
 * after "3/5" ("commandés"), and units written short, which do not change ("6 гекс.", "2 ko", "12 px").
 */
const NOT_COUNTED: Record<'fr' | 'ru', ReadonlySet<string>> = {
  ru: new Set([
    'до',
    'из',
    'и',
    'или',
    'к',
    'не',
    'от',
    'в',
    'вне',
    'ещё',
    'на',
    'под',
    'отдан',
    'сыграно',
    'гекс',
    'см',
    'кБ',
    'мс',
    'px',
  ]),
  fr: new Set([
    'à',
    'sur',
    'a',
    'et',
    'n’est',
    'en',
    'hors',
    'au',
    'des',
    'est',
    'fixée',
    'ou',
    'ce',
    'dans',
    'de',
    'dessus',
    'ont',
    'commandés',
    'disponibles',
    'lancés',
    'liés',
    'premiers',
    'terminé',
    'cm',
    'hex',
    'ko',
    'ms',
    'po',
    'px',
  ]),
};
const FAMILY_FORM = /_(zero|one|two|few|many|other)$/;

/** Each place in `catalogue` where a number stands before a noun in one message for every count. */
export function uncountedNouns(catalogue: Catalogue, lang: 'fr' | 'ru'): string[] {
  const out: string[] = [];
  for (const [key, { message }] of Object.entries(catalogue)) {
    if (FAMILY_FORM.test(key)) continue;
    for (const m of message.matchAll(/\$([A-Z0-9_]+)\$[ \u00a0\u202f]+(\p{Ll}[\p{L}’-]*)/gu)) {
      if (!WORDS_PUT_IN.test(m[1]!) && !NOT_COUNTED[lang].has(m[2]!)) out.push(`${key}: $${m[1]}$ ${m[2]}`);
    }
  }
  return out;
}

describe('a number beside a counted noun agrees with it (plural forms by Intl.PluralRules)', () => {
  it('the walk catches a number before a noun in one message, and leaves a family, a unit or a preposition alone', () => {
    const c = (message: string, key = 'k'): Catalogue => ({ [key]: { message } });
    expect(uncountedNouns(c('$COUNT$ элементов этой сцены'), 'ru')).toEqual(['k: $COUNT$ элементов']);
    expect(uncountedNouns(c('на ней стоят $ON$ из $N$ жетонов'), 'ru')).toEqual(['k: $N$ жетонов']);
    expect(uncountedNouns(c('au plus $MAX$ effets'), 'fr')).toEqual(['k: $MAX$ effets']);
    expect(uncountedNouns(c('$COUNT$ элементов', 'k_many'), 'ru')).toEqual([]);
    expect(
      uncountedNouns(c('$DISTANCE$ гекс. от $LEADER$; кубиков: $DICE$, $SIZE$ кБ, от $MIN$ до $MAX$'), 'ru'),
    ).toEqual([]);
    expect(uncountedNouns(c('$NAME$ сыграл'), 'ru')).toEqual([]);
  });

  it.each(['ru', 'fr'] as const)('no %s message puts a number before a noun outside a plural family', (lang) => {
    expect(uncountedNouns(catalogues[lang], lang)).toEqual([]);
  });

  const ru = (key: string, n: number, ...subs: (string | number)[]) =>
    formatText(catalogues.ru, plural(key, n, ...subs));
  const fr = (key: string, n: number, ...subs: (string | number)[]) =>
    formatText(catalogues.fr, plural(key, n, ...subs));
  it('Russian: 1 and 21 one, 2 few, 5 many', () => {
    expect([1, 2, 5, 21].map((n) => ru('owlbear_dropped', n))).toEqual([
      '1 элемент этой сцены не удалось прочитать, он пропущен',
      '2 элемента этой сцены не удалось прочитать, они пропущены',
      '5 элементов этой сцены не удалось прочитать, они пропущены',
      '21 элемент этой сцены не удалось прочитать, он пропущен',
    ]);
    expect([1, 2, 5, 21].map((n) => ru('r20_lattice_why_tokens', n, 1))).toEqual([
      'на ней 1 из 1 жетона',
      'на ней 1 из 2 жетонов',
      'на ней 1 из 5 жетонов',
      'на ней 1 из 21 жетона',
    ]);
    expect([1, 2, 5, 21].map((n) => ru('error_hdm_too_many_effects', n))).toEqual([
      'Не более 1 эффекта одновременно.',
      'Не более 2 эффектов одновременно.',
      'Не более 5 эффектов одновременно.',
      'Не более 21 эффекта одновременно.',
    ]);
    expect([1, 2, 5, 21].map((n) => ru('owlbear_size', n, '3,5'))).toEqual([
      'Партия занимает 3,5 КБ сцены; 1 действие ждёт сжатия.',
      'Партия занимает 3,5 КБ сцены; 2 действия ждут сжатия.',
      'Партия занимает 3,5 КБ сцены; 5 действий ждут сжатия.',
      'Партия занимает 3,5 КБ сцены; 21 действие ждёт сжатия.',
    ]);
    expect([1, 2, 5, 21].map((n) => ru('error_table_too_many_tabs', n)).map((s) => s.split(':')[0])).toEqual([
      'Этот стол открыт у вас больше чем в 1 вкладке',
      'Этот стол открыт у вас больше чем в 2 вкладках',
      'Этот стол открыт у вас больше чем в 5 вкладках',
      'Этот стол открыт у вас больше чем в 21 вкладке',
    ]);
  });

  it('a refusal counted by one of its params takes its form too', () => {
    const say = (lang: 'fr' | 'ru', code: string, params: Record<string, number | string>) =>
      formatText(catalogues[lang], errorText({ code, params }));
    expect(say('ru', 'name-invalid', { max: 21 })).toBe('Имя должно содержать от 1 до 21 символа.');
    expect(say('ru', 'name-invalid', { max: 40 })).toBe('Имя должно содержать от 1 до 40 символов.');
    expect(say('ru', 'dc-profile-dice', { dice: 7, min: 1, max: 4 })).toBe('У командира от 1 до 4 кубиков, а не 7.');
    expect(say('fr', 'hdm-too-many-effects', { max: 1 })).toBe('Au plus 1 effet à la fois.');
    expect(say('fr', 'dc-profile-radius', { radius: 9, min: 1, max: 6 })).toBe(
      `Un rayon de commandement va de 1 à 6 hexagones, pas 9.`,
    );
  });

  it('French: 0 and 1 singular, 2 plural', () => {
    expect([0, 1, 2].map((n) => fr('files_too_deep', n))).toEqual([
      'il s’imbrique sur plus de 0 niveau, ce qu’aucune partie ne fait',
      'il s’imbrique sur plus de 1 niveau, ce qu’aucune partie ne fait',
      'il s’imbrique sur plus de 2 niveaux, ce qu’aucune partie ne fait',
    ]);
  });
});
