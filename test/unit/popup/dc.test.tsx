import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../popup/App';
import { gameOf } from '../../../src/store/load';
import { freshRoot } from '../../../src/store/root';
import { fakeApi } from './fake-api';

afterEach(cleanup);

async function openDc(seed = 1) {
  const api = fakeApi(freshRoot(), seed);
  render(<App api={api} />);
  fireEvent.change(await screen.findByTestId('system-picker'), { target: { value: 'dc' } });
  await screen.findByTestId('dc-add', {}, { timeout: 5000 });
  return api;
}

const input = (testId: string, value: string) => fireEvent.input(screen.getByTestId(testId), { target: { value } });

async function add(kind: 'leader' | 'unit', side: 'colonial' | 'native', name: string, extra: string) {
  fireEvent.change(screen.getByTestId('dc-add-kind'), { target: { value: kind } });
  fireEvent.change(screen.getByTestId('dc-add-side'), { target: { value: side } });
  input('dc-add-name', name);
  input(kind === 'leader' ? 'dc-add-profile' : 'dc-add-losses', extra);
  fireEvent.click(screen.getByTestId('dc-add-submit'));
  await waitFor(() => expect((screen.getByTestId('dc-add-name') as HTMLInputElement).value).toBe(''));
}

const refusal = () => screen.getByTestId('refusal').textContent;

