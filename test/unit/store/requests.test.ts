import { describe, expect, it } from 'vitest';
import { applyRequest, parseRequest } from '../../../src/store/requests';
import { checkGame, gameOf } from '../../../src/store/load';
import { DESCRIPTORS } from '../../../src/rules';
import { freshRoot } from '../../../src/store/root';
import type { Request } from '../../../src/messages';

const play = (requests: unknown[]) =>
  requests.reduce<ReturnType<typeof freshRoot>>((root, raw) => {
    const request = parseRequest(raw);
    if (!request.ok) throw new Error(JSON.stringify(request.error));
    const next = applyRequest(root, request.value);
    if (!next.ok) throw new Error(JSON.stringify(next.error));
    return next.value;
  }, freshRoot());

describe('parseRequest', () => {
  const forged: [string, unknown][] = [
    ['not an object', 'store/load'],
    ['an unknown type', { type: 'store/wipe' }],
    ['an extra key', { type: 'store/load', admin: true }],
    ['an unknown system', { type: 'game/undo', system: 'chess' }],
    [
      'an event of the wrong shape',
      {
        type: 'game/dispatch',
        system: 'hd-command',
        event: { type: 'spend', side: 'A', amount: '3', permanent: false },
      },
    ],
    [
      'an event with an extra key',
      { type: 'game/dispatch', system: 'hd-command', event: { type: 'upkeep', __proto__x: 1 } },
    ],
    ['an unknown event', { type: 'game/dispatch', system: 'hd-command', event: { type: 'win' } }],
    [
      'a huge name',
      {
        type: 'game/dispatch',
        system: 'hd-command',
        event: { type: 'sideEdited', side: 'A', name: 'x'.repeat(10_000) },
      },
    ],
  ];
  it.each(forged)('drops %s with bad-message', (_, raw) => {
    const parsed = parseRequest(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.code).toBe('bad-message');
  });

  it('keeps hostile-looking text as plain data (views render it as text)', () => {
    const name = '<img src=x onerror=alert(1)>';
    const root = play([
      { type: 'game/dispatch', system: 'hd-command', event: { type: 'sideEdited', side: 'A', name } },
    ]);
    expect(gameOf(root, 'hd-command').log.events[0]).toEqual({ type: 'sideEdited', side: 'A', name });
  });
});

describe('what a player may no longer ask for', () => {
  const start = [{ type: 'rosterSet', side: 'A', fighters: [{ name: 'chef', cmd: 3 }] }, { type: 'start' }];
  const spend0 = { type: 'spend', side: 'A', amount: 0, permanent: false };

  it('a spend of 0 is refused with its reason, alone or in a batch', () => {
    for (const raw of [
      { type: 'game/dispatch', system: 'hd-command', event: spend0 },
      { type: 'game/batch', system: 'hd-command', events: [...start, spend0] },
      { type: 'game/replace', system: 'hd-command', events: [...start, spend0] },
    ]) {
      const parsed = parseRequest(raw);
      expect(parsed.ok ? null : parsed.error.code).toBe('spend-nothing');
    }
  });

  it('a game saved with a spend of 0 still reads (its file imports, its log replays)', () => {
    const game = checkGame('hd-command', {
      config: DESCRIPTORS['hd-command'].rules.defaultConfig,
      log: { events: [...start, spend0], cursor: 3 },
    });
    expect(game.ok && game.value.log.events).toHaveLength(3);
  });
});

describe('applyRequest', () => {
  const dispatch = (event: unknown) => ({ type: 'game/dispatch', system: 'hd-command', event });

  it('appends accepted events, undoes, redoes, and drops the undone tail on a new event', () => {
    const root = play([
      dispatch({ type: 'rosterSet', side: 'A', fighters: [{ name: 'chef', cmd: 2 }] }),
      dispatch({ type: 'start' }),
      dispatch({ type: 'spend', side: 'A', amount: 1, permanent: false }),
      { type: 'game/undo', system: 'hd-command' },
      { type: 'game/undo', system: 'hd-command' },
      { type: 'game/redo', system: 'hd-command' },
      dispatch({ type: 'spend', side: 'A', amount: 2, permanent: true }),
    ]);
    expect(gameOf(root, 'hd-command').log).toEqual({
      events: [
        { type: 'rosterSet', side: 'A', fighters: [{ name: 'chef', cmd: 2 }] },
        { type: 'start' },
        { type: 'spend', side: 'A', amount: 2, permanent: true },
      ],
      cursor: 3,
    });
  });

  it('refuses an illegal event and leaves the root as it was', () => {
    const root = play([
      dispatch({ type: 'rosterSet', side: 'A', fighters: [{ name: 'chef', cmd: 2 }] }),
      dispatch({ type: 'start' }),
    ]);
    const request = parseRequest(dispatch({ type: 'spend', side: 'A', amount: 3, permanent: false }));
    expect(request.ok).toBe(true);
    const result = applyRequest(root, (request as { value: Request }).value);
    expect(result).toEqual({ ok: false, error: { code: 'amount-exceeds-current', params: { amount: 3, current: 2 } } });
  });

  it('clears the store notices on request', () => {
    const withNotice = {
      ...freshRoot(),
      notices: [
        {
          kind: 'store-reset' as const,
          reason: 'not-json' as const,
          detail: 'x',
          backupKey: 'commandPost.backup.x',
          at: 'now',
        },
      ],
    };
    const result = applyRequest(withNotice, { type: 'store/dismiss-notice' });
    expect(result.ok && result.value.notices).toEqual([]);
  });

  it('a request applied once with its id is answered again, not applied twice (a retry)', () => {
    const spend = parseRequest({
      id: 'r-1',
      type: 'game/dispatch',
      system: 'bdc',
      event: { type: 'tested', target: 6, modifier: 0, natural: 3 },
    });
    if (!spend.ok) throw new Error('spend');
    const once = applyRequest(freshRoot(), spend.value);
    if (!once.ok) throw new Error('once');
    expect(once.value.recent).toEqual(['r-1']);
    expect(once.value.revision).toBe(1);
    const twice = applyRequest(once.value, spend.value);
    expect(twice.ok && twice.value).toBe(once.value);
    expect(gameOf(once.value, 'bdc').log.events).toHaveLength(1);
  });
});

