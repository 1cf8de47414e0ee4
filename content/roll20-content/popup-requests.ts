// What the popup asks of a Roll20 tab: the table's game through its port (the state it shows), and
// the tab's own requests (../host-tab.ts answers the ticks and the finder, then these): a chat post,
// the auras, the ledgers made, the table checked, the diagnostics. None on a page that interferes.
// What is asked now and then (the finder, the diagnostics, the chat: ./finder.ts, ./diagnose.ts,
// ./chat.ts) loads the first time it is.
import type { RendererFields, TabRequest } from '../../src/adapters/roll20/protocol';
import type { PortToPopup } from '../../src/adapters/tab-port';
import type { SystemId } from '../../src/rules/ids';
import type { Tab } from './tab';

/** What the popup asks for now and then (the finder, the diagnostics, the chat: ../roll20-asked.ts), loaded the first time. */
type Asked = typeof import('../roll20-asked');
let askedFor: Promise<Asked> | null = null;

/** What the popup shows: the table's game (its root, this tab's board, who acts for which side), or `connected: false` for none. */
export function portState(tab: Tab): PortToPopup {
  const shared = tab.table.summary();
  const root = tab.interfering || tab.host.ended ? null : tab.table.root();
  if (!shared || !root) return { type: 'port/state', connected: false, root: null, board: null, player: null };
  return {
    type: 'port/state',
    connected: true,
    root,
    board: { ...tab.board.summary(tab.model.status(tab.dropped)), shared },
    player: {
      name: '',
      role: shared.gm ? 'GM' : 'PLAYER',
      sides: shared.mine.map((i) => shared.sides[i]?.label ?? String(i + 1)),
      seated: shared.mine.length > 0,
    },
  };
}

export interface PopupRequests {
  /** The popup's ticks for a system's board. */
  ticks(system: SystemId, ticks: readonly string[]): void;
  /** The popup's finder: the next figure out of command, or false. */
  find(step: 1 | -1): Promise<string | false>;
  /** The tab's own requests (null: not one of them). */
  answer(req: TabRequest): Promise<unknown> | undefined;
  /** The bridge's answer to a diagnose. */
  diagnosed(renderer: RendererFields | null): void;
}

export function popupRequests(tab: Tab, armAuras: () => void): PopupRequests {
  const { board, model, host, table, browser } = tab;
  const asked = () => (askedFor ??= import(browser.runtime.getURL('content-asked.js')));
  let diagnosed: ((r: RendererFields | null) => void) | null = null;
  host.signal.addEventListener('abort', () => (diagnosed = null));

  /** Asks the bridge for the renderer's raw fields (≤ 1 s), then builds the redacted diagnostics. */
  async function diagnostics(): Promise<unknown> {
    const renderer = await new Promise<RendererFields | null>((resolve) => {
      diagnosed = resolve;
      tab.toPage({ type: 'diagnose' });
      host.later(() => resolve(null), 1000);
    });
    return (await asked()).tabDiagnostics(tab, renderer);
  }

  /** The popup's requests to this tab that are Roll20's own. */
  function answer(req: TabRequest): Promise<unknown> | undefined {
    const interfering = tab.interfering;
    // Another tab of this player's hands this one his action (through the worker): played here if this tab writes for him.
    if (req.type === 'roll20/act') return interfering ? undefined : table.act(req.player, req.request);
    if (req.type === 'roll20/ping') return Promise.resolve(table.writesFor(req.player));
    if (req.type === 'roll20/visibility')
      return interfering ? Promise.resolve(false) : table.setVisibility({ show: req.show, gmOnly: req.gmOnly });
    // One click, one post, typed in here; none on a page that interferes.
    if (req.type === 'roll20/chat')
      return interfering ? Promise.resolve('interfering') : asked().then((m) => m.postToChat(req.text));
    // The game master's one click: the ledgers made (his page script makes them only if Roll20 says he is one).
    if (req.type === 'roll20/check') return Promise.resolve(!interfering && table.startCheck());
    if (req.type === 'roll20/choose') return interfering ? Promise.resolve(false) : table.choose(req.choice);
    if (req.type === 'roll20/share') {
      if (interfering) return Promise.resolve(false);
      return table.toCreate(req.sides).then((ledgers) => {
        if (ledgers.length && !tab.interfering) tab.toPage({ type: 'ledgers-create', ledgers });
        return ledgers.length > 0;
      });
    }
    if (req.type === 'roll20/auras') {
      if (interfering) return Promise.resolve(false);
      if (req.action === 'restore') tab.toPage({ type: 'auras-restore' });
      else armAuras();
      return Promise.resolve(true);
    }
    return diagnostics();
  }

  return {
    ticks(system, ticks) {
      board.setTicks(system, ticks);
      tab.recompute();
    },
    find: (step) => asked().then((m) => m.findNext(tab, step)),
    answer,
    diagnosed(renderer) {
      diagnosed?.(renderer);
      diagnosed = null;
    },
  };
}
