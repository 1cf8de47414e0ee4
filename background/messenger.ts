// Every message the worker receives, by channel: which messages a channel takes, who may send them
// (from the browser's own account of the sender, background/senders.ts), and what it does with them.
// No browser API here (the worker passes its storage in), so that the tests can send anything from
// anyone.
import { DEMO_KEY, sceneOfBoard } from '../src/adapters/demo/model';
import { readDemo } from '../src/adapters/demo/schema';
import { ROLL20_SETTINGS_KEY } from '../src/adapters/roll20/settings';
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
}

/** Live tables by tab, for the popup. */
export const liveKey = (tabId: number) => `commandPost.live.${tabId}`;

/**
 * The worker's one message handler. Answers a promise of the response, or undefined for a message it
 * drops unanswered (a sender that may not send it). Never throws: a handler's failure is answered as
 * a refusal.
 */
export function createMessenger({ self, store, local, session }: MessengerDeps) {
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
    const tab = source && (!request.ok || request.value.type !== 'table/update' || request.value.table.tabletop === source.tabletop) ? source.tab : null;
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

  /** The tab closed: its live table and its system are forgotten. */
  const tabClosed = (tab: number): Promise<void> => session.remove([liveKey(tab), tabSystemKey(tab)]);

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

  const receive = (message: unknown, sender: Sender): Promise<StoreAnswer | TableResponse | TabSystemResponse | undefined> => {
    const handler = isTableMessage(message) ? table : isDemoMessage(message) ? demo : isTabSystemMessage(message) ? tabSystem : game;
    return handler(message, sender).catch((error: unknown) => ({ ok: false as const, error: { code: 'storage-failed', params: { detail: String(error).slice(0, 200) } } }));
  };
  return { receive, tabClosed, dropped: () => dropped };
}
