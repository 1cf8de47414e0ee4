import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../popup/App';
import { gameOf } from '../../../src/store/load';
import { fakeApi } from './fake-api';

afterEach(cleanup);

async function openBdc(seed = 1) {
  const api = fakeApi(undefined, seed);
  render(<App api={api} />);
  fireEvent.change(await screen.findByTestId('system-picker'), { target: { value: 'bdc' } });
  await screen.findByText('Units and leaders');
  return api;
}

async function add(kind: 'unit' | 'leader', name: string, fields: Record<string, string> = {}) {
  fireEvent.change(document.querySelector('#bdc-kind')!, { target: { value: kind } });
  fireEvent.input(document.querySelector('#bdc-name')!, { target: { value: name } });
  for (const [sel, value] of Object.entries(fields))
    fireEvent.input(document.querySelector(sel)!, { target: { value } });
  fireEvent.click(screen.getByTestId('bdc-add-submit'));
  await waitFor(() => expect(screen.getByText(name, { selector: '.fighter-name' })).toBeTruthy());
}

const badge = (id: string) => screen.getByTestId(`badge-${id}`).textContent;

async function typeDice(testId: string, dice: string) {
  fireEvent.input(document.querySelector(`#${testId}-typed`)!, { target: { value: dice } });
  fireEvent.click(screen.getByTestId(`${testId}-use`));
}

