// Every message the worker receives, by channel: which messages a channel takes, who may send them
// (from the browser's own account of the sender, background/senders.ts), and what it does with them.
// No browser API here (the worker passes its storage in), so that the tests can send anything from
// anyone.
import { DEMO_KEY, sceneOfBoard } from '../src/adapters/demo/model';
import { readDemo } from '../src/adapters/demo/schema';
import { ROLL20_SETTINGS_KEY } from '../src/adapters/roll20/settings';
import {
  PING_TIMEOUT_MS,
  ROLL20_WRITERS_KEY,
  actAnswerSchema,
  isRoll20TabsMessage,
  readWriters,
  roll20TabsRequestSchema,
  type ActAnswer,
  type WritingAnswer,
} from '../src/adapters/roll20/tabs';
import * as v from 'valibot';
import { parseWith } from '../src/game/validate';
import {
  demoRequestSchema,
  isDemoMessage,
  isTableMessage,
  isTabSystemMessage,
  tableRequestSchema,
  tabSystemRequestSchema,
  type StoreAnswer,
  type TableResponse,
  type TabSystemResponse,
} from '../src/messages';
import { isSystemId, type SystemId } from '../src/rules/ids';
import { tabSystemKey } from '../src/store/root';
import { parseRequest } from '../src/store/requests';
import type { StorageArea, StoreService } from '../src/store/service';
import { fromOwnPage, tabletopSender, type Self, type Sender } from './senders';

/** storage.session, where live tables and each tab's system are kept by tab (gone with the browser session). */
export interface SessionArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface MessengerDeps {
  readonly self: Self;
  readonly store: StoreService;
  readonly local: StorageArea;
  readonly session: SessionArea;
  /** BG→CS: a message to one tab's content script (tabs.sendMessage), answered with what it answers. */
  readonly sendToTab?: (tab: number, message: unknown) => Promise<unknown>;
}

/** Live tables by tab, for the popup. */
export const liveKey = (tabId: number) => `commandPost.live.${tabId}`;

/**
 * The worker's one message handler. Answers a promise of the response, or undefined for a message it
 * drops unanswered (a sender that may not send it). Never throws: a handler's failure is answered as
 * a refusal.
 */
