// A figure's name, shortened for a crowded board, so that it still says who: "Sergent Caron" reads
// "Sgt Caron", "Voltigeur 1a" "Volt. 1a", "Tirailleurs tonkinois 3" "Tirailleurs 3". The part that
// tells figures apart (the last word, a number or letter at the end) is kept whole; a rank takes its
// usual abbreviation, another first word is cut before a vowel, words in the middle are cut or
// dropped. A short form is chosen only if no other name on the board could read the same, so two
// labels never read alike for different figures; a name with no such form is never shortened.

/** Names up to this many characters are never shortened. */
export const SHORT_NAME_FROM = 11;
/** A short form aims at this many characters at most; past it, the shortest form that still says who. */
const TARGET = 14;
/** A form past the target must save this many characters to be worth it. */
const MIN_SAVING = 3;

/** Ranks and their usual abbreviations, in the languages of the rule texts and of the tables. */
const RANKS: ReadonlyMap<string, string> = new Map([
  // French
  ['général', 'Gén.'],
  ['colonel', 'Col.'],
  ['lieutenant-colonel', 'Lt-Col.'],
  ['commandant', 'Cdt'],
  ['capitaine', 'Capt.'],
  ['lieutenant', 'Lt'],
  ['sous-lieutenant', 'S/Lt'],
  ['aspirant', 'Asp.'],
  ['adjudant', 'Adj.'],
  ['adjudant-chef', 'Adj.-chef'],
  ['sergent', 'Sgt'],
  ['sergent-chef', 'Sgt-chef'],
  ['caporal', 'Cpl'],
  ['caporal-chef', 'Cpl-chef'],
  ['maréchal', 'Mal'],
  ['major', 'Maj.'],
  // English
  ['general', 'Gen.'],
  ['captain', 'Capt.'],
  ['sergeant', 'Sgt'],
  ['corporal', 'Cpl'],
  ['commander', 'Cdr'],
  // Russian
  ['генерал', 'Ген.'],
  ['полковник', 'Полк.'],
  ['майор', 'Майор'],
  ['капитан', 'Кап.'],
  ['лейтенант', 'Лейт.'],
  ['сержант', 'Серж.'],
  ['ефрейтор', 'Ефр.'],
  ['старшина', 'Старш.'],
]);

const VOWELS = new Set([...'aeiouyàâäéèêëîïôöùûüÿœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸŒÆаеёиоуыэюяАЕЁИОУЫЭЮЯ']);
const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
const isConsonant = (c: string | undefined) => isLetter(c) && !VOWELS.has(c!);

/** A number or a letter that tells figures of one kind apart: "3", "1a", "D", "IIIe" is not one. */
const isMarker = (word: string) => /^(?:\d+\p{L}?|\p{L})$/u.test(word);

/**
 * A word cut as abbreviations are: three letters at least, then on to a consonant before a vowel
 * ("Voltigeur" → "Volt.", "Tirailleurs" → "Tir."); the last part of a hyphenated word
 * ("Franc-capitaine" → "Franc-cap."). The word itself when no cut is shorter.
 */
export function abbreviate(word: string): string {
  const rank = RANKS.get(word.toLocaleLowerCase());
  if (rank) return word[0] === word[0]!.toLocaleLowerCase() ? rank.toLocaleLowerCase() : rank;
  const hyphen = word.lastIndexOf('-');
  const head = hyphen > 0 ? word.slice(0, hyphen + 1) : '';
  const chars = [...word.slice(head.length)];
  let end = 3;
  while (end < chars.length && !(isConsonant(chars[end - 1]) && VOWELS.has(chars[end]!))) {
    if (!isLetter(chars[end])) return word;
    end++;
  }
  if (end >= chars.length - 1) return word;
  return `${head}${chars.slice(0, end).join('')}.`;
}

