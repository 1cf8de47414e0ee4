// The isolated content script on the Roll20 editor (match https://app.roll20.net/editor*, not the
// pop-out character sheets): the Roll20 adapter. Once the page has loaded it injects the page-world
// bridge (roll20-page.js, web-accessible) with a per-load secret, keeps the live table from the
// bridge's validated messages, hands each table to the board (content-board.js: the active game's
// view, drawn over the board), reports the board to the worker for the popup, and (GM, opt-in) asks
// the bridge to write command radii into leaders' auras.
//
// A token's path: Roll20 model → roll20-page.js (plain JSON, one delta per frame) → here (validated,
// LiveModel → Table) → LiveBoard.render (bound to the game, the system's view, the overlay) → summary.
import type Browser from 'webextension-polyfill';
import * as v from 'valibot';
import { LiveModel } from '../src/adapters/roll20/live';
import { NS, SECRET_ATTR, chatText, envelope, pageMessageSchema, receive, tabRequestSchema, type ContentMessage, type PageMessage } from '../src/adapters/roll20/protocol';
import { readSettings, ROLL20_SETTINGS_KEY, DEFAULT_ROLL20_SETTINGS, type Roll20Settings } from '../src/adapters/roll20/settings';
import type { BoardRun } from '../src/board/run';
import type { TableRequest } from '../src/messages';
import { BOARD_KEY } from '../src/store/root';
import type { BoardBundle } from './board';

/** The native API: Chrome MV3 and Firefox both return promises, so the polyfill would be ~3 KB of dead weight (toolchain.md §7.3). */
const browser = ((globalThis as { browser?: Browser.Browser }).browser ?? (globalThis as unknown as { chrome: Browser.Browser }).chrome);

/** The editor itself: /editor, /editor/, with any ?query or #hash; never /editor/character/… (pop-out sheets). */
export const isEditorPath = (pathname: string): boolean => /^\/editor\/?$/.test(pathname);

const MARK = 'data-command-post';
const BENCH = 'data-command-post-bench';
/** The popup does not need every frame: at most 4 reports a second. */
const REPORT_MS = 250;

