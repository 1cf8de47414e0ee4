// Setup fields are written when the player leaves them (change), not at each key (input): one
// history line per field typed.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../popup/App';
import type { SystemId } from '../../../src/rules/ids';
import { gameOf } from '../../../src/store/load';
import { fakeApi } from './fake-api';

afterEach(cleanup);

describe.each([
  ['hd-command', '#side-A-name'],
  ['cr', '#cr-A-name'],
] as const)('%s: a side name typed key by key', (system: SystemId, field) => {
  it('is one history line, written when the field is left', async () => {
    const api = fakeApi();
    render(<App api={api} />);
    fireEvent.change(await screen.findByTestId('system-picker'), { target: { value: system } });
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>(field);
      expect(found).not.toBeNull();
      return found!;
    });
    let typed = '';
    for (const key of 'Arnaud') {
      typed += key;
      fireEvent.input(input, { target: { value: typed } });
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(api.root().games[system]?.log.events ?? []).toEqual([]);
    fireEvent.change(input, { target: { value: typed } });
    await waitFor(() =>
      expect(gameOf(api.root(), system).log.events).toEqual([
        expect.objectContaining({ type: 'sideEdited', name: 'Arnaud' }),
      ]),
    );
  });
});
