// What the popup holds of the store, and how it keeps it: the worker answers each request with what
// changed (src/messages.ts, StoreChange), applied here to what is held (src/store/change.ts); the
// store is asked for anew only when nothing is held or this popup is behind (another popup's changes
// came between). Of a long game only its end is held (its current state and last page of history);
// older history is asked for when the history list wants it. Panels receive the same root and games
// as ever: their logs simply start later (EventLog's `window`).
import { createContext } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { logOffset } from '../src/game/log';
import type { RuleError } from '../src/game/result';
import type { HistoryPage, Request, StoreAnswer, StoreChange } from '../src/messages';
import type { SystemId } from '../src/rules/ids';
import { applyChange, withHistory } from '../src/store/change';
import type { StoreRoot } from '../src/store/root';
import type { PopupApi, StoreNews } from './api';
import type { Send } from './context';
import { downloadParts, exportName } from './download';
import type { ExportPage } from '../src/store/file';

/** What the store tells a view that changed elsewhere: the change itself (an Owlbear scene), or the revision storage now holds. */

/**
 * The popup's copy of the store, outside any component (tested on its own): applies answers, asks
 * for the store anew when behind, and for older history on demand.
 */
export class StoreHolder {
  /** The store as the worker's answers make it (its `activeSystem`: the last picked in any window). */
  private view: StoreRoot | null = null;
  /** This tab's own system, once the worker said it or it was picked here (null: none, the store's is shown). */
  private mine: SystemId | null = null;
  /** `view` as shown: with this tab's own system (the same object while neither changes). */
  private shown: StoreRoot | null = null;
  /** Nothing is shown until the worker has said which system this tab shows (no other system's flash). */
  private opening: boolean;
  /**
   * Whether this popup keeps a system of its own tab: not where the tab has none (a table's one game,
   * whose system is the table's, picked there or refused), nor where the worker did not say.
   */
  private perTab: boolean;
  /** Requests sent and not yet answered: a storage change heard meanwhile is likely their own. */
  private pending = 0;
  /** The highest revision storage was heard to hold. */
  private heard = -1;
  private syncing: Promise<void> | null = null;
  private again = false;
  private fetching = new Map<SystemId, Promise<void>>();
  /** The worker's stamp of its backups list, as last heard (undefined: none heard, an Owlbear scene). */
  private backupsStamp: number | undefined;

  constructor(
    private readonly api: Pick<PopupApi, 'send' | 'tabSystem'>,
    private readonly onView: (view: StoreRoot) => void,
  ) {
    this.opening = this.perTab = api.tabSystem !== undefined;
  }

  get root(): StoreRoot | null {
    return this.shown;
  }

  /**
   * Holds `view` and shows it. Each popup shows its own tab's system, not the one last picked in
   * another window: the store keeps every system's game and one `activeSystem` (what the tabletops
   * draw, and a new tab's first system); the worker keeps each tab's own beside it (PopupApi.tabSystem).
   */
  private hold(view: StoreRoot): void {
    this.view = view;
    this.show();
  }

  private show(): void {
    const view = this.view;
    if (!view || this.opening) return;
    const next = this.mine === null || this.mine === view.activeSystem ? view : { ...view, activeSystem: this.mine };
    if (next === this.shown) return;
    this.shown = next;
    this.onView(next);
  }

  /** The tab's own system was set elsewhere (the demo table in this tab opened another scene). */
  follow(system: SystemId): void {
    if (!this.perTab || this.mine === system) return;
    this.mine = system;
    this.show();
  }

  get revision(): number {
    return this.view?.revision ?? -1;
  }

  /** Changes when the backups may have: the worker's stamp of them, else the revision. */
  get backups(): number {
    return this.backupsStamp ?? this.revision;
  }

  /** Answers are taken in the order their requests were sent (a refusal never overtakes an earlier change). */
  private order: Promise<unknown> = Promise.resolve();

