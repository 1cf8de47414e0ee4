import { describe, expect, it } from 'vitest';
import { loadStore, MIGRATIONS } from '../../../src/store/load';
import { BACKUP_KEY_PREFIX, SCHEMA_VERSION, freshRoot, type StoreRoot } from '../../../src/store/root';

const now = new Date('2026-11-29T20:00:00.000Z');
const validRoot: StoreRoot = {
  schemaVersion: SCHEMA_VERSION,
  revision: 12,
  activeSystem: 'hd-command',
  notices: [],
  recent: ['r1'],
  bindings: { 'hd-command': { links: { tok1: 'A1' }, sides: { pA: 'A' } } },
  games: {
    'hd-command': {
      config: {
        edition: 'commandement',
        houseRules: {
          leavingCountsAsLoss: true,
          commandementModifierTiming: 'immediate',
          lostBeforeCredit: 'cancel-credit',
          modifierEndGivesBack: 'applied',
        },
      },
      log: {
        events: [
          { type: 'rosterSet', side: 'A', fighters: [{ name: 'franc-capitaine', cmd: 4 }] },
          { type: 'start' },
          { type: 'spend', side: 'A', amount: 3, permanent: false },
        ],
        cursor: 2,
      },
    },
  },
};

describe('loadStore', () => {
  it('starts clean, without a notice, when nothing is stored', () => {
    expect(loadStore(undefined, now)).toEqual({ root: freshRoot(), backups: [] });
  });

  it('reads back a valid root unchanged, undone tail included', () => {
    const { root, backups } = loadStore(structuredClone(validRoot), now);
    expect(backups).toEqual([]);
    expect(root).toEqual(validRoot);
  });

  it('migrates every earlier schema version: v1 (before bindings) and v2 (one notice) read back with their games', () => {
    const { bindings: _bindings, revision: _revision, notices: _notices, recent: _recent, ...rest } = validRoot;
    const v1 = { ...rest, schemaVersion: 1, notice: null };
    const fromV1 = loadStore(structuredClone(v1), now);
    expect(fromV1.backups).toEqual([]);
    expect(fromV1.root).toEqual({ ...validRoot, revision: 0, bindings: {}, recent: [] });
    const notice = {
      kind: 'store-reset',
      reason: 'not-json',
      detail: 'x',
      backupKey: 'commandPost.backup.x',
      at: 'then',
    } as const;
    const v2 = { ...rest, schemaVersion: 2, revision: 5, bindings: validRoot.bindings, notice };
    const fromV2 = loadStore(structuredClone(v2), now);
    expect(fromV2.backups).toEqual([]);
    expect(fromV2.root).toEqual({ ...validRoot, revision: 5, notices: [notice], recent: [] });
    // Every version below the current one has its step.
    for (let v = 1; v < SCHEMA_VERSION; v++) expect(MIGRATIONS[v], `migration from v${v}`).toBeTypeOf('function');
  });

  const broken: [string, unknown, string][] = [
    ['text that is not JSON (a truncated write)', '{"schemaVersion":1,"games":{', 'not-json'],
    ['a root missing its games', { schemaVersion: 1, activeSystem: 'hd-command', notice: null }, 'wrong-shape'],
    ['a negative revision', { ...validRoot, revision: -1 }, 'wrong-shape'],
    ['a root with an extra key', { ...validRoot, extra: 1 }, 'wrong-shape'],
    ['a newer schema', { ...validRoot, schemaVersion: SCHEMA_VERSION + 1 }, 'newer-schema'],
    ['a number', 42, 'wrong-shape'],
  ];

  it.each(broken)('keeps %s as a backup, starts clean and says why', (_, raw, reason) => {
    const { root, backups } = loadStore(raw, now);
    expect(backups).toEqual([{ key: `${BACKUP_KEY_PREFIX}2026-11-29T20:00:00.000Z`, value: raw }]);
    expect(root.games).toEqual({});
    expect(root.notices).toEqual([
      expect.objectContaining({ kind: 'store-reset', reason, backupKey: backups[0]!.key, at: now.toISOString() }),
    ]);
    expect((root.notices[0] as { detail: string }).detail.length).toBeGreaterThan(0);
    // The fresh root with its notice is itself a valid store.
    expect(loadStore(root, now)).toEqual({ root, backups: [] });
  });

  // One damaged game never costs the others: a second, healthy game stays.
  const bdcGame = {
    config: {
      rules: {
        moraleTests: 'sequential',
        factorDrops: true,
        routedFails: 'stays-routed',
        teamPa: 'full',
        measureFrom: 'edge',
        commandCm: 10,
      },
      experience: [
        { factor: 4, pa: [1, 1], verified: false },
        { factor: 5, pa: [2, 1], verified: false },
        { factor: 6, pa: [2, 2], verified: false },
        { factor: 7, pa: [3, 2], verified: false },
      ],
    },
    log: { events: [{ type: 'tested', target: 6, modifier: 0, natural: 3 }], cursor: 1 },
  };
  const games: [string, string, unknown, string][] = [
    ['an unknown rule system', 'chess', validRoot.games['hd-command'], 'wrong-shape'],
    [
      'a malformed event',
      'hd-command',
      { ...validRoot.games['hd-command'], log: { events: [{ type: 'spend', side: 'Z' }], cursor: 1 } },
      'wrong-shape',
    ],
    [
      'a cursor past the end',
      'hd-command',
      { ...validRoot.games['hd-command'], log: { events: [], cursor: 3 } },
      'wrong-shape',
    ],
    ['a game that is not an object', 'hd-command', 'garbage', 'wrong-shape'],
    [
      'a log the rules refuse (an over-spend)',
      'hd-command',
      {
        ...validRoot.games['hd-command'],
        log: {
          events: [
            { type: 'rosterSet', side: 'A', fighters: [{ name: 'x', cmd: 1 }] },
            { type: 'start' },
            { type: 'spend', side: 'A', amount: 5, permanent: false },
          ],
          cursor: 3,
        },
      },
      'log-refused',
    ],
  ];

  it.each(games)('keeps a game with %s as a backup and starts that game alone again', (_, system, game, reason) => {
    const raw = { ...validRoot, games: { [system]: game, bdc: bdcGame } };
    const { root, backups } = loadStore(raw, now);
    expect(backups).toEqual([
      { key: `${BACKUP_KEY_PREFIX}2026-11-29T20:00:00.000Z.${system}`, value: { system, game } },
    ]);
    expect(Object.keys(root.games)).toEqual(['bdc']);
    expect(root.revision).toBe(validRoot.revision);
    if (system === 'chess') expect(root.notices).toEqual([]);
    else
      expect(root.notices).toEqual([
        expect.objectContaining({ kind: 'game-reset', system, reason, backupKey: backups[0]!.key }),
      ]);
    expect(loadStore(root, now)).toEqual({ root, backups: [] });
  });

  it('a damaged binding is kept as a backup and dropped alone; the game stays', () => {
    const binding = { links: { tok1: 7 }, sides: {} };
    const { root, backups } = loadStore({ ...validRoot, bindings: { 'hd-command': binding } }, now);
    expect(root.games['hd-command']).toEqual(validRoot.games['hd-command']);
    expect(root.bindings).toEqual({});
    expect(backups).toEqual([
      {
        key: `${BACKUP_KEY_PREFIX}2026-11-29T20:00:00.000Z.hd-command.binding`,
        value: { system: 'hd-command', binding },
      },
    ]);
  });
});
