// Reading the writers' keys, first two steps, pure (./read-writers.ts `readWriters` then checks each writer's
// pages against his record, which is where what it saw before counts):
//   1. `sortKeys`: every key under the writers' prefix, by what it names: a writer's pages (each page in
//      its place, a page missing read as empty), a writer's return key, his signature, or nobody's (said,
//      the first 8 by name, and emptied once they stood still: ./compact.ts).
//   2. `budgetWriters`: writers are budgeted per player, not per connection: each player's first tab
//      comes before anyone's second, and so on, so that one player's many tabs never crowd another out.
//      Past `writersPerPlayer` tabs of one player, or `writers` in all, a writer is refused and told.
import type { TableKeys } from './keys';
import { refusal, type Dropped } from './model';
import { isEmptyPage } from './ops';

/** One writer's keys and their values, page by page. */
export interface WriterKeys {
  readonly holder: string;
  readonly keys: readonly string[];
  readonly values: unknown[];
}

export interface SortedKeys {
  readonly groups: Map<string, WriterKeys>;
  readonly returned: Map<string, { readonly key: string; readonly value: unknown }>;
  readonly signatures: Map<string, { readonly key: string; readonly value: unknown }>;
  /** Keys no writer writes that hold something. */
  readonly strangers: Set<string>;
  readonly dropped: Dropped[];
}

/** Sorts the keys; `known`: writers this client played pages of, read as empty where their keys were deleted outright (written over as much as emptied). */
export function sortKeys(
  metadata: Readonly<Record<string, unknown>>,
  keys: TableKeys,
  pages: number,
  known: Iterable<string>,
): SortedKeys {
  const groups = new Map<string, WriterKeys>();
  const returned = new Map<string, { key: string; value: unknown }>();
  const signatures = new Map<string, { key: string; value: unknown }>();
  const strangers = new Set<string>();
  const dropped: Dropped[] = [];
  const empty = (writer: string, holder: string): WriterKeys => ({
    holder,
    values: Array(pages).fill(null),
    keys: Array.from({ length: pages }, (_, p) => keys.page(writer, p)),
  });
  let notPages = 0;
  for (const [key, value] of Object.entries(metadata)) {
    if (!keys.isWriterKey(key)) continue;
    const name = keys.pageOf(key);
    if (name.kind === 'returned') {
      if (value !== null && value !== undefined) returned.set(name.writer, { key, value });
    } else if (name.kind === 'signature') {
      if (!isEmptyPage(value)) signatures.set(name.writer, { key, value });
    } else if (name.kind === 'not-a-page') {
      if (isEmptyPage(value)) continue;
      if (notPages++ < 8) dropped.push(refusal(key.slice(0, 120), 'no writer writes this key: not played'));
      strangers.add(key);
    } else {
      const g = groups.get(name.writer) ?? empty(name.writer, name.holder);
      g.values[name.page] = value ?? null;
      groups.set(name.writer, g);
    }
  }
  if (notPages > 8)
    dropped.push({
      key: keys.page('…', 0),
      problem: `${notPages - 8} more keys no writer writes: not played`,
      kind: 'refused',
    });
  for (const writer of known) if (!groups.has(writer)) groups.set(writer, empty(writer, keys.holderOf(writer)));
  return { groups, returned, signatures, strangers, dropped };
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The writers in the order they are read (by their rank among their player's tabs, then by name; a
 * holder not at the table last, counted against no one), and whether each is refused. This client's own
 * writer (`me`) takes its player's place among his tabs, and is never refused nor counted in all.
 */
export function budgetWriters(
  writers: Iterable<string>,
  playerOf: (writer: string) => string | undefined,
  limits: { readonly writersPerPlayer: number; readonly writers: number },
  me: string,
): { readonly writer: string; readonly refused: string | null }[] {
  const rank = new Map<string, number>();
  const tabs = new Map<string, number>();
  const names = [...writers].sort(byName);
  for (const writer of names) {
    const player = playerOf(writer);
    if (player === undefined) continue;
    const n = tabs.get(player) ?? 0;
    tabs.set(player, n + 1);
    rank.set(writer, n);
  }
  let counted = 0;
  return names
    .sort((a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) || byName(a, b))
    .map((writer) => {
      const r = rank.get(writer);
      if (r === undefined || writer === me) return { writer, refused: null };
      if (r >= limits.writersPerPlayer)
        return { writer, refused: `more than ${limits.writersPerPlayer} tabs of one player (not played)` };
      if (++counted > limits.writers) return { writer, refused: `more than ${limits.writers} writers` };
      return { writer, refused: null };
    });
}