describe('binding a game to the board', () => {
  const roster = {
    type: 'game/dispatch',
    system: 'hd-command',
    event: { type: 'rosterSet', side: 'A', fighters: [{ name: 'Franc-capitaine', cmd: 4 }] },
  };
  const refused = (root: ReturnType<typeof freshRoot>, raw: unknown) => {
    const request = parseRequest(raw);
    if (!request.ok) return request.error.code;
    const next = applyRequest(root, request.value);
    return next.ok ? null : next.error.code;
  };

  it('links and unlinks tokens and sides; a link to a piece the game does not have is refused', () => {
    const root = play([
      roster,
      {
        type: 'board/link',
        system: 'hd-command',
        links: [{ token: 't1', piece: 'A1' }],
        sides: [{ tabletop: 'player-1', side: 'A' }],
      },
    ]);
    expect(root.bindings['hd-command']).toEqual({ links: { t1: 'A1' }, sides: { 'player-1': 'A' } });
    const unlinked = play([
      roster,
      { type: 'board/link', system: 'hd-command', links: [{ token: 't1', piece: 'A1' }] },
      { type: 'board/link', system: 'hd-command', links: [{ token: 't1', piece: null }] },
    ]);
    expect(unlinked.bindings['hd-command']).toEqual({ links: {}, sides: {} });
    const base = play([roster]);
    expect(refused(base, { type: 'board/link', system: 'hd-command', links: [{ token: 't1', piece: 'A9' }] })).toBe(
      'board-unknown-piece',
    );
    expect(
      refused(base, { type: 'board/link', system: 'hd-command', links: [], sides: [{ tabletop: 'x', side: 'C' }] }),
    ).toBe('unknown-side');
    expect(refused(base, { type: 'board/link', system: 'hd-command', links: [{ token: '', piece: 'A1' }] })).toBe(
      'bad-message',
    );
  });

  it('applies a roster from the board in one batch and links each token to the piece its event created', () => {
    const root = play([
      roster,
      {
        type: 'game/batch',
        system: 'bdc',
        events: [
          {
            type: 'unitAdded',
            unit: { name: 'Groupe', level: 'confiant', experience: 2, doctrine: 'rigid', teams: 1 },
          },
          {
            type: 'leaderAdded',
            leader: { name: 'Sergent', morale: 7, pa: 3, aptitude: { kind: '', modifier: 0 }, leads: 'u1' },
          },
        ],
        links: [
          { token: 'f1', event: 0 },
          { token: 'f2', event: 0 },
          { token: 'l', event: 1 },
        ],
      },
      // A Hell Dorado roster creates several fighters at once: `nth` picks one.
      {
        type: 'game/batch',
        system: 'hd-command',
        events: [
          {
            type: 'rosterSet',
            side: 'A',
            fighters: [
              { name: 'Franc-capitaine', cmd: 4 },
              { name: 'Bretteur', cmd: 1 },
            ],
          },
        ],
        links: [{ token: 'b', event: 0, nth: 0 }],
      },
    ]);
    expect(root.bindings.bdc).toEqual({ links: { f1: 'u1', f2: 'u1', l: 'l2' }, sides: {} });
    expect(root.bindings['hd-command']!.links).toEqual({ b: 'A2' });
    expect(gameOf(root, 'bdc').log.events).toHaveLength(2);
  });

  it('applies nothing when one event of a batch is refused', () => {
    const base = play([roster]);
    const batch = {
      type: 'game/batch',
      system: 'bdc',
      events: [
        { type: 'unitAdded', unit: { name: 'Groupe', level: 'confiant', experience: 2, doctrine: 'rigid', teams: 1 } },
        { type: 'unitAdded', unit: { name: 'Bad', level: 'confiant', experience: 9, doctrine: 'rigid', teams: 1 } },
      ],
      links: [{ token: 'f1', event: 0 }],
    };
    expect(refused(base, batch)).toBe('bdc-value-invalid');
    expect(refused(base, { ...batch, events: batch.events.slice(0, 1), links: [{ token: 'f1', event: 3 }] })).toBe(
      'board-link-no-piece',
    );
  });
});
