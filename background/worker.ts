/**
 * The background service worker: the single writer of stored state. Views send typed requests
 * (src/messages.ts); the worker validates them, applies them to the stored root through the pure
 * core, writes the result, and every view follows storage changes.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import type { Result } from '../src/game/result';
import { demoRequestSchema, isDemoMessage, isTableMessage, tableRequestSchema, type Request, type Response, type TableResponse } from '../src/messages';
import { DEMO_KEY } from '../src/adapters/demo/model';
import { readDemo } from '../src/adapters/demo/schema';
import { ROLL20_SETTINGS_KEY } from '../src/adapters/roll20/settings';
import { parseWith } from '../src/game/validate';
import { applyRequest, parseRequest, replacedBackup } from '../src/store/requests';
import { loadStore } from '../src/store/load';
import { boardInputOf } from '../src/store/board';
import { BOARD_KEY, STORE_KEY, type StoreRoot } from '../src/store/root';
import { fromOwnPage as ownPage, tabletopSender } from './senders';

/** Requests are applied one at a time, so that two quick clicks never read the same old root. */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Count of dropped messages (forged or malformed), readable from the worker's console for diagnosis. */
let droppedMessages = 0;

/**
 * Writes the root, and in the same write what tabletops draw for its active game (BOARD_KEY), so
 * that a content script never sees a game and a board that disagree.
 */
async function writeRoot(root: StoreRoot, extra: Record<string, unknown> = {}): Promise<void> {
  await browser.storage.local.set({ ...extra, [STORE_KEY]: root, [BOARD_KEY]: boardInputOf(root) });
}

/** Reads the root; an unusable stored value is backed up and replaced in the same write, never lost. */
async function readRoot(): Promise<StoreRoot> {
  const raw = (await browser.storage.local.get(STORE_KEY))[STORE_KEY];
  const { root, backup } = loadStore(raw, new Date());
  if (backup) {
    await writeRoot(root, { [backup.key]: backup.value });
    console.warn(`Command Post: stored game unusable (${root.notice?.reason}); kept under ${backup.key}`);
  }
  return root;
}

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

/** The demo table's boards, from its own page: checked, then merged board by board into what is stored. */
async function handleDemo(message: unknown, sender: Runtime.MessageSender): Promise<TableResponse | undefined> {
  const request = parseWith(demoRequestSchema, message, 'bad-message');
  if (!request.ok || !fromOwnPage(sender)) {
    droppedMessages++;
    return request.ok ? undefined : request;
  }
  const { board } = request.value;
  return inTurn(async () => {
    // A stored board that no longer reads is dropped here; the demo page has already said so.
    const { boards } = readDemo((await browser.storage.local.get(DEMO_KEY))[DEMO_KEY]);
    await browser.storage.local.set({ [DEMO_KEY]: { version: 1, boards: { ...boards, [board.system]: board } } });
    return { ok: true };
  });
}

async function handle(message: unknown): Promise<Response> {
  const request = parseRequest(message);
  if (!request.ok) {
    droppedMessages++;
    return request;
  }
  return inTurn(async () => {
    const root = await readRoot();
    const next: Result<StoreRoot> = applyRequest(root, request.value);
    if (!next.ok) return next;
    // A replaced game is kept, as a damaged store is, in the same write as its replacement.
    const backup = replacedBackup(root, next.value, request.value as Request, new Date());
    if (next.value !== root) await writeRoot(next.value, backup ? { [backup.key]: backup.value } : {});
    return { ok: true, root: next.value };
  });
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

// Check (and if needed repair) the store as soon as the worker starts, before any view asks, and
// publish its board (an older version of the extension may have left none).
void inTurn(async () => {
  const root = await readRoot();
  await browser.storage.local.set({ [BOARD_KEY]: boardInputOf(root) });
});

Object.assign(globalThis, { commandPostDiagnostics: () => ({ droppedMessages }) });