export function createMessenger({ self, store, local, session, sendToTab }: MessengerDeps) {
  /** Count of dropped messages (forged or malformed), readable from the worker's console for diagnosis. */
  let dropped = 0;
  /** Demo saves one after the other, so that two boards saved at once both stay (each reads what the other wrote). */
  let demoSaves: Promise<unknown> = Promise.resolve();

  /**
   * CS→BG and UI→BG `table/*`: a tabletop (the Roll20 content script, the demo table's page) reports
   * its own tab's board, and only as itself; the extension's own pages change the Roll20 settings.
   */
  async function table(message: unknown, sender: Sender): Promise<TableResponse | undefined> {
    const request = parseWith(tableRequestSchema, message, 'bad-message');
    const own = fromOwnPage(sender, self);
    const source = tabletopSender(sender, self);
    const tab =
      source &&
      (!request.ok || request.value.type !== 'table/update' || request.value.table.tabletop === source.tabletop)
        ? source.tab
        : null;
    if (!request.ok || (request.value.type === 'table/settings' ? !own : tab === null)) {
      dropped++;
      return request.ok ? undefined : request;
    }
    const r = request.value;
    if (r.type === 'table/settings') await local.set({ [ROLL20_SETTINGS_KEY]: r.settings });
    else if (r.type === 'table/update') await session.set({ [liveKey(tab!)]: r.table });
    else await session.remove([liveKey(tab!)]);
    return { ok: true };
  }

  /** UI→BG `demo/save`: the demo table's boards, from the extension's own pages, merged scene by scene. */
  async function demo(message: unknown, sender: Sender): Promise<TableResponse | undefined> {
    const request = parseWith(demoRequestSchema, message, 'bad-message');
    if (!request.ok || !fromOwnPage(sender, self)) {
      dropped++;
      return request.ok ? undefined : request;
    }
    const { board } = request.value;
    const save = demoSaves.then(async (): Promise<TableResponse> => {
      // What reads of the stored boards stays; one that does not is kept as a backup first, with a notice.
      await store.updateBeside(DEMO_KEY, (usable) => {
        const { boards } = readDemo(usable);
        return { version: 1, boards: { ...boards, [sceneOfBoard(board)]: board } };
      });
      return { ok: true };
    });
    demoSaves = save.catch(() => undefined);
    return save;
  }

  /** Picks and openings one after the other, so that an opening never reads around a pick sent before it. */
  let tabTurn: Promise<unknown> = Promise.resolve();

  /**
   * UI→BG `tab/*`: which system a tab's popup shows (src/messages.ts, TabSystemRequest). From the
   * extension's own pages only (the popup names the tab it was opened on; the demo table, its own tab).
   */
  async function tabSystem(message: unknown, sender: Sender): Promise<TabSystemResponse | undefined> {
    const request = parseWith(tabSystemRequestSchema, message, 'bad-message');
    const tab = request.ok ? (request.value.tab ?? sender.tab?.id) : undefined;
    if (!request.ok || !fromOwnPage(sender, self) || typeof tab !== 'number' || tab < 0) {
      dropped++;
      return request.ok ? undefined : request;
    }
    const r = request.value;
    const turn = tabTurn.then(async (): Promise<TabSystemResponse> => {
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
    tabTurn = turn.catch(() => undefined);
    return turn;
  }

  const remember = (tab: number, system: SystemId): Promise<void> => session.set({ [tabSystemKey(tab)]: system });

  /** The Roll20 writers' map, read and changed one request after the other (each reads what the one before wrote). */
  let writersTurn: Promise<unknown> = Promise.resolve();
  const writersThen = <T>(
    f: (writers: Record<string, number>) => Promise<{ writers?: Record<string, number>; out: T }>,
  ): Promise<T> => {
    const turn = writersTurn.then(async () => {
      const writers = readWriters((await session.get([ROLL20_WRITERS_KEY]))[ROLL20_WRITERS_KEY]);
      const r = await f(writers);
      if (r.writers) await session.set({ [ROLL20_WRITERS_KEY]: r.writers });
      return r.out;
    });
    writersTurn = turn.catch(() => undefined);
    return turn;
  };
  /** Whether `tab` still writes for `player`: its content script answers, within PING_TIMEOUT_MS. */
  const stillWrites = async (tab: number, player: string): Promise<boolean> => {
    if (!sendToTab) return false;
    const timeout = new Promise<unknown>((resolve) => setTimeout(() => resolve(undefined), PING_TIMEOUT_MS));
    return (
      (await Promise.race([sendToTab(tab, { type: 'roll20/ping', player }).catch(() => undefined), timeout])) === true
    );
  };

  /**
   * CS→BG `roll20/*` (src/adapters/roll20/tabs.ts): a Roll20 tab asks whether it writes for its player
   * (yes when no tab does, or the one that did no longer answers), or hands one of his actions to the
   * tab that does. From a Roll20 editor tab's content script only.
   */
  async function roll20Tabs(
    message: unknown,
    sender: Sender,
  ): Promise<WritingAnswer | ActAnswer | TableResponse | undefined> {
    const request = parseWith(roll20TabsRequestSchema, message, 'bad-message');
    const source = tabletopSender(sender, self);
    if (!request.ok || source?.tabletop !== 'roll20') {
      dropped++;
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
  }

  /** The tab closed: its live table and its system are forgotten, and it writes for no one. */
  const tabClosed = async (tab: number): Promise<void> => {
    await session.remove([liveKey(tab), tabSystemKey(tab)]);
    await writersThen(async (writers) => ({
      writers: Object.fromEntries(Object.entries(writers).filter(([, t]) => t !== tab)),
      out: undefined,
    }));
  };

  /** UI→BG game and store requests: the extension's own pages only. */
  async function game(message: unknown, sender: Sender): Promise<StoreAnswer | undefined> {
    if (!fromOwnPage(sender, self)) {
      dropped++;
      return undefined;
    }
    const request = parseRequest(message);
    if (!request.ok) {
      dropped++;
      return request;
    }
    return store.handle(request.value);
  }

  const receive = (
    message: unknown,
    sender: Sender,
  ): Promise<StoreAnswer | TableResponse | TabSystemResponse | WritingAnswer | ActAnswer | undefined> => {
    const handler = isTableMessage(message)
      ? table
      : isDemoMessage(message)
        ? demo
        : isTabSystemMessage(message)
          ? tabSystem
          : isRoll20TabsMessage(message)
            ? roll20Tabs
            : game;
    return handler(message, sender).catch((error: unknown) => ({
      ok: false as const,
      error: { code: 'storage-failed', params: { detail: String(error).slice(0, 200) } },
    }));
  };
  return { receive, tabClosed, dropped: () => dropped };
}