interface Form {
  readonly text: string;
  /** Words cut or dropped: the fewer, the better it reads. */
  readonly changes: number;
  /** The first word cut ("Tir. 3"): a form that keeps it ("Tirailleurs 3") reads better. */
  readonly cutFirst: boolean;
}

/** Every short form of a name. */
function formsOf(name: string): Form[] {
  const words = name.split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return [];
  if (words.length === 1) {
    const cut = abbreviate(words[0]!);
    return cut === words[0] ? [] : [{ text: cut, changes: 1, cutFirst: true }];
  }
  // The last word is kept whole: a marker, or the name that says who ("Caron", "radio"); the words
  // between, each with the small words before it ("de marine", "de" before "80"), kept, cut or dropped.
  const groups: { small: string[]; word: string | null }[] = [];
  let small: string[] = [];
  for (const w of words.slice(1, -1)) {
    if (SMALL.has(w.toLocaleLowerCase())) small.push(w);
    else {
      groups.push({ small, word: w });
      small = [];
    }
  }
  if (small.length > 0) groups.push({ small, word: null });
  const first = words[0]!;
  const cutFirst = abbreviate(first);
  let ways: { words: string[]; changes: number; cutFirst: boolean }[] = [
    { words: [first], changes: 0, cutFirst: false },
    ...(cutFirst !== first ? [{ words: [cutFirst], changes: 1, cutFirst: true }] : []),
  ];
  for (const { small: before, word } of groups) {
    const kept = word === null ? [] : [word];
    const cut = word === null ? word : abbreviate(word);
    ways = ways.flatMap((way) => [
      { ...way, words: [...way.words, ...before, ...kept] },
      ...(before.length > 0 && word !== null
        ? [{ ...way, words: [...way.words, word], changes: way.changes + 1 }]
        : []),
      ...(cut !== null && cut !== word ? [{ ...way, words: [...way.words, cut], changes: way.changes + 1 }] : []),
      { ...way, changes: way.changes + 1 },
    ]);
  }
  const last = words[words.length - 1]!;
  return ways
    .filter((w) => w.changes > 0)
    .map((w) => ({ text: [...w.words, last].join(' '), changes: w.changes, cutFirst: w.cutFirst }));
}

/** Words that go with the next one: dropped with it, never left alone. */
const SMALL = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'et', 'of', 'the', 'and', 'von', 'van', 'и', 'в']);

const key = (s: string) => s.toLocaleLowerCase();

/**
 * The short form of each name on a board (names of up to SHORT_NAME_FROM - 1 characters, and names
 * no form of which is safe, get none). A form is safe when no other name reads the same, and no
 * other name could be shortened to it.
 */
export function shortNames(names: Iterable<string>): Map<string, string> {
  const distinct = new Set(names);
  const full = new Set([...distinct].map(key));
  const formsByName = new Map<string, Form[]>();
  const whose = new Map<string, Set<string>>();
  for (const name of distinct) {
    if ([...name].length < SHORT_NAME_FROM) continue;
    const forms = formsOf(name);
    formsByName.set(name, forms);
    for (const f of forms) {
      const k = key(f.text);
      const set = whose.get(k);
      if (set) set.add(name);
      else whose.set(k, new Set([name]));
    }
  }
  const shorts = new Map<string, string>();
  for (const [name, forms] of formsByName) {
    const length = [...name].length;
    const safe = forms.filter((f) => !full.has(key(f.text)) && whose.get(key(f.text))!.size === 1);
    const len = (f: Form) => [...f.text].length;
    const fitting = safe
      .filter((f) => len(f) <= TARGET)
      .sort((a, b) => a.changes - b.changes || Number(a.cutFirst) - Number(b.cutFirst) || len(a) - len(b));
    const best =
      fitting[0] ??
      safe.filter((f) => len(f) <= length - MIN_SAVING).sort((a, b) => len(a) - len(b) || a.changes - b.changes)[0];
    if (best) shorts.set(name, best.text);
  }
  return shorts;
}
