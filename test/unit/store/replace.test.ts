// `game/replace` (a new game in place of the stored one, bound to the tokens it names) and the backup
// the worker keeps of the game it replaces; `demo/save`, the demo table's own board.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { exampleBoard, exampleRequest } from '../../../src/adapters/demo/example';
import { demoRequestSchema } from '../../../src/messages';
import { applyRequest, parseRequest, replacedBackup } from '../../../src/store/requests';
import { gameOf } from '../../../src/store/load';
import { BACKUP_KEY_PREFIX, freshRoot, type StoreRoot } from '../../../src/store/root';
import type { Request } from '../../../src/messages';

function apply(root: StoreRoot, raw: unknown): StoreRoot {
  const request = parseRequest(structuredClone(raw));
  if (!request.ok) throw new Error(JSON.stringify(request.error));
  const next = applyRequest(root, request.value);
  if (!next.ok) throw new Error(JSON.stringify(next.error));
  return next.value;
}

const refusal = (root: StoreRoot, raw: unknown): string | null => {
  const request = parseRequest(structuredClone(raw));
  if (!request.ok) return request.error.code;
  const next = applyRequest(root, request.value);
  return next.ok ? null : next.error.code;
};

const NOW = new Date('2026-01-02T03:04:05.000Z');

/** A hd-command game someone played: a roster, the start, a spend, one more undone. */
function played(): StoreRoot {
  let root = freshRoot();
  for (const event of [
    { type: 'rosterSet', side: 'A', fighters: [{ name: 'chef', cmd: 3 }] },
    { type: 'start' },
    { type: 'spend', side: 'A', amount: 1, permanent: false },
  ])
    root = apply(root, { type: 'game/dispatch', system: 'hd-command', event });
  root = apply(root, { type: 'board/link', system: 'hd-command', links: [{ token: 'roll20-token', piece: 'A1' }] });
  return root;
}

describe('game/replace', () => {
  it('replaces the stored game by the events given, and its binding by the links given alone', () => {
    const before = played();
    const after = apply(before, exampleRequest('hd-command'));
    const game = gameOf(after, 'hd-command');
    expect(game.log.cursor).toBe(game.log.events.length);
    expect(game.log.events.map((e) => (e as { type: string }).type)).toEqual([
      'sideEdited',
      'sideEdited',
      'rosterSet',
      'rosterSet',
      'start',
    ]);
    expect(after.bindings['hd-command']).toEqual({
      links: { fc: 'A1', br: 'A2', mi: 'A3', se: 'A4', en: 'B1' },
      sides: { arnaud: 'A', opponent: 'B' },
    });
    expect(after.revision).toBe(before.revision + 1);
    // Other systems and the one on screen are left as they were.
    expect(after.activeSystem).toBe(before.activeSystem);
    expect(after.games.bdc).toBe(before.games.bdc);
  });

  it('plays the settings given, checked as stored settings are', () => {
    const after = apply(freshRoot(), {
      type: 'game/replace',
      system: 'hd-command',
      config: { edition: 'commandement', houseRules: gameOf(freshRoot(), 'hd-command').config.houseRules },
      events: [],
    });
    expect(gameOf(after, 'hd-command').config.edition).toBe('commandement');
    expect(
      refusal(freshRoot(), { type: 'game/replace', system: 'hd-command', config: { edition: 'third' }, events: [] }),
    ).toBe('bad-message');
  });

  it.each([
    [
      'an event of the wrong shape',
      {
        type: 'game/replace',
        system: 'hd-command',
        events: [{ type: 'spend', side: 'A', amount: '3', permanent: false }],
      },
      'bad-message',
    ],
    ['an extra key', { type: 'game/replace', system: 'hd-command', events: [], wipeAll: true }, 'bad-message'],
    [
      'a link to a piece the game does not create',
      { type: 'game/replace', system: 'hd-command', events: [], links: [{ token: 't', piece: 'A1' }] },
      'board-unknown-piece',
    ],
    [
      'a side the game does not have',
      { type: 'game/replace', system: 'hd-command', events: [], sides: [{ tabletop: 'red', side: 'Z' }] },
      'unknown-side',
    ],
    [
      'an event the rules refuse',
      {
        type: 'game/replace',
        system: 'hd-command',
        events: [{ type: 'spend', side: 'A', amount: 3, permanent: false }],
      },
      'game-not-started',
    ],
  ])('refuses %s and keeps the stored game', (_, raw, code) => {
    const before = played();
    expect(refusal(before, raw)).toBe(code);
  });
});

describe('the backup of a replaced game', () => {
  it('keeps the game it replaced, with its binding, under a dated backup key', () => {
    const before = played();
    const request = exampleRequest('hd-command');
    const after = apply(before, request);
    const backup = replacedBackup(before, after, request, NOW);
    expect(backup?.key).toBe(`${BACKUP_KEY_PREFIX}2026-01-02T03:04:05.000Z.hd-command.before-replace`);
    expect(backup?.value).toEqual({
      kind: 'game-replaced',
      system: 'hd-command',
      game: before.games['hd-command'],
      binding: before.bindings['hd-command'],
      at: '2026-01-02T03:04:05.000Z',
    });
  });

  it('keeps nothing when there was no game, an empty one, or the very same game', () => {
    const request = exampleRequest('bdc');
    const fresh = freshRoot();
    const loaded = apply(fresh, request);
    expect(replacedBackup(fresh, loaded, request, NOW)).toBeNull();
    expect(replacedBackup(loaded, apply(loaded, request), request, NOW)).toBeNull();
    const emptied = apply(loaded, { type: 'game/replace', system: 'bdc', events: [] });
    expect(
      replacedBackup(loaded, emptied, { type: 'game/replace', system: 'bdc', events: [] } as Request, NOW),
    ).not.toBeNull();
    expect(replacedBackup(emptied, loaded, request, NOW)).toBeNull();
    // Other requests never leave one.
    expect(replacedBackup(loaded, loaded, { type: 'store/load' }, NOW)).toBeNull();
  });
});

describe('demo/save', () => {
  it('carries a board of the demo table, checked', () => {
    expect(v.safeParse(demoRequestSchema, { type: 'demo/save', board: exampleBoard('dc') }).success).toBe(true);
    expect(
      v.safeParse(demoRequestSchema, { type: 'demo/save', board: { ...exampleBoard('dc'), tokens: 'all' } }).success,
    ).toBe(false);
    expect(v.safeParse(demoRequestSchema, { type: 'demo/save', board: exampleBoard('dc'), extra: 1 }).success).toBe(
      false,
    );
    expect(v.safeParse(demoRequestSchema, { type: 'demo/wipe' }).success).toBe(false);
  });

  it('is not a store request: the game store does not take it', () => {
    expect(parseRequest({ type: 'demo/save', board: exampleBoard('dc') }).ok).toBe(false);
  });
});
