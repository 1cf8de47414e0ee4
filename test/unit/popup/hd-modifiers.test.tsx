import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../popup/App';
import { gameOf } from '../../../src/store/load';
import { fakeApi } from './fake-api';

afterEach(cleanup);

async function openPanel() {
  const api = fakeApi();
  render(<App api={api} />);
  fireEvent.change(await screen.findByTestId('system-picker'), { target: { value: 'hd-modifiers' } });
  await screen.findByText('Add the fighters whose characteristics you follow.', {}, { timeout: 5000 });
  return api;
}

async function addFighter(name: string, card: Record<string, number>) {
  fireEvent.input(screen.getByLabelText('Fighter name'), { target: { value: name } });
  for (const [c, v] of Object.entries(card))
    fireEvent.input(document.querySelector(`#hdm-new-${c}`)!, { target: { value: String(v) } });
  fireEvent.click(screen.getByTestId('hdm-add-fighter'));
}

const value = (fighter: string, c: string) => screen.getByTestId(`hdm-value-${fighter}-${c}`).textContent;

describe('the Hell Dorado modifiers popup', () => {
  it('plays D4 with one-click states: DEF 4 → Stunned 3 → Fanatic 4 → Stunned removed 5, with the breakdown and undo', async () => {
    const api = await openPanel();
    await addFighter('Guerrier', { DEF: 4 });
    await waitFor(() => expect(value('f1', 'DEF')).toBe('4'));

    const stunned = screen.getByTestId('hdm-state-f1-stunned');
    fireEvent.click(stunned);
    await waitFor(() => expect(value('f1', 'DEF')).toBe('3'));
    expect(stunned.getAttribute('aria-pressed')).toBe('true');
    const breakdown = () => screen.getByTestId('hdm-breakdown-f1-DEF').textContent;
    expect(breakdown()).toContain('card 4');
    expect(breakdown()).toContain('−1 Stunned');
    expect(breakdown()).toContain('bounds 1–5');

    fireEvent.click(screen.getByTestId('hdm-state-f1-fanatic'));
    await waitFor(() => expect(value('f1', 'DEF')).toBe('4'));
    expect(breakdown()).toMatch(/−1 Stunned.*→ 3.*\+1 Fanatic.*→ 4/);

    fireEvent.click(stunned);
    await waitFor(() => expect(value('f1', 'DEF')).toBe('5'));
    expect(screen.getByTestId('hdm-state-f1-stunned').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('history').textContent).toContain('Guerrier is no longer Stunned');

    fireEvent.click(screen.getByTestId('undo'));
    await waitFor(() => expect(value('f1', 'DEF')).toBe('4'));
    fireEvent.click(screen.getByTestId('redo'));
    await waitFor(() => expect(value('f1', 'DEF')).toBe('5'));
    expect(gameOf(api.root(), 'hd-modifiers').log.cursor).toBe(4);
    expect(api.root().activeSystem).toBe('hd-modifiers');
  });

  it('adds effects of each kind, shows their sources, refuses a bad one with its reason, and removes one', async () => {
    const api = await openPanel();
    await addFighter('Lancier', { DEF: 4 });
    await screen.findByTestId('hdm-value-f1-DEF');
    const form = screen.getByTestId('hdm-effect-form');
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'increase' } });
    fireEvent.input(within(form).getByLabelText('Ceiling (optional)'), { target: { value: '5' } });
    fireEvent.input(within(form).getByLabelText('Source (ability, order…)'), { target: { value: 'Célérité' } });
    fireEvent.click(screen.getByTestId('hdm-add-effect'));
    await waitFor(() => expect(value('f1', 'DEF')).toBe('5'));
    // One click on a recent effect applies it again.
    expect(screen.getByTestId('hdm-recent-0').textContent).toBe('DEF +1 ⌈5⌉ Célérité');
    fireEvent.click(screen.getByTestId('hdm-recent-0'));
    await waitFor(() =>
      expect(screen.getByTestId('hdm-breakdown-f1-DEF').textContent).toMatch(
        /\+1 Célérité.*\+1 Célérité.*ceiling 5.*→ 5/,
      ),
    );

    // Refused where it is typed, in the field's own words; nothing is sent.
    const events = gameOf(api.root(), 'hd-modifiers').log.events.length;
    fireEvent.input(within(form).getByLabelText('Amount (+/−)'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('hdm-add-effect'));
    await waitFor(() =>
      expect(within(form).getByTestId('field-error').textContent).toBe(
        'Amount (+/−) must be a whole number from −20 to 20, not 0; you typed “0”.',
      ),
    );
    expect(gameOf(api.root(), 'hd-modifiers').log.events.length).toBe(events);
    // Fixed, the message goes.
    fireEvent.input(within(form).getByLabelText('Amount (+/−)'), { target: { value: '1' } });
    expect(within(form).queryByTestId('field-error')).toBeNull();

    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'direct' } });
    fireEvent.input(within(form).getByLabelText('Value'), { target: { value: '6' } });
    fireEvent.input(within(form).getByLabelText('Source (ability, order…)'), { target: { value: 'Bouclier' } });
    fireEvent.click(screen.getByTestId('hdm-add-effect'));
    await waitFor(() => expect(value('f1', 'DEF')).toBe('6'));
    expect(screen.getByTestId('hdm-breakdown-f1-DEF').textContent).toContain('= 6 Bouclier (pass of arms)');

    fireEvent.click(screen.getByTestId('hdm-end-pass'));
    await waitFor(() => expect(value('f1', 'DEF')).toBe('5'));
    fireEvent.click(screen.getByTestId('hdm-remove-e1'));
    fireEvent.click(await screen.findByTestId('hdm-remove-e2'));
    await waitFor(() => expect(value('f1', 'DEF')).toBe('4'));
  });

  it('shows the house defaults as changeable settings', async () => {
    await openPanel();
    fireEvent.click(screen.getByText('Settings (house defaults where the text is silent)'));
    const select = screen.getByLabelText('A state applied twice') as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe('counts once (house default)');
    expect((screen.getByLabelText('Wounded, DPT') as HTMLInputElement).value).toBe('−1');
  });

  it("writes the states' effects with a real minus sign, reads one typed either way, and keeps a refused value off", async () => {
    const api = await openPanel();
    fireEvent.click(screen.getByText('Settings (house defaults where the text is silent)'));
    const cell = screen.getByLabelText('Stunned, DEF') as HTMLInputElement;
    expect(cell.value).toBe('−1');
    expect(cell.type).toBe('text');
    const last = () => gameOf(api.root(), 'hd-modifiers').log.events.at(-1);
    fireEvent.change(cell, { target: { value: '-2' } });
    await waitFor(() => expect(last()).toEqual({ type: 'configure', states: { stunned: { DEF: -2 } } }));
    await waitFor(() => expect((screen.getByLabelText('Stunned, DEF') as HTMLInputElement).value).toBe('−2'));
    fireEvent.change(screen.getByLabelText('Fanatic, DEF'), { target: { value: '+2' } });
    await waitFor(() => expect(last()).toEqual({ type: 'configure', states: { fanatic: { DEF: 2 } } }));
    // A value out of range is refused where it was typed, in the player's words, and nothing is recorded;
    // a word is not a number either. Typed again right, the message goes.
    const before = gameOf(api.root(), 'hd-modifiers').log.events.length;
    fireEvent.change(screen.getByLabelText('Fanatic, DEF'), { target: { value: '−30' } });
    await waitFor(() =>
      expect(screen.getByTestId('field-error').textContent).toBe(
        'Fanatic, DEF must be a whole number from −20 to 20; you typed “−30”.',
      ),
    );
    fireEvent.change(screen.getByLabelText('Fanatic, DEF'), { target: { value: 'x' } });
    await waitFor(() =>
      expect(screen.getByTestId('field-error').textContent).toBe(
        'Fanatic, DEF must be a whole number from −20 to 20; you typed “x”.',
      ),
    );
    expect(gameOf(api.root(), 'hd-modifiers').log.events.length).toBe(before);
    fireEvent.change(screen.getByLabelText('Fanatic, DEF'), { target: { value: '+2' } });
    await waitFor(() => expect(screen.queryByTestId('field-error')).toBeNull());
    expect((screen.getByLabelText('Fanatic, DEF') as HTMLInputElement).value).toBe('+2');
    // Re-typed the same value with a hyphen: nothing to record.
    const events = gameOf(api.root(), 'hd-modifiers').log.events.length;
    fireEvent.change(screen.getByLabelText('Stunned, DEF'), { target: { value: '-2' } });
    expect(gameOf(api.root(), 'hd-modifiers').log.events.length).toBe(events);
    await waitFor(() => expect((screen.getByLabelText('Stunned, DEF') as HTMLInputElement).value).toBe('−2'));
  });

  it('opens "Kind" on an increase, then on the kind this game enters most', async () => {
    const api = await openPanel();
    await addFighter('Lancier', { DEF: 4, MOU: 4 });
    const kind = () =>
      (within(screen.getByTestId('hdm-effect-form')).getByLabelText('Kind') as HTMLSelectElement).value;
    await waitFor(() => expect(kind()).toBe('increase'));
    const form = screen.getByTestId('hdm-effect-form');
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'bonus' } });
    for (const source of ['Malédiction', 'Bénédiction']) {
      fireEvent.input(within(form).getByLabelText('Source (ability, order…)'), { target: { value: source } });
      fireEvent.click(screen.getByTestId('hdm-add-effect'));
      await screen.findAllByText(new RegExp(source));
    }
    cleanup();
    // Reopened: the form follows the game's habit, not the built-in default.
    render(<App api={api} />);
    await screen.findByTestId('hdm-effect-form');
    expect(kind()).toBe('bonus');
  });

  it('renders a hostile fighter name as text, never as markup', async () => {
    await openPanel();
    const hostile = '<img src=x onerror=alert(1)><b>bold</b>';
    await addFighter(hostile, { CBT: 3 });
    await waitFor(() => expect(screen.getByTestId('hdm-fighter-f1').textContent).toContain(hostile));
    expect(screen.getByTestId('history').textContent).toContain(`${hostile} joins`);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('.popup b')).toBeNull();
  });
});
