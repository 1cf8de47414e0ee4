// The popup's own confirmation, its history keys, a game's export and import as a file, and the
// store's backups listed, exported, restored and deleted: on the real store service, in memory.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../popup/App';
import { historyShortcut } from '../../../popup/keyboard';
import { PANELS } from '../../../popup/panels';
import { gameOf } from '../../../src/store/load';
import { BACKUP_KEY_PREFIX, STORE_KEY } from '../../../src/store/root';
import { fakeApi, serviceApi } from './fake-api';

/** Files the popup hands to the browser to download: their name and parsed JSON. */
let downloads: { name: string; json: unknown }[] = [];
beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) void blob.text().then((text) => downloads.push({ name: this.download, json: JSON.parse(text) }));
  };
});
afterEach(cleanup);
// Every system's panel loaded first: an imported game of another system would otherwise still be loading
// its panel when its test ends, and vitest tears the environment down under the import.
beforeAll(async () => {
  await Promise.all(Object.values(PANELS).map((load) => load()));
});

/** Hell Dorado Command with one fighter per side, started: a game with something to lose. */
async function startedHdGame() {
  const api = fakeApi();
  render(<App api={api} />);
  for (const side of ['A', 'B']) {
    const name = await screen.findByLabelText('Fighter name', { selector: `#side-${side}-new-name` });
    fireEvent.input(name, { target: { value: `Chef ${side}` } });
    fireEvent.submit(name.closest('form')!);
    await screen.findByRole('cell', { name: `Chef ${side}` });
  }
  fireEvent.click(screen.getByTestId('start'));
  await screen.findByTestId('new-game');
  return api;
}

const events = (api: ReturnType<typeof fakeApi>) => gameOf(api.root(), 'hd-command').log.events;

describe('the in-popup confirmation', () => {
  it('asks before a new game: the focus moves into it, its buttons say what they do, Escape cancels', async () => {
    const api = await startedHdGame();
    const before = events(api).length;
    const button = screen.getByTestId('new-game');
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Start a new game with the same companies? You can undo it.',
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('button', { name: 'New game' })).toBeTruthy();
    // Tab stays inside.
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(events(api)).toHaveLength(before);
    expect(document.activeElement).toBe(screen.getByTestId('new-game'));

    fireEvent.click(screen.getByTestId('new-game'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(events(api).at(-1)).toEqual({ type: 'newGame' }));
  });

  it('offers to export the game first: the file holds the game as stored (with its links to the board, none here), and the game goes on only when confirmed', async () => {
    const api = await startedHdGame();
    const stored = gameOf(api.root(), 'hd-command');
    fireEvent.click(screen.getByTestId('new-game'));
    fireEvent.click(await screen.findByTestId('confirm-export'));
    await screen.findByTestId('confirm-exported');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toMatch(/^command-post-hd-command-\d{4}-\d\d-\d\dT\d\d-\d\d\.json$/);
    expect(downloads[0]!.json).toEqual({
      format: 'command-post/game',
      version: 2,
      system: 'hd-command',
      game: JSON.parse(JSON.stringify(stored)),
      binding: null,
    });
    expect(events(api).at(-1)).not.toEqual({ type: 'newGame' });
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm')).toBeNull());
  });
});

describe('history keys', () => {
  it("Ctrl+Z undoes and Ctrl+Y or Ctrl+Shift+Z redoes; in a text field they are the field's own", async () => {
    const api = await startedHdGame();
    const cursor = () => gameOf(api.root(), 'hd-command').log.cursor;
    const at = cursor();
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(cursor()).toBe(at - 1));
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    await waitFor(() => expect(cursor()).toBe(at));
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(cursor()).toBe(at - 1));
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(cursor()).toBe(at));
    fireEvent.keyDown(document.querySelector('#play-A-amount')!, { key: 'z', ctrlKey: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(cursor()).toBe(at);
  });

  it('are on ⌘ on macOS (⌘Z, ⌘⇧Z, ⌘Y), on Ctrl elsewhere, and never with Alt', () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      target: document.body,
      ...mods,
    });
    expect(historyShortcut(key('z', { metaKey: true }), true)).toBe('undo');
    expect(historyShortcut(key('z', { metaKey: true, shiftKey: true }), true)).toBe('redo');
    expect(historyShortcut(key('y', { metaKey: true }), true)).toBe('redo');
    expect(historyShortcut(key('z', { ctrlKey: true }), true)).toBeNull();
    expect(historyShortcut(key('z', { metaKey: true }), false)).toBeNull();
    expect(historyShortcut(key('z', { ctrlKey: true, altKey: true }), false)).toBeNull();
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    expect(historyShortcut(key('z', { ctrlKey: true, target: checkbox }), false)).toBe('undo');
    expect(historyShortcut(key('z', { ctrlKey: true, target: document.createElement('textarea') }), false)).toBeNull();
  });
});

/** Opens the game file section and waits for its contents (loaded on first open). */
async function openFiles() {
  fireEvent.click(await screen.findByText('Game file and backups'));
  await screen.findByTestId('export-game');
}

const fileOf = (text: string, name = 'game.json') => new File([text], name, { type: 'application/json' });

