import { browser } from './browser';
import type { Visibility } from '../src/board/visibility';
import { fairRoller, type DiceRoller } from '../src/dice';
import type { RuleError } from '../src/game/result';
import { LOCALE_KEY, sayer, type Text } from '../src/i18n/text';
import type { TabRequest } from '../src/adapters/roll20/protocol';
import type {
  Request,
  StoreAnswer,
  StoreChange,
  TableRequest,
  TableResponse,
  TabSystemRequest,
  TabSystemResponse,
} from '../src/messages';
import type { TableLink } from './table-link';
import { reliableSender } from './reliable';
import type { BoardSummary } from '../src/board/summary';
import type { Roll20Settings } from '../src/adapters/roll20/settings';
import { ROLL20_SETTINGS_KEY } from '../src/adapters/roll20/settings-key';
import { STORE_KEY, tabSystemKey } from '../src/store/root';
import { isSystemId, type SystemId } from '../src/rules/ids';

/** What the popup needs from the browser; tests pass a fake built on the same core. */
/** What the worker (or a table's page) tells the popup of the store: what changed, or only that it did. */
export type StoreNews = { readonly change: StoreChange } | { readonly revision: number };

export interface PopupApi {
  /** Sends a request; the answer carries what it changed (popup/store.ts applies it). */
  send(request: Request): Promise<StoreAnswer>;
  /**
   * Calls back when the store changes elsewhere (another popup, another tab): with the revision
   * storage now holds (the popup asks for what it lacks), or, from an Owlbear scene, the change
   * itself. A write whose revision is not above `known()` is this popup's own. Returns the unsubscribe function.
   */
  subscribe(on: (news: StoreNews) => void, known: () => number): () => void;
  t(text: Text): string;
  /** Where rolled dice come from: the fair roller in the extension, a seeded one in tests. */
  dice: DiceRoller;
  /** The active tab's live tabletop (Roll20), when the browser can tell; absent in tests without one. */
  live?: LiveApi;
  /** Opens the demo table on the scene of `system` in a new tab (no `tabs` permission needed). */
  openDemo?(system: SystemId): void;
  /**
   * The system this popup's tab shows, kept by the worker for the tab (`tab/*` requests), so that a
   * system picked in one window does not switch another window's popup. Absent (tests), or answering
   * null (an Owlbear scene or a Roll20 table's one game, whose system is the table's): the store's
   * `activeSystem` is shown.
   */
  tabSystem?: TabSystem;
}

export interface TabSystem {
  /** The popup opens: the system its tab shows (null: none of its own, the store's is shown). */
  open(): Promise<SystemId | null>;
  /** A system picked in this popup: its tab's from now on. */
  pick(system: SystemId): void;
  /** Calls back when the tab's system is set elsewhere (the demo table in this tab opened a scene); returns the unsubscribe function. */
  subscribe?(on: (system: SystemId) => void): () => void;
}

/** What a chat post did on the Roll20 tab: typed in and sent, or why not. */
export const CHAT_RESULTS = ['posted', 'no-box', 'no-button', 'interfering'] as const;
export type ChatResult = (typeof CHAT_RESULTS)[number];

export interface LiveApi {
  /** Calls back with the active tab's board (null: none) and the Roll20 board settings; returns the unsubscribe function. */
  subscribe(on: (board: BoardSummary | null, settings: Roll20Settings) => void): () => void;
  send(request: TableRequest): Promise<TableResponse>;
  /** Asks the Roll20 tab itself to post `text` in its chat: what it did (null: the tab did not answer; a tabletop without a chat says false). */
  chat(text: string): Promise<ChatResult | boolean | null>;
  /** Asks the Roll20 tab to write the command ranges into its leaders' auras once, or to put the auras back. */
  auras(action: 'write' | 'restore'): Promise<boolean>;
  /** The Roll20 tab's redacted diagnostics (src/adapters/roll20/diagnostics.ts); null if the tab did not answer. */
  diagnostics(): Promise<unknown>;
  /** Shows on the tab's board the pieces ticked for a choice of `system` not sent yet ([]: none). */
  tick?(system: SystemId, ticks: readonly string[]): void;
  /** The tab's finder: centres the next figure out of command (-1: the one before) and says who and why; null where the tabletop has none. */
  find?(step: 1 | -1): Promise<string | null>;
  /** The game master's say on what the board shows, for the table's one game (Roll20); false when refused. */
  visibility?(v: Visibility): Promise<boolean>;
  /** The game master's click: the Roll20 tab makes the table's ledger characters, one per side named here (false: it did not). */
  share?(sides: readonly string[]): Promise<boolean>;
  /** The game master's click: the Roll20 tab runs "Check this table" (false: it did not). */
  check?(): Promise<boolean>;
  /** The game master's answer about a checkpoint no one at the table stands behind (false: nothing was answered). */
  choose?(choice: 'take' | 'fresh'): Promise<boolean>;
}

