// Every word right in French and Russian (issue 28): every message of both catalogues walked for what
// reads wrong in those languages (a decimal point, two colons in one sentence, a capital after a
// colon where no name stands, a colon with no space before it in French), every field label checked
// for a colon (a field's message puts its own after the label: "Потери: X: поле пусто"), and the
// formatting of what is put into messages: a number with decimals in the language's own mark, French
// elision before a name that begins with a vowel ("Pertes d’Infanterie de marine 1").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../scripts/locales.mjs';
import { formatText, type Catalogue } from '../../src/i18n/format';
import { text } from '../../src/i18n/text';
import { checkNumber } from '../../popup/checks';

const repo = join(__dirname, '../..');
const catalogues = {
  en: loadCatalogue('en') as Catalogue,
  fr: loadCatalogue('fr') as Catalogue,
  ru: loadCatalogue('ru') as Catalogue,
};
const LANGS = ['fr', 'ru'] as const;

/** Names and terms a sentence may give after a colon with their capital: the product's, the tabletops', a game's stat. */
const NAMES =
  /^(Command|Commandement|Owlbear|Roll20|Firefox|Chromium|Chrome|Jumpgate|Legacy|Arnaud|Ctrl|NdX|Hell|Désastre|Les|Alt|Tab|Échap|Entrée)\b/;

/** A message's sentences, with what is in parentheses left out (a clause of its own). */
const sentences = (message: string): string[] =>
  message
    .replace(/\([^()]*\)/g, '()')
    .replace(/https?:\/\/\S+/g, 'URL')
    .split(/(?<=[.;!?])\s+/);

function problems(lang: (typeof LANGS)[number]): string[] {
  const out: string[] = [];
  for (const [key, { message }] of Object.entries(catalogues[lang])) {
    const say = (what: string) => out.push(`${lang} ${key}: ${what} in “${message.slice(0, 120)}”`);
    if (/\d\.\d/.test(message)) say('a decimal point');
    for (const s of sentences(message)) if ((s.match(/:/g) ?? []).length > 1) say('two colons in one sentence');
    for (const m of message.matchAll(/:\s+(\S+)/g)) {
      const word = m[1]!;
      // A capital that starts a word of capitals is an abbreviation (PA, ОД, DEF): not a capital after a colon.
      if (
        /^[A-ZÀ-ÞА-ЯЁ]/u.test(word) &&
        !/^\$/.test(word) &&
        !/^[A-ZА-ЯЁ0-9]{2,}(?![\p{Ll}])/u.test(word) &&
        !NAMES.test(word)
      )
        say(`a capital after a colon (${word})`);
    }
    if (lang === 'fr' && /[^\s\u00a0\u202f/\d]:(\s|$)/.test(message.replace(/https?:\/\/\S+/g, '')))
      say('no space before a colon');
  }
  return out;
}

/** Message keys the popup and the demo table give a field as its label (the field's message names the field by it). */
function fieldLabels(): string[] {
  const code = ['popup', 'demo']
    .flatMap((dir) =>
      readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => readFileSync(join(repo, dir, f), 'utf8')),
    )
    .join('\n');
  return [...new Set([...code.matchAll(/\blabel: tr\('([a-z0-9_]+)'/g)].map((m) => m[1]!))];
}

describe('French and Russian, word by word', () => {
  it.each(LANGS)('%s: no decimal point, no two colons in a sentence, no capital after a colon but a name’s', (lang) => {
    expect(problems(lang)).toEqual([]);
  });

  it.each(LANGS)('%s: no field is labelled with a colon (its message would have two)', (lang) => {
    const labels = fieldLabels();
    expect(labels.length).toBeGreaterThan(20);
    expect(labels.filter((key) => catalogues[lang][key]?.message.includes(':'))).toEqual([]);
  });

  it("a field's range is written with the language's own decimal mark", () => {
    const scale = checkNumber('abc', { label: 'Échelle', min: 0.01, max: 100_000, decimal: true });
    const said = (lang: keyof typeof catalogues) =>
      scale.ok ? '' : scale.error.map((t) => formatText(catalogues[lang], t)).join(' ');
    expect(said('en')).toContain('from 0.01 to 100000');
    expect(said('fr')).toContain('de 0,01 à 100000');
    expect(said('ru')).toContain('от 0,01 до 100000');
    expect(said('ru')).not.toMatch(/\d\.\d/);
  });

  it('French elides before a vowel where a name is put in, and nowhere else', () => {
    const fr = (key: string, ...subs: string[]) => formatText(catalogues.fr, text(key, ...subs));
    expect(fr('dc_losses_of', 'Infanterie de marine 1')).toBe('Pertes d’Infanterie de marine 1');
    expect(fr('dc_losses_of', 'Tirailleurs')).toBe('Pertes de Tirailleurs');
    expect(fr('dc_losses_of', 'Élite')).toBe('Pertes d’Élite');
    // A name the player typed is left as he typed it, "de" and all.
    expect(fr('dc_losses_of', 'Groupe de assaut')).toBe('Pertes de Groupe de assaut');
    // Russian and English never elide.
    expect(formatText(catalogues.ru, text('dc_losses_of', 'Infanterie de marine 1'))).not.toContain('’I');
  });
});
