// The isolated content script on the Roll20 editor (match https://app.roll20.net/editor*, not the
// pop-out character sheets): the Roll20 adapter. Once the page has loaded it injects the page-world
// bridge (roll20-page.js, web-accessible) with a per-load secret and a MessagePort, keeps the live
// table from the bridge's validated messages, hands each table to the board (./live-board.ts: the
// active game's view, drawn over the board), reports the board to the worker for the popup, and
// — only when the user asked for it in the popup, once per click — posts to the chat or writes
// command radii into leaders' auras. Once the game master has made the ledger characters, it loads
// the table's one game (content-table.js, ./roll20-table-loader.ts): the board draws that game, and
// the popup plays it through a port to this script, as on an Owlbear tab.
//
// A token's path: Roll20 model → roll20-page.js (plain JSON, one delta per frame) → here (validated,
// ./roll20-content/page-messages.ts; LiveModel → Table) → LiveBoard.render (./roll20-content/draw.ts:
// bound to the game, the system's view, the overlay) → summary.
//
// Its parts, each in its module, share one record (./roll20-content/tab.ts): the hello (bridge.ts),
// the page's messages (page-messages.ts), the board drawn (draw.ts), the popup's requests
// (popup-requests.ts). This file builds the record and wires them.
import type Browser from 'webextension-polyfill';
import { LiveModel } from '../src/adapters/roll20/live';
import { SECRET_ATTR } from '../src/adapters/roll20/protocol';
import { readSettings, ROLL20_SETTINGS_KEY, DEFAULT_ROLL20_SETTINGS } from '../src/adapters/roll20/settings';
import { BOARD_KEY } from '../src/store/root';
import { LOCALE_KEY, sayer, text, type Text } from '../src/i18n/text';
import { LiveBoard } from './live-board';
import { roll20TableOnDemand } from './roll20-table-loader';
import { Host, type HostParts } from './host';
import { servePopupPort } from './host-port';
import { serveTabRequests } from './host-tab';
import { openBridge, randomHex } from './roll20-content/bridge';
import { drawing } from './roll20-content/draw';
import { listenToPage } from './roll20-content/page-messages';
import { popupRequests, portState } from './roll20-content/popup-requests';
import type { Tab } from './roll20-content/tab';

/** The native API: Chrome MV3 and Firefox both return promises, so the polyfill would be ~3 KB of dead weight (toolchain.md §7.3). */
const browser =
  (globalThis as { browser?: Browser.Browser }).browser ??
  (globalThis as unknown as { chrome: Browser.Browser }).chrome;

/** The editor itself: /editor, /editor/, with any ?query or #hash; never /editor/character/… (pop-out sheets). */
export const isEditorPath = (pathname: string): boolean => /^\/editor\/?$/.test(pathname);

const MARK = 'data-command-post';

/** The words of the extension's language, numbers in its own decimal mark, French elision, a counted text in its plural form. */
function sayerOf(): (t: Text) => string {
  const message = sayer((key, subs) => browser.i18n.getMessage(key, subs), browser.i18n.getMessage(LOCALE_KEY) || 'en');
  // The extension gone (reloaded, updated), every call to it throws "Extension context invalidated":
  // in the moment before this script finds out, a word asked for is its key (the board is taken away next).
  return (t) => {
    try {
      return message(t);
    } catch {
      return t.key;
    }
  };
}

