/**
 * A piece of user-facing text as the core describes it: a message key of `_locales/<lang>/messages.json`
 * and its substitutions, in the order of the message's `$1`…`$9`. The core never builds sentences:
 * each context formats Text with its own catalogue (the browser's i18n in the extension, the English
 * catalogue in the command-line tools).
 *
 * A counted text (`plural`) names a family of messages, one per plural form of the language:
 * `<key>_one`, `<key>_few`, `<key>_many`, `<key>_other`, chosen by `Intl.PluralRules` for `count`
 * (see `pluralKey`). Its count is also its first substitution.
 */
export interface Text {
  readonly key: string;
  readonly subs?: readonly (string | number)[];
  readonly count?: number;
}

export const text = (key: string, ...subs: (string | number)[]): Text => (subs.length ? { key, subs } : { key });

/** "1 fighter", "2 fighters", "2 бойца", "5 бойцов": the message of `key`'s family for `count`; `count` is $1. */
export const plural = (key: string, count: number, ...subs: (string | number)[]): Text => ({
  key,
  subs: [count, ...subs],
  count,
});

/** The catalogue's own language (each locale says which it is), for its plural rules. */
export const LOCALE_KEY = 'locale_code';

/**
 * The message key that words `t`: its own key, or for a counted text the form its language's plural
 * rules pick; `has` says whether the catalogue has a key (a form a language lacks falls back to `_other`).
 */
export function pluralKey(t: Text, rules: Intl.PluralRules, has: (key: string) => boolean): string {
  if (t.count === undefined) return t.key;
  const form = `${t.key}_${rules.select(t.count)}`;
  return has(form) ? form : `${t.key}_other`;
}

/**
 * The substitutions of a message as its language writes them: a number with decimals takes the
 * language's own decimal mark ("0,01" in French and Russian); whole numbers and text stay as they are.
 */
export function localSubs(subs: readonly (string | number)[] | undefined, locale: string): string[] {
  if (!subs) return [];
  let decimals: Intl.NumberFormat | null = null;
  return subs.map((s) => {
    if (typeof s !== 'number' || Number.isInteger(s) || !Number.isFinite(s)) return String(s);
    decimals ??= new Intl.NumberFormat(locale, { maximumFractionDigits: 20, useGrouping: false });
    return decimals.format(s);
  });
}

/** A French word that takes an apostrophe before a vowel, and the form it takes. */
const ELIDED: Readonly<Record<string, string>> = { de: 'd’', De: 'D’', que: 'qu’', Que: 'Qu’' };

/** A rank a French name may begin with ("Colonel Desharbes"), and "de"/"à" contracted with its article. */
const TITLE = /^(Colonel|Commandant|Capitaine|Lieutenant|Général|Maréchal|Sergent|Major) /u;
const CONTRACTED: Readonly<Record<string, string>> = { de: 'du', De: 'Du', à: 'au', À: 'Au' };

/**
 * French elision where a substitution begins with a vowel: "Pertes de Infanterie" → "Pertes
 * d’Infanterie". Only right before what was put in: a name the player typed keeps its own words.
 * (An h is left alone: whether it is mute cannot be told from the letter.)
 */
export function elide(message: string, subs: readonly string[], locale: string): string {
  if (!locale.startsWith('fr')) return message;
  let out = message;
  for (const sub of new Set(subs)) {
    const escaped = sub.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // A rank before a name takes the article: "à 6 hex du colonel Desharbes", not "de Colonel Desharbes".
    const rank = TITLE.exec(sub);
    if (rank) {
      const lower = rank[1]!.toLocaleLowerCase('fr') + sub.slice(rank[1]!.length);
      out = out.replace(
        new RegExp(`(^|[\\s(«“\u202f])(de|De|à|À) ${escaped}`, 'g'),
        (_, before: string, word: string) => `${before}${CONTRACTED[word]} ${lower}`,
      );
      continue;
    }
    if (!/^[AEIOUYÀÂÆÉÈÊËÎÏÔŒÙÛÜaeiouyàâæéèêëîïôœùûü]/.test(sub)) continue;
    out = out.replace(
      new RegExp(`(^|[\\s(«“])(de|De|que|Que) (?=${escaped})`, 'g'),
      (_, before: string, word: string) => `${before}${ELIDED[word]}`,
    );
  }
  return out;
}

/**
 * A message getter (the browser's i18n) as the sayer of any Text: a counted text in the plural form
 * of the catalogue's language (`_other` where a form is missing), numbers and elision as `localized`
 * does them; a message the catalogue lacks says its key, visibly wrong. Every page formats Text through
 * it: one that looked up `t.key` alone showed a counted text as its bare key ("field_text_long").
 */
export function sayer(get: (key: string, subs: string[]) => string, locale: string): (t: Text) => string {
  const message = localized(get, locale);
  const rules = new Intl.PluralRules(locale);
  return (t) =>
    message(
      pluralKey(t, rules, (key) => message(key) !== ''),
      t.subs,
    ) || t.key;
}

/**
 * A message getter (the browser's i18n, or a catalogue) as a language writes its substitutions:
 * numbers in its decimal mark, French elision before them.
 */
export function localized(
  get: (key: string, subs: string[]) => string,
  locale: string,
): (key: string, subs?: readonly (string | number)[]) => string {
  return (key, subs) => {
    const local = localSubs(subs, locale);
    return elide(get(key, local), local, locale);
  };
}
