import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../popup/App';
import { gameOf } from '../../../src/store/load';
import { freshRoot } from '../../../src/store/root';
import { fakeApi } from './fake-api';

afterEach(cleanup);

async function addFighter(side: 'A' | 'B', name: string, cmd: number) {
  const setup = screen.getByTestId(`setup-${side}`);
  fireEvent.input(within(setup).getByPlaceholderText('Fighter name'), { target: { value: name } });
  fireEvent.input(setup.querySelector(`#side-${side}-new-cmd`)!, { target: { value: String(cmd) } });
  fireEvent.click(within(setup).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(within(setup).getByRole('cell', { name })).toBeTruthy());
}

/** current/base, as the tests have always read it (the popup shows base / current). */
const pool = (side: 'A' | 'B') =>
  `${screen.getByTestId(`current-${side}`).textContent}/${screen.getByTestId(`base-${side}`).textContent}`;

describe('the Hell Dorado Command popup', () => {
  it('sets up a company, starts, spends, refuses an over-spend with its reason, and undoes', async () => {
    const api = fakeApi();
    render(<App api={api} />);
    await screen.findByText('Set up the game');
    await addFighter('A', 'franc-capitaine', 4);
    await addFighter('A', 'sergent', 1);
    expect(screen.getByTestId('initial-A').textContent).toBe('Initial Command: 5');

    fireEvent.click(screen.getByTestId('start'));
    await waitFor(() => expect(pool('A')).toBe('5/5'));
    expect(screen.getByTestId('turn').textContent).toBe('Turn 1');

    const amount = screen.getByLabelText('Points', { selector: '#play-A-amount' });
    fireEvent.input(amount, { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('spend-temp-A'));
    await waitFor(() => expect(pool('A')).toBe('2/5'));
    // Spent: the field is back to its first value.
    await waitFor(() =>
      expect((screen.getByLabelText('Points', { selector: '#play-A-amount' }) as HTMLInputElement).value).toBe('1'),
    );

    // Three more than the two left: the button is greyed, and a click says why and changes nothing.
    fireEvent.input(amount, { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('spend-perm-A').className).toBe('greyed'));
    expect(screen.getByTestId('short-A').textContent).toBe('Not enough Command: 2 left.');
    fireEvent.click(screen.getByTestId('spend-perm-A'));
    await waitFor(() => expect(screen.getByTestId('refusal').textContent).toBe('Cannot spend 3: only 2 Command left.'));
    expect(pool('A')).toBe('2/5');

    expect(screen.getByTestId('history').textContent).toContain('Turn 1 · A · temporary spend 3 · base 5, current 2');
    fireEvent.click(screen.getByTestId('undo'));
    await waitFor(() => expect(pool('A')).toBe('5/5'));
    fireEvent.click(screen.getByTestId('redo'));
    await waitFor(() => expect(pool('A')).toBe('2/5'));
    expect(gameOf(api.root(), 'hd-command').log.cursor).toBe(4);
  });

  it('renders names typed by players as text, never as markup', async () => {
    const api = fakeApi();
    render(<App api={api} />);
    await screen.findByText('Set up the game');
    const hostile = '<img src=x onerror=alert(1)>';
    await addFighter('A', hostile, 2);
    fireEvent.click(screen.getByTestId('start'));
    await screen.findByTestId('pool-A');
    fireEvent.click(
      screen.getByText('Fighters, losses, entries and modifiers', { selector: '[data-testid="side-A"] summary' }),
    );
    fireEvent.click(screen.getByTestId('lose-A'));
    await waitFor(() => expect(screen.getByTestId('history').textContent).toContain(`${hostile} killed`));
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows what happened when the stored game could not be read, and lets the user dismiss it', async () => {
    const notice = {
      kind: 'store-reset' as const,
      reason: 'newer-schema' as const,
      detail: 'schema version 9',
      backupKey: 'commandPost.backup.2026',
      at: '2026',
    };
    const api = fakeApi({ ...freshRoot(), notices: [notice] });
    render(<App api={api} />);
    const banner = await screen.findByTestId('store-notice');
    expect(banner.textContent).toContain('It was saved by a newer version of Command Post.');
    expect(banner.textContent).toContain('commandPost.backup.2026');
    fireEvent.click(within(banner).getByRole('button', { name: 'Understood' }));
    await waitFor(() => expect(screen.queryByTestId('store-notice')).toBeNull());
    expect(api.root().notices).toEqual([]);
  });

  it('switches edition during setup and explains what differs', async () => {
    render(<App api={fakeApi()} />);
    await screen.findByText('Set up the game');
    fireEvent.click(screen.getByLabelText('COMMANDEMENT (rulebook)'));
    await waitFor(() =>
      expect(screen.getByTestId('edition-explanation').textContent).toContain("at the next turn's upkeep"),
    );
  });
});

describe('the pool, read as the rulebook writes it', () => {
  it('shows base / current, each number named, and says it in words', async () => {
    render(<App api={fakeApi()} />);
    const name = await screen.findByLabelText('Fighter name', { selector: '#side-A-new-name' });
    fireEvent.input(name, { target: { value: 'Capitaine' } });
    fireEvent.input(document.querySelector('#side-A-new-cmd')!, { target: { value: '4' } });
    fireEvent.submit(name.closest('form')!);
    await screen.findByRole('cell', { name: 'Capitaine' });
    fireEvent.click(screen.getByTestId('start'));
    await screen.findByTestId('pool-A');
    fireEvent.input(document.querySelector('#play-A-amount')!, { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('spend-temp-A'));
    await waitFor(() => expect(screen.getByTestId('current-A').textContent).toBe('1'));
    const figures = screen.getByTestId('pool-A').querySelector('.pool-figures')!;
    expect(figures.textContent).toBe('4base/1current');
    expect(figures.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('pool-words-A').textContent).toBe('Command: base 4, current 1.');
  });
});
