import type { Text } from '../i18n/text';

/**
 * A rule system's live numbers for the rule lookup: for each topic id of docs/rules/<system>.md, the
 * lines that put the current game's numbers on that rule ("Rally Groupe 1 from Demoralised: 2 AP").
 * Topics with nothing to show are left out. Each system's `src/rules/<id>/lookup.ts` makes these from
 * its state alone.
 */
export type TopicNumbers = { readonly [topic: string]: readonly Text[] };

/** Leaves out the topics that got no line. */
export const numbers = (entries: { readonly [topic: string]: readonly Text[] }): TopicNumbers =>
  Object.fromEntries(Object.entries(entries).filter(([, lines]) => lines.length > 0));
