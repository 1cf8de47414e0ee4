// The store damaged on purpose, on the real worker in Chromium: one key of each kind (the header, a
// chunk, a game's own key, the bindings, the Roll20 settings, a backup, the demo boards, keys the
// store does not know) damaged in a representative way, then the worker started again on it. For
// each: every event the damaged storage held is still in storage (live or in a backup), the popup
// opens and plays, a notice says what happened, and the game exports. Every way of damaging every
// kind runs at unit level on the same store code (test/unit/store/damage.test.ts); one browser here.
import fs from 'node:fs';
import type Browser from 'webextension-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleBoard } from '../../src/adapters/demo/example';
import { DEFAULT_ROLL20_SETTINGS } from '../../src/adapters/roll20/settings';
import { launchExtension, request, type LaunchedExtension } from './launch';

declare const chrome: Browser.Browser;

const EVENTS = 600;
const CHUNK = 256;
const named = (i: number) => ({ type: 'sideEdited', side: 'A', name: `ev-${i}` });
const config = { edition: 'gestion', houseRules: { leavingCountsAsLoss: true, commandementModifierTiming: 'immediate', lostBeforeCredit: 'cancel-credit', modifierEndGivesBack: 'applied' } };

let ext: LaunchedExtension;
/** Storage as the worker wrote it for a long game (three chunks), links to the board, settings, demo boards and a backup. */
let healthy: Record<string, unknown>;

/** The worker running now (a stopped one is started again by the next message, as a new worker). */
const worker = () => ext.context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))!;
const local = {
  get: () => worker().evaluate(() => chrome.storage.local.get(null)) as Promise<Record<string, unknown>>,
  /**
   * Storage replaced by `items`, from the worker itself (no page is open to react meanwhile); the
   * values of `parse` are JSON text read there (an own `__proto__` key does not survive the trip).
   */
  put: (items: Record<string, unknown>, parse: readonly string[] = []) =>
    worker().evaluate(
      async ({ i, parse }) => {
        for (const k of parse) i[k] = JSON.parse(i[k] as string);
        await chrome.storage.local.clear();
        await chrome.storage.local.set(i);
      },
      { i: items, parse },
    ),
};

/** The events' names anywhere in storage but the board input (drawn from the game, not a record of it). */
const names = (items: Record<string, unknown>) => new Set(Object.entries(items).filter(([k]) => k !== 'commandPost.board').flatMap(([, v]) => [...JSON.stringify(v).matchAll(/ev-\d+/g)].map((m) => m[0])));

beforeAll(async () => {
  ext = await launchExtension();
  await request(
    ext,
    { type: 'game/import', system: 'hd-command', game: { config, log: { events: Array.from({ length: EVENTS }, (_, i) => named(i)), cursor: EVENTS } } },
    { type: 'game/dispatch', system: 'bdc', event: { type: 'tested', target: 6, modifier: 0, natural: 4 } },
    { type: 'board/link', system: 'hd-command', links: [], sides: [{ tabletop: 'red', side: 'A' }] },
    { type: 'store/select-system', system: 'hd-command' },
    { type: 'demo/save', board: exampleBoard('bdc') },
    { type: 'table/settings', settings: { ...DEFAULT_ROLL20_SETTINGS, sideFrom: 'tint' } },
  );
  await worker().evaluate(() => chrome.storage.local.set({ 'commandPost.backup.2026-11-01T00:00:00.000Z.bdc.before-replace': { kind: 'game-replaced', system: 'bdc', game: { config: {}, log: { events: [], cursor: 0 } }, binding: null, at: 'then' } }));
  healthy = await local.get();
}, 90_000);

afterAll(async () => {
  await ext?.close();
});