  /** Sends `request`; its answer's change is applied before it resolves. */
  send(request: Request): Promise<StoreAnswer> {
    // A system picked here is this tab's from now on, whatever other windows pick.
    if (request.type === 'store/select-system' && this.perTab && this.api.tabSystem) {
      this.mine = request.system;
      this.api.tabSystem.pick(request.system);
      this.show();
    }
    this.pending++;
    const answered = this.api.send(request);
    const taken = this.order.then(async () => {
      try {
        const answer = await answered;
        if (answer.ok) await this.take(answer.change);
        return answer;
      } finally {
        this.pending--;
        this.settle();
      }
    });
    this.order = taken.catch(() => undefined);
    return taken;
  }

  /** Asks for the store as it is (the popup opens): the current state of each game and the last page of its history. */
  async open(): Promise<StoreAnswer> {
    const tab = this.api.tabSystem;
    // Both asked at once; shown once both are answered (the tab's system, else the store's).
    const own = tab ? tab.open().catch(() => null) : Promise.resolve(null);
    const answer = this.send({ type: 'store/load' });
    try {
      const kept = await own;
      if (kept === null) {
        this.perTab = false;
        this.mine = null;
      } else if (this.mine === null) this.mine = kept;
      return await answer;
    } finally {
      this.opening = false;
      this.show();
    }
  }

  /** Storage changed, or an Owlbear scene sent its game. */
  hear(news: StoreNews): void {
    if ('change' in news) void this.take(news.change);
    else {
      this.heard = Math.max(this.heard, news.revision);
      this.settle();
    }
  }

  private async take(change: StoreChange): Promise<void> {
    if (change.backups !== undefined) this.backupsStamp = change.backups;
    const next = applyChange(this.view, change);
    if (next === 'behind') return this.sync();
    if (next === this.view) return;
    this.hold(next);
  }

  /** Once this popup's own requests are answered, a revision heard above what it holds means another's change: ask for the store. */
  private settle(): void {
    if (this.pending === 0 && this.heard > this.revision) void this.sync();
  }

  /** Asks for the store anew: one request in flight at most, and one more after it. */
  private sync(): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      do {
        this.again = false;
        const answer = await this.api.send({ type: 'store/load' });
        if (answer.ok) {
          if (answer.change.backups !== undefined) this.backupsStamp = answer.change.backups;
          const next = applyChange(this.view, answer.change);
          if (next !== 'behind' && next !== this.view) this.hold(next);
        }
      } while (this.again);
    })().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /**
   * Makes the view hold at least `lines` events of `system`'s game before its cursor (or all of
   * them), asking the worker for older pages as needed.
   */
  older(system: SystemId, lines: number): Promise<void> {
    const running = this.fetching.get(system);
    if (running) return running.then(() => this.older(system, lines));
    const run = (async () => {
      for (;;) {
        const game = this.view?.games[system];
        if (!game) return;
        const offset = logOffset(game.log);
        if (offset === 0 || game.log.cursor >= lines) return;
        const base = game.log.window?.base;
        const answer = await this.api.send({ type: 'store/history', system, before: offset });
        if (!answer.ok) return;
        const view = this.view;
        const now = view?.games[system];
        // Still the same window (a new game, or another popup's, may have come meanwhile).
        if (!view || !now || now.log.window?.base !== base) return;
        const next = withHistory(view, system, answer.data as HistoryPage);
        if (!next) return;
        this.hold(next);
      }
    })().finally(() => this.fetching.delete(system));
    this.fetching.set(system, run);
    return run;
  }

  /**
   * Saves the active game as a file (src/store/file.ts: the game and its links to the board); false
   * when there is none. The worker sends it a page at a time, and the file is written from the pages
   * as they come, compact: never one string of the whole game. A game changed meanwhile (another
   * popup) is asked for again from the start.
   */
  exportGame(onRefusal: (error: RuleError) => void): boolean {
    const view = this.shown;
    const system = view?.activeSystem;
    const game = system ? view.games[system] : undefined;
    if (!view || !system || !game) return false;
    void (async () => {
      const { fileParts } = await import('../src/store/file');
      if (!game.log.window) {
        // Held whole (a short game, an Owlbear scene's): written from what is held.
        const whole: ExportPage = {
          system,
          revision: view.revision,
          config: game.config,
          cursor: game.log.cursor,
          length: game.log.events.length,
          from: 0,
          events: game.log.events,
          binding: view.bindings[system] ?? null,
        };
        return downloadParts(exportName(system, new Date()), fileParts(whole, [whole]));
      }
      for (let attempt = 0; attempt < 3; attempt++) {
        const pages: ExportPage[] = [];
        for (let from = 0; ;) {
          const answer = await this.api.send({ type: 'store/export', system, from });
          if (!answer.ok) return onRefusal(answer.error);
          const page = answer.data as ExportPage;
          if (pages.length && page.revision !== pages[0]!.revision) break;
          pages.push(page);
          from += page.events.length;
          if (page.events.length === 0 || from >= page.length) {
            return downloadParts(exportName(system, new Date()), fileParts(pages[0]!, pages));
          }
        }
      }
      onRefusal({ code: 'export-moving' });
    })();
    return true;
  }
}

