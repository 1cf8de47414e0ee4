import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../popup/App';
import { gameOf } from '../../../src/store/load';
import { freshRoot } from '../../../src/store/root';
import { fakeApi } from './fake-api';

afterEach(cleanup);

async function openCr() {
  const api = fakeApi({ ...freshRoot(), activeSystem: 'cr' });
  render(<App api={api} />);
  await screen.findByText('Set up the armies');
  return api;
}

async function add(side: 'A' | 'B', kind: 'leader' | 'unit', name: string) {
  const input = document.getElementById(`cr-${side}-${kind}`) as HTMLInputElement;
  fireEvent.input(input, { target: { value: name } });
  fireEvent.click(screen.getByTestId(`cr-${side}-${kind}-add`));
  await waitFor(() => expect(within(screen.getByTestId(`cr-setup-${side}`)).getByText(name)).toBeTruthy());
}

async function army(side: 'A' | 'B', leaders: string[], units: string[]) {
  for (const l of leaders) await add(side, 'leader', l);
  for (const u of units) await add(side, 'unit', u);
}

/** Shows a roster, writes leaders against numbers ({4: 'AL3'}), and hides it again. */
async function roster(side: 'A' | 'B', slots: Record<number, string>) {
  fireEvent.click(screen.getByTestId(`hide-${side}`));
  for (const [n, id] of Object.entries(slots)) {
    const select = document.getElementById(`cr-${side}-slot-${n}`) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: id } });
    await waitFor(() => expect((document.getElementById(`cr-${side}-slot-${n}`) as HTMLSelectElement).value).toBe(id));
  }
  fireEvent.click(screen.getByTestId(`hide-${side}`));
}

