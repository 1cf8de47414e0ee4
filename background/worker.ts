/**
 * The background service worker: the single writer of stored state. Views send typed requests
 * (src/messages.ts); the worker validates them and hands them to the store (src/store/service.ts),
 * which keeps the checked root and each game's state in memory, writes what changed, and answers
 * with the new root. Views follow the changes; tabletops redraw from the board input written with it.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { isTableMessage, tableRequestSchema, type Response, type TableResponse } from '../src/messages';
import { ROLL20_SETTINGS_KEY } from '../src/adapters/roll20/settings';
import { parseWith } from '../src/game/validate';
import { parseRequest } from '../src/store/requests';
import { STORE_KEY } from '../src/store/root';
import { StoreService, type StorageArea } from '../src/store/service';

const local: StorageArea = {
  get: (keys) => browser.storage.local.get(keys),
  set: (items) => browser.storage.local.set(items),
  remove: (keys) => browser.storage.local.remove(keys),
};
const store = new StoreService(local);

// Storage changed by someone else (a second copy of the worker started while this one was stopping,
// an upgrade): read it again before the next request. Each worker marks what it writes.
browser.storage.onChanged.addListener((changes, area) => {
  const change = changes[STORE_KEY];
  if (area !== 'local' || !change) return;
  store.external((change.newValue as { writer?: unknown } | undefined)?.writer);
});

/** Count of dropped messages (forged or malformed), readable from the worker's console for diagnosis. */
let droppedMessages = 0;

const extensionOrigin = browser.runtime.getURL('');

/** Only the extension's own pages may drive the store; content scripts may only send table/* reports (below). */
const fromOwnPage = (sender: Runtime.MessageSender): boolean =>
  sender.id === browser.runtime.id && typeof sender.url === 'string' && sender.url.startsWith(extensionOrigin);

/** The Roll20 content script, top frame of an editor tab: it may only report its tab's live table. */
const fromRoll20Editor = (sender: Runtime.MessageSender): boolean =>
  sender.id === browser.runtime.id && sender.tab?.id !== undefined && sender.frameId === 0 &&
  typeof sender.url === 'string' && /^https:\/\/app\.roll20\.net\/editor\/?([?#]|$)/.test(sender.url);

/** Live tables by tab, in storage.session (gone with the browser session), for the popup. */
const liveKey = (tabId: number) => `commandPost.live.${tabId}`;

async function handleTable(message: unknown, sender: Runtime.MessageSender): Promise<TableResponse | undefined> {
  const request = parseWith(tableRequestSchema, message, 'bad-message');
  const own = fromOwnPage(sender);
  const tab = fromRoll20Editor(sender) ? sender.tab!.id! : null;
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
  if (!fromOwnPage(sender)) {
    droppedMessages++;
    return undefined;
  }
  return handle(message);
});

// Check (and if needed repair or migrate) the store as soon as the worker starts, before any view asks.
void store.current();

Object.assign(globalThis, { commandPostDiagnostics: () => ({ droppedMessages }) });
