// Hostile page scripts on the Roll20 editor (written without named inner functions: the test runner
// would name them with a helper the page lacks), each run before the page's own scripts (Chromium:
// addInitScript; Firefox: evaluateOnNewDocument), against the bridge between the content script and
// the page script (docs/roll20.md "What a page script can and cannot do"). Each keeps what it saw in
// `window.__attack` for the test to read. Self-contained: the browser runs each from its source
// (with its one argument, if any).
// The fixture's handle (`window.__fx`) gives a token's Roll20 id by its reference.

/** What an attack saw and did, as the test reads it. */
export interface AttackLog {
  /** Every message heard on a port the attack got hold of. */
  heard: string[];
  /** Messages it replayed or forged. */
  sent: number;
}

/**
 * Keeps the hello's port (every listener of a window message gets its ports), listens on it, and
 * replays every message heard there 20 times, as if the port had received it again; it also forges,
 * on that port, an aura write of a Game Master layer token and of a leader, and a chat post, with the
 * per-load secret it read from the page. `replay`: only listen when false.
 */
export function keptPort(replay: boolean): void {
  const w = window as unknown as { __attack: AttackLog; __fx?: { id(r: string): string } };
  w.__attack = { heard: [], sent: 0 };
  const ns = 'command-post/roll20';
  window.addEventListener(
    'message',
    (ev) => {
      const d = ev.data as { ns?: string; dir?: string; secret?: string; msg?: { type?: string } } | null;
      if (d?.ns !== ns || d.dir !== 'content' || d.msg?.type !== 'hello' || !ev.ports[0]) return;
      const port = ev.ports[0];
      port.addEventListener('message', (e) => {
        // What really came through the port (not what this script dispatched on it itself).
        if (!e.isTrusted) return;
        w.__attack.heard.push(JSON.stringify(e.data));
        if (!replay) return;
        for (let i = 0; i < 20; i++) {
          port.dispatchEvent(new MessageEvent('message', { data: e.data }));
          w.__attack.sent++;
        }
      });
      port.start();
      if (!replay) return;
      // At once, and for a while after (whatever the bridge has made of the port by then).
      for (let t = 0; t <= 2000; t += 250) {
        setTimeout(() => {
          for (const msg of [
            {
              type: 'auras-set',
              items: ['G1', 'L1'].map((r) => ({ id: w.__fx?.id(r) ?? r, radius: 99, square: false, color: '#ff0000' })),
            },
            { type: 'chat', text: 'forged on the kept port' },
          ]) {
            port.dispatchEvent(new MessageEvent('message', { data: { ns, dir: 'content', secret: d.secret, msg } }));
            w.__attack.sent++;
          }
        }, t);
      }
    },
    true,
  );
}

/**
 * A capture listener registered before everything stops the real hello (so that the bridge never
 * sees it), keeps its port, and hands the bridge a hello of its own, with the secret and its own port;
 * then asks the bridge, through that port, to post to the chat (as the bridge took commands before)
 * and answers anything the bridge says there as the content script would.
 */
export function captureHijack(): void {
  const w = window as unknown as { __attack: AttackLog };
  w.__attack = { heard: [], sent: 0 };
  const ns = 'command-post/roll20';
  let done = false;
  window.addEventListener(
    'message',
    (ev) => {
      const d = ev.data as { ns?: string; dir?: string; secret?: string; msg?: { type?: string } } | null;
      if (done || d?.ns !== ns || d.dir !== 'content' || d.msg?.type !== 'hello' || !ev.ports[0]) return;
      done = true;
      ev.stopImmediatePropagation();
      const own = new MessageChannel();
      own.port1.onmessage = (e) => w.__attack.heard.push(JSON.stringify(e.data));
      window.postMessage({ ...d }, location.origin, [own.port2]);
      setTimeout(() => {
        own.port1.postMessage({
          ns,
          dir: 'content',
          secret: d.secret,
          msg: { type: 'chat', text: 'posted by the page through the bridge' },
        });
        w.__attack.sent++;
      }, 1500);
    },
    true,
  );
}

/** The page dispatches a `pagehide` of its own, as if the tab were going away, once the board is up. */
export function syntheticPagehide(): void {
  const w = window as unknown as { __attack: AttackLog };
  w.__attack = { heard: [], sent: 0 };
  window.addEventListener('load', () =>
    setTimeout(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
      w.__attack.sent++;
    }, 2500),
  );
}
