/**
 * The background service worker: the single writer of stored state. Views send typed requests
 * (src/messages.ts); the worker validates them and hands them to the store (src/store/service.ts),
 * which keeps the checked root and each game's state in memory, writes what changed, and answers
 * with what changed. Views follow the changes; tabletops redraw from the board input written with it.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { BACKUP_KEY_PREFIX, STORE_KEY } from '../src/store/root';
import { StoreService, type StorageArea } from '../src/store/service';
import { createMessenger } from './messenger';
import { SIDECARS } from './sidecars';

const local: StorageArea = {
  get: (keys) => browser.storage.local.get(typeof keys === 'object' && keys !== null ? [...keys] : keys),
  set: (items) => browser.storage.local.set(items),
  remove: (keys) => browser.storage.local.remove(keys),
};
// The Roll20 board settings and the demo's boards are kept beside the store: damaged parts are repaired alone, with a backup and a notice.
const store = new StoreService(local, undefined, SIDECARS);

// Storage changed by someone else (a second copy of the worker started while this one was stopping,
// an upgrade): read it again before the next request. Each worker marks what it writes.
browser.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local') return;
  const change = changes[STORE_KEY];
  if (change) store.external((change.newValue as { writer?: unknown } | undefined)?.writer);
  // The backups list is kept in memory: a backup written or removed by anyone is followed there.
  for (const key of Object.keys(changes))
    if (key.startsWith(BACKUP_KEY_PREFIX)) store.backupChanged(key, changes[key]!.newValue);
});

const messenger = createMessenger({
  self: { id: browser.runtime.id, origin: browser.runtime.getURL('') },
  store,
  local,
  session: {
    get: (keys) => browser.storage.session.get(keys),
    set: (items) => browser.storage.session.set(items),
    remove: (keys) => browser.storage.session.remove(keys),
  },
  // One Roll20 player's other tabs hand their actions to the tab that writes for him (tabs.sendMessage needs no permission).
  sendToTab: (tab, message) => browser.tabs.sendMessage(tab, message),
});
// A message the sender may not send is left unanswered (undefined), as if nobody listened.
browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) =>
  messenger.receive(message, sender),
);
// A closed tab's live table and system go with it (tabs.onRemoved needs no permission).
browser.tabs.onRemoved.addListener((tabId) => void messenger.tabClosed(tabId).catch(() => undefined));

// Check (and if needed repair or migrate) the store and what is kept beside it as soon as the worker
// starts, before any view asks.
void store.checkSidecars();

// From the worker's console (and the browser tests): what was dropped, and the store as the worker holds it
// (its logs are kept in chunks in storage, so storage alone does not show a game whole).
Object.assign(globalThis, {
  commandPostDiagnostics: () => ({ droppedMessages: messenger.dropped() }),
  commandPostRoot: () => store.current(),
});
