// Who may send what to the worker, decided from the browser's own account of the sender (never from
// the message). Pure, so that the unit tests can forge any sender.

/** The parts of `runtime.MessageSender` the checks read. */
export interface Sender {
  readonly id?: string;
  readonly url?: string;
  readonly frameId?: number;
  readonly tab?: { readonly id?: number };
}

/** The extension itself: its id and its pages' origin (`runtime.getURL('')`, ending in `/`). */
export interface Self {
  readonly id: string;
  readonly origin: string;
}

/** One of the extension's own pages (the popup, the demo table…): they may drive the store. */
export const fromOwnPage = (sender: Sender, self: Self): boolean =>
  sender.id === self.id && typeof sender.url === 'string' && sender.url.startsWith(self.origin);

const ROLL20_EDITOR = /^https:\/\/app\.roll20\.net\/editor\/?([?#]|$)/;

/**
 * The tabletop whose live board a sender may report, and the tab it is kept under: the Roll20 content
 * script in the top frame of an editor tab, or the extension's own demo table page in a tab of its own
 * (demo.html, any query or hash). Anything else (another extension page, a frame, a page of another
 * origin, a sender without a tab) reports nothing.
 */
export function tabletopSender(
  sender: Sender,
  self: Self,
): { readonly tab: number; readonly tabletop: 'roll20' | 'demo' } | null {
  const tab = sender.tab?.id;
  if (
    sender.id !== self.id ||
    typeof tab !== 'number' ||
    tab < 0 ||
    sender.frameId !== 0 ||
    typeof sender.url !== 'string'
  )
    return null;
  if (ROLL20_EDITOR.test(sender.url)) return { tab, tabletop: 'roll20' };
  const page = sender.url.startsWith(self.origin) ? sender.url.slice(self.origin.length) : null;
  if (page !== null && /^demo\.html([?#]|$)/.test(page)) return { tab, tabletop: 'demo' };
  return null;
}
