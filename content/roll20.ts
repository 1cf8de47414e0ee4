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
// LiveModel → Table) → LiveBoard.render (bound to the game, the system's view, the overlay) → summary.
import type Browser from 'webextension-polyfill';
import * as v from 'valibot';
import { LiveModel } from '../src/adapters/roll20/live';
import {
  NS,
  SECRET_ATTR,
  chatText,
  envelope,
  pageMessageSchema,
  readySchema,
  receive,
  type ContentMessage,
  type TabRequest,
  type PageMessage,
  type RendererFields,
  type View,
} from '../src/adapters/roll20/protocol';
import {
  readSettings,
  ROLL20_SETTINGS_KEY,
  DEFAULT_ROLL20_SETTINGS,
  type Roll20Settings,
} from '../src/adapters/roll20/settings';
import type { BoardRun } from '../src/board/run';
import type { SystemId } from '../src/rules/ids';
import { BOARD_KEY } from '../src/store/root';
import { BROWSER } from '../src/platform';
import { LOCALE_KEY, sayer, text, type Text } from '../src/i18n/text';
import { LiveBoard } from './live-board';
import { RING_COLOURS } from '../src/board/look';
import { roll20TableOnDemand } from './roll20-table-loader';
import type { PortToPopup } from '../src/adapters/tab-port';
import { Host } from './host';
import { servePopupPort } from './host-port';
import { serveTabRequests } from './host-tab';

/** The native API: Chrome MV3 and Firefox both return promises, so the polyfill would be ~3 KB of dead weight (toolchain.md §7.3). */
const browser =
  (globalThis as { browser?: Browser.Browser }).browser ??
  (globalThis as unknown as { chrome: Browser.Browser }).chrome;

/** The editor itself: /editor, /editor/, with any ?query or #hash; never /editor/character/… (pop-out sheets). */
export const isEditorPath = (pathname: string): boolean => /^\/editor\/?$/.test(pathname);

/** What the popup asks for now and then (the finder, the diagnostics: ./roll20-asked.ts), loaded the first time. */
let askedFor: Promise<typeof import('./roll20-asked')> | null = null;
const asked = () => (askedFor ??= import(browser.runtime.getURL('content-asked.js')));

const MARK = 'data-command-post';
const BENCH = 'data-command-post-bench';
/** A click in the popup arms one aura write for this long (it waits for a readable table). */
export const GRANT_MS = 5000;
/** How long the hello and the bridge's answer may take before the page counts as interfering. */
const HELLO_MS = 5000;

/**
 * One-shot permission: the popup's click arms exactly one aura write, which must happen within
 * GRANT_MS; nothing the page sends can arm one.
 */
class Grant {
  private until = 0;
  arm(): void {
    this.until = performance.now() + GRANT_MS;
  }
  /** True once per arming, while it has not expired. */
  take(): boolean {
    const armed = this.armed();
    this.until = 0;
    return armed;
  }
  armed(): boolean {
    return performance.now() <= this.until;
  }
}

const randomHex = (bytes: number) =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The first submit button of a form (its own controls, wherever they sit in the page). */
const submitButton = (form: HTMLFormElement | null): HTMLElement | null =>
  form
    ? (([...form.elements].find(
        (e) => (e instanceof HTMLButtonElement || e instanceof HTMLInputElement) && e.type === 'submit',
      ) as HTMLElement | undefined) ?? null)
    : null;

/**
 * Types `text` (defused: chatText) into Roll20's chat box and clicks its send button once, from here:
 * the chat is the page's DOM, no page script is asked. The box and its button are looked up each time
 * (Roll20 renders them again; Beyond20 #1321): the button by its id (#chatSendBtn, VTTinker "relevé
 * sur une vraie partie"), else the submit button of the box's own form; never the first button near
 * the box, which another extension's can be (VTTinker's first selector clicked its own). What the
 * player was typing stays.
 */
