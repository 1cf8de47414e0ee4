// The demo page's words: the translator every part of it is handed, and the few ways it names things
// (a system, a choice's key, a field's problem).
import type { SystemId } from '../src/rules/ids';
import type { Text } from '../src/i18n/text';
import type { Problem } from '../popup/checks';
import type { DemoTable } from './table';

export type Tr = (key: string, ...subs: (string | number)[]) => string;

/** A checked field's message, in the page's language. */
/** A field's problem in words, each Text as the page says it (a counted one in its plural form). */
export const said = (table: DemoTable, problem: Problem): string => problem.map((t: Text) => table.tr(t)).join(' ');

export const systemName = (tr: Tr, id: SystemId): string => tr(`system_${id.replaceAll('-', '_')}`);

export const key = (s: string) => s.replaceAll('-', '_');
