// Who may send what to the worker, decided from the browser's own account of the sender (never from
// the message). Pure, so that the unit tests can forge any sender.
import { TABLETOPS } from '../src/adapters/tabletops';
import type { TabletopId } from '../src/adapters/tabletop';

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

/**
 * The tabletop whose live board a sender may report, and the tab it is kept under: the top frame of a
 * tab that a tabletop's declaration names (src/adapters/<id>/tabletop.ts: the Roll20 editor, the
 * extension's own demo table page). Anything else (another extension page, a frame, a page of another
 * origin, a sender without a tab) reports nothing.
 */
export function tabletopSender(
  sender: Sender,
  self: Self,
): { readonly tab: number; readonly tabletop: TabletopId } | null {
  const tab = sender.tab?.id;
  if (
    sender.id !== self.id ||
    typeof tab !== 'number' ||
    tab < 0 ||
    sender.frameId !== 0 ||
    typeof sender.url !== 'string'
  )
    return null;
  const url = sender.url;
  const page = url.startsWith(self.origin) ? url.slice(self.origin.length) : null;
  const tabletop = TABLETOPS.find((t) => t.reportsFrom(url, page));
  return tabletop ? { tab, tabletop: tabletop.id } : null;
}
