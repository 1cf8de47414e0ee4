// The hello (docs/roll20.md "The hello"): this load's nonce and a port used once, on which the page
// bridge answers `ready` with its key and a channel of its own; every command then goes through that
// channel, with the key and the next number. A page script that stops the hello, hands the bridge a
// hello of its own or answers in its place is found out here, and then nothing more is asked of the
// bridge nor posted: the board says the page is interfering.
import * as v from 'valibot';
import { envelope, readySchema, type ContentMessage } from '../../src/adapters/roll20/protocol';
import type { Tab } from './tab';

/** How long the hello and the bridge's answer may take before the page counts as interfering. */
const HELLO_MS = 5000;

export const randomHex = (bytes: number): string =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

export interface Bridge {
  /** To the page bridge, on its channel. */
  toPage(msg: ContentMessage): void;
  /** A hello on the window with this load's secret: ours if a probe on its port comes back to us. */
  checkHello(ev: MessageEvent): void;
  /** Says hello, once the bridge's script has run (messages sent before it listens are lost: roll20.md §3.2). */
  sayHello(updated: string): void;
}

export function openBridge(tab: Tab, secret: string): Bridge {
  const nonce = randomHex(16);
  const hello = new MessageChannel();
  let bridge: { port: MessagePort; key: string; seq: number } | null = null;
  /** Hellos seen on the window with this load's secret whose port is ours (a probe sent on it came back). */
  let ownHellos = 0;
  const probes = new Set<string>();
  const interfere = () => {
    if (tab.interfering) return;
    tab.interfering = true;
    bridge?.port.close();
    bridge = null;
    hello.port1.close();
    tab.recompute();
  };
  const toPage = (msg: ContentMessage) => {
    if (bridge && !tab.interfering) bridge.port.postMessage({ key: bridge.key, seq: ++bridge.seq, msg });
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
    // The ledger characters are read from now on (../roll20-ledgers.ts in the page's world).
    toPage({ type: 'ledgers-follow' });
  };
  tab.host.signal.addEventListener('abort', () => {
    hello.port1.onmessage = null;
    hello.port1.close();
    bridge?.port.close();
    bridge = null;
  });
  return {
    toPage,
    checkHello(ev) {
      const port = ev.ports[0];
      if (!port) return interfere();
      const probe = randomHex(8);
      probes.add(probe);
      port.postMessage({ probe });
      tab.host.later(() => probes.delete(probe) && interfere(), HELLO_MS);
    },
    sayHello(updated) {
      window.postMessage(envelope('content', secret, { type: 'hello', nonce, updated }), location.origin, [
        hello.port2,
      ]);
      // By then the hello came by once, ours, and the bridge answered it.
      tab.host.later(() => (ownHellos !== 1 || !bridge) && interfere(), HELLO_MS);
    },
  };
}
