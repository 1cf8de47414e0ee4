import { describe, expect, it } from 'vitest';
import { loadStore, MIGRATIONS } from '../../../src/store/load';
import { BACKUP_KEY_PREFIX, SCHEMA_VERSION, freshRoot, type StoreRoot } from '../../../src/store/root';

const now = new Date('2026-11-29T20:00:00.000Z');
const validRoot: StoreRoot = {
  schemaVersion: SCHEMA_VERSION,
  revision: 12,
  activeSystem: 'hd-command',
  notice: null,
  bindings: { 'hd-command': { links: { tok1: 'A1' }, sides: { pA: 'A' } } },
  games: {
    'hd-command': {
      config: { edition: 'commandement', houseRules: { leavingCountsAsLoss: true, commandementModifierTiming: 'immediate', lostBeforeCredit: 'cancel-credit', modifierEndGivesBack: 'applied' } },
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
    expect(loadStore(undefined, now)).toEqual({ root: freshRoot(), backup: null });
  });

  it('reads back a valid root unchanged, undone tail included', () => {
    const { root, backup } = loadStore(structuredClone(validRoot), now);
    expect(backup).toBeNull();
    expect(root).toEqual(validRoot);
  });

  it('migrates every earlier schema version: v1 (before bindings) reads back with its games and no links', () => {
    const { bindings: _bindings, revision: _revision, ...rest } = validRoot;
    const v1 = { ...rest, schemaVersion: 1 };
    const { root, backup } = loadStore(structuredClone(v1), now);
    expect(backup).toBeNull();
    expect(root).toEqual({ ...validRoot, revision: 0, bindings: {} });
    // Every version below the current one has its step.
    for (let v = 1; v < SCHEMA_VERSION; v++) expect(MIGRATIONS[v], `migration from v${v}`).toBeTypeOf('function');
  });

  const broken: [string, unknown, string][] = [
    ['text that is not JSON (a truncated write)', '{"schemaVersion":1,"games":{', 'not-json'],
    ['a root missing its games', { schemaVersion: 1, activeSystem: 'hd-command', notice: null }, 'wrong-shape'],
    ['a binding with a link that is not text', { ...validRoot, bindings: { 'hd-command': { links: { tok1: 7 }, sides: {} } } }, 'wrong-shape'],
    ['a negative revision', { ...validRoot, revision: -1 }, 'wrong-shape'],
    ['a root with an extra key', { ...validRoot, extra: 1 }, 'wrong-shape'],
    ['a newer schema', { ...validRoot, schemaVersion: SCHEMA_VERSION + 1 }, 'newer-schema'],
    ['a number', 42, 'wrong-shape'],
    ['an unknown rule system', { ...validRoot, games: { chess: validRoot.games['hd-command'] } }, 'wrong-shape'],
    [
      'a malformed event',
      { ...validRoot, games: { 'hd-command': { ...validRoot.games['hd-command'], log: { events: [{ type: 'spend', side: 'Z' }], cursor: 1 } } } },
      'wrong-shape',
    ],
    [
      'a cursor past the end',
      { ...validRoot, games: { 'hd-command': { ...validRoot.games['hd-command'], log: { events: [], cursor: 3 } } } },
      'wrong-shape',
    ],
    [
      'a log the rules refuse (an over-spend)',
      {
        ...validRoot,
        games: {
          'hd-command': {
            ...validRoot.games['hd-command'],
            log: { events: [{ type: 'rosterSet', side: 'A', fighters: [{ name: 'x', cmd: 1 }] }, { type: 'start' }, { type: 'spend', side: 'A', amount: 5, permanent: false }], cursor: 3 },
          },
        },
      },
      'log-refused',
    ],
  ];

  it.each(broken)('keeps %s as a backup, starts clean and says why', (_, raw, reason) => {
    const { root, backup } = loadStore(raw, now);
    expect(backup).toEqual({ key: `${BACKUP_KEY_PREFIX}2026-11-29T20:00:00.000Z`, value: raw });
    expect(root.games).toEqual({});
    expect(root.notice).toMatchObject({ kind: 'store-reset', reason, backupKey: backup!.key, at: now.toISOString() });
    expect(root.notice!.detail.length).toBeGreaterThan(0);
    // The fresh root with its notice is itself a valid store.
    expect(loadStore(root, now)).toEqual({ root, backup: null });
  });
});
