// UI→BG `tab/*` (src/messages.ts, TabSystemRequest): which system a tab's popup shows. From the
// extension's own pages only (the popup names the tab it was opened on; the demo table, its own tab).
import { parseWith } from '../../src/game/validate';
import { isTabSystemMessage, tabSystemRequestSchema, type TabSystemResponse } from '../../src/messages';
import { isSystemId, type SystemId } from '../../src/rules/ids';
import { tabSystemKey } from '../../src/store/root';
import { fromOwnPage } from '../senders';
import type { Channel, ChannelDeps } from './channel';

export function tabSystemChannel({ self, store, session, drop }: ChannelDeps): Channel<TabSystemResponse> {
  /** Picks and openings one after the other, so that an opening never reads around a pick sent before it. */
  let turn: Promise<unknown> = Promise.resolve();
  const remember = (tab: number, system: SystemId): Promise<void> => session.set({ [tabSystemKey(tab)]: system });
  return {
    takes: isTabSystemMessage,
    async handle(message, sender) {
      const request = parseWith(tabSystemRequestSchema, message, 'bad-message');
      const tab = request.ok ? (request.value.tab ?? sender.tab?.id) : undefined;
      if (!request.ok || !fromOwnPage(sender, self) || typeof tab !== 'number' || tab < 0) {
        drop();
        return request.ok ? undefined : request;
      }
      const r = request.value;
      const next = turn.then(async (): Promise<TabSystemResponse> => {
        if (r.type === 'tab/pick') {
          await remember(tab, r.system);
          return { ok: true, system: r.system };
        }
        // Kept in storage.session, not in memory: a worker stopped and started again still knows it.
        const key = tabSystemKey(tab);
        const kept = (await session.get([key]))[key];
        if (isSystemId(kept)) return { ok: true, system: kept };
        // A tab that never picked shows the store's system, and keeps it while another window picks.
        const system = (await store.current()).activeSystem;
        await remember(tab, system);
        return { ok: true, system };
      });
      turn = next.catch(() => undefined);
      return next;
    },
  };
}
