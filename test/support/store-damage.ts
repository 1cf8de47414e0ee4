// Every way of damaging every kind of stored key (the header, each chunk, each game's key, the
// bindings, the Roll20 settings, a backup, the demo boards, keys the store does not know): cut, of the
// wrong type, huge, missing, duplicated, of an unknown or newer version, with a `__proto__` key. One
// list, played on the store's own code (test/unit/store/damage.test.ts) and on the real worker in
// Chromium (test/browser/store-damage.test.ts), each on a healthy store holding a long Hell Dorado
// game of DAMAGE_EVENTS events (three chunks), a short Bandes de Champagne game, links to the board,
// Roll20 settings, the demo's boards and a backup.
import { DEMO_KEY } from '../../src/adapters/demo/model';
import { DEFAULT_ROLL20_SETTINGS, ROLL20_SETTINGS_KEY } from '../../src/adapters/roll20/settings';
import { CHUNK, eventsKey, gameKey, logKey } from '../../src/store/persist';
import { BACKUP_KEY_PREFIX, STORE_KEY } from '../../src/store/root';

export const DAMAGE_EVENTS = 2 * CHUNK + 88;
/** Every event of the long game names itself, so that it can be found wherever it ends up. */
export const namedEvent = (i: number) => ({ type: 'sideEdited', side: 'A', name: `ev-${i}` });
/** The backup the healthy store holds. */
export const HEALTHY_BACKUP_KEY = `${BACKUP_KEY_PREFIX}2026-11-01T00:00:00.000Z.bdc.before-replace`;

export type Items = Record<string, unknown>;
/**
 * What should come of a damage, beyond what every case checks: `newer`, a newer store (never written
 * over); `cut`, the long game plays up to that many events; `quiet`, nothing is lost, so nothing needs
 * saying.
 */
export interface DamageExpectation {
  readonly newer?: true;
  readonly cut?: number;
  readonly quiet?: true;
}
export type DamageCase = readonly [name: string, damage: (items: Items) => void, expected: DamageExpectation];

const text = (x: unknown) => JSON.stringify(x);
const header = (items: Items) => items[STORE_KEY] as Record<string, unknown>;
const chunk = (items: Items, n: number) =>
  items[eventsKey('hd-command', n)] as { system: string; index: number; events: unknown[] };
const many = (n: number) => n.toLocaleString('en');

/**
 * The cases. `huge`: how many items a huge value holds (100,000 on the store's own code; the browser
 * takes fewer, within storage.local's 10 MB quota and short trips to the worker). Every huge value is
 * far past the store's own read limits at either size.
 */
