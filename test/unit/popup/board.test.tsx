// The popup's live board section, over the real core: a Roll20 page folded by the LiveModel, bound to
// the stored game and viewed by the active system exactly as the content script does, then shown.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveApi } from '../../../popup/api';
import { App } from '../../../popup/App';
import { LiveModel } from '../../../src/adapters/roll20/live';
import type { RawToken } from '../../../src/adapters/roll20/protocol';
import { DEFAULT_ROLL20_SETTINGS } from '../../../src/adapters/roll20/settings';
import { BoardRunner } from '../../../src/board/run';
import { summaryOf, type BoardSummary } from '../../../src/board/summary';
import type { TableRequest } from '../../../src/messages';
import { BOARDS } from '../../../src/rules/boards';
import { isSystemId, type SystemId } from '../../../src/rules/ids';
import { boardInputOf } from '../../../src/store/board';
import { gameOf } from '../../../src/store/load';
import type { StoreRoot } from '../../../src/store/root';
import { fakeApi } from './fake-api';

afterEach(cleanup);
const HOSTILE = '<img src=x onerror=alert(1)>';
const S = DEFAULT_ROLL20_SETTINGS;
const tok = (id: string, name: string, left: number, markers: string, controlledby = 'pA'): RawToken => ({
  id,
  name,
  left,
  top: 35,
  width: 70,
  height: 70,
  layer: 'objects',
  controlledby,
  tint: 'transparent',
  markers,
});
const ARMY = [
  tok('L', 'Franc-capitaine', 35, 'flying-flag@1'),
  tok('a', HOSTILE, 35 + 140, 'red@1'),
  tok('b', 'Sergent', 35 + 1400, 'red@1'),
  tok('e', 'Ennemi', 35 + 2100, 'blue@2', 'pB'),
];

/** What the Roll20 content script would report for this game: the same LiveModel, binding and board view. */
function boardOf(root: StoreRoot, opts: { remove?: string; mode?: 'full' | 'data-only' } = {}): BoardSummary {
  const m = new LiveModel();
  m.apply(
    {
      type: 'snapshot',
      page: {
        id: 'p',
        name: 'Battlefield',
        snapping_increment: 1,
        scale_number: 2.5,
        scale_units: 'cm',
        grid_type: 'square',
        diagonaltype: 'foure',
      },
      tokens: ARMY,
      players: [
        { id: 'pA', name: 'Alice' },
        { id: 'pB', name: 'Bob' },
      ],
      engine: 'jumpgate',
      mode: opts.mode ?? 'full',
      missing: opts.mode === 'data-only' ? ['renderer'] : [],
    },
    S,
  );
  const input = boardInputOf(root);
  const board = BOARDS[isSystemId(input.system) ? input.system : 'hd-command'];
  const runner = new BoardRunner();
  // The content script sees the table before and after a token goes (what it stood for then counts).
  runner.run(board, m.table(S)!, input);
  if (opts.remove) m.apply({ type: 'delta', pageId: 'p', changed: [], removed: [opts.remove] }, S);
  const run = runner.run(board, m.table(S)!, input);
  return summaryOf(m.status(0), m.table(S), run, input.system);
}

/** A live API whose board follows the fake store: each root change is reported again, as the content script would. */
function liveFor(
  api: ReturnType<typeof fakeApi>,
  sent: TableRequest[],
  chats: string[],
  opts: Parameters<typeof boardOf>[1] = {},
): LiveApi {
  return {
    subscribe(on) {
      queueMicrotask(() => on(boardOf(api.root(), opts), S));
      return api.subscribe(
        () => on(boardOf(api.root(), opts), S),
        () => -1,
      );
    },
    async send(r) {
      sent.push(r);
      return { ok: true };
    },
    async chat(text) {
      chats.push(text);
      return 'posted';
    },
    async auras(action) {
      chats.push(`auras:${action}`);
      return true;
    },
    async diagnostics() {
      return { format: 'command-post/roll20-diagnostics' };
    },
  };
}

const select = (system: SystemId) => ({ type: 'store/select-system', system }) as const;

