// Every message the worker receives, by channel (./channels/, each named by its direction: UI→BG,
// CS→BG): the first channel that takes a message handles it, checking its sender beside what it does.
// No browser API here (the worker passes its storage in), so that the tests can send anything from
// anyone.
import type { ActAnswer, WritingAnswer } from '../src/adapters/roll20/tabs';
import type { StoreAnswer, TableResponse, TabSystemResponse } from '../src/messages';
import { tabSystemKey } from '../src/store/root';
import type { Sender } from './senders';
import { liveKey, type Channel, type MessengerDeps } from './channels/channel';
import { demoChannel } from './channels/demo';
import { gameChannel } from './channels/game';
import { roll20TabsChannel } from './channels/roll20-tabs';
import { tableChannel } from './channels/table';
import { tabSystemChannel } from './channels/tab-system';

export { liveKey, type MessengerDeps, type SessionArea } from './channels/channel';

type Answer = StoreAnswer | TableResponse | TabSystemResponse | WritingAnswer | ActAnswer;

/**
 * The worker's one message handler. Answers a promise of the response, or undefined for a message it
 * drops unanswered (a sender that may not send it). Never throws: a handler's failure is answered as
 * a refusal.
 */
export function createMessenger(deps: MessengerDeps) {
  /** Count of dropped messages (forged or malformed), readable from the worker's console for diagnosis. */
  let dropped = 0;
  const channelDeps = { ...deps, drop: () => void dropped++ };
  const roll20Tabs = roll20TabsChannel(channelDeps);
  // In order: the game channel last, as it takes every message no other one does.
  const channels: readonly Channel<Answer>[] = [
    tableChannel(channelDeps),
    demoChannel(channelDeps),
    tabSystemChannel(channelDeps),
    roll20Tabs,
    gameChannel(channelDeps),
  ];

  const receive = (message: unknown, sender: Sender): Promise<Answer | undefined> =>
    channels
      .find((c) => c.takes(message))!
      .handle(message, sender)
      .catch((error: unknown) => ({
        ok: false as const,
        error: { code: 'storage-failed', params: { detail: String(error).slice(0, 200) } },
      }));

  /** The tab closed: its live table and its system are forgotten, and it writes for no one. */
  const tabClosed = async (tab: number): Promise<void> => {
    await deps.session.remove([liveKey(tab), tabSystemKey(tab)]);
    await roll20Tabs.closed(tab);
  };
  return { receive, tabClosed, dropped: () => dropped };
}