describe('a game file', () => {
  it('imports a game exported elsewhere; the game it replaces is kept as a backup', async () => {
    // A BdC game played elsewhere, as its export holds it.
    const elsewhere = serviceApi();
    await elsewhere.send({
      type: 'game/dispatch',
      system: 'bdc',
      event: { type: 'tested', target: 6, modifier: 0, natural: 3 },
    });
    const file = { system: 'bdc', game: gameOf(await elsewhere.store.current(), 'bdc') };
    // Something here first, so that the import replaces a game.
    const api = serviceApi();
    await api.send({
      type: 'game/dispatch',
      system: 'bdc',
      event: { type: 'tested', target: 6, modifier: 0, natural: 9 },
    });
    render(<App api={api} />);
    await openFiles();
    fireEvent.change(screen.getByTestId('import-game'), { target: { files: [fileOf(JSON.stringify(file))] } });
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() =>
      expect(screen.getByTestId('files-status').textContent).toBe(
        'Les bandes de Champagne game imported from game.json.',
      ),
    );
    expect(gameOf(await api.store.current(), 'bdc')).toEqual(file.game);
    expect((screen.getByTestId('system-picker') as HTMLSelectElement).value).toBe('bdc');
    await waitFor(() =>
      expect(screen.getAllByTestId('backup').map((li) => li.dataset.key)).toEqual([
        `${BACKUP_KEY_PREFIX}2026-11-30T10:00:00.000Z.bdc.before-import`,
      ]),
    );
  });

  it('a file that is not a game is refused with a clear reason and changes nothing', async () => {
    const api = serviceApi();
    render(<App api={api} />);
    await openFiles();
    const root = JSON.stringify(await api.store.current());
    const refusal = () => screen.getByTestId('refusal').textContent;
    fireEvent.change(screen.getByTestId('import-game'), { target: { files: [fileOf('{ not json')] } });
    await waitFor(() =>
      expect(refusal()).toBe('This file is not a game Command Post can read (it is not JSON). Nothing was changed.'),
    );
    fireEvent.change(screen.getByTestId('import-game'), { target: { files: [fileOf('{"hello": 1}')] } });
    await waitFor(() =>
      expect(refusal()).toBe(
        'This file is not a game Command Post can read (it names no rule system and game). Nothing was changed.',
      ),
    );
    // Well formed, but a game the rules refuse: the worker says why.
    fireEvent.change(screen.getByTestId('import-game'), {
      target: {
        files: [
          fileOf(
            JSON.stringify({ system: 'dc', game: { config: {}, log: { events: [{ type: 'nope' }], cursor: 1 } } }),
          ),
        ],
      },
    });
    await waitFor(() => expect(refusal()).not.toContain('it names no rule system'));
    expect(refusal()).toMatch(/^This file is not a game Command Post can read \(.+\)\. Nothing was changed\.$/);
    expect(JSON.stringify(await api.store.current())).toBe(root);
    expect(screen.getByTestId('backups-empty')).toBeTruthy();
  });
});

describe('the backups list', () => {
  /** A store with one backup: a played game replaced by an example, as the demo table does. */
  async function withBackup() {
    const api = serviceApi();
    await api.send({
      type: 'game/dispatch',
      system: 'bdc',
      event: { type: 'tested', target: 6, modifier: 0, natural: 3 },
    });
    await api.send({ type: 'store/select-system', system: 'bdc' });
    const played = gameOf(await api.store.current(), 'bdc');
    await api.send({ type: 'game/replace', system: 'bdc', events: [] });
    render(<App api={api} />);
    await openFiles();
    await screen.findByTestId('backup');
    return { api, played };
  }

  it('lists each backup, newest first, with what it is, its date in the UI language and its size in KB', async () => {
    await withBackup();
    const item = screen.getByTestId('backup');
    expect(item.dataset.key).toMatch(
      new RegExp(`^${BACKUP_KEY_PREFIX.replaceAll('.', '\\.')}2026-11-30T10:00:00\\.000Z`),
    );
    expect(item.textContent).toContain('Game · Les bandes de Champagne');
    expect(item.textContent).toContain(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-11-30T10:00:00.000Z'),
      ),
    );
    expect(item.textContent).toMatch(/\d+\.\d KB/);
    for (const name of ['Restore', 'Export', 'Delete'])
      expect(within(item).getByRole('button', { name: `${name} ${item.dataset.key}` })).toBeTruthy();
  });

  it('exports a backup as stored, restores it after asking (the game comes back), and deletes one after asking', async () => {
    const { api, played } = await withBackup();
    const key = screen.getByTestId('backup').dataset.key!;
    fireEvent.click(screen.getByTestId('backup-export'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.json).toEqual(JSON.parse(api.storage.data.get(key)!));
    expect(downloads[0]!.json).toMatchObject({ system: 'bdc', game: played });

    fireEvent.click(screen.getByTestId('backup-restore'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(async () => expect(gameOf(await api.store.current(), 'bdc')).toEqual(played));
    // The game the restore replaced is kept too: two backups now.
    await waitFor(() => expect(screen.getAllByTestId('backup')).toHaveLength(2));

    const before = screen.getAllByTestId('backup').length;
    fireEvent.click(screen.getAllByTestId('backup-delete')[0]!);
    fireEvent.keyDown(await screen.findByTestId('confirm'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('confirm')).toBeNull());
    expect(screen.getAllByTestId('backup')).toHaveLength(before);
    const deleted = screen.getAllByTestId('backup')[0]!.dataset.key!;
    fireEvent.click(screen.getAllByTestId('backup-delete')[0]!);
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getAllByTestId('backup')).toHaveLength(before - 1));
    expect(api.storage.data.has(deleted)).toBe(false);
    expect(api.storage.data.has(STORE_KEY)).toBe(true);
  });

  it('a store notice leads to the list: "See the backups" opens it and puts the focus on it', async () => {
    const api = serviceApi();
    // A damaged store (its header cut short): the store keeps it as a backup and says so.
    await api.storage.set({ [STORE_KEY]: '{"schemaVersion":4,"games":["b' });
    render(<App api={api} />);
    fireEvent.click(await screen.findByTestId('see-backups'));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Backups'));
    expect((screen.getByTestId('game-files') as HTMLDetailsElement).open).toBe(true);
    expect(screen.getAllByTestId('backup').length).toBeGreaterThan(0);
  });
});