type Items = Record<string, unknown>;
const CASES: [string, (i: Items) => void, { newer?: true; parse?: string[]; notice: RegExp }][] = [
  ['the header cut', (i) => void (i.commandPost = JSON.stringify(i.commandPost).slice(0, 40)), { notice: /list of your games was damaged: it was rebuilt.*Each game was read back from its own records/ }],
  ['the header with a __proto__ key', (i) => void (i.commandPost = JSON.stringify(i.commandPost).replace('{', '{"__proto__":{"games":["cr"]},')), { parse: ['commandPost'], notice: /list of your games was damaged.*damaged: __proto__/ }],
  ['the header of a newer version', (i) => void ((i.commandPost as { schemaVersion: number }).schemaVersion = 99), { newer: true, notice: /Saved by a newer version of Command Post: update it/ }],
  ['a chunk missing in the middle', (i) => void delete i['commandPost.events.hd-command.1'], { notice: new RegExp(`Part of your Hell Dorado · Command points game could not be read.*event ${CHUNK}\\).*events ${CHUNK + 1}…${2 * CHUNK} missing`) }],
  // (100,000 at unit level: 20,000 here keeps the trips to and from the browser short.)
  ['a chunk huge (20,000 events)', (i) => void ((i['commandPost.events.hd-command.2'] as { events: unknown[] }).events = Array.from({ length: 20_000 }, (_, k) => named(k))), { notice: /Part of your Hell Dorado · Command points game could not be read.*20000 events in one chunk/ }],
  ['a game\'s key with its length a string', (i) => void ((i['commandPost.game.hd-command'] as { length: unknown }).length = String(EVENTS)), { notice: /could not be read.*its length could not be read/ }],
  ['the bindings of the wrong type', (i) => void ((i.commandPost as { bindings: unknown }).bindings = { 'hd-command': 7 }), { notice: /could not be read.*its links to the board/ }],
  ['the Roll20 settings of the wrong type', (i) => void (i['commandPost.roll20'] = 'tint'), { notice: /Some Roll20 board settings were damaged/ }],
  ['a demo board of the wrong type', (i) => void ((i['commandPost.demo'] as { boards: Items }).boards.bdc = 'board'), { notice: /demo table’s boards could not be read \(bdc\)/ }],
  ['a backup cut, and 5,000 keys the store does not know', (i) => {
    i['commandPost.backup.2026-11-01T00:00:00.000Z.bdc.before-replace'] = '{"kind":"game-repl';
    for (let k = 0; k < 5000; k++) i[`stray.${k}`] = k;
  }, { notice: /Stored keys that Command Post does not use \(5000\) were put aside together/ }],
];

describe('a damaged store on the real worker', () => {
  it.each(CASES)('%s: nothing it held is lost, the popup says so and plays, the game exports', async (_, damage, expected) => {
    const items = structuredClone(healthy);
    damage(items);
    const held = names(items);
    await local.put(items, expected.parse);
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
    const notice = popup.getByTestId('store-notice');
    await notice.waitFor();
    expect((await notice.textContent())!.replace(/\s+/g, ' ')).toMatch(expected.notice);

    // Every event the damaged storage held is still there, live or in a backup.
    const after = names(await local.get());
    expect([...held].filter((n) => !after.has(n))).toEqual([]);

    // It plays (a newer store is never written over: refused, and said so).
    const history = popup.getByTestId('history');
    // (Folded away while the game is set up: there, but hidden.)
    await history.waitFor({ state: 'attached' });
    const start = Number(await history.getAttribute('start'));
    await popup.locator('#side-B-name').fill('after the damage');
    await popup.locator('#side-B-name').blur();
    if (expected.newer) await expect.poll(() => popup.getByTestId('refusal').textContent()).toContain('Saved by a newer version of Command Post: update it.');
    else await expect.poll(async () => Number(await history.getAttribute('start'))).toBe(start + 1);
    // The game exports whole.
    if (!(await popup.getByTestId('game-files').evaluate((d: HTMLDetailsElement) => d.open))) await popup.getByTestId('game-files').locator('summary').click();
    const [download] = await Promise.all([popup.waitForEvent('download'), popup.getByTestId('export-game').click()]);
    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { system: string; game: { log: { events: unknown[] } } };
    expect(file.system).toBe('hd-command');
    expect(file.game).toEqual(await worker().evaluate(async () => (await (globalThis as unknown as { commandPostRoot: () => Promise<{ games: Record<string, unknown> }> }).commandPostRoot()).games['hd-command']));
    expect(errors).toEqual([]);
    await popup.close();
  });
});
