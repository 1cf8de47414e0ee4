// One cleaner for the text that players and tabletops type (no dependency: content scripts carry it).

/**
 * Text a player typed or a tabletop holds (a name, a label), made safe to show anywhere: in the
 * Roll20 chat, the board's overlay, a saved file. Control characters and line breaks of every kind
 * become a space; bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE and its kin, which turn the
 * text around them backwards) and byte-order marks are removed; a lone surrogate becomes U+FFFD.
 * Applied where such text enters (the rules' event schemas, the board's tokens, the board summary),
 * so that every tabletop and every view gets it clean.
 */
export function cleanText(raw: string): string {
  return raw
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
