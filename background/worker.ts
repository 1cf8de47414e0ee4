/**
 * The background service worker: the single writer of stored state. Views send typed requests
 * (src/messages.ts); the worker validates them and hands them to the store (src/store/service.ts),
 * which keeps the checked root and each game's state in memory, writes what changed, and answers
 * with the new root. Views follow the changes; tabletops redraw from the board input written with it.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { demoRequestSchema, isDemoMessage, isTableMessage, tableRequestSchema, type Response, type TableResponse } from '../src/messages';
import { DEMO_KEY } from '../src/adapters/demo/model';
import { readDemo } from '../src/adapters/demo/schema';
import { repairSettings, ROLL20_SETTINGS_KEY } from '../src/adapters/roll20/settings';
import { parseWith } from '../src/game/validate';
import { parseRequest } from '../src/store/requests';
import { STORE_KEY } from '../src/store/root';
import { StoreService, type StorageArea } from '../src/store/service';
import { fromOwnPage as ownPage, tabletopSender } from './senders';

const local: StorageArea = {
  get: (keys) => browser.storage.local.get(keys),
  set: (items) => browser.storage.local.set(items),
  remove: (keys) => browser.storage.local.remove(keys),
};
// The Roll20 board settings are kept beside the store: damaged fields are repaired alone, with a backup and a notice.
const store = new StoreService(local, undefined, {
  [ROLL20_SETTINGS_KEY]: {
    read: (raw) => {
      const { settings, damaged } = repairSettings(raw);
      return { value: settings, damaged };
    },
  },
});

// Storage changed by someone else (a second copy of the worker started while this one was stopping,
// an upgrade): read it again before the next request. Each worker marks what it writes.
browser.storage.onChanged.addListener((changes, area) => {
  const change = changes[STORE_KEY];
  if (area !== 'local' || !change) return;
  store.external((change.newValue as { writer?: unknown } | undefined)?.writer);
});

/** Count of dropped messages (forged or malformed), readable from the worker's console for diagnosis. */
let droppedMessages = 0;

const extension = { id: browser.runtime.id, origin: browser.runtime.getURL('') };

/** Only the extension's own pages may drive the store; tabletops may only send table/* reports (below). */
const fromOwnPage = (sender: Runtime.MessageSender): boolean => ownPage(sender, extension);

/** Live tables by tab, in storage.session (gone with the browser session), for the popup. */
const liveKey = (tabId: number) => `commandPost.live.${tabId}`;

async function handleTable(message: unknown, sender: Runtime.MessageSender): Promise<TableResponse | undefined> {
  const request = parseWith(tableRequestSchema, message, 'bad-message');
  const own = fromOwnPage(sender);
  // A tabletop reports its own tab's board, and only as itself (the demo page cannot speak for Roll20).
  const source = tabletopSender(sender, extension);
  const tab = source && (!request.ok || request.value.type !== 'table/update' || request.value.table.tabletop === source.tabletop) ? source.tab : null;
  if (!request.ok || (request.value.type === 'table/settings' ? !own : tab === null)) {
    droppedMessages++;
    return request.ok ? undefined : request;
  }
  const r = request.value;
  if (r.type === 'table/settings') await browser.storage.local.set({ [ROLL20_SETTINGS_KEY]: r.settings });
  else if (r.type === 'table/update') await browser.storage.session.set({ [liveKey(tab!)]: r.table });
  else await browser.storage.session.remove(liveKey(tab!));
  return { ok: true };
}
browser.tabs.onRemoved.addListener((tabId) => void browser.storage.session.remove(liveKey(tabId)));

/** Demo saves one after the other, so that two boards saved at once both stay (each reads what the other wrote). */
let demoSaves: Promise<unknown> = Promise.resolve();

/** The demo table's boards, from its own page: checked, then merged board by board into what is stored. */
async function handleDemo(message: unknown, sender: Runtime.MessageSender): Promise<TableResponse | undefined> {
  const request = parseWith(demoRequestSchema, message, 'bad-message');
  if (!request.ok || !fromOwnPage(sender)) {
    droppedMessages++;
    return request.ok ? undefined : request;
  }
  const { board } = request.value;
  const save = demoSaves.then(async (): Promise<TableResponse> => {
    // A stored board that no longer reads is dropped here; the demo page has already said so.
    const { boards } = readDemo((await browser.storage.local.get(DEMO_KEY))[DEMO_KEY]);
    await browser.storage.local.set({ [DEMO_KEY]: { version: 1, boards: { ...boards, [board.system]: board } } });
    return { ok: true };
  });
  demoSaves = save.catch(() => undefined);
  return save;
}

async function handle(message: unknown): Promise<Response> {
  const request = parseRequest(message);
  if (!request.ok) {
    droppedMessages++;
    return request;
  }
  return store.handle(request.value);
}

browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
  if (isTableMessage(message)) return handleTable(message, sender);
  if (isDemoMessage(message)) return handleDemo(message, sender);
  if (!fromOwnPage(sender)) {
    droppedMessages++;
    return undefined;
  }
  return handle(message);
});

// Check (and if needed repair or migrate) the store and what is kept beside it as soon as the worker
// starts, before any view asks.
void store.checkSidecars();

// From the worker's console (and the browser tests): what was dropped, and the store as the worker holds it
// (its logs are kept in chunks in storage, so storage alone does not show a game whole).
Object.assign(globalThis, { commandPostDiagnostics: () => ({ droppedMessages }), commandPostRoot: () => store.current() });
