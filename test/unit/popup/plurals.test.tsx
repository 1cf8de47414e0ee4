// Counts in the popup take the plural form their language needs (Intl.PluralRules of the catalogue's
// language): English one/other, French where 0 and 1 are singular, Russian one/few/many.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../popup/App';
import type { Catalogue } from '../../../src/i18n/format';
import { english, fakeApi, french, russian } from './fake-api';

afterEach(cleanup);

async function bdcUnit(catalogue: Catalogue) {
  render(<App api={fakeApi(undefined, 1, catalogue)} />);
  fireEvent.change(await screen.findByTestId('system-picker'), { target: { value: 'bdc' } });
  await screen.findByTestId('bdc-add');
  fireEvent.input(document.querySelector('#bdc-name')!, { target: { value: 'Groupe 1' } });
  fireEvent.click(screen.getByTestId('bdc-add-submit'));
  await screen.findByTestId('troop-u1');
}

/** The morale tests button's words for `hits` hits. */
async function rollLabel(hits: number): Promise<string> {
  fireEvent.input(document.querySelector('#u1-hits')!, { target: { value: String(hits) } });
  await waitFor(() => expect(screen.getByTestId('morale-u1-roll').textContent).toContain(` ${hits} `));
  return screen.getByTestId('morale-u1-roll').textContent!.replace('🎲 ', '');
}

describe('plurals in the popup', () => {
  it('English: 1 morale test, 2 morale tests', async () => {
    await bdcUnit(english);
    expect(await rollLabel(1)).toBe('Roll 1 morale test');
    expect(await rollLabel(2)).toBe('Roll 2 morale tests');
  });

  it('French: Lancer 1 test de moral, Lancer 3 tests de moral', async () => {
    await bdcUnit(french);
    expect(await rollLabel(1)).toBe('Lancer 1 test de moral');
    expect(await rollLabel(3)).toBe('Lancer 3 tests de moral');
  });

  it('Russian: three forms, 1 проверку, 2 проверки, 5 проверок, 11 проверок', async () => {
    await bdcUnit(russian);
    expect(await rollLabel(1)).toBe('Бросить 1 проверку морали');
    expect(await rollLabel(2)).toBe('Бросить 2 проверки морали');
    expect(await rollLabel(5)).toBe('Бросить 5 проверок морали');
    expect(await rollLabel(11)).toBe('Бросить 11 проверок морали');
  });

  it('a history line counts the company: 1 fighter, 2 fighters', async () => {
    render(<App api={fakeApi()} />);
    const name = await screen.findByLabelText('Fighter name', { selector: '#side-A-new-name' });
    for (const fighter of ['Arnaud', 'Bretteur']) {
      fireEvent.input(name, { target: { value: fighter } });
      fireEvent.submit(name.closest('form')!);
      await screen.findByRole('cell', { name: fighter });
    }
    const lines = screen.getByTestId('history').textContent!;
    expect(lines).toContain('company of 1 fighter, 1 CMD');
    expect(lines).toContain('company of 2 fighters, 2 CMD');
  });
});
