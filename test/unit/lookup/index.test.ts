// The rule lookup's index: docs/rules/ in three languages turned into lookup/<lang>.json, and the
// search over it (the words of the issue find their topics, in English, French and Russian).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import {
  buildRulesIndex,
  parseRules,
  RULE_LANGUAGES,
  RULE_SYSTEMS,
  RULES_DIR,
  rulesFile,
  writeRulesIndex,
} from '../../../scripts/rules-index.mjs';
import { systemNameKey } from '../../../popup/SystemPicker';
import { fold, prepare, search, type RulesIndex } from '../../../src/lookup/search';
import { SYSTEM_IDS, type SystemId } from '../../../src/rules/ids';

const indexes = Object.fromEntries(RULE_LANGUAGES.map((lang) => [lang, buildRulesIndex(lang) as RulesIndex])) as Record<
  string,
  RulesIndex
>;
const searchable = Object.fromEntries(RULE_LANGUAGES.map((lang) => [lang, prepare(indexes[lang]!)]));
const top = (lang: string, query: string) =>
  search(searchable[lang]!, query)
    .slice(0, 1)
    .map((h) => `${h.system}/${h.topic.id}`)[0];

describe('docs/rules: one file per system and language, with the same topics', () => {
  it('covers the five systems, in the popup order', () => {
    expect(RULE_SYSTEMS).toEqual([...SYSTEM_IDS]);
    expect(RULE_LANGUAGES).toEqual(['en', 'fr', 'ru']);
    for (const lang of RULE_LANGUAGES) expect(indexes[lang]!.systems.map((s) => s.id)).toEqual([...SYSTEM_IDS]);
  });

  it.each(RULE_SYSTEMS)(
    '%s: every language has the same topics in the same order, each with text and as many house defaults',
    (system) => {
      const shape = (lang: string) =>
        indexes[lang]!.systems.find((s) => s.id === system)!.topics.map((t) => ({
          id: t.id,
          house: t.house?.length ?? 0,
          where: t.where?.length ?? 0,
        }));
      expect(shape('en').length).toBeGreaterThanOrEqual(6);
      expect(shape('fr')).toEqual(shape('en'));
      expect(shape('ru')).toEqual(shape('en'));
      for (const lang of RULE_LANGUAGES) {
        for (const t of indexes[lang]!.systems.find((s) => s.id === system)!.topics) {
          expect(t.title.trim(), `${lang} ${system}/${t.id}`).not.toBe('');
          expect(t.keys.length, `${lang} ${system}/${t.id}`).toBeGreaterThan(0);
          expect(t.text.length, `${lang} ${system}/${t.id}`).toBeGreaterThan(0);
        }
      }
    },
  );

  it('says where each house default is changed, starting from the system name the popup shows in that language', () => {
    for (const lang of RULE_LANGUAGES) {
      const catalogue = loadCatalogue(lang) as Record<string, { message: string }>;
      for (const system of indexes[lang]!.systems) {
        const name = catalogue[systemNameKey(system.id)]!.message;
        for (const t of system.topics)
          for (const where of t.where ?? [])
            expect(where.startsWith(`*${name}* › `), `${lang} ${system.id}/${t.id}: ${where}`).toBe(true);
      }
    }
  });

  it('is written in the project’s own words: no file cites or links the internal spec', () => {
    const files = fs.readdirSync(RULES_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
    expect(files.length).toBe(1 + RULE_SYSTEMS.length * RULE_LANGUAGES.length);
    for (const f of files)
      expect(fs.readFileSync(path.join(RULES_DIR, f), 'utf8'), f).not.toMatch(
        /shared\/|\.\.\/shared|seeds\/|\bseed\b/i,
      );
  });

  it('the build writes the same index, one compact JSON per language', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'rules-index-'));
    try {
      expect(writeRulesIndex(out)).toEqual(['lookup/en.json', 'lookup/fr.json', 'lookup/ru.json']);
      for (const lang of RULE_LANGUAGES) {
        const raw = fs.readFileSync(path.join(out, 'lookup', `${lang}.json`), 'utf8');
        expect(JSON.parse(raw)).toEqual(indexes[lang]);
        expect(raw).not.toContain('\n');
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it('French and Russian topics also carry the English title and keys', () => {
    const rally = (lang: string) =>
      indexes[lang]!.systems.find((s) => s.id === 'bdc')!.topics.find((t) => t.id === 'rally')!;
    expect(rally('fr').title).toBe('Ralliement');
    expect(rally('fr').keys).toEqual(expect.arrayContaining(['ralliement', 'Rally', 'rally', 'AP']));
    expect(rally('ru').keys).toEqual(expect.arrayContaining(['сплочение', 'Rally', 'rally']));
  });
});

describe('parseRules refuses what the popup could not show honestly', () => {
  const topic = (body: string) => `# T\n\nintro\n\n## A\n<!-- topic: a; keys: x -->\n\n${body}\n`;
  it('reads paragraphs, lists, and house defaults with where to change them', () => {
    const [t] = parseRules(topic('One\nline.\n\n- a\n  b\n- c\n\n1. d\n\n> **House default**: e.\n>\n> ⚙ *S* › *T*'));
    expect(t).toEqual({
      id: 'a',
      title: 'A',
      keys: ['x'],
      text: ['One line.', { ul: ['a b', 'c'] }, { ol: ['d'] }],
      house: ['**House default**: e.'],
      where: ['*S* › *T*'],
    });
  });
  it.each([
    ['a heading without its topic line', '# T\n\n## A\n\ntext\n', /topic: id/],
    ['HTML', topic('<img src=x onerror=alert(1)>'), /HTML/],
    ['a house default without where to change it', topic('text\n\n> **House default**: e.'), /without saying where/],
    ['a sub-heading', topic('text\n\n### B'), /only "## "/],
    ['a topic twice', `${topic('text')}\n## B\n<!-- topic: a; keys: y -->\n\ntext\n`, /twice/],
  ])('%s', (_, markdown, message) => {
    expect(() => parseRules(markdown, 'x.md')).toThrow(message);
  });
});

describe('search', () => {
  it.each([
    ['rally', 'bdc/rally'],
    ['DEF', 'hd-modifiers/def'],
    ['reroll', 'dc/reroll'],
    ['upkeep', 'hd-command/upkeep'],
    ['C-in-C', 'cr/c-in-c'],
    ['radio', 'bdc/radio'],
    ['late entry', 'hd-command/late-entry'],
    ['PC', 'hd-command/command-points'],
    ['CMD', 'hd-command/command-points'],
    ['NdX/R', 'dc/leaders'],
    ['drama', 'dc/drama'],
    ['weather', 'cr/tie'],
    ['demoralized', 'bdc/morale'],
  ])('English: "%s" finds %s first', (query, expected) => {
    expect(top('en', query)).toBe(expected);
  });

  it.each([
    ['fr', 'ralliement', 'bdc/rally'],
    ['fr', 'relance', 'dc/reroll'],
    ['fr', 'entretien', 'hd-command/upkeep'],
    ['fr', 'commandant en chef', 'cr/c-in-c'],
    ['fr', 'entrée en cours de partie', 'hd-command/late-entry'],
    ['fr', 'rally', 'bdc/rally'],
    ['fr', 'upkeep', 'hd-command/upkeep'],
    ['fr', 'PC', 'hd-command/command-points'],
    ['fr', 'demoralise', 'bdc/morale'],
    ['ru', 'сплочение', 'bdc/rally'],
    ['ru', 'сплочения', 'bdc/rally'],
    ['ru', 'переброс', 'dc/reroll'],
    ['ru', 'поддержание', 'hd-command/upkeep'],
    ['ru', 'главнокомандующий', 'cr/c-in-c'],
    ['ru', 'рация', 'bdc/radio'],
    ['ru', 'rally', 'bdc/rally'],
    ['ru', 'C-in-C', 'cr/c-in-c'],
  ])('%s: "%s" finds %s first', (lang, query, expected) => {
    expect(top(lang, query)).toBe(expected);
  });

  it('the rulebooks’ action-point abbreviations find the action-point rules of bdc only', () => {
    for (const [lang, q] of [
      ['en', 'AP'],
      ['en', 'PA'],
      ['fr', 'PA'],
      ['ru', 'ОД'],
      ['ru', 'PA'],
    ] as const) {
      const hits = search(searchable[lang]!, q).filter((h) => h.score >= 100);
      expect(hits.map((h) => `${h.system}/${h.topic.id}`).sort(), `${lang} ${q}`).toEqual([
        'bdc/action-points',
        'bdc/rally',
      ]);
    }
  });

  it('ranks a topic named by the query before one that only lists it as a keyword', () => {
    const hits = search(searchable.en!, 'reroll').map((h) => `${h.system}/${h.topic.id}`);
    expect(hits.indexOf('dc/reroll')).toBeLessThan(hits.indexOf('cr/tie'));
  });

  it('short abbreviations match whole words only; accents and case do not matter', () => {
    expect(search(searchable.en!, 'pa').every((h) => h.system === 'bdc')).toBe(true);
    expect(fold('Démoralisé ЁЖ')).toBe('demoralise еж');
    expect(top('fr', 'DEMORALISE')).toBe('bdc/morale');
  });

  it('needs every word; with none having them all, topics with some come first by how many', () => {
    expect(search(searchable.en!, 'rally radio')[0]!.topic.id).toMatch(/^(rally|radio)$/);
    expect(search(searchable.en!, '')).toEqual([]);
    expect(search(searchable.en!, 'zzzz')).toEqual([]);
  });

  it('breaks ties in favour of the system on screen', () => {
    const preferred = (prefer: SystemId) => search(searchable.en!, 'losses', prefer)[0]!.system;
    expect(preferred('dc')).toBe('dc');
    expect(preferred('hd-command')).toBe('hd-command');
  });

  it('every topic file is where rulesFile says', () => {
    for (const lang of RULE_LANGUAGES)
      for (const system of RULE_SYSTEMS) expect(fs.existsSync(rulesFile(lang, system))).toBe(true);
  });
});
