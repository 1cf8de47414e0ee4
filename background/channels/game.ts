// UI→BG game and store requests (src/messages.ts, Request): the extension's own pages only. Every
// message no other channel takes comes here, and is dropped unless it is one of these.
import type { StoreAnswer } from '../../src/messages';
import { parseRequest } from '../../src/store/requests';
import { fromOwnPage } from '../senders';
import type { Channel, ChannelDeps } from './channel';

export function gameChannel({ self, store, drop }: ChannelDeps): Channel<StoreAnswer> {
  return {
    takes: () => true,
    async handle(message, sender) {
      if (!fromOwnPage(sender, self)) {
        drop();
        return undefined;
      }
      const request = parseRequest(message);
      if (!request.ok) {
        drop();
        return request;
      }
      return store.handle(request.value);
    },
  };
}
