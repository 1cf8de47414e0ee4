// The popup's port to a tab whose table plays one shared game (Roll20's, Owlbear's: ./host.ts plugs it
// in): the popup plays the game's requests through it, and is told each time the game changes.
import type Browser from 'webextension-polyfill';
import * as v from 'valibot';
import { PORT_NAME, fromPopupSchema, type PortToPopup } from '../src/adapters/tab-port';
import type { Request, Response } from '../src/messages';
import type { SystemId } from '../src/rules/ids';
import type { Host } from './host';

/** The table's shared game, as the popup plays it through this page. */
export interface HostGame {
  /** What the popup shows now. */
  state(): PortToPopup;
  /** One request of the popup's, played on the table's game as this player. */
  play(request: Request): Promise<Response>;
  /** The popup's choice in progress (units ticked, not sent yet), drawn. */
  ticks(system: SystemId, ticks: readonly string[]): void;
  /** A message of the popup's that failed its checks. */
  dropped(): void;
}

/** Serves the popup's port for the host's lifetime; `tell`: the game changed, every popup is told. */
export function servePopupPort(host: Host, game: HostGame): { tell(): void } {
  const popups = new Set<Browser.Runtime.Port>();
  const ext = host.ext;
  const tell = (port: Browser.Runtime.Port, message: PortToPopup) => {
    try {
      port.postMessage(message);
    } catch {
      popups.delete(port);
    }
  };
  // The popup of this very extension, on this tab.
  host.on(ext.runtime.onConnect, (port: Browser.Runtime.Port) => {
    if (port.name !== PORT_NAME || port.sender?.id !== ext.runtime.id) return port.disconnect();
    popups.add(port);
    port.onDisconnect.addListener(() => popups.delete(port));
    port.onMessage.addListener((raw: unknown) => {
      const parsed = v.safeParse(fromPopupSchema, raw);
      if (!parsed.success) return game.dropped();
      if (parsed.output.type === 'port/ticks') return game.ticks(parsed.output.system, parsed.output.ticks);
      const { rid, request } = parsed.output;
      // Checked there as the worker checks it, then played on the table's game as this player.
      game.play(request as Request).then(
        (response) => tell(port, { type: 'port/response', rid, response }),
        (e: unknown) => console.warn('Command Post: a request of the popup failed', e),
      );
    });
    tell(port, game.state());
  });
  host.signal.addEventListener('abort', () => {
    for (const port of popups) {
      try {
        port.disconnect();
      } catch {
        // (gone with the extension)
      }
    }
    popups.clear();
  });
  return {
    tell() {
      if (!popups.size || host.ended) return;
      const message = game.state();
      for (const port of popups) tell(port, message);
    },
  };
}
