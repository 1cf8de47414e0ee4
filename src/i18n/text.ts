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
export const plural = (key: string, count: number, ...subs: (string | number)[]): Text => ({ key, subs: [count, ...subs], count });

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