/** The active tab's id. No `tabs` permission: only the id is read. */
export async function activeTabId(): Promise<number | undefined> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true }).catch(() => []);
  // ?tab=<id> stands for the active tab when the popup is opened as a page (tests, the Chrome e2e guide).
  const forced = Number(new URLSearchParams(location.search).get('tab'));
  return Number.isInteger(forced) && forced > 0 ? forced : tab?.id;
}

/** The active tab's live table from storage.session (the worker keeps one per Roll20 tab). */
function browserLive(tabId: Promise<number | undefined>): LiveApi {
  /** One click's request to the tab's content script (no `tabs` permission: tabs.sendMessage needs none). */
  const toTab = async (request: TabRequest): Promise<unknown> => {
    const id = await tabId;
    return id === undefined ? null : browser.tabs.sendMessage(id, request).catch(() => null);
  };
  return {
    subscribe(on) {
      let table: BoardSummary | null = null;
      let key: string | null = null;
      let live = true;
      // The settings' reader (and its checks) load with the live board, not with the popup.
      const reader = import('../src/adapters/roll20/settings');
      let settings: Roll20Settings | null = null;
      // A report heard while the first read was on its way is newer than what that read found: kept
      // (the popup opened as the tab reported once and then stood still never showed its board).
      let heard = false;
      void (async () => {
        const id = await tabId;
        key = id === undefined ? null : `commandPost.live.${id}`;
        const [s, l, { readSettings }] = await Promise.all([
          browser.storage.session.get(key ?? []),
          browser.storage.local.get(ROLL20_SETTINGS_KEY),
          reader,
        ]);
        if (!heard) table = key ? ((s[key] as BoardSummary | undefined) ?? null) : null;
        settings = readSettings(l[ROLL20_SETTINGS_KEY]);
        if (live) on(table, settings);
      })();
      const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
        const t = key ? changes[key] : undefined;
        const s = changes[ROLL20_SETTINGS_KEY];
        if (area === 'session' && t) {
          table = (t.newValue as BoardSummary | undefined) ?? null;
          heard = true;
        } else if (area !== 'local' || !s) return;
        void reader.then(({ readSettings }) => {
          if (s) settings = readSettings(s.newValue);
          if (live && settings) on(table, settings);
        });
      };
      browser.storage.onChanged.addListener(listener);
      return () => {
        live = false;
        browser.storage.onChanged.removeListener(listener);
      };
    },
    async send(request) {
      try {
        return (
          ((await browser.runtime.sendMessage(request)) as TableResponse | undefined) ?? {
            ok: false,
            error: unreachable,
          }
        );
      } catch {
        return { ok: false, error: unreachable };
      }
    },
    async chat(text) {
      const result = await toTab({ type: 'roll20/chat', text });
      return CHAT_RESULTS.find((r) => r === result) ?? null;
    },
    async auras(action) {
      return (await toTab({ type: 'roll20/auras', action })) === true;
    },
    diagnostics: () => toTab({ type: 'roll20/diagnostics' }),
    share: async (sides) => (await toTab({ type: 'roll20/share', sides: [...sides] })) === true,
    check: async () => (await toTab({ type: 'roll20/check' })) === true,
    choose: async (choice) => (await toTab({ type: 'roll20/choose', choice })) === true,
    tick: (system, ticks) => void toTab({ type: 'board/ticks', system, ticks: [...ticks] }),
    visibility: async (v) => (await toTab({ type: 'roll20/visibility', show: v.show, gmOnly: v.gmOnly })) === true,
    find: async (step) => {
      const said = await toTab({ type: 'board/find', step });
      // The tab's own words, shown as text.
      return typeof said === 'string' ? said.slice(0, 600) : null;
    },
  };
}

const unreachable: RuleError = { code: 'worker-unreachable' };

/**
 * This tab's system, as the worker keeps it (it is the single writer: the popup asks it, with a
 * `tab/*` request, and reads storage.session only to follow it). None on a table's one game
 * (`shared`: an Owlbear scene, a shared Roll20 table), whose system is the table's.
 */
