// Two windows, one store: each popup shows the system picked on its own tab, whatever the other
// window picks, and shows it again when it opens there; every system's game stays one game, played
// from either window. The worker is the one that keeps each tab's system (a `tab/*` request through
// its real message handler, background/messenger.ts); a popup with no tab system of its own (a
// table's one game: an Owlbear scene, a shared Roll20 table) shows the store's, as before.
import { describe, expect, it } from 'vitest';
import { createMessenger } from '../../../background/messenger';
import type { Sender } from '../../../background/senders';
import type { PopupApi, StoreNews, TabSystem } from '../../../popup/api';
import { StoreHolder } from '../../../popup/store';
import type { Request, StoreAnswer, TabSystemRequest, TabSystemResponse } from '../../../src/messages';
import type { SystemId } from '../../../src/rules/ids';
import { tabSystemKey, type StoreRoot } from '../../../src/store/root';
import { StoreService } from '../../../src/store/service';
import { MemoryStorage } from '../../support/memory-storage';

const now = () => new Date('2026-12-05T09:00:00.000Z');
const self = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/' };
const popupSender: Sender = { id: self.id, url: `${self.origin}popup.html` };

/** One browser: one worker (its store, its message handler, storage.session) and the popups told of each write. */
function browser() {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const store = new StoreService(local, now);
  const messenger = createMessenger({ self, store, local, session });
  const heard = new Set<(news: StoreNews) => void>();
  /** storage.session's onChanged, for the tab systems the popups follow. */
  const sessionHeard = new Set<(key: string, value: unknown) => void>();
  const set = session.set.bind(session);
  session.set = async (items) => {
    await set(items);
    for (const [k, value] of Object.entries(items)) for (const on of sessionHeard) on(k, value);
  };
  const toWorker = async <A>(raw: unknown, sender: Sender = popupSender) =>
    structuredClone((await messenger.receive(structuredClone(raw), sender)) as A);
  const api = (tab: number | null): Pick<PopupApi, 'send' | 'tabSystem'> => ({
    async send(request: Request) {
      const answer = (await toWorker<StoreAnswer | undefined>(request)) ?? {
        ok: false,
        error: { code: 'worker-unreachable' },
      };
      if (answer.ok) for (const on of heard) on({ revision: answer.change.revision });
      return answer;
    },
    ...(tab === null
      ? {}
      : {
          tabSystem: {
            async open() {
              const a = await toWorker<TabSystemResponse>({ type: 'tab/open', tab } satisfies TabSystemRequest);
              return a.ok ? a.system : null;
            },
            pick: (system) => void toWorker({ type: 'tab/pick', tab, system } satisfies TabSystemRequest),
            subscribe(on) {
              const l = (key: string, value: unknown) => key === tabSystemKey(tab) && on(value as SystemId);
              sessionHeard.add(l);
              return () => sessionHeard.delete(l);
            },
          } satisfies TabSystem,
        }),
  });
  /** A popup opened on `tab` (null: one with no tab system, as a table's one game). */
  const popup = async (tab: number | null) => {
    const views: StoreRoot[] = [];
    const a = api(tab);
    const holder = new StoreHolder(a, (v) => views.push(v));
    heard.add((news) => holder.hear(news));
    a.tabSystem?.subscribe?.((system) => holder.follow(system));
    expect((await holder.open()).ok).toBe(true);
    return Object.assign(holder, { views });
  };
  return { popup, session, messenger, toWorker, store };
}