function start(): void {
  const html = document.documentElement;
  if (html.hasAttribute(MARK)) return; // injected already (a second copy of this script)
  html.setAttribute(MARK, '');

  const secret = randomHex(16);
  const say = sayerOf();
  const board = new LiveBoard(say);
  const model = new LiveModel();
  // The table's one game (./roll20-table.ts), from the ledgers the page reports, written back through
  // the bridge: while it is there, the board draws its game and the popup plays it.
  const table = roll20TableOnDemand(
    browser.runtime.getURL('content-table.js'),
    (writes) => tab.toPage({ type: 'ledgers-save', writes: [...writes] }),
    () => tableChanged(),
    // This player's other tabs in this browser: one writes for him, the others hand it their actions (src/adapters/roll20/tabs.ts).
    {
      claim: (player) => host.send({ type: 'roll20/writing', player }),
      forward: (player, request) => host.send({ type: 'roll20/forward', player, request }),
    },
  );
  const host = new Host(
    browser,
    hostParts(() => tab),
  );
  const tab: Tab = {
    browser,
    html,
    model,
    board,
    host,
    table,
    say,
    tr: (key) => say(text(key)),
    settings: DEFAULT_ROLL20_SETTINGS,
    run: null,
    camera: null,
    dropped: 0,
    interfering: false,
    found: null,
    toPage: (msg) => bridge.toPage(msg),
    recompute: () => draw.recompute(),
    focusNow: () => draw.focusNow(),
    countDropped() {
      tab.dropped++;
      board.overlay.root.setAttribute('data-dropped', String(tab.dropped));
      host.report();
    },
    tellPopups: () => popups.tell(),
  };
  const bridge = openBridge(tab, secret);
  const draw = drawing(tab);
  const requests = popupRequests(tab, draw.armAuras);
  // The popup of this very extension, on this tab: it plays the table's game through here, as on an Owlbear tab.
  const popups = servePopupPort(host, {
    state: () => portState(tab),
    play: (request) => table.send(request),
    ticks: requests.ticks,
    dropped: () => tab.countDropped(),
  });
  const tableChanged = followStoreAndTable(tab);
  // After the extension reloads or updates, its host finds out within a tick and ends (./host.ts): this
  // script takes its drawing away (a figure that walked away would stay in command), lets the page
  // script go and says so. Nothing of it runs again, so nothing can throw into the page.
  const updatedText = tab.tr('r20_overlay_updated');
  host.signal.addEventListener('abort', () => {
    tab.run = board.render(null, false);
    board.overlay.setMessage(updatedText);
    html.setAttribute(MARK, 'orphaned');
  });
  listenToPage(tab, secret, bridge, requests.diagnosed);
  serveTabRequests(host, { ticks: requests.ticks, find: requests.find, request: requests.answer });
  host.start();

  injectBridge(secret, () => bridge.sayHello(updatedText));
}

/** What the table's page plugs into its host (./host.ts): its summary for the popup, its tick. */
function hostParts(tabOf: () => Tab): HostParts {
  return {
    // A page that interferes: its table is not read (nor shown in the popup), and the popup says why.
    summary: () => {
      const { model, board, table, dropped, interfering } = tabOf();
      const status = model.status(dropped);
      const shared = table.summary();
      const summary = board.summary(
        interfering ? { ...status, state: 'unavailable', missing: ['interfering'] } : status,
      );
      return shared ? { ...summary, shared } : summary;
    },
    tick: () => {
      const tab = tabOf();
      // The bridge hears we are here (Firefox ends this script on an update without a word: protocol.ts, `beat`).
      tab.toPage({ type: 'beat' });
      tab.table.tick().catch((e: unknown) => console.warn("Command Post: the table's tick failed", e));
    },
  };
}

/** The page bridge (roll20-page.js) put into the page with this load's secret; `loaded` once it has run. */
function injectBridge(secret: string, loaded: () => void): void {
  const script = document.createElement('script');
  script.src = browser.runtime.getURL('roll20-page.js');
  script.setAttribute(SECRET_ATTR, secret);
  // Messages sent before the bridge listens are lost: say hello once it has run (roll20.md §3.2),
  // handing it the port on which everything else will come.
  script.onload = () => {
    script.remove();
    loaded();
  };
  (document.head ?? document.documentElement).append(script);
}

/**
 * What the board draws, followed: the table's game while it has one, else the active game as stored
 * (the worker's BOARD_KEY), and the board settings. Returns what the table's game calls when it changed.
 */
function followStoreAndTable(tab: Tab): () => void {
  const { board, host, table } = tab;
  let storedInput: unknown = null;
  let sharedInput: unknown = null;
  let sharedVisibility = 'null';
  void browser.storage.local.get([ROLL20_SETTINGS_KEY, BOARD_KEY]).then((got) => {
    tab.settings = readSettings(got[ROLL20_SETTINGS_KEY]);
    storedInput = got[BOARD_KEY];
    if (!table.active) board.setInput(storedInput);
    tab.recompute();
  });
  host.on(browser.storage.onChanged, (changes: Record<string, Browser.Storage.StorageChange>, area: string) => {
    if (area !== 'local') return;
    const s = changes[ROLL20_SETTINGS_KEY];
    const b = changes[BOARD_KEY];
    if (!s && !b) return;
    if (s) tab.settings = readSettings(s.newValue);
    if (b) storedInput = b.newValue;
    if (b && !table.active) board.setInput(storedInput);
    tab.recompute();
  });
  return () => {
    // Drawn again only when the table's game changed (a journal read that changes nothing redraws nothing).
    const next = table.active ? table.boardInput() : null;
    const seen = JSON.stringify(table.visibility());
    if (next !== sharedInput || seen !== sharedVisibility) {
      sharedInput = next;
      sharedVisibility = seen;
      board.setInput(next ?? storedInput);
      tab.recompute();
    } else host.report();
    tab.tellPopups();
  };
}

if (isEditorPath(location.pathname) && window.top === window) {
  // Lazy: a script pushed into the page while Roll20 boots disturbs its start (roll20.md §4 VTTinker).
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