function start(): void {
  const html = document.documentElement;
  if (html.hasAttribute(MARK)) return; // injected already (a second copy of this script)
  html.setAttribute(MARK, '');

  const secret = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  const model = new LiveModel();
  // content-board.js ran first in this same isolated world (manifest order).
  const bundle = (globalThis as { commandPostBoard?: BoardBundle }).commandPostBoard;
  if (!bundle) return;
  const board = new bundle.LiveBoard((t) => browser.i18n.getMessage(t.key, t.subs?.map(String)) || t.key);
  let settings: Roll20Settings = DEFAULT_ROLL20_SETTINGS;
  let run: BoardRun | null = null;
  let dropped = 0;
  let auraKey = '';

  const toPage = (msg: ContentMessage) => window.postMessage(envelope('content', secret, msg), location.origin);

  const send = (request: TableRequest) => browser.runtime.sendMessage(request).catch(() => undefined);
  let reportTimer = 0;
  const report = () => {
    if (reportTimer) return;
    reportTimer = window.setTimeout(() => {
      reportTimer = 0;
      void send({ type: 'table/update', table: board.summary(model.status(dropped)) });
    }, REPORT_MS);
  };

  const recompute = () => {
    board.setOptions({ overlay: settings.overlay, labels: settings.labels });
    const live = model.state === 'live';
    run = board.render(live ? model.table(settings) : null, live && model.mode === 'full');
    syncAuras();
    report();
  };

  /** Native auras: write each ring's radius (page units) into its leader's aura 1, or put the old values back. */
  function syncAuras() {
    const scene = run?.bound.scene;
    if (!settings.nativeAuras || !run || !scene || run.view.error) {
      if (auraKey) toPage({ type: 'auras-restore' });
      auraKey = '';
      return;
    }
    const items = run.view.rings.map((r) => ({
      id: r.id,
      radius: Math.round(r.radiusCells * scene.unitsPerCell * 1000) / 1000,
      square: r.shape.kind === 'square',
      color: r.kind === 'command' ? '#2563eb' : r.kind === 'control' ? '#7c3aed' : '#ea580c',
    }));
    const key = items.map((i) => `${i.id}:${i.radius}:${i.square}`).join(',');
    if (key === auraKey) return;
    auraKey = key;
    toPage({ type: 'auras-set', items });
  }

  const onPage = (msg: PageMessage) => {
    if (msg.type === 'view') {
      board.setCamera(msg.view);
      // No camera (Roll20 changed its renderer): keep the data, say so, draw nothing.
      const mode = msg.view ? 'full' : 'data-only';
      if (model.page && mode !== model.mode) {
        model.mode = mode;
        model.missing = msg.view ? [] : ['renderer'];
        recompute();
      }
      return;
    }
    if (msg.type === 'auras') return;
    if (msg.type === 'selection') {
      model.apply(msg, settings);
      report();
      return;
    }
    if (model.apply(msg, settings)) recompute();
  };

  window.addEventListener('message', (ev) => {
    // Roll20 posts its own messages: only ours (namespace) are looked at, and only from this window and origin.
    const ours = typeof ev.data === 'object' && ev.data !== null && (ev.data as { ns?: unknown }).ns === NS;
    if (!ours) return;
    if (ev.source !== window || ev.origin !== location.origin) {
      dropped++;
      board.overlay.root.setAttribute('data-dropped', String(dropped));
      return;
    }
    const t0 = performance.now();
    const r = receive(ev.data, 'page', secret, pageMessageSchema);
    if (!r.ok) {
      if (r.ours) {
        dropped++;
        board.overlay.root.setAttribute('data-dropped', String(dropped));
        report();
      }
      return;
    }
    try {
      onPage(r.msg);
    } catch (e) {
      console.warn('Command Post: Roll20 update failed', e);
    }
    if (html.hasAttribute(BENCH) && r.msg.type === 'delta') html.setAttribute('data-command-post-content-ms', String(performance.now() - t0));
  });

  // The board settings and the active game, as stored; both followed.
  void browser.storage.local.get([ROLL20_SETTINGS_KEY, BOARD_KEY]).then((got) => {
    settings = readSettings(got[ROLL20_SETTINGS_KEY]);
    board.setInput(got[BOARD_KEY]);
    recompute();
  });
  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local') return;
    const s = changes[ROLL20_SETTINGS_KEY];
    const b = changes[BOARD_KEY];
    if (!s && !b) return;
    if (s) settings = readSettings(s.newValue);
    if (b) board.setInput(b.newValue);
    recompute();
  });
  window.addEventListener('pagehide', () => void send({ type: 'table/clear' }));
  // The popup (an extension page, never another tab) asks for a chat post.
  browser.runtime.onMessage.addListener((message: unknown, sender: { id?: string; tab?: unknown }) => {
    if (sender.id !== browser.runtime.id || sender.tab) return undefined;
    const r = v.safeParse(tabRequestSchema, message);
    if (!r.success) return undefined;
    toPage({ type: 'chat', text: chatText(r.output.text) });
    return Promise.resolve(true);
  });

  const script = document.createElement('script');
  script.src = browser.runtime.getURL('roll20-page.js');
  script.setAttribute(SECRET_ATTR, secret);
  // Messages sent before the bridge listens are lost: say hello once it has run (roll20.md §3.2).
  script.onload = () => {
    script.remove();
    toPage({ type: 'hello' });
  };
  (document.head ?? html).append(script);
}

if (isEditorPath(location.pathname) && window.top === window) {
  // Lazy: a script pushed into the page while Roll20 boots disturbs its start (roll20.md §4 VTTinker).
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
