// The popup and the demo table: "Try it on the demo table" when the tab shows no tabletop, and the
// demo table's board in the live section like any tabletop's.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveApi } from '../../../popup/api';
import { App } from '../../../popup/App';
import { exampleBoard } from '../../../src/adapters/demo/example';
import { statusOf, tableOf } from '../../../src/adapters/demo/model';
import { DEFAULT_ROLL20_SETTINGS } from '../../../src/adapters/roll20/settings';
import { BoardRunner } from '../../../src/board/run';
import { summaryOf, type BoardSummary } from '../../../src/board/summary';
import { BOARDS } from '../../../src/rules/boards';
import type { SystemId } from '../../../src/rules/ids';
import { boardInputOf } from '../../../src/store/board';
import { english, fakeApi } from './fake-api';
import { exampleRoot } from '../../support/demo';

afterEach(cleanup);

/** What the demo page reports for its example scene of `system`. */
function demoSummary(system: SystemId): BoardSummary {
  const board = exampleBoard(system);
  const run = new BoardRunner().run(BOARDS[system], tableOf(board), boardInputOf(exampleRoot(system)));
  return summaryOf(
    statusOf(board, [], (key) => english[key]?.message ?? key),
    tableOf(board),
    run,
    system,
  );
}

const liveOf = (summary: BoardSummary | null): LiveApi => ({
  subscribe(on) {
    queueMicrotask(() => on(summary, DEFAULT_ROLL20_SETTINGS));
    return () => undefined;
  },
  send: async () => ({ ok: true }),
  chat: async () => null,
  auras: async () => false,
  diagnostics: async () => null,
});

describe('the demo table from the popup', () => {
  it('offers the demo table on the system on screen when the tab shows no tabletop', async () => {
    const opened: SystemId[] = [];
    const api = fakeApi();
    await api.send({ type: 'store/select-system', system: 'dc' });
    render(<App api={{ ...api, live: liveOf(null), openDemo: (s) => opened.push(s) }} />);
    fireEvent.click(await screen.findByTestId('open-demo'));
    expect(opened).toEqual(['dc']);
    expect(screen.getByTestId('open-demo').textContent).toBe('Try it on the demo table');
  });

  it("shows the demo table's board in the live section, as any tabletop's, and no offer", async () => {
    const api = fakeApi(exampleRoot('bdc'));
    render(<App api={{ ...api, live: liveOf(demoSummary('bdc')), openDemo: () => undefined }} />);
    await screen.findByText('Demo table', undefined, { timeout: 10_000 });
    await waitFor(() => expect(screen.getAllByTestId('board-figure').length).toBe(9));
    const c = screen.getAllByTestId('board-figure').find((li) => li.dataset.token === 'C')!;
    expect(c.dataset.status).toBe('out');
    expect(c.textContent).toContain('Fusilier A');
    expect(screen.getByTestId('board-page').textContent).toContain('1 cell = 2.5 cm');
    expect(screen.getByTestId('board-page').textContent).toContain('demo board');
    expect(screen.queryByTestId('open-demo')).toBeNull();
  });
});
