// CS→BG and UI→BG `table/*` (src/messages.ts, TableRequest): a tabletop (the Roll20 content script,
// the demo table's page) reports its own tab's board, and only as itself; the extension's own pages
// change the Roll20 settings.
import { ROLL20_SETTINGS_KEY } from '../../src/adapters/roll20/settings';
import { parseWith } from '../../src/game/validate';
import { isTableMessage, tableRequestSchema, type TableResponse } from '../../src/messages';
import { fromOwnPage, tabletopSender } from '../senders';
import { liveKey, type Channel, type ChannelDeps } from './channel';

export function tableChannel({ self, local, session, drop }: ChannelDeps): Channel<TableResponse> {
  return {
    takes: isTableMessage,
    async handle(message, sender) {
      const request = parseWith(tableRequestSchema, message, 'bad-message');
      const own = fromOwnPage(sender, self);
      const source = tabletopSender(sender, self);
      const tab =
        source &&
        (!request.ok || request.value.type !== 'table/update' || request.value.table.tabletop === source.tabletop)
          ? source.tab
          : null;
      if (!request.ok || (request.value.type === 'table/settings' ? !own : tab === null)) {
        drop();
        return request.ok ? undefined : request;
      }
      const r = request.value;
      if (r.type === 'table/settings') await local.set({ [ROLL20_SETTINGS_KEY]: r.settings });
      else if (r.type === 'table/update') await session.set({ [liveKey(tab!)]: r.table });
      else await session.remove([liveKey(tab!)]);
      return { ok: true };
    },
  };
}
