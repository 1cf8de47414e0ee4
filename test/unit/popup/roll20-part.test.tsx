// What only Roll20 has in the popup's live section, in English: the page's fallen-back settings and
// the hex lattice chosen and why, said in words; why the board is not drawn; the chat post and what
// became of it; the aura buttons asking the tab once per click; Copy diagnostics, with the text box
// when the clipboard refuses.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveApi } from '../../../popup/api';
import { ApiContext } from '../../../popup/context';
import { Roll20Part } from '../../../popup/roll20/Roll20Part';
import { LiveModel } from '../../../src/adapters/roll20/live';
import { DEFAULT_ROLL20_SETTINGS as S } from '../../../src/adapters/roll20/settings';
import { summaryOf } from '../../../src/board/summary';
import { fakeApi } from './fake-api';

afterEach(cleanup);

function hexSummary() {
  const m = new LiveModel();
  const at = (i: number, j: number) => ({
    left: 37.5992809922301 + 75.1985619844599 * (i + (j & 1) / 2),
    top: 43.8658278242683 + 66.9658278242677 * j,
  });
  const tok = (id: string, i: number, j: number) => ({
    id,
    name: id,
    ...at(i, j),
    width: 70,
    height: 70,
    layer: 'objects',
    controlledby: 'pA',
    tint: '',
    markers: 'red@1',
  });
  m.apply(
    {
      type: 'snapshot',
      page: {
        id: 'p',
        name: 'Hexes',
        snapping_increment: 1,
        scale_number: '',
        scale_units: 'hex',
        grid_type: 'hex',
        diagonaltype: 'hex',
      },
      tokens: [tok('a', 0, 0), tok('b', 3, 1), tok('c', 6, 2)],
      players: [],
      engine: 'jumpgate',
      mode: 'full',
      missing: [],
    },
    S,
  );
  return summaryOf(m.status(0), m.table(S), null, 'dc');
}

function live(
  asked: string[],
  diagnostics: unknown = { format: 'command-post/roll20-diagnostics' },
  posted = true,
): LiveApi {
  return {
    subscribe: () => () => {},
    send: async () => ({ ok: true }),
    chat: async (text) => (asked.push(text), posted ? 'posted' : 'no-button'),
    auras: async (action) => (asked.push(action), true),
    diagnostics: async () => diagnostics,
  };
}

