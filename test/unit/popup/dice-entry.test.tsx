import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { DiceEntry } from '../../../popup/components/DiceEntry';
import { ApiContext } from '../../../popup/context';
import { seededRoller } from '../../../src/dice';
import { fakeApi } from './fake-api';

afterEach(cleanup);

function renderEntry(count: number | { min: number; max: number }) {
  const received: number[][] = [];
  render(
    <ApiContext.Provider value={fakeApi(undefined, 9)}>
      <DiceEntry sides={10} count={count} rollLabel="Roll" testId="dice" onDice={(d) => void received.push(d)} />
    </ApiContext.Provider>,
  );
  return received;
}

describe('DiceEntry', () => {
  it('rolls with the injected dice source', () => {
    const received = renderEntry(3);
    fireEvent.click(screen.getByTestId('dice-roll'));
    expect(received).toEqual([seededRoller(9).roll(10, 3)]);
  });

  it('rolls fewer dice when the player chooses to', () => {
    const received = renderEntry({ min: 1, max: 4 });
    fireEvent.input(screen.getByLabelText('Dice'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('dice-roll'));
    expect(received[0]).toHaveLength(2);
  });

  it('takes typed dice, with 0 as the 10 of a d10, and explains a bad entry', async () => {
    const received = renderEntry(3);
    const input = screen.getByLabelText('Or enter the d10 you rolled');
    fireEvent.input(input, { target: { value: '7 6' } });
    fireEvent.click(screen.getByTestId('dice-use'));
    // Said in the field's words: its label, what is wrong, and what it takes.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Or enter the d10 you rolled: 2 dice entered; expected 3. Each die is a number from 1 to 10, separated by spaces or commas.',
      ),
    );
    fireEvent.input(input, { target: { value: '7 6 0' } });
    fireEvent.click(screen.getByTestId('dice-use'));
    await waitFor(() => expect(received).toEqual([[7, 6, 10]]));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
