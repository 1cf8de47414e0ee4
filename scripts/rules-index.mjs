// The rule lookup's index, built from the rules as the project writes them: docs/rules/<id>.md in
// English, docs/rules/fr/<id>.md and docs/rules/ru/<id>.md in French and Russian (format:
// docs/rules/README.md). The build writes one compact JSON per language, lookup/<lang>.json, that the
// popup loads only when the search opens. The index's shape is RulesIndex in src/lookup/search.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RULES_DIR = path.join(root, 'docs', 'rules');
/** The systems in the popup's order (src/rules/ids.ts), each with one file per language. */
export const RULE_SYSTEMS = ['hd-command', 'hd-modifiers', 'bdc', 'dc', 'cr'];
export const RULE_LANGUAGES = ['en', 'fr', 'ru'];

export const rulesFile = (lang, system) => path.join(RULES_DIR, ...(lang === 'en' ? [] : [lang]), `${system}.md`);

const TOPIC = /^<!--\s*topic:\s*([a-z0-9-]+)\s*;\s*keys:\s*(.*?)\s*-->$/;
const WHERE = /^⚙\s*/;

/**
 * One system's topics from its markdown: each `## Title` starts a topic, followed by its
 * `<!-- topic: id; keys: a, b -->` line; paragraphs, `-` and `1.` lists, and `>` blocks (house
 * defaults, whose `⚙` paragraphs say where to change them). Anything else is refused with its line.
 */
export function parseRules(markdown, where = 'rules') {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const topics = [];
  let topic = null;
  let para = [];
  let list = null;
  let quote = null;
  let quotePara = [];
  const fail = (i, why) => {
    throw new Error(`${where}:${i + 1}: ${why}`);
  };
  const flushPara = () => {
    if (para.length) topic.text.push(para.join(' '));
    para = [];
  };
  const flushList = () => {
    if (list) topic.text.push({ [list.kind]: list.items });
    list = null;
  };
  const flushQuotePara = () => {
    if (!quotePara.length) return;
    const text = quotePara.join(' ');
    if (WHERE.test(text)) (topic.where ??= []).push(text.replace(WHERE, ''));
    else (topic.house ??= []).push(text);
    quotePara = [];
  };
  const flushQuote = () => {
    if (quote) flushQuotePara();
    quote = null;
  };
  const flush = () => {
    flushPara();
    flushList();
    flushQuote();
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trimEnd();
    if (line.startsWith('## ')) {
      if (topic) flush();
      const meta = TOPIC.exec(lines[i + 1]?.trim() ?? '');
      if (!meta) fail(i + 1, 'a topic heading must be followed by <!-- topic: id; keys: … -->');
      if (topics.some((t) => t.id === meta[1])) fail(i, `topic "${meta[1]}" appears twice`);
      const keys = meta[2]
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      topic = { id: meta[1], title: line.slice(3).trim(), keys, text: [] };
      topics.push(topic);
      i++;
      continue;
    }
    if (!topic) continue; // the title and the introduction are for readers of the repository
    if (/^#/.test(line)) fail(i, 'only "## " headings (one per topic) are allowed after the first topic');
    if (/^<!--/.test(line)) fail(i, 'a comment other than a topic line');
    if (/<[a-z/!]/i.test(line)) fail(i, 'HTML is not allowed in rule text (the popup shows it as text)');
    if (line.trim() === '') {
      flushPara();
      if (!quote) flushList();
      flushQuotePara();
      continue;
    }
    if (line.startsWith('>')) {
      flushPara();
      flushList();
      quote ??= true;
      const inner = line.replace(/^>\s?/, '');
      if (inner.trim() === '') flushQuotePara();
      else quotePara.push(inner.trim());
      continue;
    }
    flushQuote();
    const item = /^(-|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      flushPara();
      const kind = item[1] === '-' ? 'ul' : 'ol';
      if (list && list.kind !== kind) flushList();
      list ??= { kind, items: [] };
      list.items.push(item[2].trim());
      continue;
    }
    if (list && /^\s+\S/.test(line)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    flushList();
    para.push(line.trim());
  }
  if (topic) flush();
  for (const t of topics) {
    if (t.text.length === 0) throw new Error(`${where}: topic "${t.id}" has no text`);
    if (t.where && !t.house)
      throw new Error(`${where}: topic "${t.id}" says where to change a house default it does not state`);
    if (t.house && !t.where)
      throw new Error(`${where}: topic "${t.id}" states a house default without saying where to change it (⚙ …)`);
  }
  return topics;
}

const readTopics = (lang, system) => {
  const file = rulesFile(lang, system);
  return parseRules(fs.readFileSync(file, 'utf8'), path.relative(root, file));
};

/**
 * One language's index. French and Russian topics also carry the English title and keywords, so that
 * the English terms and abbreviations work whatever the browser's language.
 */
export function buildRulesIndex(lang) {
  return {
    lang,
    systems: RULE_SYSTEMS.map((id) => {
      const topics = readTopics(lang, id);
      if (lang === 'en') return { id, topics };
      const english = new Map(readTopics('en', id).map((t) => [t.id, t]));
      return {
        id,
        topics: topics.map((t) => {
          const en = english.get(t.id);
          const keys = en ? [...new Set([...t.keys, en.title, ...en.keys])] : t.keys;
          return { ...t, keys };
        }),
      };
    }),
  };
}

/** Writes lookup/<lang>.json into the extension directory; returns the files written (relative to it). */
export function writeRulesIndex(outDir) {
  const dir = path.join(outDir, 'lookup');
  fs.mkdirSync(dir, { recursive: true });
  return RULE_LANGUAGES.map((lang) => {
    fs.writeFileSync(path.join(dir, `${lang}.json`), JSON.stringify(buildRulesIndex(lang)));
    return `lookup/${lang}.json`;
  });
}