async function typeDice(testId: string, dice: string) {
  fireEvent.input(document.getElementById(`${testId}-typed`)!, { target: { value: dice } });
  fireEvent.click(screen.getByTestId(`${testId}-use`));
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('the command-roll popup', () => {
  it('keeps each roster masked until its player shows it', async () => {
    await openCr();
    await army('A', ['Davout'], []);
    expect(within(screen.getByTestId('roster-A')).queryByRole('combobox')).toBeNull();
    expect(text('roster-A')).toContain('Roster hidden from the other player.');
    fireEvent.click(screen.getByTestId('hide-A'));
    expect(within(screen.getByTestId('roster-A')).getAllByRole('combobox')).toHaveLength(6);
  });

  it('plays R1: 4 vs 2, A plays 4 and 3, then B 2 and 1, where any unit that has not acted acts', async () => {
    const api = await openCr();
    await army('A', ['Davout', 'Ney', 'Murat'], ['1st Line']);
    await army('B', ['Kutuzov', 'Bagration'], ['Jägers', 'Cossacks']);
    await roster('A', { 4: 'AL3', 3: 'AL2' });
    await roster('B', { 2: 'BL2' });
    fireEvent.click(screen.getByTestId('cr-start'));
    await screen.findByTestId('cr-duel');
    await typeDice('cr-roll', '4 2');
    await waitFor(() => expect(text('cr-plan')).toBe('Numbers: A 4, 3 · B 2, 1. Slots used: A 2, B 2.'));
    expect(text('cr-slot-who')).toContain('Murat gives orders');
    // The numbers still to come are shown without who stands on them.
    expect(text('cr-queue')).not.toContain('Ney');
    fireEvent.click(screen.getByTestId('cr-done'));
    await waitFor(() => expect(text('cr-slot-who')).toContain('Ney'));
    fireEvent.click(screen.getByTestId('cr-done'));
    await waitFor(() => expect(text('cr-slot-who')).toContain('Bagration'));
    fireEvent.click(within(screen.getByTestId('cr-direct-units')).getByLabelText('Jägers'));
    fireEvent.click(screen.getByTestId('cr-direct-give'));
    await waitFor(() => expect(text('cr-slot-used')).toBe('Direct orders to: Jägers.'));
    fireEvent.click(screen.getByTestId('cr-done'));
    await waitFor(() => expect(text('cr-slot-who')).toContain('any unit that has not acted'));
    // The Jägers acted at number 2: only the Cossacks are offered.
    const pick = screen.getByLabelText('Unit that acts') as HTMLSelectElement;
    expect([...pick.options].map((o) => o.text)).toEqual(['Cossacks']);
    fireEvent.click(screen.getByTestId('cr-activate'));
    await waitFor(() => expect(text('cr-slot-used')).toBe('Acted: Cossacks.'));
    expect(screen.getByTestId('cr-next-turn').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('cr-done'));
    await screen.findByTestId('cr-turn-over');
    expect(text('cr-army-B')).toContain('B: 2 units of 2 have acted');
    expect(text('history')).toContain('Turn 1 · command roll 4–2: A 4, 3 · B 2, 1');
    fireEvent.click(screen.getByTestId('cr-next-turn'));
    await waitFor(() => expect(text('cr-turn')).toBe('Turn 2'));
    fireEvent.click(screen.getByTestId('undo'));
    await waitFor(() => expect(text('cr-turn')).toBe('Turn 1'));
    expect(gameOf(api.root(), 'cr').log.cursor).toBeGreaterThan(10);
  });

  it('plays R5: at number 5 the C-in-C moves Ney from 6 to 4, and Ney acts at 4', async () => {
    await openCr();
    await army('A', ['Davout', 'Ney'], ['1st Line']);
    await army('B', ['Kutuzov'], ['Jägers']);
    await roster('A', { 5: 'AL1', 6: 'AL2' });
    fireEvent.click(screen.getByTestId('cr-start'));
    await typeDice('cr-roll', '5 1');
    await waitFor(() => expect(text('cr-slot-who')).toContain('Davout, Commander-in-Chief'));
    fireEvent.click(screen.getByText('Rewrite the roster (instead of acting)'));
    fireEvent.click(screen.getByTestId('hide-rewrite-A'));
    // Choosing Ney at 4 moves him: his old number 6 becomes "unit".
    fireEvent.change(document.getElementById('cr-rewrite-slot-4')!, { target: { value: 'AL2' } });
    await waitFor(() => expect((document.getElementById('cr-rewrite-slot-6') as HTMLSelectElement).value).toBe('unit'));
    fireEvent.click(screen.getByTestId('cr-rewrite-apply'));
    await waitFor(() => expect(text('cr-slot-used')).toBe('Roster rewritten.'));
    fireEvent.click(screen.getByTestId('cr-done'));
    await waitFor(() => expect(text('cr-slot-who')).toContain('Ney gives orders'));
    expect(text('cr-slot')).toContain('Number 4 · A');
  });

  it('refuses orders from a disordered leader (R6) and rolls the signal radius (R8)', async () => {
    await openCr();
    await army('A', ['Davout', 'Murat'], ['1st Line', 'Cuirassiers']);
    await army('B', ['Kutuzov'], ['Jägers']);
    await roster('A', { 4: 'AL2' });
    fireEvent.click(screen.getByTestId('cr-start'));
    await typeDice('cr-roll', '4 1');
    await waitFor(() => expect(text('cr-slot-who')).toContain('Murat gives orders'));
    fireEvent.click(screen.getByTestId('cr-mode-signal'));
    await typeDice('cr-signal', '3');
    await waitFor(() => expect(text('cr-signal-radius')).toBe('Signal “Attack”: rolled 3, radius 3″.'));
    fireEvent.click(screen.getByTestId('cr-disordered-AL2'));
    await waitFor(() => expect(text('cr-slot-who')).toBe('Murat is disordered: he gives no orders.'));
    fireEvent.click(screen.getByTestId('cr-disordered-AL2'));
    await waitFor(() => expect(text('cr-slot-who')).toContain('Murat gives orders'));
    fireEvent.click(within(screen.getByTestId('cr-signal-units')).getByLabelText('Cuirassiers'));
    fireEvent.click(screen.getByTestId('cr-signal-obey'));
    await waitFor(() => expect(text('cr-slot-used')).toBe('The signal reached: Cuirassiers.'));
  });

  it('announces a tie with the weather step, and a refusal with its reason', async () => {
    await openCr();
    fireEvent.click(screen.getByTestId('cr-start'));
    await waitFor(() => expect(text('refusal')).toBe('A needs a Commander-in-Chief: add a leader and tick him.'));
    await army('A', ['Davout'], []);
    await army('B', ['Kutuzov'], []);
    fireEvent.click(screen.getByTestId('cr-start'));
    await typeDice('cr-roll', '3 3');
    await waitFor(() =>
      expect(text('cr-tie')).toBe('Tie: apply the weather rules, then both roll again (weather step 1 this turn).'),
    );
    await typeDice('cr-roll', '6 5');
    await waitFor(() => expect(text('cr-plan')).toBe('Numbers: A 6 · B 5, 4, 3, 2, 1. Slots used: A 1, B 5.'));
  });

  it('shows every house default as such', async () => {
    await openCr();
    const mixing = screen.getByLabelText('Direct and signal orders are not mixed in one turn') as HTMLSelectElement;
    expect(mixing.selectedOptions[0]!.text).toBe('for each leader (house default)');
    fireEvent.change(mixing, { target: { value: 'per-army' } });
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Direct and signal orders are not mixed in one turn') as HTMLSelectElement).value,
      ).toBe('per-army'),
    );
    expect(
      (screen.getByLabelText('Signal die (the number rolled is the radius)') as HTMLSelectElement).selectedOptions[0]!
        .text,
    ).toBe('d6 (house default)');
  });
});