describe('the live board in the popup', () => {
  it("shows sides, groups, who is in command and why in the player's words; names typed on the tabletop stay text", async () => {
    const api = fakeApi();
    await api.send(select('bdc'));
    const sent: TableRequest[] = [];
    const chats: string[] = [];
    render(<App api={{ ...api, live: liveFor(api, sent, chats) }} />);
    const section = await screen.findByTestId('board');
    expect(within(section).getByText('Live table (Roll20)')).toBeTruthy();
    expect(within(section).getByRole('heading', { name: 'Alice' })).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByTestId('board-figure')).toHaveLength(4));
    const rows = within(section)
      .getAllByTestId('board-figure')
      .map(
        (li) => li.firstChild!.parentElement!.querySelector('[data-testid="board-name"]')!.parentElement!.textContent,
      );
    expect(rows[2]).toContain('Sergent — out of command (out · 32.5 cm too far from');
    expect(within(section).getAllByText(HOSTILE).length).toBeGreaterThan(0);
    expect(section.querySelector('img')).toBeNull();
    expect(within(section).getByTestId('board-measure').textContent).toBe(
      'Command measured base edge to base edge: 10 cm by default (the game’s house rules can change it).',
    );
    fireEvent.click(within(section).getByTestId('r20-chat'));
    // Each group by what the table can call it (its leader's, the name its figures share), never by its marker's id.
    expect(
      within(section)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Franc-capitaine’s unit', 'Ennemi']);
    expect(chats.at(-1)).toBe(
      `Command Post — Battlefield: Franc-capitaine’s unit 1/2 in command (out: Sergent) · Ennemi 0/1 in command (out: Ennemi)`,
    );
    // A Roll20 setting change goes to the worker as a whole, validated settings object.
    fireEvent.change(within(section).getByTestId('r20-side-from'), { target: { value: 'tint' } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ type: 'table/settings', settings: { ...S, sideFrom: 'tint' } });
  });

  it('takes the roster from the board for review; applied, every token is linked and the board follows the game', async () => {
    const api = fakeApi();
    await api.send(select('bdc'));
    render(<App api={{ ...api, live: liveFor(api, [], []) }} />);
    fireEvent.click(await screen.findByTestId('board-roster-take'));
    const entries = await screen.findAllByTestId('board-roster-entry');
    // Two tabletop groups (Alice's group 1, Bob's group 2): two units, and the captain leading the first.
    expect(entries.map((e) => e.getAttribute('data-kind'))).toEqual(['unit', 'leader', 'unit']);
    fireEvent.input(within(entries[0]!).getByTestId('board-roster-name'), { target: { value: 'Groupe Dupont' } });
    // Nothing is applied before the player says so.
    expect(gameOf(api.root(), 'bdc').log.events).toHaveLength(0);
    fireEvent.click(screen.getByTestId('board-roster-apply'));
    await waitFor(() => expect(gameOf(api.root(), 'bdc').log.events).toHaveLength(3));
    expect(gameOf(api.root(), 'bdc').log.events[0]).toMatchObject({
      type: 'unitAdded',
      unit: { name: 'Groupe Dupont' },
    });
    expect(gameOf(api.root(), 'bdc').log.events[2]).toMatchObject({
      type: 'leaderAdded',
      leader: { name: 'Franc-capitaine', leads: 'u1' },
    });
    expect(api.root().bindings.bdc!.links).toEqual({ a: 'u1', b: 'u1', e: 'u2', L: 'l3' });
    await waitFor(() =>
      expect(screen.getByTestId('board-linked').textContent).toBe('Tokens linked to this game: 4 of 4.'),
    );
    // Every token linked: the roster is no longer offered from the board (issue 39: it was, with 40 of 40 linked).
    await waitFor(() => expect(screen.queryByTestId('board-roster')).toBeNull());
    expect(screen.queryByTestId('board-roster-take')).toBeNull();
    // The captain demoralised in the game: his figures are out of command on the board.
    await api.send({
      type: 'game/dispatch',
      system: 'bdc',
      event: { type: 'moraleTests', id: 'l3', naturals: [10, 10] },
    });
    await waitFor(() =>
      expect(document.querySelector('[data-testid="board-figure"][data-token="a"]')!.getAttribute('data-reason')).toBe(
        'leader-cannot-command',
      ),
    );
  });

  it('links and unlinks a single token from the token list', async () => {
    const api = fakeApi();
    await api.send({
      type: 'game/dispatch',
      system: 'hd-command',
      event: { type: 'rosterSet', side: 'A', fighters: [{ name: 'Franc-capitaine', cmd: 4 }] },
    });
    render(<App api={{ ...api, live: liveFor(api, [], []) }} />);
    const link = await screen.findByTestId('board-link-L');
    fireEvent.change(link, { target: { value: 'A1' } });
    await waitFor(() => expect(api.root().bindings['hd-command']!.links).toEqual({ L: 'A1' }));
    fireEvent.change(await screen.findByTestId('board-link-L'), { target: { value: '' } });
    await waitFor(() => expect(api.root().bindings['hd-command']!.links).toEqual({}));
  });

  it('proposes the Hell Dorado loss of a fighter removed from the map, and applies it in one click', async () => {
    const api = fakeApi();
    await api.send({
      type: 'game/dispatch',
      system: 'hd-command',
      event: {
        type: 'rosterSet',
        side: 'A',
        fighters: [
          { name: 'Franc-capitaine', cmd: 4 },
          { name: 'Sergent', cmd: 1 },
        ],
      },
    });
    await api.send({ type: 'game/dispatch', system: 'hd-command', event: { type: 'start' } });
    render(<App api={{ ...api, live: liveFor(api, [], [], { remove: 'b' }) }} />);
    const proposal = await screen.findByTestId('board-proposal');
    expect(proposal.textContent).toContain('Sergent was taken off the board: his loss (CMD 1)');
    fireEvent.click(within(proposal).getByTestId('board-proposal-apply'));
    await waitFor(() => expect(screen.queryByTestId('board-proposal')).toBeNull());
    const log = gameOf(api.root(), 'hd-command').log;
    expect(log.events[log.cursor - 1]).toEqual({ type: 'fighterLost', side: 'A', fighterId: 'A2', how: 'killed' });
  });

  it('says when the board is in data-only mode', async () => {
    const api = fakeApi();
    render(<App api={{ ...api, live: liveFor(api, [], [], { mode: 'data-only' }) }} />);
    expect((await screen.findByTestId('board-data-only')).textContent).toContain('not found: renderer');
  });

  it('shows nothing without a live board', async () => {
    render(<App api={fakeApi()} />);
    await screen.findByTestId('system-picker');
    expect(screen.queryByTestId('board')).toBeNull();
  });
});