describe('the Désastre Colonial popup', () => {
  it('refuses a bad leader profile with a clear reason and adds nothing', async () => {
    const api = await openDc();
    input('dc-add-name', 'Nobody');
    input('dc-add-profile', '6D8/3');
    fireEvent.click(screen.getByTestId('dc-add-submit'));
    await waitFor(() => expect(refusal()).toBe('A leader has 2 to 5 dice, not 6.'));
    input('dc-add-profile', '4D8/0');
    fireEvent.click(screen.getByTestId('dc-add-submit'));
    await waitFor(() => expect(refusal()).toBe('A command radius is 1 to 5 hexes, not 0.'));
    expect(gameOf(api.root(), 'dc').log.events).toHaveLength(0);
  });

  it('without positions: the player vouches for range and adjacency; seeded dice, reroll, assignment, morale and Drama', async () => {
    await openDc(1);
    await add('leader', 'colonial', 'Capitaine', '2D6/2');
    await add('unit', 'colonial', 'Zouaves', '0');
    await add('unit', 'colonial', 'Spahis', '3');
    await add('leader', 'native', 'Chef', '3D6/2');
    fireEvent.click(screen.getByTestId('dc-start'));
    fireEvent.click(await screen.findByTestId('dc-gain-colonial'));
    expect((await screen.findByTestId('dc-dice-left-L1')).textContent).toBe('dice: 2');
    expect(screen.queryByTestId('dc-leader-pick-L4')).toBeNull();
    fireEvent.click(screen.getByTestId('dc-leader-pick-L1'));

    // The fragile unit shows its 6+ threshold; picking both needs the player's word.
    const pick = (id: string) => within(screen.getByTestId(`dc-pick-${id}`)).getByRole('checkbox');
    expect(screen.getByTestId('dc-pick-U3').textContent).toContain('6+');
    fireEvent.click(pick('U2'));
    fireEvent.click(pick('U3'));
    fireEvent.click(screen.getByTestId('dc-command'));
    await waitFor(() => expect(refusal()).toContain('Positions unknown: confirm'));
    fireEvent.click(screen.getByTestId('dc-word-range'));
    fireEvent.click(screen.getByTestId('dc-word-adjacent'));
    fireEvent.click(screen.getByTestId('dc-command'));

    // Roll with the seeded dice of the fake API (seed 1: 4, 1): exactly 2 dice (2 units, 2 dice available).
    fireEvent.click(await screen.findByTestId('dc-dice-roll'));
    await waitFor(() => expect(screen.getByTestId('dc-rolled').textContent).toBe('Dice: 41'));
    expect(screen.getByTestId('dc-ones').textContent).toContain('Colonial 1s: 1');
    // The reroll is offered (adjacent by the player's word), never on the 1.
    expect(
      within(screen.getByTestId('dc-reroll-index'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['die 1: 4']);
    const typed = document.getElementById('dc-reroll-dice-typed')!;
    fireEvent.input(typed, { target: { value: '1' } });
    fireEvent.submit(typed.closest('form')!);
    await screen.findByText('The reroll has been used.');
    expect(screen.getByTestId('dc-ones').textContent).toContain('Colonial 1s: 2');
    fireEvent.click(screen.getByTestId('dc-resolve'));
    await waitFor(() =>
      expect(screen.getByTestId('dc-initiative').textContent).toBe('Native holds the initiative · kept 0×'),
    );
    expect(screen.getByTestId('dc-morale').textContent).toContain('Spahis: fragile, commanded but not activated');
    expect(screen.getByTestId('dc-drama').textContent).toContain('Drama card of value 2 or lower');
    expect(screen.getByTestId('history').textContent).toContain(
      'Turn 1 · Colonial · activated: —; not activated: Zouaves, Spahis; the initiative passes',
    );

    fireEvent.click(screen.getByTestId('dc-morale-U3'));
    await waitFor(() => expect(screen.queryByTestId('dc-morale')).toBeNull());
    fireEvent.click(screen.getByTestId('undo'));
    await screen.findByTestId('dc-morale');
  });

  it('greys a unit out of range with its reason; with positions known no word is asked', async () => {
    await openDc();
    input('dc-add-q', '0');
    input('dc-add-r', '0');
    await add('leader', 'colonial', 'Desharbes', '4D8/3');
    input('dc-add-q', '4');
    input('dc-add-r', '0');
    await add('unit', 'colonial', 'Far', '0');
    input('dc-add-q', '1');
    input('dc-add-r', '0');
    await add('unit', 'colonial', 'Near', '0');
    fireEvent.click(screen.getByTestId('dc-start'));
    fireEvent.click(await screen.findByTestId('dc-gain-colonial'));
    fireEvent.click(await screen.findByTestId('dc-leader-pick-L1'));
    const far = await screen.findByTestId('dc-pick-U2');
    expect((within(far).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(far.textContent).toContain('Far is 4 hexes away; the radius is 3.');
    expect(screen.getByTestId('dc-pick-U3').textContent).toContain('1 hex');
    expect(screen.queryByTestId('dc-word')).toBeNull();
  });

  it('the path reading is a house rule: the greyed unit says which reading refused it', async () => {
    const api = await openDc();
    const place = async (
      kind: 'leader' | 'unit',
      side: 'colonial' | 'native',
      name: string,
      extra: string,
      q: number,
      r: number,
    ) => {
      input('dc-add-q', String(q));
      input('dc-add-r', String(r));
      await add(kind, side, name, extra);
    };
    await place('leader', 'colonial', 'Desharbes', '4D8/3', 0, 0);
    await place('unit', 'colonial', 'Zouaves', '0', 2, 0);
    await place('unit', 'colonial', 'Spahis', '0', -3, 0);
    await place('unit', 'native', 'Warriors', '0', 1, 0);
    await place('unit', 'native', 'Tirailleurs', '0', -2, 0);
    const reading = screen.getByTestId('dc-rule-path') as HTMLSelectElement;
    expect(reading.selectedOptions[0]!.textContent).toBe('the straight hex line (house default)');
    fireEvent.click(screen.getByTestId('dc-start'));
    fireEvent.click(await screen.findByTestId('dc-gain-colonial'));
    fireEvent.click(await screen.findByTestId('dc-leader-pick-L1'));
    const row = (id: string) => screen.getByTestId(`dc-pick-${id}`);
    const disabled = (id: string) => (within(row(id)).getByRole('checkbox') as HTMLInputElement).disabled;
    await waitFor(() =>
      expect(row('U2').textContent).toContain('The straight line to Zouaves crosses Warriors, an enemy unit.'),
    );
    expect(disabled('U2')).toBe(true);
    expect(row('U3').textContent).toContain('The straight line to Spahis crosses Tirailleurs, an enemy unit.');

    fireEvent.change(reading, { target: { value: 'around-enemies' } });
    await waitFor(() => expect(disabled('U2')).toBe(false));
    expect(row('U3').textContent).toContain('No path of at most 3 hexes around enemy units reaches Spahis.');
    expect(disabled('U3')).toBe(true);
    expect((screen.getByTestId('dc-rule-path') as HTMLSelectElement).value).toBe('around-enemies');
    expect(gameOf(api.root(), 'dc').log.events.at(-1)).toEqual({
      type: 'configure',
      houseRules: { path: 'around-enemies' },
    });
    expect(screen.getByTestId('history').textContent).toContain(
      'path to a unit: any path of at most R hexes around enemy units',
    );
    fireEvent.click(within(row('U2')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('dc-command'));
    await screen.findByTestId('dc-dice-roll');
  });

  it('edits the house-default thresholds and shows names as text', async () => {
    const api = await openDc();
    const hostile = '<img src=x onerror=alert(1)>';
    await add('unit', 'colonial', hostile, '0');
    expect(screen.getByTestId('dc-unit-U1').textContent).toContain(hostile);
    expect(document.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByText('House rules (where the text is silent)'));
    fireEvent.change(screen.getByTestId('dc-rule-threshold'), { target: { value: '3' } });
    await waitFor(() => expect((screen.getByTestId('dc-rule-threshold') as HTMLInputElement).value).toBe('3'));
    expect(screen.getByText('Activation threshold: a die of at least (house default 4+)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('dc-rule-fragileThreshold'), { target: { value: '11' } });
    await waitFor(() =>
      expect(screen.getByTestId('field-error').textContent).toBe(
        "Fragile unit's threshold must be a whole number from 1 to 10; you typed “11”.",
      ),
    );
    expect(gameOf(api.root(), 'dc').log.events.filter((e) => e.type === 'configure')).toHaveLength(1);
  });
});

describe('moving pieces', () => {
  it('starts from the current hex, moves the piece, and clears a position', async () => {
    const api = await openDc();
    input('dc-add-q', '2');
    input('dc-add-r', '-1');
    await add('unit', 'colonial', 'Zouaves', '0');
    await add('unit', 'colonial', 'Spahis', '0');
    fireEvent.change(screen.getByTestId('dc-place-piece'), { target: { value: 'U1' } });
    expect((screen.getByTestId('dc-place-q') as HTMLInputElement).value).toBe('2');
    expect((screen.getByTestId('dc-place-r') as HTMLInputElement).value).toBe('-1');
    input('dc-place-q', '3');
    fireEvent.click(screen.getByTestId('dc-place-submit'));
    await waitFor(() => expect(screen.getByTestId('dc-unit-U1').textContent).toContain('(3, -1)'));
    input('dc-place-q', '');
    input('dc-place-r', '');
    fireEvent.click(screen.getByTestId('dc-place-submit'));
    await waitFor(() => expect(screen.getByTestId('dc-unit-U1').textContent).not.toContain('('));
    expect(gameOf(api.root(), 'dc').log.events.filter((e) => e.type === 'placed')).toHaveLength(2);
  });
});
