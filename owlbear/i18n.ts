// The pages' strings: the extension's own catalogues (locales/, merged by the build into
// locales/<lang>.json beside the pages), in the browser's language, formatted as the browser's i18n does,
// counted texts in their language's plural form.
import { formatText, type Catalogue } from '../src/i18n/format';
import type { Text } from '../src/i18n/text';

export const LANGS = ['en', 'fr', 'ru'] as const;

export interface Strings {
  readonly lang: string;
  readonly t: (t: Text) => string;
}

export function languageOf(languages: readonly string[]): string {
  for (const l of languages) {
    const two = l.slice(0, 2).toLowerCase();
    if ((LANGS as readonly string[]).includes(two)) return two;
  }
  return 'en';
}

/** Loads one catalogue (relative to the page: the extension may be hosted under a path). */
export async function loadStrings(
  languages: readonly string[] = navigator.languages?.length ? navigator.languages : [navigator.language],
): Promise<Strings> {
  const lang = languageOf(languages);
  let catalogue: Catalogue = {};
  try {
    const response = await fetch(new URL(`locales/${lang}.json`, location.href));
    if (response.ok) catalogue = (await response.json()) as Catalogue;
  } catch {
    // Without strings the pages show message keys: still usable, and visibly wrong.
  }
  // Counted texts in the plural form the language needs (`board_more_one`, `…_few`, `…_other`).
  return { lang, t: (t) => formatText(catalogue, t) || t.key };
}
