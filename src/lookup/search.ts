/**
 * The rule lookup: the index the build makes from docs/rules/ (scripts/rules-index.mjs), and the
 * search over it. Pure: the popup loads one language's index and calls `search` on each keystroke.
 */
import type { SystemId } from '../rules/ids';

/** A block of rule text: a paragraph (a string), or a list of items. Inline text keeps `**bold**`, `*emphasis*`, `` `code` ``. */
export type Block = string | { readonly ul: readonly string[] } | { readonly ol: readonly string[] };

export interface Topic {
  /** Stable across languages: the same rule has the same id in docs/rules/, docs/rules/fr/ and docs/rules/ru/. */
  readonly id: string;
  readonly title: string;
  /** Words and abbreviations that find the topic: the language's own, the English ones, the rulebooks'. */
  readonly keys: readonly string[];
  readonly text: readonly Block[];
  /** Our readings where the rule text is silent (house defaults), if the topic has any. */
  readonly house?: readonly Block[];
  /** Where each house default can be changed in the popup. */
  readonly where?: readonly string[];
}

export interface SystemRules {
  readonly id: SystemId;
  readonly topics: readonly Topic[];
}

export interface RulesIndex {
  readonly lang: string;
  readonly systems: readonly SystemRules[];
}

export interface Hit {
  readonly system: SystemId;
  readonly topic: Topic;
  readonly score: number;
}

/** Lower case, no accents (é → e, ё → е, й → и on both sides alike), so that "demoralise" finds "Démoralisé". */
export const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Words, keeping inner hyphens and apostrophes: "C-in-C", "4D8", "l'initiative". */
export const words = (s: string): string[] => fold(s).match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu) ?? [];

/** A word and, if it has hyphens or apostrophes, its parts ("late-entry" also gives "late" and "entry"). */
const withParts = (w: string): string[] =>
  /[-'’]/.test(w) ? [w, ...w.split(/[-'’]/).filter((p) => p.length > 1)] : [w];

const commonPrefix = (a: string, b: string): number => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/**
 * How well a typed word matches a word of the text: 3 the same word, 2 the start of it, 1 the same
 * stem (French and Russian endings: "ralliement"/"rallier", "сплочение"/"сплочения"), 0 not at all.
 * Short words (abbreviations like PA, PC, AP, d6) must match whole; prefixes need 3 letters (4 in the
 * body text, where "def" would otherwise find every "default").
 */
function match(q: string, w: string, minPrefix: number): number {
  if (q === w) return 3;
  if (q.length < 3) return 0;
  if (q.length >= minPrefix && w.startsWith(q)) return 2;
  if (q.length >= 5 && w.length >= 5) {
    const common = commonPrefix(q, w);
    if (common >= 5 && Math.min(q.length, w.length) - common <= 2) return 1;
  }
  return 0;
}

const best = (q: string, list: readonly string[], minPrefix: number): number => {
  let b = 0;
  for (const w of list) {
    const m = match(q, w, minPrefix);
    if (m > b) b = m;
    if (b === 3) break;
  }
  return b;
};

/** Plain text of inline markdown, for searching. */
const plain = (s: string): string => s.replace(/[*`]/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');

export const blockText = (b: Block): string => (typeof b === 'string' ? b : ('ul' in b ? b.ul : b.ol).join('\n'));

/** What the search looks at in one topic, folded once when the index is loaded. */
interface Prepared {
  readonly system: SystemId;
  readonly topic: Topic;
  /** The title and the id, then the keys, each folded as a whole phrase. */
  readonly names: readonly string[];
  readonly phrases: readonly string[];
  readonly head: readonly string[];
  readonly body: readonly string[];
}

export interface Searchable {
  readonly entries: readonly Prepared[];
}

export function prepare(index: RulesIndex): Searchable {
  const entries: Prepared[] = [];
  for (const system of index.systems) {
    for (const topic of system.topics) {
      const heads = [topic.title, topic.id.replaceAll('-', ' '), ...topic.keys];
      const phrases = heads.map((h) => words(h).join(' '));
      const names = phrases.slice(0, 2);
      const head = [...new Set(heads.flatMap(words).flatMap(withParts))];
      const text = [...topic.text, ...(topic.house ?? [])].map((b) => plain(blockText(b))).join('\n');
      const body = [...new Set(words(text).flatMap(withParts))];
      entries.push({ system: system.id, topic, names, phrases, head, body });
    }
  }
  return { entries };
}

/**
 * Words that carry no rule of their own in the product's phrases ("out *of the* game", "*in* no unit",
 * "hors *de* commandement", "*в* отряде *нет* командира"): not required, not scored, unless the query
 * has nothing else.
 */
const FILLERS = new Set(
  (
    'a an the of in on at to is are be by from for with his her its it this that no not or and as s ' +
    'le la les l de du des d un une en est sur au aux a pas il elle son sa ses ce cet cette ou et par pour dans ne n qui que ' +
    'в во на не из от и с со к по для его её их это нет ни но а о об у за же'
  ).split(' '),
);

/** Points for a typed word found in a title or keyword, or in the text: [none, stem, start, whole word]. */
const HEAD = [0, 8, 20, 30] as const;
const BODY = [0, 2, 4, 6] as const;
/** What being the system on screen is worth: more than a word found in the text, less than one in a title. */
const PREFER = 25;

/**
 * The topics that match `query`, best first: the whole query as a topic's title or keyword, then
 * every typed word in titles and keywords, then in the text. Every word must match somewhere; if no
 * topic has them all, topics with some of them follow the same order. `prefer` breaks ties in favour
 * of the system on screen.
 */
export function search(index: Searchable, query: string, prefer?: SystemId): Hit[] {
  const all = words(query);
  if (all.length === 0) return [];
  const meaningful = all.filter((w) => !FILLERS.has(w));
  const typed = meaningful.length > 0 ? meaningful : all;
  const phrase = all.join(' ');
  const scored = index.entries.map((e, order) => {
    let score = 0;
    let matched = 0;
    for (const q of typed) {
      const h = best(q, e.head, 3);
      const b = h === 3 ? 0 : best(q, e.body, 4);
      const s = h ? HEAD[h]! : BODY[b]!;
      if (s) matched++;
      score += s;
    }
    if (e.names.includes(phrase)) score += 120;
    else if (e.phrases.includes(phrase)) score += 100;
    else if (all.length > 1 && e.phrases.some((p) => p.includes(phrase))) score += 40;
    // The system on screen is the one the player reads the board of: its rule comes first among close ones.
    if (score > 0 && e.system === prefer) score += PREFER;
    return { e, order, score, matched };
  });
  const every = scored.filter((s) => s.matched === typed.length);
  const pool = every.length > 0 ? every : scored.filter((s) => s.matched > 0);
  const rank = (s: (typeof scored)[number]) => s.score + (every.length > 0 ? 0 : 1000 * s.matched);
  return pool
    .sort(
      (a, b) => rank(b) - rank(a) || Number(b.e.system === prefer) - Number(a.e.system === prefer) || a.order - b.order,
    )
    .map((s) => ({ system: s.e.system, topic: s.e.topic, score: s.score }));
}
