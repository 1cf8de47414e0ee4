// The browser extension on an Owlbear Rodeo tab (top frame of https://www.owlbear.rodeo/*): the bridge
// between the toolbar popup and the Command Post extension Owlbear loads in an iframe
// (src/adapters/owlbear/bridge.ts). Owlbear's scene is not readable from the page itself — only an
// Owlbear extension's own frame can ask Owlbear for it — so this script reads nothing of the page: it
// finds the Command Post frame (its hello, from a Command Post origin, from one of the page's own
// iframes), keeps the scene's state it sends, and relays the popup's requests to it. Everything that
// crosses is checked on arrival; nothing here writes the extension's storage.
import browser from 'webextension-polyfill';
import * as v from 'valibot';
import {
  BRIDGE_NS,
  fromFrameSchema,
  isBridgeMessage,
  isCommandPostOrigin,
  unanswered,
  type BridgeFromFrame,
  type BridgeToFrame,
  type PortToPopup,
} from '../src/adapters/owlbear/bridge';
import { Host } from './host';
import { servePopupPort } from './host-port';

/** Origins named at build time (scripts/build.mjs): where this build's users host the Owlbear extension. */
declare const COMMAND_POST_OWLBEAR_ORIGINS: readonly string[];
/** Whether this is a development build (`--dev`), which trusts a developer's own machine too. */
declare const COMMAND_POST_DEV: boolean;
const TRUSTED: readonly string[] =
  typeof COMMAND_POST_OWLBEAR_ORIGINS === 'undefined' ? [] : COMMAND_POST_OWLBEAR_ORIGINS;
// A development build trusts a developer's own machine too; in a production build the define folds
// this to the list alone, and the machine's addresses are not even shipped.
const trusted = (origin: string): boolean =>
  COMMAND_POST_DEV ? isCommandPostOrigin(origin, TRUSTED, true) : TRUSTED.includes(origin);

/** How long a request may wait for the frame's answer (the frame writes the scene's metadata first). */
const ANSWER_MS = 10_000;

let frame: { readonly window: Window; readonly origin: string } | null = null;
let state: Extract<BridgeFromFrame, { type: 'bridge/state' }> | null = null;
let dropped = 0;
const waiting = new Map<
  string,
  (response: Extract<BridgeFromFrame, { type: 'bridge/response' }>['response']) => void
>();

/** Whether a window is one of this page's own iframes (a message's `source`). */
const isOwnFrame = (source: MessageEventSource | null): source is Window =>
  source !== null && [...document.querySelectorAll('iframe')].some((f) => f.contentWindow === source);

const toFrame = (message: BridgeToFrame) => frame?.window.postMessage(message, frame.origin);

/** Says on the page's root element whether a frame answered and how much was dropped (for people diagnosing, and the tests). */
const mark = () => {
  document.documentElement.setAttribute('data-command-post-table', frame ? 'connected' : 'waiting');
  document.documentElement.setAttribute('data-command-post-table-dropped', String(dropped));
};

/** The frame we welcomed, if it is still on the page (a room left, the extension switched off: gone). */
const live = () => (frame && isOwnFrame(frame.window) ? frame : null);

const stateMessage = (): PortToPopup => ({
  type: 'port/state',
  connected: live() !== null && state !== null,
  root: state?.root ?? null,
  board: state?.board ?? null,
  player: state?.player ?? null,
});

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (!isBridgeMessage(event.data)) return;
  // Only the Command Post frame: a Command Post origin, one of this page's iframes, a well-formed message.
  if (!trusted(event.origin) || !isOwnFrame(event.source)) {
    dropped++;
    mark();
    return;
  }
  const parsed = v.safeParse(fromFrameSchema, event.data);
  if (!parsed.success) {
    dropped++;
    mark();
    return;
  }
  const m = parsed.output as BridgeFromFrame;
  if (m.type === 'bridge/hello') {
    frame = { window: event.source, origin: event.origin };
    toFrame({ ns: BRIDGE_NS, type: 'bridge/welcome' });
    mark();
    return;
  }
  // Answers and states from the frame we welcomed only.
  if (!frame || event.source !== frame.window || event.origin !== frame.origin) {
    dropped++;
    mark();
    return;
  }
  if (m.type === 'bridge/response') {
    waiting.get(m.rid)?.(m.response);
    waiting.delete(m.rid);
    return;
  }
  state = m;
  popups.tell();
});

// The popup's port (./host.ts): each request relayed to the frame under an id of this page's own (two
// popups may use the same), answered by the frame within ANSWER_MS or said unreachable.
const requestIds = `${Math.random().toString(36).slice(2, 10)}-`;
let requests = 0;
const host = new Host(browser, {});
const popups = servePopupPort(host, {
  state: stateMessage,
  play: (request) =>
    new Promise((resolve) => {
      if (!live()) return resolve(unanswered('owlbear-unreachable'));
      const rid = `${requestIds}${++requests}`;
      const timer = setTimeout(() => {
        waiting.delete(rid);
        resolve(unanswered('owlbear-unreachable'));
      }, ANSWER_MS);
      waiting.set(rid, (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      toFrame({ ns: BRIDGE_NS, type: 'bridge/request', rid, request: request as never });
    }),
  ticks: (system, ticks) => {
    if (live()) toFrame({ ns: BRIDGE_NS, type: 'bridge/ticks', system, ticks: [...ticks] });
  },
  dropped: () => {
    dropped++;
    mark();
  },
});
host.start();

// Started after the frame said hello (the extension was reloaded): ask each Command Post iframe to say it again.
for (const f of document.querySelectorAll('iframe')) {
  try {
    const origin = new URL(f.src).origin;
    if (trusted(origin))
      f.contentWindow?.postMessage({ ns: BRIDGE_NS, type: 'bridge/ping' } satisfies BridgeToFrame, origin);
  } catch {
    // An iframe without a usable address: not ours.
  }
}

mark();