export function damageCases(huge: number): DamageCase[] {
  return [
    // The header.
    ['header cut (its JSON text cut short)', (i) => void (i[STORE_KEY] = text(i[STORE_KEY]).slice(0, 30)), {}],
    ['header of the wrong type (a list)', (i) => void (i[STORE_KEY] = [i[STORE_KEY]]), {}],
    ['header of the wrong type (a number)', (i) => void (i[STORE_KEY] = 42), {}],
    ['header games of the wrong type (an object)', (i) => void (header(i).games = { 'hd-command': true }), {}],
    ['header huge (3 MB of text)', (i) => void (i[STORE_KEY] = 'x'.repeat(3_000_000)), {}],
    [
      `header huge (${many(huge)} notices)`,
      (i) => void (header(i).notices = Array.from({ length: huge }, () => ({ kind: 'quota', percent: 1, at: 'x' }))),
      {},
    ],
    ['header missing', (i) => void delete i[STORE_KEY], {}],
    ['header games duplicated', (i) => void (header(i).games = ['hd-command', 'hd-command', 'bdc']), {}],
    ['header of an unknown version (0)', (i) => void (header(i).schemaVersion = 0), {}],
    ['header of a newer version (99)', (i) => void (header(i).schemaVersion = 99), { newer: true }],
    [
      'header with a __proto__ key',
      (i) => void (i[STORE_KEY] = JSON.parse(text(i[STORE_KEY]).replace('{', '{"__proto__":{"games":["cr"]},'))),
      {},
    ],
    [
      'header bindings with a __proto__ key',
      (i) =>
        void (header(i).bindings = JSON.parse(
          '{"__proto__":{"links":{},"sides":{}},"hd-command":{"links":{},"sides":{"red":"A"}}}',
        )),
      {},
    ],
    ['header bindings of the wrong type', (i) => void (header(i).bindings = { 'hd-command': 7 }), {}],
    [
      `header bindings huge (${many(huge)} links)`,
      (i) =>
        void (header(i).bindings = {
          'hd-command': {
            links: Object.fromEntries(Array.from({ length: huge }, (_, k) => [`t${k}`, 'A1'])),
            sides: {},
          },
        }),
      {},
    ],
    // Each chunk.
    ...[0, 1, 2].flatMap((n): DamageCase[] => [
      [
        `chunk ${n} cut (its events cut short)`,
        (i) => void (chunk(i, n).events = chunk(i, n).events.slice(0, 10)),
        { cut: n * CHUNK + 10 },
      ],
      [
        `chunk ${n} cut (its JSON text cut short)`,
        (i) => void (i[eventsKey('hd-command', n)] = text(i[eventsKey('hd-command', n)]).slice(0, 500)),
        { cut: n * CHUNK },
      ],
      [
        `chunk ${n} of the wrong type`,
        (i) => void (chunk(i, n).events = { 0: namedEvent(0) } as never),
        { cut: n * CHUNK },
      ],
      [
        `chunk ${n} huge (${many(huge)} events)`,
        (i) => void (chunk(i, n).events = Array.from({ length: huge }, (_, k) => namedEvent(k))),
        { cut: n * CHUNK },
      ],
      [`chunk ${n} missing`, (i) => void delete i[eventsKey('hd-command', n)], { cut: n * CHUNK }],
      [
        `chunk ${n} with an event the rules refuse`,
        (i) => void (chunk(i, n).events[5] = { type: 'spend', side: 'A', amount: 99, permanent: false }),
        { cut: n * CHUNK + 5 },
      ],
      [
        `chunk ${n} with a __proto__ key`,
        (i) =>
          void (i[eventsKey('hd-command', n)] = JSON.parse(
            text(chunk(i, n)).replace('{', '{"__proto__":{"index":7},'),
          )),
        { quiet: true },
      ],
    ]),
    [
      'chunk 1 duplicated onto chunk 2',
      (i) => void (i[eventsKey('hd-command', 2)] = structuredClone(chunk(i, 1))),
      { cut: 2 * CHUNK },
    ],
    [
      "a chunk past the game's end",
      (i) => void (i[eventsKey('hd-command', 3)] = { system: 'hd-command', index: 3, events: [namedEvent(5000)] }),
      {},
    ],
    // Each game's own key.
    ['game key cut (no cursor)', (i) => void delete (i[gameKey('hd-command')] as Record<string, unknown>).cursor, {}],
    [
      'game key length of the wrong type (a string)',
      (i) => void ((i[gameKey('hd-command')] as Record<string, unknown>).length = String(DAMAGE_EVENTS)),
      {},
    ],
    ['game key of the wrong type', (i) => void (i[gameKey('hd-command')] = [1, 2]), {}],
    ['game key missing', (i) => void delete i[gameKey('hd-command')], {}],
    [
      "game key duplicated (another game's)",
      (i) => void (i[gameKey('hd-command')] = structuredClone(i[gameKey('bdc')])),
      {},
    ],
    [
      'game key settings huge',
      (i) => void ((i[gameKey('hd-command')] as Record<string, unknown>).config = { edition: 'x'.repeat(1_000_000) }),
      {},
    ],
    // Beside the store.
    ['Roll20 settings of the wrong type', (i) => void (i[ROLL20_SETTINGS_KEY] = 'tint'), {}],
    [
      `Roll20 settings huge (${many(huge / 2)} assignments)`,
      (i) =>
        void (i[ROLL20_SETTINGS_KEY] = {
          ...DEFAULT_ROLL20_SETTINGS,
          assignments: Object.fromEntries(Array.from({ length: huge / 2 }, (_, k) => [`a${k}`, 'x'])),
        }),
      {},
    ],
    [
      'Roll20 settings with a __proto__ key',
      (i) =>
        void (i[ROLL20_SETTINGS_KEY] = JSON.parse(
          `{"__proto__":{"overlay":false},${text(DEFAULT_ROLL20_SETTINGS).slice(1)}`,
        )),
      { quiet: true },
    ],
    [
      'demo board of the wrong type',
      (i) => void ((i[DEMO_KEY] as { boards: Record<string, unknown> }).boards.bdc = 'board'),
      {},
    ],
    [
      `demo boards huge (${many(huge)} tokens)`,
      (i) =>
        void ((i[DEMO_KEY] as { boards: { bdc: { tokens: unknown[] } } }).boards.bdc.tokens = Array.from(
          { length: huge },
          () => ({}),
        )),
      {},
    ],
    ['demo boards of a newer version', (i) => void ((i[DEMO_KEY] as { version: number }).version = 2), {}],
    ['a backup cut', (i) => void (i[HEALTHY_BACKUP_KEY] = '{"kind":"game-replaced","sys'), { quiet: true }],
    [
      `a backup huge (${many(2 * huge)} events)`,
      (i) =>
        void (i[`${BACKUP_KEY_PREFIX}huge`] = {
          system: 'bdc',
          game: { config: {}, log: { events: Array.from({ length: 2 * huge }, (_, k) => namedEvent(k)), cursor: 1 } },
        }),
      { quiet: true },
    ],
    // Keys the store does not use.
    ['5,000 unknown keys', (i) => void Array.from({ length: 5000 }, (_, k) => (i[`stray.${k}`] = { k })), {}],
    ['keys of a newer layout', (i) => void (i['commandPost.v5.games'] = ['hd-command']), {}],
    [
      'a key named __proto__',
      (i) =>
        void Object.defineProperty(i, '__proto__', {
          value: { games: [] },
          enumerable: true,
          writable: true,
          configurable: true,
        }),
      {},
    ],
    [
      'a chunk of an unknown rule system',
      (i) => void (i[eventsKey('chess', 0)] = { system: 'chess', index: 0, events: [namedEvent(7000)] }),
      {},
    ],
    ['layout v3 chunks left beside a v4 store', (i) => void (i[logKey('hd-command', 0)] = [namedEvent(8000)]), {}],
  ];
}
