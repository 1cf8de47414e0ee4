// Roll20's one game for the table, loaded when the table has one. Its code (content-table.js: the
// shared game, every system's rules it plays, the store's checks; ./roll20-table.ts) is three fifths
// of what a Roll20 tab would load, and most tables never share a game: the tab loads it the first time
// the journal holds a ledger, or its game master asks to make them, and never before. Until then this
// stands in for it, answering as the table's game answers a journal with no ledgers.
import type { Journal } from '../src/adapters/roll20/ledger';
import type { Response } from '../src/messages';
import type { OtherTabs, Roll20Table } from './roll20-table';

type Make = typeof import('./roll20-table').roll20Table;

/**
 * Whether the journal holds a ledger (the table's or a side's): the table shares a game, or is about to.
 * The page reports no other characters (those named with src/adapters/roll20/ledger.ts `LEDGER_PREFIX`),
 * their attributes perhaps not loaded yet.
 */
export const holdsLedger = (journal: Journal): boolean => journal.characters.length > 0;

/** The table's game, loaded from `url` (content-table.js: this extension's, in this same isolated world) once the table has one. */
export function roll20TableOnDemand(
  url: string,
  save: Parameters<Make>[0],
  changed: () => void,
  tabs: OtherTabs | null,
): Roll20Table {
  const load = async (): Promise<Make> => ((await import(url)) as typeof import('./roll20-table')).roll20Table;
  let table: Roll20Table | null = null;
  let loading: Promise<Roll20Table | null> | null = null;
  let journal: Journal | null = null;
  const loaded = (): Promise<Roll20Table | null> =>
    (loading ??= load().then(
      async (make) => {
        table = make(save, changed, tabs);
        if (journal) await table.receive(journal);
        return table;
      },
      (error: unknown) => {
        // Said; the next journal with a ledger asks again.
        console.warn("Command Post: the table's game could not be loaded", error);
        loading = null;
        return null;
      },
    ));
  const none: Response = { ok: false, error: { code: 'roll20-no-ledgers' } };
  return {
    get active() {
      return table?.active ?? false;
    },
    async receive(j) {
      journal = j;
      if (table) return table.receive(j);
      if (holdsLedger(j)) await loaded();
      else changed();
    },
    tick: () => table?.tick() ?? Promise.resolve(),
    root: () => table?.root() ?? null,
    boardInput: () => table?.boardInput() ?? null,
    send: (raw) => table?.send(raw) ?? Promise.resolve(none),
    summary: () =>
      table?.summary() ?? (journal ? { state: 'none', gm: journal.me.gm, sides: [], mine: [], dropped: 0 } : null),
    startCheck: () => table?.startCheck() ?? false,
    choose: (choice) => table?.choose(choice) ?? Promise.resolve(false),
    visibility: () => table?.visibility() ?? null,
    setVisibility: (visibility) => table?.setVisibility(visibility) ?? Promise.resolve(false),
    // The game master's click that makes the ledgers: the table's game is loaded to lay them out.
    async toCreate(sides) {
      return (await loaded())?.toCreate(sides) ?? [];
    },
    act: (player, raw) => table?.act(player, raw),
    writesFor: (player) => table?.writesFor(player) ?? false,
  };
}
