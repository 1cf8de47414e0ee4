import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveApi } from '../../../popup/api';
import { App } from '../../../popup/App';
import { computeLive, liveTableOf, LiveModel } from '../../../src/adapters/roll20/live';
import type { RawToken } from '../../../src/adapters/roll20/protocol';
import { DEFAULT_ROLL20_SETTINGS, type Roll20Settings } from '../../../src/adapters/roll20/settings';
import type { LiveTable } from '../../../src/adapters/roll20/summary';
import type { TableRequest } from '../../../src/messages';
import { gameOf } from '../../../src/store/load';
import { fakeApi } from './fake-api';

afterEach(cleanup);
const chats: string[] = [];

const HOSTILE = '<img src=x onerror=alert(1)>';
const tok = (id: string, name: string, left: number, markers: string): RawToken => ({
  id, name, left, top: 35, width: 70, height: 70, layer: 'objects', controlledby: 'pA', tint: 'transparent', markers,
});

function table(settings: Roll20Settings, removeFighter = false): LiveTable {
  const m = new LiveModel();
  m.apply({
    type: 'snapshot',
    page: { id: 'p', name: 'Battlefield', snapping_increment: 1, scale_number: 2.5, scale_units: 'cm', grid_type: 'square', diagonaltype: 'foure' },
    tokens: [tok('L', 'Franc-capitaine', 35, 'flying-flag@1'), tok('a', HOSTILE, 35 + 140, 'red@1'), tok('b', 'Sergent', 35 + 1400, 'red@1')],
    players: [{ id: 'pA', name: 'Alice' }],
    engine: 'jumpgate', mode: 'full', missing: [],
  }, settings);
  if (removeFighter) m.apply({ type: 'delta', pageId: 'p', changed: [], removed: ['b'] }, settings);
  return liveTableOf(m, computeLive(m, settings), settings, 0);
}

function liveApi(t: LiveTable, sent: TableRequest[]): LiveApi {
  return {
    subscribe(on) {
      queueMicrotask(() => on(t, DEFAULT_ROLL20_SETTINGS));
      return () => {};
    },
    async send(r) {
      sent.push(r);
      return { ok: true };
    },
    async chat(text) {
      chats.push(text);
      return true;
    },
  };
}

describe('the live Roll20 table in the popup', () => {
  it('shows sides, units, who is in command and why; names typed on Roll20 stay text', async () => {
    const sent: TableRequest[] = [];
    render(<App api={{ ...fakeApi(), live: liveApi(table(DEFAULT_ROLL20_SETTINGS), sent) }} />);
    const section = await screen.findByTestId('r20-live');
    expect(within(section).getByText('Live table (Roll20)')).toBeTruthy();
    expect(within(section).getByRole('heading', { name: 'Alice' })).toBeTruthy();
    const rows = within(section).getAllByTestId('r20-figure').map((li) => li.textContent);
    expect(rows).toEqual([
      'Franc-capitaine — leader',
      `${HOSTILE} — in command through Franc-capitaine`,
      'Sergent — out of command (too far from <img src=x onerror=alert(1)> (32.5 cm over))',
    ]);
    expect(section.querySelector('img')).toBeNull();
    fireEvent.click(within(section).getByTestId('r20-chat'));
    expect(chats.at(-1)).toBe('Command Post — Battlefield: Franc-capitaine 1/2 in command (out: Sergent)');
    // A setting change goes to the worker as a whole, validated settings object.
    fireEvent.change(within(section).getByTestId('r20-side-from'), { target: { value: 'tint' } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ type: 'table/settings', settings: { ...DEFAULT_ROLL20_SETTINGS, sideFrom: 'tint' } });
  });

  it('proposes the Hell Dorado loss of a fighter removed from the map, and applies it in one click', async () => {
    const api = fakeApi();
    await api.send({ type: 'game/dispatch', system: 'hd-command', event: { type: 'rosterSet', side: 'A', fighters: [{ name: 'Franc-capitaine', cmd: 4 }, { name: 'Sergent', cmd: 1 }] } });
    await api.send({ type: 'game/dispatch', system: 'hd-command', event: { type: 'start' } });
    render(<App api={{ ...api, live: liveApi(table(DEFAULT_ROLL20_SETTINGS, true), []) }} />);
    const button = await screen.findByTestId('r20-apply-loss');
    expect(button.textContent).toBe('Apply loss of Sergent (CMD 1)');
    expect(screen.getByTestId('r20-loss').textContent).toContain('Sergent was removed from the board.');
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByTestId('r20-apply-loss')).toBeNull());
    const log = gameOf(api.root(), 'hd-command').log;
    expect(log.events[log.cursor - 1]).toEqual({ type: 'fighterLost', side: 'A', fighterId: 'A2', how: 'killed' });
  });

  it('says when the board is in data-only mode', async () => {
    const t = { ...table(DEFAULT_ROLL20_SETTINGS), mode: 'data-only' as const, missing: ['renderer'] };
    render(<App api={{ ...fakeApi(), live: liveApi(t, []) }} />);
    expect((await screen.findByTestId('r20-data-only')).textContent).toContain('not found: renderer');
  });

  it('shows nothing without a live table', async () => {
    render(<App api={fakeApi()} />);
    await screen.findByTestId('system-picker');
    expect(screen.queryByTestId('r20-live')).toBeNull();
  });
});
