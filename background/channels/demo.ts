// UI→BG `demo/save` (src/messages.ts, DemoRequest): the demo table's boards, from the extension's own
// pages only, merged scene by scene.
import { DEMO_KEY, sceneOfBoard } from '../../src/adapters/demo/model';
import { readDemo } from '../../src/adapters/demo/schema';
import { parseWith } from '../../src/game/validate';
import { demoRequestSchema, isDemoMessage, type TableResponse } from '../../src/messages';
import { fromOwnPage } from '../senders';
import type { Channel, ChannelDeps } from './channel';

export function demoChannel({ self, store, drop }: ChannelDeps): Channel<TableResponse> {
  /** Saves one after the other, so that two boards saved at once both stay (each reads what the other wrote). */
  let saves: Promise<unknown> = Promise.resolve();
  return {
    takes: isDemoMessage,
    async handle(message, sender) {
      const request = parseWith(demoRequestSchema, message, 'bad-message');
      if (!request.ok || !fromOwnPage(sender, self)) {
        drop();
        return request.ok ? undefined : request;
      }
      const { board } = request.value;
      const save = saves.then(async (): Promise<TableResponse> => {
        // What reads of the stored boards stays; one that does not is kept as a backup first, with a notice.
        await store.updateBeside(DEMO_KEY, (usable) => {
          const { boards } = readDemo(usable);
          return { version: 1, boards: { ...boards, [sceneOfBoard(board)]: board } };
        });
        return { ok: true };
      });
      saves = save.catch(() => undefined);
      return save;
    },
  };
}
