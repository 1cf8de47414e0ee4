// One Roll20 player in two tabs of one browser (src/adapters/roll20/tabs.ts): the worker's own message
// handler (background/messenger.ts) names the tab that writes for each player (another only once that
// one no longer answers its ping) and hands a reading tab's action to it, from Roll20 editor tabs'
// content scripts only; what comes back is checked.
import { describe, expect, it } from 'vitest';
import { createMessenger } from '../../../background/messenger';
import type { Sender } from '../../../background/senders';
import { ROLL20_WRITERS_KEY } from '../../../src/adapters/roll20/tabs';
import { StoreService } from '../../../src/store/service';
import { MemoryStorage } from '../../support/memory-storage';

const self = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/' };
const roll20Tab = (tab: number): Sender => ({
  id: self.id,
  url: 'https://app.roll20.net/editor/',
  frameId: 0,
  tab: { id: tab },
});
const spend = {
  type: 'game/dispatch',
  system: 'hd-command',
  event: { type: 'spend', side: 'A', amount: 1, permanent: false },
};

/** A worker whose tabs answer as `answer` says: by default a ping with true (the tab still writes) and an action with ok. */
function worker(
  answer: (tab: number, message: { type: string }) => unknown = (_, m) =>
    m.type === 'roll20/ping' ? true : { ok: true },
) {
  const session = new MemoryStorage();
  const sent: [number, unknown][] = [];
  const messenger = createMessenger({
    self,
    store: new StoreService(new MemoryStorage()),
    local: new MemoryStorage(),
    session,
    sendToTab: async (tab, message) => {
      sent.push([tab, message]);
      return answer(tab, message as { type: string });
    },
  });
  return { messenger, session, sent };
}

describe('a Roll20 player’s tabs, through the worker', () => {
  it('the first tab to ask writes for him, again after a reload; another of his waits while the first answers, and hands it his action; a tab closed writes for no one', async () => {
    const { messenger, session, sent } = worker();
    const writing = (tab: number) => messenger.receive({ type: 'roll20/writing', player: 'bob' }, roll20Tab(tab));
    expect(await writing(7)).toEqual({ ok: true, writes: true });
    expect(await writing(7)).toEqual({ ok: true, writes: true });
    expect(sent).toEqual([]);
    expect(await writing(9)).toEqual({ ok: true, writes: false });
    expect(sent).toEqual([[7, { type: 'roll20/ping', player: 'bob' }]]);
    sent.length = 0;
    expect(await messenger.receive({ type: 'roll20/forward', player: 'bob', request: spend }, roll20Tab(9))).toEqual({
      ok: true,
    });
    expect(sent).toEqual([[7, { type: 'roll20/act', player: 'bob', request: spend }]]);
    // The writing tab forwarding to itself, or a player no tab writes for: nowhere to go, said.
    expect(await messenger.receive({ type: 'roll20/forward', player: 'bob', request: spend }, roll20Tab(7))).toEqual({
      ok: false,
      error: { code: 'roll20-other-tab' },
    });
    expect(await messenger.receive({ type: 'roll20/forward', player: 'carol', request: spend }, roll20Tab(9))).toEqual({
      ok: false,
      error: { code: 'roll20-other-tab' },
    });
    await messenger.tabClosed(7);
    expect((await session.get([ROLL20_WRITERS_KEY]))[ROLL20_WRITERS_KEY]).toEqual({});
    expect(await messenger.receive({ type: 'roll20/forward', player: 'bob', request: spend }, roll20Tab(9))).toEqual({
      ok: false,
      error: { code: 'roll20-other-tab' },
    });
    expect(sent).toHaveLength(1);
    expect(await writing(9)).toEqual({ ok: true, writes: true });
  });

  it('a writing tab that no longer answers its ping (gone from the page, or silent for 2 s) or says it does not write: the asking tab writes instead', async () => {
    for (const ping of [
      () => Promise.reject(new Error('Could not establish connection')),
      () => false,
      () => new Promise(() => undefined),
    ]) {
      const { messenger, session } = worker((_, m) => (m.type === 'roll20/ping' ? ping() : { ok: true }));
      expect(await messenger.receive({ type: 'roll20/writing', player: 'bob' }, roll20Tab(7))).toEqual({
        ok: true,
        writes: true,
      });
      expect(await messenger.receive({ type: 'roll20/writing', player: 'bob' }, roll20Tab(9))).toEqual({
        ok: true,
        writes: true,
      });
      expect((await session.get([ROLL20_WRITERS_KEY]))[ROLL20_WRITERS_KEY]).toEqual({ bob: 9 });
    }
  }, 10_000);

  it('only a Roll20 editor tab’s content script: a frame, another site, the demo table, the popup, a malformed player are dropped unanswered', async () => {
    const { messenger, session } = worker();
    const senders: Sender[] = [
      { ...roll20Tab(7), frameId: 3 },
      { ...roll20Tab(7), url: 'https://evil.example/editor/' },
      { ...roll20Tab(7), id: 'another-extension' },
      { id: self.id, url: `${self.origin}demo.html`, frameId: 0, tab: { id: 7 } },
      { id: self.id, url: `${self.origin}popup.html` },
    ];
    for (const sender of senders)
      expect(await messenger.receive({ type: 'roll20/writing', player: 'bob' }, sender)).toBeUndefined();
    expect(await messenger.receive({ type: 'roll20/writing', player: '<img onerror=x>' }, roll20Tab(7))).toMatchObject({
      ok: false,
      error: { code: 'bad-message' },
    });
    expect(await messenger.receive({ type: 'roll20/writing', player: 'bob', extra: 1 }, roll20Tab(7))).toMatchObject({
      ok: false,
    });
    expect((await session.get([ROLL20_WRITERS_KEY]))[ROLL20_WRITERS_KEY]).toBeUndefined();
  });

  it('what the writing tab answers is checked: a rules refusal passes as it is, anything else is “no answer”', async () => {
    const answers: unknown[] = [
      { ok: false, error: { code: 'table-not-your-side', params: { side: 'A' } } },
      undefined,
      { ok: true, root: { huge: 'x'.repeat(10) } },
      { ok: false, error: { code: 'x'.repeat(65) } },
    ];
    let i = 0;
    const { messenger } = worker(() => answers[i++]);
    expect(await messenger.receive({ type: 'roll20/writing', player: 'bob' }, roll20Tab(7))).toEqual({
      ok: true,
      writes: true,
    });
    const got = [];
    for (let n = 0; n < answers.length; n++)
      got.push(await messenger.receive({ type: 'roll20/forward', player: 'bob', request: spend }, roll20Tab(9)));
    const none = { ok: false, error: { code: 'roll20-other-tab' } };
    expect(got).toEqual([answers[0], none, none, none]);
  });

  it('two tabs saying at once that they write for two players: both kept (one change after the other)', async () => {
    const { messenger, session } = worker();
    await Promise.all([
      messenger.receive({ type: 'roll20/writing', player: 'bob' }, roll20Tab(7)),
      messenger.receive({ type: 'roll20/writing', player: 'carol' }, roll20Tab(8)),
    ]);
    expect((await session.get([ROLL20_WRITERS_KEY]))[ROLL20_WRITERS_KEY]).toEqual({ bob: 7, carol: 8 });
  });
});
