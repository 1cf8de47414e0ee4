import { LOCALE_KEY, localized, pluralKey, type Text } from './text';

/** The shape of one `_locales/<lang>/messages.json` (the WebExtension i18n format). */
export type Catalogue = Readonly<
  Record<
    string,
    { readonly message: string; readonly placeholders?: Readonly<Record<string, { readonly content: string }>> }
  >
>;

/**
 * Formats a message the way `browser.i18n.getMessage` does: named `$placeholder$`s resolve to their
 * `content` (usually `$1`…`$9`), `$n` takes the n-th substitution, `$$` is a literal dollar.
 * Used where the browser's i18n is absent (command-line tools, unit tests); a missing key gives ''.
 */
export function formatMessage(catalogue: Catalogue, key: string, subs: readonly (string | number)[] = []): string {
  const entry = catalogue[key];
  if (!entry) return '';
  const placeholders = entry.placeholders ?? {};
  const nth = (d: string): string => (d === '$' ? '$' : String(subs[Number(d) - 1] ?? ''));
  // One pass, so that substituted text (typed by users) is never read again as a placeholder.
  return entry.message.replace(
    /\$([A-Za-z_@][A-Za-z0-9_@]*)\$|\$(\$|[1-9])/g,
    (whole, name?: string, digit?: string) => {
      if (digit) return nth(digit);
      const content = placeholders[name!.toLowerCase()]?.content;
      return content === undefined ? whole : content.replace(/\$(\$|[1-9])/g, (_, d: string) => nth(d));
    },
  );
}

const rulesOf = new WeakMap<Catalogue, Intl.PluralRules>();

/** Formats `t` with `catalogue`, a counted text in the plural form the catalogue's language needs. */
export function formatText(catalogue: Catalogue, t: Text): string {
  const locale = catalogue[LOCALE_KEY]?.message || 'en';
  let rules = rulesOf.get(catalogue);
  if (!rules) rulesOf.set(catalogue, (rules = new Intl.PluralRules(locale)));
  // Numbers in the language's own decimal mark, French elision before what is put in.
  return localized((key, subs) => formatMessage(catalogue, key, subs), locale)(
    pluralKey(t, rules, (key) => key in catalogue),
    t.subs,
  );
}
