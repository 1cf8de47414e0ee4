// The store damaged on purpose, on the real worker in Chromium: every way of damaging every kind of
// stored key (test/support/store-damage.ts, the list the store's own code is tested on in
// test/unit/store/damage.test.ts), then the worker started again on it. For each: every event the
// damaged storage held is still in storage (live or in a backup), the popup opens and plays, it shows
// a notice for each the store made (one at least unless nothing was lost), and the game exports.
import fs from 'node:fs';
import type Browser from 'webextension-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleBoard } from '../../src/adapters/demo/example';
import { DEFAULT_ROLL20_SETTINGS } from '../../src/adapters/roll20/settings';
import { CHUNK } from '../../src/store/persist';
import type { StoreRoot } from '../../src/store/root';
import { DAMAGE_EVENTS, damageCases, HEALTHY_BACKUP_KEY, namedEvent } from '../support/store-damage';
import { launchExtension, request, runningWorker, workerStorage, type LaunchedExtension } from './launch';

declare const chrome: Browser.Browser;

/** Items in a huge value: within storage.local's 10 MB quota, and far past every read limit. */
const HUGE = 20_000;
const config = {
  edition: 'gestion',
  houseRules: {
    leavingCountsAsLoss: true,
    commandementModifierTiming: 'immediate',
    lostBeforeCredit: 'cancel-credit',
    modifierEndGivesBack: 'applied',
  },
};

let ext: LaunchedExtension;
/** Storage as the worker wrote it for a long game (three chunks), links to the board, settings, demo boards and a backup. */
let healthy: Record<string, unknown>;

const worker = () => runningWorker(ext);
const local = workerStorage(() => ext);
const root = () =>
  worker().evaluate(() => (globalThis as unknown as { commandPostRoot: () => Promise<StoreRoot> }).commandPostRoot());

/** The events' names anywhere in storage but the board input (drawn from the game, not a record of it). */
const names = (items: Record<string, unknown>) =>
  new Set(
    Object.entries(items)
      .filter(([k]) => k !== 'commandPost.board')
      .flatMap(([, v]) => [...JSON.stringify(v).matchAll(/ev-\d+/g)].map((m) => m[0])),
  );

beforeAll(async () => {
  ext = await launchExtension();
  await request(
    ext,
    {
      type: 'game/import',
      system: 'hd-command',
      game: {
        config,
        log: { events: Array.from({ length: DAMAGE_EVENTS }, (_, i) => namedEvent(i)), cursor: DAMAGE_EVENTS },
      },
    },
    ...[3, 5, 8].map((natural) => ({
      type: 'game/dispatch',
      system: 'bdc',
      event: { type: 'tested', target: 6, modifier: 0, natural },
    })),
    { type: 'board/link', system: 'hd-command', links: [], sides: [{ tabletop: 'red', side: 'A' }] },
    { type: 'store/select-system', system: 'hd-command' },
    { type: 'demo/save', board: exampleBoard('bdc') },
    { type: 'table/settings', settings: { ...DEFAULT_ROLL20_SETTINGS, sideFrom: 'tint' } },
  );
  await worker().evaluate(
    (key) =>
      chrome.storage.local.set({
        [key]: {
          kind: 'game-replaced',
          system: 'bdc',
          game: { config: {}, log: { events: [{ type: 'sideEdited', side: 'A', name: 'ev-9999' }], cursor: 1 } },
          binding: null,
          at: 'then',
        },
      }),
    HEALTHY_BACKUP_KEY,
  );
  healthy = await local.get();
}, 90_000);

afterAll(async () => {
  await ext?.close();
});