function browserTabSystem(tabId: Promise<number | undefined>, shared: Promise<boolean>): TabSystem {
  /** The tab to keep a system for, or undefined (none known, or a table's one game). */
  const tab = Promise.all([tabId, shared])
    .then(([id, table]) => (table ? undefined : id))
    .catch(() => undefined);
  const ask = async (request: TabSystemRequest): Promise<SystemId | null> => {
    const answer = (await browser.runtime.sendMessage(request).catch(() => undefined)) as TabSystemResponse | undefined;
    return answer?.ok && isSystemId(answer.system) ? answer.system : null;
  };
  return {
    open: async () => {
      const id = await tab;
      return id === undefined ? null : ask({ type: 'tab/open', tab: id });
    },
    pick: (system) => void tab.then((id) => (id === undefined ? null : ask({ type: 'tab/pick', tab: id, system }))),
    subscribe(on) {
      let key: string | null = null;
      void tab.then((id) => (key = id === undefined ? null : tabSystemKey(id)));
      const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
        const system = area === 'session' && key ? changes[key]?.newValue : undefined;
        if (isSystemId(system)) on(system);
      };
      browser.storage.onChanged.addListener(listener);
      return () => browser.storage.onChanged.removeListener(listener);
    },
  };
}

/** The browser's catalogue; a counted text takes the plural form of the catalogue's own language. */
function browserT(): (t: Text) => string {
  // Numbers in the language's own decimal mark, French elision before what is put in.
  return sayer((key, subs) => browser.i18n.getMessage(key, subs), browser.i18n.getMessage(LOCALE_KEY) || 'en');
}

export function browserApi(): PopupApi {
  const toWorker = reliableSender(
    (request) => browser.runtime.sendMessage(request) as Promise<StoreAnswer | undefined>,
  );
  const tabId = activeTabId();
  const live = browserLive(tabId);
  // On a tab whose table plays one shared game (an Owlbear Rodeo room running Command Post, a Roll20
  // table with its ledgers), the popup plays the table's game through the tab (./table-link.ts, loaded
  // beside the popup's first load rather than in it); on any other, the browser's own games.
  const tableGame = tabId.then(async (id) => (id === undefined ? null : (await import('./table-link')).tableLink(id)));
  // A table's game answers with its root whole (its games are small): held as a change like any other
  // (loaded with the link).
  const whole = tableGame.then((link) => (link ? import('../src/store/whole') : null));
  const send = async (request: Request): Promise<StoreAnswer> => {
    const link = await tableGame;
    return link ? (await whole)!.answerOfRoot(await link.send(request)) : toWorker(request);
  };
  /** The scene's when there is one, else the worker's. */
  const either =
    <A extends unknown[]>(scene: (link: TableLink, ...a: A) => () => void, own: (...a: A) => () => void) =>
    (...a: A): (() => void) => {
      let off: (() => void) | null = null;
      let on = true;
      void tableGame.then((link) => {
        if (on) off = link ? scene(link, ...a) : own(...a);
      });
      return () => {
        on = false;
        off?.();
      };
    };
  return {
    send,
    // (Each scene root is taken in the order it came: `whole` is settled by then, its callbacks run in turn.)
    subscribe: either(
      (link, on: (news: StoreNews) => void, known: () => number) =>
        link.subscribe((root) => void whole.then((m) => on({ change: m!.changeOfRoot(root) })), known),
      (on, known) => subscribeWorker(on, known),
    ),
    t: browserT(),
    dice: fairRoller(() => crypto.getRandomValues(new Uint32Array(1))[0]!),
    live: {
      ...live,
      subscribe: either(
        (link, on: Parameters<LiveApi['subscribe']>[0]) => link.subscribeBoard(on),
        (on) => live.subscribe(on),
      ),
      tick: (system, ticks) =>
        void tableGame.then((link) => (link ? link.tick(system, ticks) : live.tick?.(system, ticks))),
    },
    openDemo: (system) => void browser.tabs.create({ url: browser.runtime.getURL(`demo.html?scene=${system}`) }),
    tabSystem: browserTabSystem(
      tabId,
      tableGame.then((link) => link !== null),
    ),
  };

  function subscribeWorker(on: (news: StoreNews) => void, known: () => number): () => void {
    const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area !== 'local' || !(STORE_KEY in changes)) return;
      // The echo of this popup's own write: its answer is already on screen. Otherwise the popup asks
      // the worker for what it lacks (a view never trusts storage blindly, and never reads it whole).
      const revision = (changes[STORE_KEY]!.newValue as { revision?: unknown } | undefined)?.revision;
      if (typeof revision === 'number' && revision > known()) on({ revision });
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  }
}
