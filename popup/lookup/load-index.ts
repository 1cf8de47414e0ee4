import type { RulesIndex } from '../../src/lookup/search';

export const INDEX_LANGUAGES = ['en', 'fr', 'ru'] as const;

/**
 * One language's rule index, packaged with the extension by the build (lookup/<lang>.json, from
 * docs/rules/). Nothing remote: the URL is relative to the popup's own page.
 */
export async function loadRulesIndex(lang: string): Promise<RulesIndex> {
  const response = await fetch(`lookup/${lang}.json`);
  if (!response.ok) throw new Error(`lookup/${lang}.json: ${response.status}`);
  const index = (await response.json()) as RulesIndex;
  if (!Array.isArray(index?.systems)) throw new Error(`lookup/${lang}.json: not a rule index`);
  return index;
}
