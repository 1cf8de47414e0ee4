// The rule lookup in the popup, over the real core: opened with "/" or Ctrl+K, results ranked and
// announced, the stored game's numbers under a rule, keyboard navigation, Escape, French.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../popup/App';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import { buildRulesIndex } from '../../../scripts/rules-index.mjs';
import { formatText, type Catalogue } from '../../../src/i18n/format';
import type { BdcEvent } from '../../../src/rules/bdc';
import { fakeApi } from './fake-api';

// The popup fetches lookup/<lang>.json from the extension; here the same index comes from docs/rules.
const loads: string[] = [];
let failLoad = false;
vi.mock('../../../popup/lookup/load-index', () => ({
  INDEX_LANGUAGES: ['en', 'fr', 'ru'],
  loadRulesIndex: async (lang: string) => {
    loads.push(lang);
    if (failLoad) throw new Error('offline');
    return buildRulesIndex(lang);
  },
}));

// Each language's index is fetched once per popup (module), over all the tests of this file.
beforeEach(() => {
  failLoad = false;
});
afterEach(cleanup);

async function withBdcGame(name = 'Groupe 1', api = fakeApi()) {
  const dispatch = (event: BdcEvent) => api.send({ type: 'game/dispatch', system: 'bdc', event });
  await dispatch({ type: 'unitAdded', unit: { name, level: 'confiant', experience: 2, doctrine: 'rigid', teams: 1 } });
  await dispatch({ type: 'moraleTests', id: 'u1', naturals: [9, 9] });
  return api;
}

async function openWith(key: { key: string; ctrlKey?: boolean }) {
  await screen.findByTestId('lookup-open');
  fireEvent.keyDown(document.body, key);
  const input = await screen.findByTestId('lookup-input');
  await waitFor(() => expect(document.activeElement).toBe(input));
  return input as HTMLInputElement;
}

const type = (input: HTMLInputElement, value: string) => fireEvent.input(input, { target: { value } });
const status = () => screen.getByTestId('lookup-status').textContent;
const results = () =>
  within(screen.getByTestId('lookup-results'))
    .queryAllByRole('listitem')
    .filter((li) => li.classList.contains('lookup-result'));