function postToChat(text: string): 'posted' | 'no-box' | 'no-button' {
  const box = document.querySelector('#textchat-input textarea');
  if (!(box instanceof HTMLTextAreaElement)) return 'no-box';
  const button = document.getElementById('chatSendBtn') ?? submitButton(box.form);
  if (!(button instanceof HTMLElement)) return 'no-button';
  const draft = box.value;
  // As the player himself, never as the character he is voicing (a game master's NPC): Roll20's
  // "speaking as" lists the player first (Beyond20 postChatMessage), and is put back after.
  const as = document.getElementById('speakingas');
  const voice = as instanceof HTMLSelectElement && as.options.length ? as.value : null;
  if (voice !== null) (as as HTMLSelectElement).selectedIndex = 0;
  box.value = chatText(text);
  button.click(); // once: Roll20 posts the box's text on its button's click
  box.value = draft;
  if (voice !== null) (as as HTMLSelectElement).value = voice;
  return 'posted';
}

function start(): void {
  const html = document.documentElement;
  if (html.hasAttribute(MARK)) return; // injected already (a second copy of this script)
  html.setAttribute(MARK, '');

  const secret = randomHex(16);
  const model = new LiveModel();
  // Numbers in the language's own decimal mark, French elision, a counted text in its plural form.
  const message = sayer((key, subs) => browser.i18n.getMessage(key, subs), browser.i18n.getMessage(LOCALE_KEY) || 'en');
  // The extension gone (reloaded, updated), every call to it throws "Extension context invalidated":
  // in the moment before this script finds out, a word asked for is its key (the board is taken away next).
  const say = (t: Text): string => {
    try {
      return message(t);
    } catch {
      return t.key;
    }
  };
  const tr = (key: string) => say(text(key));
  const board = new LiveBoard(say);
  let settings: Roll20Settings = DEFAULT_ROLL20_SETTINGS;
  let run: BoardRun | null = null;
  let camera: View | null = null;
  let dropped = 0;
  const auraGrant = new Grant();

  // The hello (docs/roll20.md "The hello"): this load's nonce and a port used once, on which the
  // bridge answers `ready` with its key and a channel of its own; every command then goes through that
  // channel, with the key and the next number. A page script that stops the hello, hands the bridge a
  // hello of its own or answers in its place is found out here, and then nothing more is asked of the
  // bridge nor posted: the board says the page is interfering.
  const nonce = randomHex(16);
  const hello = new MessageChannel();
  let bridge: { port: MessagePort; key: string; seq: number } | null = null;
  let interfering = false;
  /** Hellos seen on the window with this load's secret whose port is ours (a probe sent on it came back). */
  let ownHellos = 0;
  const probes = new Set<string>();
  const interfere = () => {
    if (interfering) return;
    interfering = true;
    bridge?.port.close();
    bridge = null;
    hello.port1.close();
    recompute();
  };
  hello.port1.onmessage = (e) => {
    const probe = (e.data as { probe?: unknown } | null)?.probe;
    if (typeof probe === 'string') {
      if (probes.delete(probe) && ++ownHellos > 1) interfere();
      return;
    }
    // One answer, to this hello, with a channel; a second one (someone else answering too) is interference.
    const ready = v.safeParse(readySchema, e.data);
    if (bridge || !ready.success || ready.output.nonce !== nonce || !e.ports[0]) return interfere();
    bridge = { port: e.ports[0], key: ready.output.key, seq: 0 };
    // The ledger characters are read from now on (./roll20-ledgers.ts in the page's world).
    toPage({ type: 'ledgers-follow' });
  };
  /** A hello on the window with this load's secret: ours if a probe on its port comes back to us. */
  const checkHello = (ev: MessageEvent) => {
    const port = ev.ports[0];
    if (!port) return interfere();
    const probe = randomHex(8);
    probes.add(probe);
    port.postMessage({ probe });
    host.later(() => probes.delete(probe) && interfere(), HELLO_MS);
  };
  const toPage = (msg: ContentMessage) => {
    if (bridge && !interfering) bridge.port.postMessage({ key: bridge.key, seq: ++bridge.seq, msg });
  };

  // The table's one game (./roll20-table.ts), from the ledgers the page reports, written back through
  // the bridge: while it is there, the board draws its game and the popup plays it.
  let storedInput: unknown = null;
  let sharedInput: unknown = null;
  let sharedVisibility = 'null';
  const table = roll20TableOnDemand(
    browser.runtime.getURL('content-table.js'),
    (writes) => toPage({ type: 'ledgers-save', writes: [...writes] }),
    () => {
      // Drawn again only when the table's game changed (a journal read that changes nothing redraws nothing).
      const next = table.active ? table.boardInput() : null;
      const seen = JSON.stringify(table.visibility());
      if (next !== sharedInput || seen !== sharedVisibility) {
        sharedInput = next;
        sharedVisibility = seen;
        board.setInput(next ?? storedInput);
        recompute();
      } else host.report();
      popups.tell();
    },
    // This player's other tabs in this browser: one writes for him, the others hand it their actions (src/adapters/roll20/tabs.ts).
    {
      claim: (player) => host.send({ type: 'roll20/writing', player }),
      forward: (player, request) => host.send({ type: 'roll20/forward', player, request }),
    },
  );
  // After the extension reloads or updates, its host finds out within a tick and ends (./host.ts): this
  // script takes its drawing away (a figure that walked away would stay in command), lets the page
  // script go and says so. Nothing of it runs again, so nothing can throw into the page.
  const updatedText = tr('r20_overlay_updated');
  /** What the popup shows: the table's game (its root, this tab's board, who acts for which side), or `connected: false` for none. */
  const stateMessage = (): PortToPopup => {
    const shared = table.summary();
    const root = interfering || host.ended ? null : table.root();
    if (!shared || !root) return { type: 'port/state', connected: false, root: null, board: null, player: null };
    return {
      type: 'port/state',
      connected: true,
      root,
      board: { ...board.summary(model.status(dropped)), shared },
      player: {
        name: '',
        role: shared.gm ? 'GM' : 'PLAYER',
        sides: shared.mine.map((i) => shared.sides[i]?.label ?? String(i + 1)),
        seated: shared.mine.length > 0,
      },
    };
  };
  const ticks = (system: SystemId, ticks: readonly string[]) => {
    board.setTicks(system, ticks);
    recompute();
  };
  const host = new Host(browser, {
    // A page that interferes: its table is not read (nor shown in the popup), and the popup says why.
    summary: () => {
      const status = model.status(dropped);
      const shared = table.summary();
      const summary = board.summary(
        interfering ? { ...status, state: 'unavailable', missing: ['interfering'] } : status,
      );
      return shared ? { ...summary, shared } : summary;
    },
    tick: () => {
      // The bridge hears we are here (Firefox ends this script on an update without a word: protocol.ts, `beat`).
      toPage({ type: 'beat' });
      table.tick().catch((e: unknown) => console.warn("Command Post: the table's tick failed", e));
    },
  });
  // The popup of this very extension, on this tab: it plays the table's game through here, as on an Owlbear tab.
  const popups = servePopupPort(host, {
    state: stateMessage,
    play: (request) => table.send(request),
    ticks,
    dropped: () => countDropped(),
  });
  host.signal.addEventListener('abort', () => {
    hello.port1.onmessage = null;
    hello.port1.close();
    bridge?.port.close();
    bridge = null;
    diagnosed = null;
    run = board.render(null, false);
    board.overlay.setMessage(updatedText);
    html.setAttribute(MARK, 'orphaned');
  });

  const recompute = () => {
    if (host.ended) return;
    board.setOptions({ overlay: settings.overlay, labels: settings.labels, legend: settings.legend });
    // The table's one game carries what the game master says the board shows, and to whom; else this browser's own setting.
    const said = table.visibility();
    board.setVisibility(said?.visibility ?? { show: settings.show, gmOnly: false }, said?.gm ?? true);
    if (interfering) {
      // What the page says is no longer taken for the table: nothing is drawn, the board says why.
      run = board.render(null, false);
      board.overlay.setMessage(tr('r20_overlay_interfering'));
      host.report();
      return;
    }
    const live = model.state === 'live';
    run = board.render(live ? model.table(settings) : null, live && model.mode === 'full');
    // When the table cannot be read, or read but not drawn (no renderer yet, a lost context…), the
    // board says so and why (and shows nothing of before): never a silent blank.
    const why = model.unreadable;
    const undrawn = live && settings.overlay && model.mode === 'data-only' ? model.renderer.reason : null;
    board.overlay.setMessage(
      why
        ? tr(why === 'too-many-tokens' ? 'r20_overlay_too_many' : 'r20_overlay_unreadable')
        : undrawn
          ? tr(`r20_overlay_cannot_draw_${undrawn.replace('-', '_')}`)
          : null,
    );
    retryUnreadable(why);
    if (auraGrant.armed()) writeAuras();
    host.report();
  };

  // An unreadable table is asked for again, less and less often (1 s, 2 s, 4 s … 30 s): Roll20 may
  // have been mid-load, and a forged snapshot must not blank the board for good.
  let retryTimer = 0;
  let retryMs = 1000;
  function retryUnreadable(why: string | null) {
    if (!why) {
      retryMs = 1000;
      return;
    }
    if (retryTimer || host.ended) return;
    retryTimer = host.later(() => {
      retryTimer = 0;
      toPage({ type: 'reset' });
    }, retryMs);
    retryMs = Math.min(30_000, retryMs * 2);
  }

  /**
   * Native auras, once per click in the popup: each ring's radius (page units) into its leader's
   * aura 1, or, for a ring measured from a whole unit, into every figure's of it (Roll20 draws an
   * aura from the token's edge: together they draw the unit's outline).
   */
  function writeAuras() {
    const scene = run?.bound.scene;
    if (!run || !scene || run.view.error) return; // the grant waits (GRANT_MS) for a readable table
    if (!auraGrant.take()) return;
    const seen = new Set<string>();
    const items = run.view.rings.flatMap((r) =>
      (r.from ?? [r.id])
        .filter((id) => !seen.has(id) && seen.add(id))
        .map((id) => ({
          id,
          radius: Math.round(r.radiusCells * scene.unitsPerCell * 1000) / 1000,
          square: r.shape.kind === 'square',
          color: RING_COLOURS[r.kind],
        })),
    );
    toPage({ type: 'auras-set', items });
  }

  let diagnosed: ((r: RendererFields | null) => void) | null = null;

  const onPage = (msg: PageMessage) => {
    if (host.ended) return;
    if (msg.type === 'view') {
      camera = msg.view;
      board.setCamera(msg.view);
      return;
    }
    if (msg.type === 'auras') return;
    if (msg.type === 'journal') {
      // A page that interferes is not read for the table's game either (nothing is written for it: toPage is shut).
      if (!interfering) void table.receive(msg.journal);
      return;
    }
    if (msg.type === 'diagnostics') {
      diagnosed?.(msg.renderer);
      diagnosed = null;
      return;
    }
    if (msg.type === 'selection') {
      model.apply(msg, settings);
      // A selected token says its words on the board, whatever the crowd or the zoom.
      focusNow();
      host.report();
      return;
    }
    if (model.apply(msg, settings)) recompute();
  };

  // A figure hovered, selected or found last says its words in full. The pointer is read where it
  // passes over the board (the overlay lets every event through to Roll20), once a frame at most.
  let hovered: string | null = null;
  let found: string | null = null;
  const focusNow = () => board.setFocus([...model.selected, ...(found ? [found] : []), ...(hovered ? [hovered] : [])]);
  let pointer: { x: number; y: number } | null = null;
  host.listen(
    document,
    'pointermove',
    (e: PointerEvent) => {
      // The page's own scripts can dispatch pointer events too: only the player's hand opens words.
      if (!e.isTrusted || e.pointerType === 'touch') return;
      const first = pointer === null;
      pointer = { x: e.clientX, y: e.clientY };
      if (first)
        requestAnimationFrame(() => {
          const at = pointer && !host.ended ? board.tokenAt(pointer.x, pointer.y) : null;
          pointer = null;
          if (at === hovered) return;
          hovered = at;
          focusNow();
        });
    },
    { capture: true, passive: true },
  );

  // The popup's finder: the next figure out of command (or leader who cannot command) after the one
  // found last, its words opened on the board as a selected token's are, the board scrolled to it
  // where Roll20 scrolls (Legacy: #editor-wrapper, as VTTES's moveCameraToTokenByUUID moves it;
  // Jumpgate's camera is not moved: no public code does it); what the popup says of it, in full words.
  async function find(step: 1 | -1): Promise<string | false> {
    if (!run || run.view.error || interfering || host.ended) return false;
    const { finderStops, nextStop, sayStop } = await asked();
    if (!run || run.view.error || interfering || host.ended) return false;
    const stops = finderStops(run.view);
    const next = nextStop(stops, found ?? model.selected[0] ?? null, step);
    found = next?.stop.token ?? null;
    focusNow();
    const camera = board.overlay.currentCamera;
    const at = next ? board.clientOf(next.stop.x, next.stop.y) : null;
    const wrapper = document.getElementById('editor-wrapper');
    if (at && camera && wrapper && model.engine === 'legacy') {
      // Scrolled by how far the figure stands from the middle of the board.
      wrapper.scrollLeft += at.x - (camera.x + camera.w / 2);
      wrapper.scrollTop += at.y - (camera.y + camera.h / 2);
    }
    return sayStop(next, stops.length, say, browser.i18n.getMessage(LOCALE_KEY) || 'en');
  }

  const countDropped = () => {
    dropped++;
    board.overlay.root.setAttribute('data-dropped', String(dropped));
    host.report();
  };

  // Capture, and registered before the bridge's own (its script is added last): every hello the bridge
  // can take passes here first.
  host.listen(
    window,
    'message',
    (ev: MessageEvent) => {
      // Roll20 posts its own messages: only ours (namespace) are looked at, and only from this window
      // and origin, as posted (a MessageEvent made and dispatched by a page script is not trusted).
      const data = ev.data as { ns?: unknown; secret?: unknown; msg?: { type?: unknown } } | null;
      const ours = typeof data === 'object' && data !== null && data.ns === NS;
      if (!ours) return;
      // A hello with this load's secret: the content script's own, or one a page script made (the bridge takes only trusted ones).
      if ((data as { dir?: unknown }).dir === 'content') {
        if (data.msg?.type === 'hello' && data.secret === secret && ev.isTrusted && ev.source === window)
          checkHello(ev);
        return;
      }
      if (!ev.isTrusted || ev.source !== window || ev.origin !== location.origin) {
        countDropped();
        return;
      }
      const t0 = performance.now();
      const r = receive(ev.data, 'page', secret, pageMessageSchema);
      if (!r.ok) {
        if (!r.ours) return;
        countDropped();
        // A snapshot with this load's secret that fails its checks: the table cannot be read. Nothing
        // of the previous page stays on screen, and no later move is merged into it.
        if (data.secret === secret && data.msg?.type === 'snapshot') {
          model.clear('snapshot');
          recompute();
        }
        return;
      }
      try {
        onPage(r.msg);
      } catch (e) {
        console.warn('Command Post: Roll20 update failed', e);
      }
      if (html.hasAttribute(BENCH) && r.msg.type === 'delta')
        html.setAttribute('data-command-post-content-ms', String(performance.now() - t0));
    },
    { capture: true },
  );

  // The board settings and the active game, as stored; both followed.
  void browser.storage.local.get([ROLL20_SETTINGS_KEY, BOARD_KEY]).then((got) => {
    settings = readSettings(got[ROLL20_SETTINGS_KEY]);
    storedInput = got[BOARD_KEY];
    if (!table.active) board.setInput(storedInput);
    recompute();
  });
  const onStorage = (changes: Record<string, Browser.Storage.StorageChange>, area: string) => {
    if (area !== 'local') return;
    const s = changes[ROLL20_SETTINGS_KEY];
    const b = changes[BOARD_KEY];
    if (!s && !b) return;
    if (s) settings = readSettings(s.newValue);
    if (b) storedInput = b.newValue;
    if (b && !table.active) board.setInput(storedInput);
    recompute();
  };
  host.on(browser.storage.onChanged, onStorage);

  /** Asks the bridge for the renderer's raw fields (≤ 1 s), then builds the redacted diagnostics. */
  async function diagnostics(): Promise<unknown> {
    const renderer = await new Promise<RendererFields | null>((resolve) => {
      diagnosed = resolve;
      toPage({ type: 'diagnose' });
      host.later(() => resolve(null), 1000);
    });
    const rect = board.overlay.root.getBoundingClientRect();
    const { diagnosticsOf } = await asked();
    return diagnosticsOf({
      model,
      renderer,
      camera,
      overlay: {
        visible: board.overlay.root.style.display !== 'none',
        left: rect.left,
        top: rect.top,
        width: rect.width,
        height: rect.height,
      },
      browser: BROWSER,
      version: browser.runtime.getManifest().version,
      tableCheck: table.summary()?.check ?? null,
    });
  }

  /** The popup's requests to this tab that are Roll20's own (./host.ts answers its ticks and finder). */
  function answer(req: TabRequest): Promise<unknown> | undefined {
    // Another tab of this player's hands this one his action (through the worker): played here if this tab writes for him.
    if (req.type === 'roll20/act') return interfering ? undefined : table.act(req.player, req.request);
    if (req.type === 'roll20/ping') return Promise.resolve(table.writesFor(req.player));
    if (req.type === 'roll20/visibility')
      return interfering ? Promise.resolve(false) : table.setVisibility({ show: req.show, gmOnly: req.gmOnly });
    // One click, one post, typed in here; none on a page that interferes.
    if (req.type === 'roll20/chat') return Promise.resolve(interfering ? 'interfering' : postToChat(req.text));
    // The game master's one click: the ledgers made (his page script makes them only if Roll20 says he is one).
    if (req.type === 'roll20/check') return Promise.resolve(!interfering && table.startCheck());
    if (req.type === 'roll20/choose') return interfering ? Promise.resolve(false) : table.choose(req.choice);
    if (req.type === 'roll20/share') {
      if (interfering) return Promise.resolve(false);
      return table.toCreate(req.sides).then((ledgers) => {
        if (ledgers.length && !interfering) toPage({ type: 'ledgers-create', ledgers });
        return ledgers.length > 0;
      });
    }
    if (req.type === 'roll20/auras') {
      if (interfering) return Promise.resolve(false);
      if (req.action === 'restore') toPage({ type: 'auras-restore' });
      else {
        auraGrant.arm();
        writeAuras();
      }
      return Promise.resolve(true);
    }
    return diagnostics();
  }
  serveTabRequests(host, { ticks, find, request: answer });
  host.start();

  const script = document.createElement('script');
  script.src = browser.runtime.getURL('roll20-page.js');
  script.setAttribute(SECRET_ATTR, secret);
  // Messages sent before the bridge listens are lost: say hello once it has run (roll20.md §3.2),
  // handing it the port on which everything else will come.
  script.onload = () => {
    script.remove();
    window.postMessage(envelope('content', secret, { type: 'hello', nonce, updated: updatedText }), location.origin, [
      hello.port2,
    ]);
    // By then the hello came by once, ours, and the bridge answered it.
    host.later(() => (ownHellos !== 1 || !bridge) && interfere(), HELLO_MS);
  };
  (document.head ?? html).append(script);
}

if (isEditorPath(location.pathname) && window.top === window) {
  // Lazy: a script pushed into the page while Roll20 boots disturbs its start (roll20.md §4 VTTinker).
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