/** The words the player reads for some of them, checked as written (every case checks that a notice is shown for each the store made). */
const WORDS: Record<string, RegExp> = {
  'header cut (its JSON text cut short)':
    /list of your games was damaged: it was rebuilt.*Each game was read back from its own records/,
  'header with a __proto__ key': /list of your games was damaged.*damaged: __proto__/,
  'header of a newer version (99)': /Saved by a newer version of Command Post: update it/,
  'chunk 1 missing': new RegExp(
    `Part of your Hell Dorado · Command points game could not be read.*event ${CHUNK}\\).*events ${CHUNK + 1}…${2 * CHUNK} missing`,
  ),
  [`chunk 2 huge (${HUGE.toLocaleString('en')} events)`]: new RegExp(
    `Part of your Hell Dorado · Command points game could not be read.*${HUGE} events in one chunk`,
  ),
  'game key length of the wrong type (a string)': /could not be read.*its length could not be read/,
  'header bindings of the wrong type': /could not be read.*its links to the board/,
  'Roll20 settings of the wrong type': /Some Roll20 board settings were damaged/,
  'demo board of the wrong type': /demo table’s boards could not be read \(bdc\)/,
  '5,000 unknown keys': /Stored keys that Command Post does not use \(5000\) were put aside together/,
};
const CASES = damageCases(HUGE);

describe('a damaged store on the real worker', () => {
  it.each(CASES)(
    '%s: nothing it held is lost, the popup says so and plays, the game exports',
    async (name, damage, expected) => {
      const items = structuredClone(healthy);
      damage(items);
      const held = names(items);
      await local.put(items);
      // The browser stops the worker; the popup wakes a new one, which reads storage as it finds it.
      const popup = await ext.context.newPage();
      const cdp = await ext.context.newCDPSession(popup);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();

      const errors: string[] = [];
      popup.on('pageerror', (e) => errors.push(String(e)));
      popup.on('dialog', (d) => void d.dismiss());
      await popup.goto(ext.popupUrl);
      await popup.setViewportSize({ width: 420, height: 1200 });
      const sideName = popup.locator('#side-B-name');
      await sideName.waitFor();
      // The history's length (folded away while the game is set up: there, but hidden; absent while empty).
      const history = popup.getByTestId('history');
      const played = async () => ((await history.count()) ? Number(await history.getAttribute('start')) : 0);

      // A notice for each the store made, one at least unless nothing was lost; the long game up to its last good event.
      const read = await root();
      if (!expected.quiet) expect(read.notices.length, 'a notice says what happened').toBeGreaterThan(0);
      const shown = () =>
        popup
          .getByTestId('store-notice')
          .locator('[data-kind]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
      await expect.poll(shown).toEqual(read.notices.map((n) => n.kind));
      if (WORDS[name])
        expect((await popup.getByTestId('store-notice').textContent())!.replace(/\s+/g, ' ')).toMatch(WORDS[name]);
      if (expected.cut !== undefined) expect(read.games['hd-command']?.log.events.length).toBe(expected.cut);

      // Every event the damaged storage held is still there, live or in a backup; every backup a notice names is there.
      const stored = await local.get();
      const after = names(stored);
      expect(
        [...held].filter((n) => !after.has(n)),
        'events no longer in storage',
      ).toEqual([]);
      expect(
        read.notices.flatMap((n) => ('backupKey' in n && n.backupKey && !(n.backupKey in stored) ? [n.backupKey] : [])),
        'notices naming a backup that is not there',
      ).toEqual([]);

      // It plays (a newer store is never written over: refused, and said so).
      const start = await played();
      await sideName.fill('after the damage');
      await sideName.blur();
      if (expected.newer)
        await expect
          .poll(() => popup.getByTestId('refusal').textContent())
          .toContain('Saved by a newer version of Command Post: update it.');
      else await expect.poll(played).toBe(start + 1);
      // The game exports whole.
      if (!(await popup.getByTestId('game-files').evaluate((d: HTMLDetailsElement) => d.open)))
        await popup.getByTestId('game-files').locator('summary').click();
      const [download] = await Promise.all([popup.waitForEvent('download'), popup.getByTestId('export-game').click()]);
      const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { system: string; game: unknown };
      expect(file.system).toBe('hd-command');
      expect(file.game).toEqual((await root()).games['hd-command']);
      expect(errors).toEqual([]);
      await popup.close();
    },
  );
});