describe('the Roll20 part of the live board', () => {
  it("says which page settings fell back to Roll20's defaults, and which lattice the hexes are counted on and why", () => {
    render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: hexSummary(), settings: S, live: live([]) }} />
      </ApiContext.Provider>,
    );
    expect(screen.getByTestId('r20-defaulted').textContent).toBe(
      'Some of this page’s settings could not be read; Roll20’s defaults are used for: scale_number.',
    );
    expect(screen.getByTestId('r20-lattice').textContent).toBe(
      'Hexes are counted on Roll20’s own hex lattice (column pitch 75.199 px, row pitch 66.966 px): 3 of the 3 tokens stand on it.',
    );
    expect(screen.queryByTestId('r20-undrawn')).toBeNull();
  });

  it('says why the board is not drawn, with the reason the tab gave', () => {
    const summary = { ...hexSummary(), mode: 'data-only' as const, missing: ['webgl-context'] };
    render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary, settings: S, live: live([]) }} />
      </ApiContext.Provider>,
    );
    expect(screen.getByTestId('r20-undrawn').textContent).toBe(
      'Roll20’s board lost its graphics (WebGL) context: Command Post draws again when Roll20 restores it.',
    );
  });

  it('the chat post says whether Roll20 took it', async () => {
    const asked: string[] = [];
    const { unmount } = render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: hexSummary(), settings: S, live: live(asked) }} />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByTestId('r20-chat'));
    await waitFor(() => expect(screen.getByTestId('r20-chat-result').textContent).toBe('Posted.'));
    expect(asked).toHaveLength(1);
    unmount();
    render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: hexSummary(), settings: S, live: live([], undefined, false) }} />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByTestId('r20-chat'));
    await waitFor(() =>
      expect(screen.getByTestId('r20-chat-result').textContent).toBe(
        'Not posted: Roll20’s chat box or its send button was not found.',
      ),
    );
  });

  it('one game for the table: the game master’s one click asks the tab for the ledgers, named Side 1 and Side 2; a player is told only he can; then who acts for which side, names as text', async () => {
    const shares: string[][] = [];
    const withShare = (ok: boolean): LiveApi => ({
      ...live([]),
      share: async (sides) => (shares.push([...sides]), ok),
    });
    const none = (gm: boolean) => ({
      ...hexSummary(),
      shared: { state: 'none' as const, gm, sides: [], mine: [], dropped: 0 },
    });
    const { unmount } = render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: none(true), settings: S, live: withShare(true) }} />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByTestId('r20-share'));
    await waitFor(() =>
      expect(screen.getByTestId('r20-share-result').textContent).toBe(
        'Asked: the ledger characters appear in the journal in a moment.',
      ),
    );
    expect(shares).toEqual([['Side 1', 'Side 2']]);
    unmount();
    const second = render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: none(true), settings: S, live: withShare(false) }} />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByTestId('r20-share'));
    await waitFor(() => expect(screen.getByTestId('r20-share-result').textContent).toMatch(/did not make the ledgers/));
    second.unmount();
    const third = render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: none(false), settings: S, live: withShare(true) }} />
      </ApiContext.Provider>,
    );
    expect(screen.queryByTestId('r20-share')).toBeNull();
    expect(screen.getByTestId('r20-shared').textContent).toMatch(/Only the game master can share/);
    third.unmount();
    const ready = {
      ...hexSummary(),
      shared: {
        state: 'ready' as const,
        gm: false,
        sides: [
          { label: 'Side 1', players: ['<img src=x onerror=alert(1)>'], anyone: false },
          { label: 'Side 2', players: [], anyone: true },
        ],
        mine: [1],
        dropped: 3,
      },
    };
    render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: ready, settings: S, live: withShare(true) }} />
      </ApiContext.Provider>,
    );
    expect(screen.getByTestId('r20-seats').textContent).toBe('Side 1: <img src=x onerror=alert(1)>Side 2: anyone');
    expect(screen.getByTestId('r20-mine').textContent).toBe('You act for: Side 2.');
    expect(document.querySelector('img')).toBeNull();
    // What the ledgers dropped is the game master's to see.
    expect(screen.queryByTestId('r20-shared-dropped')).toBeNull();
  });

  it('a side’s ledger gone from the journal: the game master is told who sat there, and one click asks the tab to make it again; a player seated there is told so, not that he watches', async () => {
    const shares: string[][] = [];
    const api: LiveApi = { ...live([]), share: async (sides) => (shares.push([...sides]), true) };
    const shared = (gm: boolean) => ({
      ...hexSummary(),
      shared: {
        state: 'ready' as const,
        gm,
        sides: [{ label: 'Side 2', players: ['Carol'], anyone: false }],
        mine: [],
        dropped: 0,
        missing: [{ side: 0, players: ['Bob'], mine: !gm }],
      },
    });
    const { unmount } = render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: shared(true), settings: S, live: api }} />
      </ApiContext.Provider>,
    );
    expect(screen.getByTestId('r20-missing').textContent).toMatch(
      /^The ledger of Side 1 is gone from the journal .*\(Bob\) cannot act/,
    );
    fireEvent.click(screen.getByTestId('r20-missing-make'));
    await waitFor(() => expect(screen.getByTestId('r20-missing-result').textContent).toMatch(/^Asked/));
    expect(shares).toEqual([['Side 1', 'Side 2']]);
    unmount();
    render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: shared(false), settings: S, live: api }} />
      </ApiContext.Provider>,
    );
    expect(screen.getByTestId('r20-missing-mine').textContent).toMatch(
      /^Your side’s ledger \(Side 1\) is gone from the journal: .*game master makes it again/,
    );
    expect(screen.queryByTestId('r20-mine')).toBeNull();
    expect(screen.queryByTestId('r20-missing-make')).toBeNull();
  });

  it('Check this table, the game master’s: asks the tab, then says in words what Roll20 does at this table', async () => {
    const asked: string[] = [];
    const api: LiveApi = { ...live([]), check: async () => (asked.push('check'), true) };
    const ready = (check?: NonNullable<NonNullable<ReturnType<typeof hexSummary>['shared']>['check']>) => ({
      ...hexSummary(),
      shared: { state: 'ready' as const, gm: true, sides: [], mine: [0, 1], dropped: 0, ...(check ? { check } : {}) },
    });
    const { unmount } = render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: ready(), settings: S, live: api }} />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByTestId('r20-check-run'));
    await waitFor(() => expect(asked).toEqual(['check']));
    unmount();
    render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part
          board={{
            summary: ready({
              state: 'done',
              answered: 1,
              enforced: 'no',
              roundTripMs: 412.6,
              longValue: 'cut',
            } as const),
            settings: S,
            live: api,
          }}
        />
      </ApiContext.Provider>,
    );
    const said = screen.getByTestId('r20-check-result').textContent;
    expect(said).toMatch(/this table trusts its players/);
    expect(said).toMatch(/came back from the players in 413 ms \(1 answered\)/);
    expect(said).toMatch(/did not reach the players whole/);
  });

  it('each aura button asks the tab once', () => {
    const asked: string[] = [];
    render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: hexSummary(), settings: S, live: live(asked) }} />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByTestId('r20-auras-write'));
    fireEvent.click(screen.getByTestId('r20-auras-restore'));
    expect(asked).toEqual(['write', 'restore']);
  });

  it('Copy diagnostics: copied; a refused clipboard shows the JSON to copy by hand; no answer says so', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (t: string) => void copied.push(t) },
    });
    const { unmount } = render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: hexSummary(), settings: S, live: live([]) }} />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByTestId('r20-diagnostics'));
    await waitFor(() => expect(screen.getByTestId('r20-diagnostics-done').textContent).toBe('Copied.'));
    expect(JSON.parse(copied[0]!)).toEqual({ format: 'command-post/roll20-diagnostics' });
    unmount();

    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async () => Promise.reject(new Error('denied')) },
    });
    const second = render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: hexSummary(), settings: S, live: live([]) }} />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByTestId('r20-diagnostics'));
    await waitFor(() =>
      expect((screen.getByTestId('r20-diagnostics-text') as HTMLTextAreaElement).value).toContain(
        '"format": "command-post/roll20-diagnostics"',
      ),
    );
    second.unmount();

    render(
      <ApiContext.Provider value={fakeApi()}>
        <Roll20Part board={{ summary: hexSummary(), settings: S, live: live([], null) }} />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByTestId('r20-diagnostics'));
    await waitFor(() =>
      expect(screen.getByTestId('r20-diagnostics-failed').textContent).toBe(
        'The Roll20 tab did not answer; reload it and try again.',
      ),
    );
  });
});
