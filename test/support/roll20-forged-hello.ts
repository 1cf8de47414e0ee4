// A hostile page script on the Roll20 editor (run before the page's own scripts, in Chromium and in
// Firefox alike): when the bridge's script has run (its load event), and before the content script's
// hello (posted, so delivered later), it dispatches a synthetic hello carrying its own port, then
// commands through that port (an aura write, a chat post) and as a plain dispatched message. None of
// it may reach Roll20. Self-contained: the browser runs it from its source.
export function forgedHello(): void {
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes) {
        const secret = (n as Element).getAttribute?.('data-command-post-secret');
        if (!secret) continue;
        n.addEventListener('load', () => {
          const ns = 'command-post/roll20';
          const channel = new MessageChannel();
          window.dispatchEvent(
            new MessageEvent('message', {
              data: { ns, dir: 'content', secret, msg: { type: 'hello' } },
              origin: location.origin,
              source: window,
              ports: [channel.port2],
            }),
          );
          const l1 = (window as unknown as { __fx?: { id(r: string): string } }).__fx?.id('L1') ?? '';
          const write = { type: 'auras-set', items: [{ id: l1, radius: 99, square: false, color: '#ff0000' }] };
          channel.port1.postMessage({ ns, dir: 'content', secret, msg: write });
          channel.port1.postMessage({
            ns,
            dir: 'content',
            secret,
            msg: { type: 'chat', text: 'pwned through a forged port' },
          });
          window.dispatchEvent(
            new MessageEvent('message', {
              data: { ns, dir: 'content', secret, msg: write },
              origin: location.origin,
              source: window,
            }),
          );
        });
      }
  }).observe(document, { childList: true, subtree: true });
}
