// The width of a text where the painter cannot measure it (Owlbear draws its own text, in Roboto): an
// estimate from each character's class, on the generous side, so that a box sized by it always holds
// its text. Ems of a sans-serif face, rounded up.
const NARROW = new Set([..."iIjl.,;:!|'`’ "]);
const SMALL = new Set([...'frt()[]{}/\\-"“”«»']);
const WIDE = new Set([...'mwMWЖжШшЩщЮюФф—…✕%@']);

function em(c: string): number {
  if (NARROW.has(c)) return 0.32;
  if (SMALL.has(c)) return 0.42;
  if (WIDE.has(c)) return 0.98;
  const code = c.codePointAt(0)!;
  if (c >= '0' && c <= '9') return 0.6;
  if (c >= 'A' && c <= 'Z') return 0.72;
  if (code < 0x80) return 0.58;
  // Latin with accents, Greek, Cyrillic: as their ASCII cousins, a little wider.
  if (code < 0x530) return c === c.toUpperCase() && c !== c.toLowerCase() ? 0.76 : 0.62;
  // Everything else (CJK, symbols, emoji): a full em.
  return 1.05;
}

const ems = new Map<string, number>();

/** Estimated width, px, of `text` at `px` pixels per em (the same words come back every frame: remembered). */
export function estimateWidth(text: string, px: number): number {
  let w = ems.get(text);
  if (w === undefined) {
    w = 0;
    for (const c of text) w += em(c);
    if (ems.size > 5000) ems.clear();
    ems.set(text, w);
  }
  return w * px;
}