/** The store as the popup's components reach it. */
export interface StoreView {
  readonly root: StoreRoot | null;
  /** Changes when the backups may have changed (the list is asked for again then). */
  readonly backups: number;
  /** The last refusal, shown until the next request is answered. */
  readonly refusal: RuleError | null;
  readonly setRefusal: (error: RuleError | null) => void;
  /** Sends a request, applies what it changed; false (and the refusal shown) when refused. */
  readonly send: Send;
  /** The same, answering with the whole answer (what it carries in `data`). */
  readonly ask: (request: Request) => Promise<StoreAnswer>;
  readonly exportGame: () => boolean;
  /** Loads older history of `system` until `lines` events before its cursor are held. */
  readonly older: (system: SystemId, lines: number) => Promise<void>;
}

export const StoreContext = createContext<StoreView | null>(null);

/** The popup's copy of the store: opened once, then kept up to date by the answers and by what storage says. */
export function useStore(api: PopupApi): StoreView {
  const [root, setRoot] = useState<StoreRoot | null>(null);
  const [refusal, setRefusal] = useState<RuleError | null>(null);
  const holder = useMemo(() => new StoreHolder(api, setRoot), [api]);
  useEffect(() => {
    const unsubscribe = api.subscribe(
      (news) => holder.hear(news),
      () => holder.revision,
    );
    const unfollow = api.tabSystem?.subscribe?.((system) => holder.follow(system));
    void holder.open().then((answer) => {
      if (!answer.ok) setRefusal(answer.error);
    });
    return () => {
      unsubscribe();
      unfollow?.();
    };
  }, [holder]);
  const { send, ask } = useMemo(() => {
    const ask = async (request: Request) => {
      const answer = await holder.send(request);
      setRefusal(answer.ok ? null : answer.error);
      return answer;
    };
    const send: Send = async (request) => (await ask(request)).ok;
    return { send, ask };
  }, [holder]);
  return useMemo(
    () => ({
      root,
      backups: holder.backups,
      refusal,
      setRefusal,
      send,
      ask,
      exportGame: () => holder.exportGame(setRefusal),
      older: (system: SystemId, lines: number) => holder.older(system, lines),
    }),
    [root, refusal, send, ask, holder],
  );
}

/**
 * The active game's history as held: how many of its events come before those held (`offset`), and
 * how to hold more (`older`). Outside a store (a component test), a whole log with nothing before it.
 */
export function useHeldHistory(): { readonly offset: number; readonly older: (lines: number) => void } {
  const store = useContext(StoreContext);
  const root = store?.root;
  const game = root ? root.games[root.activeSystem] : undefined;
  const offset = game ? logOffset(game.log) : 0;
  return { offset, older: (lines) => void (root && store?.older(root.activeSystem, lines)) };
}
