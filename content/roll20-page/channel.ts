// The channel to the content script (content/roll20.ts): the hello and the port it brings, every
// message posted to the content script, and the watchdog that clears the board when it is gone.
import * as v from 'valibot';
import {
  contentMessageSchema,
  envelope,
  portEnvelopeSchema,
  receive,
  type ContentMessage,
  type PageMessage,
} from '../../src/adapters/roll20/protocol';
import { safe } from '../page-reads';
import { state } from './state';

let secret = '';
/** Set when a second hello came: another page script is playing the content script, and the bridge says nothing more. */
let stopped = false;
export const post = (msg: PageMessage) => {
  if (!stopped) window.postMessage(envelope('page', secret, msg), location.origin);
};

// The hello: the only message the bridge takes from the window, once, as a trusted event (a
// MessageEvent a page script makes and dispatches itself is not: DOM `isTrusted`) with this load's
// secret, its nonce and a port. That port is used once: the bridge answers `ready` on it, with the
// nonce, a key of its own and the port of a channel it makes itself, then closes it. A page script
// listening to the window sees the hello's port too, but what the bridge sends from it reaches the
// content script alone, and nothing arrives on it afterwards. Every command then comes through the
// bridge's own channel, with the key and the next number: nothing heard, replayed or dispatched is
// taken. A second hello means another script is playing the content script (which finds that out
// too, docs/roll20.md): the bridge stops for good.
let port: MessagePort | null = null;
let key = '';
let last = 0;

// The content script gone without a word (Firefox ends it when the extension is updated or reloaded,
// and leaves its drawing on the board, frozen, a figure that walked away still in command): it beats
// once a second through the channel, and after SILENT_TICKS ticks of this watchdog with none, the
// page in view all along (a hidden tab's timers may be held back), the bridge takes the drawing away,
// says what the content script said it would (`updated`, in the hello), and stops. In Chromium the
// content script finds out first (content/roll20.ts, becomeOrphan) and says the same.
const SILENT_TICKS = 4;
let updated = '';
let heard = true;
let silent = 0;
let watchdog = 0;

function orphaned(): void {
  stopped = true;
  state.started = false;
  window.clearInterval(watchdog);
  port?.close();
  port = null;
  // The overlay's layers (content/overlay.ts) emptied, its message line saying why.
  const overlay = document.getElementById('command-post-overlay');
  if (!overlay) return;
  for (const layer of overlay.querySelectorAll('[data-layer]:not([data-layer="world"]):not([data-layer="message"])'))
    layer.replaceChildren();
  const said = overlay.querySelector('[data-layer="message"] text');
  if (said && !said.hasAttribute('data-message')) {
    said.textContent = updated;
    said.setAttribute('data-message', '');
  }
}

/** A message on the window: the hello alone is taken, once (a second one stops the bridge). */
function onWindowMessage(ev: MessageEvent, handle: (msg: ContentMessage) => void): void {
  if (stopped || !ev.isTrusted || ev.source !== window || ev.origin !== location.origin) return;
  const r = receive(ev.data, 'content', secret, contentMessageSchema);
  if (!r.ok || r.msg.type !== 'hello') return;
  if (port) {
    stopped = true;
    state.started = false;
    port.close();
    port = null;
    return;
  }
  const hello = ev.ports[0];
  if (!hello) return;
  const channel = new MessageChannel();
  key = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  port = channel.port2;
  port.onmessage = (e) => {
    const m = e.isTrusted ? v.safeParse(portEnvelopeSchema, e.data) : null;
    if (!m?.success || m.output.key !== key || m.output.seq !== last + 1 || m.output.msg.type === 'hello') return;
    last = m.output.seq;
    heard = true;
    safe(() => handle(m.output.msg));
  };
  hello.postMessage({ type: 'ready', nonce: r.msg.nonce, key }, [channel.port1]);
  hello.close();
  updated = r.msg.updated;
  state.started = true;
  safe(() => handle(r.msg));
}

/** Starts the watchdog and listens for the hello (this load's `secret`); `handle` takes each message from the content script. */
export function openChannel(s: string, handle: (msg: ContentMessage) => void): void {
  secret = s;
  watchdog = window.setInterval(() => {
    if (!state.started || stopped) return;
    silent = heard || document.visibilityState !== 'visible' ? 0 : silent + 1;
    heard = false;
    if (silent >= SILENT_TICKS) safe(orphaned);
  }, 1000);
  document.addEventListener('visibilitychange', () => (silent = 0));
  window.addEventListener('message', (ev) => onWindowMessage(ev, handle));
}
