// What the page bridge says, taken only as it was posted: our namespace, this window and origin, this
// load's secret, then each message's schema (src/adapters/roll20/protocol.ts). A token's path goes
// on from here: validated → the live model (src/adapters/roll20/live.ts) → the board (./draw.ts).
import {
  NS,
  pageMessageSchema,
  receive,
  type PageMessage,
  type RendererFields,
} from '../../src/adapters/roll20/protocol';
import type { Bridge } from './bridge';
import type { Tab } from './tab';

const BENCH = 'data-command-post-bench';

export function listenToPage(
  tab: Tab,
  secret: string,
  bridge: Bridge,
  diagnosed: (renderer: RendererFields | null) => void,
): void {
  const { model, board, host, html } = tab;
  const onPage = (msg: PageMessage) => {
    if (host.ended) return;
    if (msg.type === 'view') {
      tab.camera = msg.view;
      board.setCamera(msg.view);
      return;
    }
    if (msg.type === 'auras') return;
    if (msg.type === 'journal') {
      // A page that interferes is not read for the table's game either (nothing is written for it: toPage is shut).
      if (!tab.interfering) void tab.table.receive(msg.journal);
      return;
    }
    if (msg.type === 'diagnostics') return diagnosed(msg.renderer);
    if (msg.type === 'selection') {
      model.apply(msg, tab.settings);
      // A selected token says its words on the board, whatever the crowd or the zoom.
      tab.focusNow();
      host.report();
      return;
    }
    if (model.apply(msg, tab.settings)) tab.recompute();
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
          bridge.checkHello(ev);
        return;
      }
      if (!ev.isTrusted || ev.source !== window || ev.origin !== location.origin) {
        tab.countDropped();
        return;
      }
      const t0 = performance.now();
      const r = receive(ev.data, 'page', secret, pageMessageSchema);
      if (!r.ok) {
        if (!r.ours) return;
        tab.countDropped();
        // A snapshot with this load's secret that fails its checks: the table cannot be read. Nothing
        // of the previous page stays on screen, and no later move is merged into it.
        if (data.secret === secret && data.msg?.type === 'snapshot') {
          model.clear('snapshot');
          tab.recompute();
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
}
