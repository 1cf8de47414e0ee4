// A long game through the real popup's Export and Import, in Chromium: 100,000 events of Les bandes
// de Champagne with the worked example's links to its tokens, saved by the popup's Export button (the
// worker's pages written as one compact file) and chosen in another browser's Import: the same game
// and the same links come back. Every system at every size, through the store's and the popup's own
// code: test/unit/store/files.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longStoreGame } from '../support/store-games';
import { launchExtension, request, storedRoot, type LaunchedExtension } from './launch';

const EVENTS = 100_000;
let from: LaunchedExtension;
let to: LaunchedExtension;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'command-post-files-'));
  from = await launchExtension();
  to = await launchExtension();
}, 60_000);
afterAll(async () => {
  await from?.close();
  await to?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a game file through the popup', () => {
  it(`${EVENTS.toLocaleString('en')} events and their links: exported compact, imported elsewhere, the same game`, async () => {
    const { config, events, binding } = longStoreGame('bdc', EVENTS);
    const [imported] = (await request(
      from,
      { type: 'game/import', system: 'bdc', game: { config, log: { events, cursor: EVENTS } }, binding },
      { type: 'store/select-system', system: 'bdc' },
    )) as { ok: boolean }[];
    expect(imported!.ok).toBe(true);
    const held = await storedRoot(from);

    const popup = await from.context.newPage();
    await popup.goto(from.popupUrl);
    await popup.getByTestId('game-files').evaluate((d) => void ((d as HTMLDetailsElement).open = true));
    const [download] = await Promise.all([
      popup.waitForEvent('download', { timeout: 60_000 }),
      popup.getByTestId('export-game').click(),
    ]);
    const file = path.join(dir, 'game.json');
    await download.saveAs(file);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain('\n');
    expect(JSON.parse(text)).toMatchObject({ format: 'command-post/game', version: 2, system: 'bdc', binding });

    const other = await to.context.newPage();
    await other.goto(to.popupUrl);
    await other.getByTestId('game-files').evaluate((d) => void ((d as HTMLDetailsElement).open = true));
    await other.getByTestId('import-game').setInputFiles(file);
    await expect
      .poll(() => other.getByTestId('files-status').textContent(), { timeout: 60_000 })
      .toMatch(/imported from game\.json/);
    const back = await storedRoot(to);
    expect(back.games.bdc).toEqual(held.games.bdc);
    expect(back.bindings.bdc).toEqual(binding);
  }, 180_000);
});
