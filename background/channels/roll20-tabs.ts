// CS→BG `roll20/*` (src/adapters/roll20/tabs.ts): a Roll20 tab asks whether it writes for its player
// (yes when no tab does, or the one that did no longer answers), or hands one of his actions to the
// tab that does (BG→CS `roll20/act`, `roll20/ping`). From a Roll20 editor tab's content script only.
import * as v from 'valibot';
import {
  PING_TIMEOUT_MS,
  ROLL20_WRITERS_KEY,
  actAnswerSchema,
  isRoll20TabsMessage,
  readWriters,
  roll20TabsRequestSchema,
  type ActAnswer,
  type WritingAnswer,
} from '../../src/adapters/roll20/tabs';
import { parseWith } from '../../src/game/validate';
import type { TableResponse } from '../../src/messages';
import { tabletopSender } from '../senders';
import type { Channel, ChannelDeps } from './channel';

export interface Roll20TabsChannel extends Channel<WritingAnswer | ActAnswer | TableResponse> {
  /** The tab closed: it writes for no one. */
  closed(tab: number): Promise<void>;
}

export function roll20TabsChannel({ self, session, sendToTab, drop }: ChannelDeps): Roll20TabsChannel {
  /** The Roll20 writers' map, read and changed one request after the other (each reads what the one before wrote). */
  let turn: Promise<unknown> = Promise.resolve();
  const writersThen = <T>(
    f: (writers: Record<string, number>) => Promise<{ writers?: Record<string, number>; out: T }>,
  ): Promise<T> => {
    const next = turn.then(async () => {
      const writers = readWriters((await session.get([ROLL20_WRITERS_KEY]))[ROLL20_WRITERS_KEY]);
      const r = await f(writers);
      if (r.writers) await session.set({ [ROLL20_WRITERS_KEY]: r.writers });
      return r.out;
    });
    turn = next.catch(() => undefined);
    return next;
  };
  /** Whether `tab` still writes for `player`: its content script answers, within PING_TIMEOUT_MS. */
  const stillWrites = async (tab: number, player: string): Promise<boolean> => {
    if (!sendToTab) return false;
    const timeout = new Promise<unknown>((resolve) => setTimeout(() => resolve(undefined), PING_TIMEOUT_MS));
    return (
      (await Promise.race([sendToTab(tab, { type: 'roll20/ping', player }).catch(() => undefined), timeout])) === true
    );
  };
  return {
    takes: isRoll20TabsMessage,
    async handle(message, sender) {
      const request = parseWith(roll20TabsRequestSchema, message, 'bad-message');
      const source = tabletopSender(sender, self);
      if (!request.ok || source?.tabletop !== 'roll20') {
        drop();
        return request.ok ? undefined : request;
      }
      const r = request.value;
      if (r.type === 'roll20/writing') {
        return writersThen<WritingAnswer>(async (writers) => {
          const now = writers[r.player];
          if (now === source.tab) return { out: { ok: true, writes: true } };
          if (now !== undefined && (await stillWrites(now, r.player))) return { out: { ok: true, writes: false } };
          return { writers: { ...writers, [r.player]: source.tab }, out: { ok: true, writes: true } };
        });
      }
      const tab = await writersThen(async (writers) => ({ out: writers[r.player] }));
      const unanswered: ActAnswer = { ok: false, error: { code: 'roll20-other-tab' } };
      if (tab === undefined || tab === source.tab || !sendToTab) return unanswered;
      const answer = await sendToTab(tab, { type: 'roll20/act', player: r.player, request: r.request }).catch(
        () => undefined,
      );
      const checked = v.safeParse(actAnswerSchema, answer);
      return checked.success ? checked.output : unanswered;
    },
    closed: (tab) =>
      writersThen(async (writers) => ({
        writers: Object.fromEntries(Object.entries(writers).filter(([, t]) => t !== tab)),
        out: undefined,
      })),
  };
}