describe('the bdc popup panel', () => {
  it('B3: Confiant, 3 hits entered as 7 6 2 → Demoralised, factor 4; undo and redo', async () => {
    const api = await openBdc();
    await add('unit', 'Groupe 1');
    expect(badge('u1')).toBe('Normal · 6');
    fireEvent.input(document.querySelector('#u1-hits')!, { target: { value: '3' } });
    await screen.findByText('🎲 Roll 3 morale tests');
    await typeDice('morale-u1', '7 6 2');
    await waitFor(() => expect(badge('u1')).toBe('Demoralised · 4'));
    expect(screen.getByTestId('bdc-last').textContent).toBe(
      'Groupe 1 · 7 (total 7) vs 6: failure; 6 (total 6) vs 5: failure; 2 (total 2) vs 4: success · Normal → Demoralised',
    );
    fireEvent.click(screen.getByTestId('undo'));
    await waitFor(() => expect(badge('u1')).toBe('Normal · 6'));
    fireEvent.click(screen.getByTestId('redo'));
    await waitFor(() => expect(badge('u1')).toBe('Demoralised · 4'));
    expect(gameOf(api.root(), 'bdc').log.events[1]).toEqual({ type: 'moraleTests', id: 'u1', naturals: [7, 6, 2] });
  });

  it('rolls morale tests with the injected dice, and the results travel in the event', async () => {
    const api = await openBdc(7);
    await add('unit', 'Groupe 1');
    fireEvent.click(screen.getByTestId('morale-u1-roll'));
    await waitFor(() => expect(gameOf(api.root(), 'bdc').log.events).toHaveLength(2));
    const event = gameOf(api.root(), 'bdc').log.events[1] as { readonly naturals: readonly number[] };
    expect(event.naturals).toHaveLength(1);
    expect(event.naturals[0]).toBeGreaterThanOrEqual(1);
  });

  it('B7: routed, rally paid by a leader with 3 PA → Normal; undo, 1 PA → Demoralised; his PA counter goes down', async () => {
    const api = await openBdc();
    await add('unit', 'Groupe 1');
    await add('leader', 'Lt Morel', { '#bdc-new-pa': '5' });
    fireEvent.input(document.querySelector('#u1-hits')!, { target: { value: '3' } });
    await screen.findByText('🎲 Roll 3 morale tests');
    await typeDice('morale-u1', '9 9 0');
    await waitFor(() => expect(badge('u1')).toBe('Routed · 3'));
    fireEvent.click(screen.getByTestId('activate-l2'));
    await waitFor(() => expect(screen.getByTestId('pa-l2').textContent).toBe('AP 5'));
    fireEvent.change(document.querySelector('#u1-rally-payer')!, { target: { value: 'l2' } });
    expect(screen.getByTestId('rally-preview-u1').textContent).toBe('Cost 3 AP → Normal');
    fireEvent.click(screen.getByTestId('rally-u1'));
    await waitFor(() => expect(badge('u1')).toBe('Normal · 6'));
    expect(screen.getByTestId('pa-l2').textContent).toBe('AP 2');
    fireEvent.click(screen.getByTestId('undo'));
    await waitFor(() => expect(badge('u1')).toBe('Routed · 3'));
    fireEvent.change(document.querySelector('#u1-rally-payer')!, { target: { value: 'l2' } });
    fireEvent.change(document.querySelector('#u1-rally-pa')!, { target: { value: '1' } });
    expect(screen.getByTestId('rally-preview-u1').textContent).toBe('Cost 1 AP → Demoralised');
    fireEvent.click(screen.getByTestId('rally-u1'));
    await waitFor(() => expect(badge('u1')).toBe('Demoralised · 4'));
    expect(screen.getByTestId('pa-l2').textContent).toBe('AP 4');
    expect(screen.getByTestId('history').textContent).toContain(
      'Groupe 1 · rallied with 1 AP paid by Lt Morel · Demoralised',
    );
    // A leader's aptitude is edited in his card.
    fireEvent.change(document.querySelector('#l2-apt-mod')!, { target: { value: '-2' } });
    await waitFor(() =>
      expect(gameOf(api.root(), 'bdc').log.events.at(-1)).toEqual({
        type: 'leaderEdited',
        id: 'l2',
        leader: { aptitude: { kind: '', modifier: -2 } },
      }),
    );
  });

  it('a rally the unit cannot pay is refused with its reason and changes nothing', async () => {
    await openBdc();
    await add('unit', 'Groupe 1');
    await typeDice('morale-u1', '9');
    await waitFor(() => expect(badge('u1')).toBe('Pinned · 5'));
    fireEvent.click(screen.getByTestId('rally-u1'));
    await waitFor(() =>
      expect(screen.getByTestId('refusal').textContent).toBe('Groupe 1 has no AP: draw its activation card first.'),
    );
    expect(badge('u1')).toBe('Pinned · 5');
  });

  it('PA counters per team for a flexible unit, from the experience table', async () => {
    await openBdc();
    await add('unit', 'Section');
    fireEvent.change(document.querySelector('#u1-doctrine')!, { target: { value: 'flexible' } });
    await waitFor(() => expect(document.querySelector('#u1-teams')).toBeTruthy());
    fireEvent.click(screen.getByTestId('activate-u1-1'));
    await waitFor(() => expect(screen.getByTestId('pa-u1').textContent).toBe('AP 2+2'));
    fireEvent.click(screen.getByTestId('spend-u1-1'));
    await waitFor(() => expect(screen.getByTestId('pa-u1').textContent).toBe('AP 2+1'));
  });

  it('a card is drawn once per turn: drawn again it is refused with its reason; the end of turn brings it back', async () => {
    const api = await openBdc();
    await add('unit', 'Groupe 1');
    fireEvent.click(screen.getByTestId('activate-u1-1'));
    await waitFor(() => expect(screen.getByTestId('pa-u1').textContent).toBe('AP 2'));
    fireEvent.click(screen.getByTestId('spend-u1-0'));
    await waitFor(() => expect(screen.getByTestId('pa-u1').textContent).toBe('AP 1'));
    const card1 = screen.getByTestId('activate-u1-1');
    expect(card1.className).toBe('greyed');
    expect(card1.textContent).toBe('Card 1: 2 AP · drawn');
    fireEvent.click(card1);
    await waitFor(() =>
      expect(screen.getByTestId('refusal').textContent).toBe(
        'Groupe 1 has already drawn card 1 this turn: each card is drawn once per turn and comes back when the turn ends.',
      ),
    );
    expect(screen.getByTestId('pa-u1').textContent).toBe('AP 1');
    expect(gameOf(api.root(), 'bdc').log.events).toHaveLength(3);
    fireEvent.click(screen.getByTestId('bdc-end-turn'));
    await waitFor(() => expect(screen.getByTestId('activate-u1-1').className).toBe(''));
    fireEvent.click(screen.getByTestId('activate-u1-1'));
    await waitFor(() => expect(screen.getByTestId('pa-u1').textContent).toBe('AP 2'));
  });

  it('a flexible unit rallies itself from the counter of the team the player picks', async () => {
    await openBdc();
    await add('unit', 'Section');
    fireEvent.change(document.querySelector('#u1-doctrine')!, { target: { value: 'flexible' } });
    await waitFor(() => expect(document.querySelector('#u1-teams')).toBeTruthy());
    fireEvent.click(screen.getByTestId('activate-u1-1'));
    await typeDice('morale-u1', '9');
    await waitFor(() => expect(badge('u1')).toBe('Pinned · 5'));
    fireEvent.change(document.querySelector('#u1-rally-team')!, { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('rally-u1'));
    await waitFor(() => expect(badge('u1')).toBe('Normal · 6'));
    expect(screen.getByTestId('pa-u1').textContent).toBe('AP 2+1');
  });

  it('test roller: B4 natural 1 with +3 succeeds; B6 pinned shooter 5 +2 against 6 fails', async () => {
    await openBdc();
    fireEvent.input(document.querySelector('#bdc-test-mod')!, { target: { value: '3' } });
    await typeDice('bdc-test', '1');
    await waitFor(() => expect(screen.getByTestId('bdc-last').textContent).toBe('1 (total 4) vs 6: success'));
    fireEvent.input(document.querySelector('#bdc-test-mod')!, { target: { value: '0' } });
    fireEvent.click(screen.getByLabelText('Pinned, shooting (+2)'));
    await typeDice('bdc-test', '5');
    await waitFor(() => expect(screen.getByTestId('bdc-last').textContent).toBe('5 (total 7) vs 6: failure'));
    await add('unit', 'Groupe');
    fireEvent.change(document.querySelector('#bdc-test-who')!, { target: { value: 'u1' } });
    fireEvent.click(screen.getByText('Experience factor 5'));
    expect((document.querySelector('#bdc-test-target') as HTMLInputElement).value).toBe('5');
  });

  it('settings show house defaults; the experience table marks unverified rows until edited', async () => {
    await openBdc();
    const tests = screen.getByLabelText('Morale tests for several hits') as HTMLSelectElement;
    expect(tests.selectedOptions[0]!.textContent).toBe(
      'one after the other, each against the factor left (house default)',
    );
    const table = screen.getByTestId('bdc-experience');
    expect(within(table).getAllByText('unverified')).toHaveLength(4);
    fireEvent.change(screen.getByTestId('xp-4-1'), { target: { value: '3' } });
    await waitFor(() => expect(within(table).getAllByText('unverified')).toHaveLength(3));
    fireEvent.change(tests, { target: { value: 'simultaneous' } });
    await waitFor(() =>
      expect((screen.getByLabelText('Morale tests for several hits') as HTMLSelectElement).value).toBe('simultaneous'),
    );
  });
});

describe('the troop summary, as a screen reader reads it', () => {
  it('words the morale factor and the action points apart: the factor is never read as "AP"', async () => {
    await openBdc();
    await add('unit', 'Groupe 1');
    const summary = screen.getByTestId('troop-u1').querySelector('summary')!;
    // What is announced: the name, then each part in words; the terse badge is hidden from it.
    const announced = [...summary.querySelectorAll('.fighter-name, .visually-hidden')]
      .map((n) => n.textContent)
      .join(' ');
    expect(announced).toBe('Groupe 1 Morale: in good order, factor 6. No action points: no card drawn.');
    expect(screen.getByTestId('badge-u1').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('pa-u1').getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(screen.getByTestId('activate-u1-1'));
    await waitFor(() => expect(screen.getByTestId('pa-words-u1').textContent).toMatch(/^Action points: \d+\.$/));
    expect(screen.getByTestId('pa-u1').querySelector('abbr')!.title).toBe('action points');
  });
});
