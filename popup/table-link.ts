// The popup on a tabletop tab whose table plays one shared game (Owlbear Rodeo, Roll20): it shows and
// plays that game instead of the extension's own games, over the port of src/adapters/tab-port.ts. It
// connects to the tab's content script; if the table's game answers there (Owlbear: a Command Post frame,
// through the bridge of src/adapters/owlbear/bridge.ts; Roll20: the tab's shared game), requests go to
// it (played as that tab's player, under the game master's seats) and the game and board come back.
// Any other tab (no content script, or no shared game there) keeps the extension's own games.
import { browser, type Runtime } from './browser';
import * as v from 'valibot';
import {
  PORT_NAME,
  toPopupSchema,
  unanswered,
  type PortFromPopup,
  type PortToPopup,
} from '../src/adapters/owlbear/bridge';
import type { BoardSummary } from '../src/board/summary';
import { readSettings, type Roll20Settings } from '../src/adapters/roll20/settings';
import type { Request, Response } from '../src/messages';
import type { SystemId } from '../src/rules/ids';
import type { StoreRoot } from '../src/store/root';

export interface TableLink {
  send(request: Request): Promise<Response>;
  subscribe(onRoot: (root: StoreRoot) => void, known: () => number): () => void;
  subscribeBoard(on: (board: BoardSummary | null, settings: Roll20Settings) => void): () => void;
  /** The pieces ticked for a choice not sent yet, for the scene's board in this tab to draw. */
  tick(system: SystemId, ticks: readonly string[]): void;
}

/** How long the popup waits for the tab's content script to say whether the table's game is there. */
const HELLO_MS = 1500;
const ANSWER_MS = 12_000;

type State = Extract<PortToPopup, { type: 'port/state' }>;

/** The link to the shared game of tab `tabId`, or null when that tab plays none. */
export function tableLink(tabId: number | undefined): Promise<TableLink | null> {
  if (tabId === undefined) return Promise.resolve(null);
  let port: Runtime.Port;
  try {
    port = browser.tabs.connect(tabId, { name: PORT_NAME });
  } catch {
    return Promise.resolve(null);
  }
  let state: State | null = null;
  const waiting = new Map<string, (r: Response) => void>();
  const listeners = new Set<(s: State) => void>();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), HELLO_MS);
    port.onDisconnect.addListener(() => {
      // Read, so that the browser does not log it as unchecked: most tabs have no Command Post bridge to connect to.
      void (globalThis as { chrome?: { runtime?: { lastError?: unknown } } }).chrome?.runtime?.lastError;
      clearTimeout(timer);
      resolve(null);
      for (const done of waiting.values()) done(unanswered('owlbear-unreachable'));
      waiting.clear();
    });
    port.onMessage.addListener((raw: unknown) => {
      const parsed = v.safeParse(toPopupSchema, raw);
      if (!parsed.success) return;
      const m = parsed.output as PortToPopup;
      if (m.type === 'port/response') {
        waiting.get(m.rid)?.(m.response);
        waiting.delete(m.rid);
        return;
      }
      const first = state === null;
      state = m;
      for (const l of listeners) l(m);
      if (!first) return;
      clearTimeout(timer);
      if (!m.connected) {
        port.disconnect();
        resolve(null);
        return;
      }
      resolve({
        send(request) {
          const rid = `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
          return new Promise<Response>((done) => {
            const t = setTimeout(() => {
              waiting.delete(rid);
              done(unanswered('owlbear-unreachable'));
            }, ANSWER_MS);
            waiting.set(rid, (r) => {
              clearTimeout(t);
              done(r);
            });
            try {
              port.postMessage({ type: 'port/request', rid, request } satisfies PortFromPopup);
            } catch {
              waiting.delete(rid);
              done(unanswered('owlbear-unreachable'));
            }
          });
        },
        subscribe(onRoot, known) {
          const on = (s: State) => {
            if (s.root && s.root.revision > known()) onRoot(s.root as StoreRoot);
          };
          listeners.add(on);
          return () => listeners.delete(on);
        },
        tick(system, ticks) {
          try {
            port.postMessage({ type: 'port/ticks', system, ticks: [...ticks] } satisfies PortFromPopup);
          } catch {
            // The tab went: nothing to draw on.
          }
        },
        subscribeBoard(on) {
          const settings = readSettings(undefined);
          const show = (s: State) => on(s.board as BoardSummary | null, settings);
          if (state) show(state);
          listeners.add(show);
          return () => listeners.delete(show);
        },
      });
    });
  });
}
