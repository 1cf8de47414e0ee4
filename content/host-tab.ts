// The popup's requests to a tabletop's tab (tabs.sendMessage, `TabRequest`; ./host.ts plugs it in for
// Roll20 and the demo): its ticks and finder answered here, the rest by the tabletop itself.
import * as v from 'valibot';
import { tabRequestSchema, type TabRequest } from '../src/adapters/roll20/protocol';
import type { SystemId } from '../src/rules/ids';
import type { Host } from './host';

export interface HostTab {
  /** The popup's choice in progress (units ticked, not sent yet), drawn. */
  ticks(system: SystemId, ticks: readonly string[]): void;
  /** The popup's finder: steps to the next figure out of command; what the popup says of it (false: none). */
  find(step: 1 | -1): string | false | Promise<string | false>;
  /** A request this tabletop answers itself (undefined: none of its). */
  request?(request: TabRequest): Promise<unknown> | undefined;
}

/**
 * Answers the popup's requests for the host's lifetime, one click at a time. Only the extension's own
 * pages can reach a tab's page (tabs.sendMessage); Firefox also names the tab of a popup opened as a
 * tab page (sender.tab), so the check is the sender's origin, not the absence of a tab (docs/firefox.md).
 */
export function serveTabRequests(host: Host, tab: HostTab): void {
  const ext = host.ext;
  host.on(ext.runtime.onMessage, (message: unknown, sender: { id?: string; url?: string }) => {
    if (host.ended || sender.id !== ext.runtime.id || !sender.url?.startsWith(ext.runtime.getURL(''))) return undefined;
    const r = v.safeParse(tabRequestSchema, message);
    if (!r.success) return undefined;
    const request = r.output;
    if (request.type === 'board/ticks') {
      tab.ticks(request.system, request.ticks);
      return Promise.resolve(true);
    }
    if (request.type === 'board/find') return Promise.resolve(tab.find(request.step));
    return tab.request?.(request);
  });
}