/** Lets the popups ask for what they heard of (each asks the worker once its own requests are answered). */
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('two windows, one system each', () => {
  it("a system picked in one window does not switch the other window's popup, now or when it opens again", async () => {
    const { popup, store } = browser();
    const a = await popup(1);
    const b = await popup(2);
    expect((await a.send({ type: 'store/select-system', system: 'bdc' })).ok).toBe(true);
    expect((await b.send({ type: 'store/select-system', system: 'dc' })).ok).toBe(true);
    await settle();
    expect(a.root?.activeSystem).toBe('bdc');
    expect(b.root?.activeSystem).toBe('dc');

    // Each plays its own system's game; the other sees the game, not a switch.
    expect(
      (
        await a.send({
          type: 'game/dispatch',
          system: 'bdc',
          event: { type: 'tested', target: 6, modifier: 0, natural: 3 },
        })
      ).ok,
    ).toBe(true);
    await settle();
    expect(b.root?.activeSystem).toBe('dc');
    expect(b.root?.games.bdc?.log.events).toHaveLength(1);

    // Opened again in each window: its own system, though the other picked last.
    expect((await popup(1)).root?.activeSystem).toBe('bdc');
    expect((await popup(2)).root?.activeSystem).toBe('dc');
    // A tab that never picked opens on the store's system and keeps it, while open and when opened again.
    const c = await popup(3);
    expect(c.root?.activeSystem).toBe('dc');
    await a.send({ type: 'store/select-system', system: 'cr' });
    await settle();
    expect(c.root?.activeSystem).toBe('dc');
    expect(a.root?.activeSystem).toBe('cr');
    expect((await popup(3)).root?.activeSystem).toBe('dc');
    // The store's own system is the last picked (what the tabletops draw, a new tab's first).
    expect((await store.current()).activeSystem).toBe('cr');
    expect((await popup(4)).root?.activeSystem).toBe('cr');
    // No other system was ever shown in the first popup after its own pick (no flash of the other window's).
    expect(a.views.slice(a.views.findIndex((v) => v.activeSystem === 'bdc')).map((v) => v.activeSystem)).not.toContain(
      'dc',
    );
  });

  it('the worker keeps the tab systems, in storage.session, and forgets a closed tab', async () => {
    const { popup, session, messenger, store } = browser();
    const a = await popup(11);
    await a.send({ type: 'store/select-system', system: 'hd-modifiers' });
    await settle();
    expect(await session.get([tabSystemKey(11)])).toEqual({ [tabSystemKey(11)]: 'hd-modifiers' });
    // A worker started again (its memory gone) reads it back from storage.session.
    const again = createMessenger({ self, store, local: new MemoryStorage(), session });
    expect(await again.receive({ type: 'tab/open', tab: 11 }, popupSender)).toEqual({
      ok: true,
      system: 'hd-modifiers',
    });
    await messenger.tabClosed(11);
    expect(await session.get([tabSystemKey(11)])).toEqual({});
    await store.handle({ type: 'store/select-system', system: 'cr' });
    expect(await messenger.receive({ type: 'tab/open', tab: 11 }, popupSender)).toEqual({ ok: true, system: 'cr' });
  });

  it("only the extension's own pages may set a tab's system; the demo table sets its own tab's", async () => {
    const { session, toWorker } = browser();
    const demo: Sender = { id: self.id, url: `${self.origin}demo.html?scene=bdc`, frameId: 0, tab: { id: 7 } };
    expect(await toWorker({ type: 'tab/pick', system: 'bdc' }, demo)).toEqual({ ok: true, system: 'bdc' });
    expect(await session.get([tabSystemKey(7)])).toEqual({ [tabSystemKey(7)]: 'bdc' });
    // Refused: a page of another origin, another extension, a content script; a tab named by no one; a bad shape.
    for (const sender of [
      { id: self.id, url: 'https://app.roll20.net/editor/', frameId: 0, tab: { id: 9 } },
      { id: 'other', url: 'chrome-extension://other/popup.html' },
      {},
    ] as Sender[]) {
      expect(await toWorker({ type: 'tab/pick', tab: 9, system: 'dc' }, sender)).toBeUndefined();
    }
    expect(await toWorker({ type: 'tab/pick', system: 'dc' })).toBeUndefined();
    for (const bad of [
      { type: 'tab/pick', tab: 9, system: 'chess' },
      { type: 'tab/pick', tab: -1, system: 'dc' },
      { type: 'tab/open' },
      { type: 'tab/open', tab: 1, extra: 1 },
      { type: 'tab/wipe' },
    ]) {
      expect(await toWorker<{ ok: boolean }>(bad)).toMatchObject({ ok: false });
    }
    expect([...session.data.keys()]).toEqual([tabSystemKey(7)]);
  });

  it("without a tab system (a table's one game, whose system is the table's), the store's system is shown and followed", async () => {
    const { popup } = browser();
    const a = await popup(null);
    const b = await popup(1);
    await b.send({ type: 'store/select-system', system: 'hd-modifiers' });
    await settle();
    expect(a.root?.activeSystem).toBe('hd-modifiers');
  });

  it("on a table's one game (the tab keeps no system: the worker is not asked), a pick the table refuses shows nothing else", async () => {
    const table = new StoreHolder(
      {
        send: async () => ({ ok: false, error: { code: 'table-gm-only' } }),
        tabSystem: { open: async () => null, pick: () => undefined },
      },
      () => undefined,
    );
    // The table answers its root as a change (an Owlbear scene, a shared Roll20 table): here, the browser's store's.
    table.hear({ change: { since: null, revision: 3, activeSystem: 'dc', notices: [], bindings: {}, games: {} } });
    await table.open();
    expect(table.root?.activeSystem).toBe('dc');
    expect((await table.send({ type: 'store/select-system', system: 'cr' })).ok).toBe(false);
    expect(table.root?.activeSystem).toBe('dc');
  });

  it("the tab's system set elsewhere (its demo table opened another scene) is followed", async () => {
    const { popup, toWorker } = browser();
    const a = await popup(7);
    await a.send({ type: 'store/select-system', system: 'bdc' });
    await settle();
    const demo: Sender = { id: self.id, url: `${self.origin}demo.html?scene=cr`, frameId: 0, tab: { id: 7 } };
    await toWorker({ type: 'tab/pick', system: 'cr' }, demo);
    expect(a.root?.activeSystem).toBe('cr');
    expect(a.root?.games).toBeDefined();
  });
});