describe('the rule lookup', () => {
  it('"/" opens it with the cursor in a labelled search box; the index is fetched once', async () => {
    render(<App api={fakeApi()} />);
    await screen.findByTestId('lookup-open');
    expect(screen.queryByTestId('lookup')).toBeNull();
    const input = await openWith({ key: '/' });
    expect(screen.getByLabelText('Search the rules of the five systems')).toBe(input);
    expect(input.type).toBe('search');
    expect(screen.getByRole('search')).toBeTruthy();
    await waitFor(() => expect(status()).toBe('Type a word or an abbreviation to find a rule of any system.'));
    fireEvent.keyDown(input, { key: 'Escape' });
    await openWith({ key: '/' });
    await waitFor(() => expect(status()).toBe('Type a word or an abbreviation to find a rule of any system.'));
    expect(loads.filter((l) => l === 'en')).toEqual(['en']);
    expect(screen.getByTestId('lookup-open').getAttribute('aria-label')).toBe('Search the rules (/ or Ctrl+K)');
    expect(screen.getByTestId('lookup-open').getAttribute('aria-expanded')).toBe('true');
  });

  it('finds "rally" with the stored bdc game\'s numbers, ranked first, and announces the count', async () => {
    const api = await withBdcGame();
    render(<App api={api} />);
    const input = await openWith({ key: '/' });
    type(input, 'rally');
    await waitFor(() => expect(results()[0]?.dataset.testid).toBe('lookup-result-bdc-rally'));
    const status = screen.getByTestId('lookup-status');
    expect(status.getAttribute('role')).toBe('status');
    await waitFor(() => expect(status.textContent).toBe(`Rules found: ${results().length}`));
    const first = results()[0]!;
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe('Les bandes de ChampagneRally');
    expect(first.textContent).toContain('from Demoralised: 2 AP;');
    await waitFor(() =>
      expect(within(first).getByTestId('lookup-live-bdc-rally').textContent).toContain(
        'Rally Groupe 1 from Demoralised: 2 AP',
      ),
    );
    // Bold in the rule text is an element, not markup.
    expect(within(first).getAllByText('Demoralised', { selector: 'strong' }).length).toBeGreaterThan(0);
  });

  it('shows where a house default is changed', async () => {
    render(<App api={fakeApi()} />);
    const input = await openWith({ key: '/' });
    type(input, 'morale tests');
    await waitFor(() => expect(results()[0]?.dataset.testid).toBe('lookup-result-bdc-morale-tests'));
    const first = results()[0]!;
    expect(first.textContent).toContain('House default');
    expect(first.textContent).toContain('Change it in the popup:');
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Les bandes de Champagne › Settings and house rules › Morale tests for several hits');
  });

  it('Ctrl+K opens it too; arrows walk the results, Escape closes and gives the focus back', async () => {
    render(<App api={fakeApi()} />);
    const input = await openWith({ key: 'k', ctrlKey: true });
    type(input, 'upkeep');
    await waitFor(() => expect(results().length).toBeGreaterThan(1));
    expect(results()[0]!.dataset.testid).toBe('lookup-result-hd-command-upkeep');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(document.activeElement).toBe(results()[0]);
    fireEvent.keyDown(results()[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(results()[0]);
    fireEvent.keyDown(results()[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(results()[1]);
    fireEvent.keyDown(results()[1]!, { key: 'End' });
    expect(document.activeElement).toBe(results().at(-1));
    fireEvent.keyDown(results().at(-1)!, { key: 'Home' });
    fireEvent.keyDown(results()[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('lookup')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('lookup-open'));
  });

  it('keeps what is typed right after the shortcut, before the search code has loaded', async () => {
    render(<App api={fakeApi()} />);
    await screen.findByTestId('lookup-open');
    fireEvent.keyDown(document.body, { key: '/' });
    const input = screen.getByTestId('lookup-input') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(screen.queryByTestId('lookup-results')).toBeNull();
    type(input, 'radio');
    await waitFor(() => expect(results()[0]?.dataset.testid).toBe('lookup-result-bdc-radio'));
  });

  it('a "/" typed in a text field stays in the field', async () => {
    render(<App api={fakeApi()} />);
    const name = await screen.findByLabelText('Name', { selector: '#side-A-name' });
    name.focus();
    fireEvent.keyDown(name, { key: '/' });
    expect(screen.queryByTestId('lookup')).toBeNull();
  });

  it('says when nothing matches', async () => {
    render(<App api={fakeApi()} />);
    const input = await openWith({ key: '/' });
    type(input, 'zzzz');
    await waitFor(() => expect(status()).toBe('No rule matches. Try another word or an abbreviation (PA, CMD, DEF).'));
    expect(results()).toEqual([]);
  });

  it('says when the index cannot be loaded, and tries again at the next opening', async () => {
    const russian = loadCatalogue('ru') as Catalogue;
    failLoad = true;
    render(<App api={{ ...fakeApi(), t: (t) => formatText(russian, t) || t.key }} />);
    const input = await openWith({ key: '/' });
    await waitFor(() => expect(status()).toBe('Не удалось загрузить указатель правил.'));
    failLoad = false;
    fireEvent.keyDown(input, { key: 'Escape' });
    type(await openWith({ key: '/' }), 'сплочение');
    await waitFor(() => expect(results()[0]?.dataset.testid).toBe('lookup-result-bdc-rally'));
    expect(loads.filter((l) => l === 'ru')).toEqual(['ru', 'ru']);
  });

  it('shows names typed by players as text', async () => {
    const hostile = '<img src=x onerror="alert(1)">';
    render(<App api={await withBdcGame(hostile)} />);
    const input = await openWith({ key: '/' });
    type(input, 'rally');
    await waitFor(() =>
      expect(screen.getByTestId('lookup-live-bdc-rally').textContent).toContain(
        `Rally ${hostile} from Demoralised: 2 AP`,
      ),
    );
    expect(document.querySelector('img')).toBeNull();
  });

  it('in French: the French index, "ralliement", and the numbers in French', async () => {
    const french = loadCatalogue('fr') as Catalogue;
    const api = await withBdcGame();
    render(<App api={{ ...api, t: (t) => formatText(french, t) || t.key }} />);
    const input = await openWith({ key: '/' });
    await waitFor(() => expect(loads.filter((l) => l === 'fr')).toEqual(['fr']));
    type(input, 'ralliement');
    await waitFor(() => expect(results()[0]?.dataset.testid).toBe('lookup-result-bdc-rally'));
    expect(within(results()[0]!).getByRole('heading', { level: 3 }).textContent).toBe(
      'Les bandes de ChampagneRalliement',
    );
    await waitFor(() =>
      expect(screen.getByTestId('lookup-live-bdc-rally').textContent).toContain(
        'Rallier Groupe 1 depuis Démoralisé\u202f: 2 PA',
      ),
    );
    expect(status()).toMatch(/^Règles trouvées\u202f: \d+$/);
  });
});
