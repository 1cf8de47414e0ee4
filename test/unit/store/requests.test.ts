import { describe, expect, it } from 'vitest';
import { applyRequest, parseRequest } from '../../../src/store/requests';
import { gameOf } from '../../../src/store/load';
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
    ['an event of the wrong shape', { type: 'game/dispatch', system: 'hd-command', event: { type: 'spend', side: 'A', amount: '3', permanent: false } }],
    ['an event with an extra key', { type: 'game/dispatch', system: 'hd-command', event: { type: 'upkeep', __proto__x: 1 } }],
    ['an unknown event', { type: 'game/dispatch', system: 'hd-command', event: { type: 'win' } }],
    ['a huge name', { type: 'game/dispatch', system: 'hd-command', event: { type: 'sideEdited', side: 'A', name: 'x'.repeat(10_000) } }],
  ];
  it.each(forged)('drops %s with bad-message', (_, raw) => {
    const parsed = parseRequest(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.code).toBe('bad-message');
  });

  it('keeps hostile-looking text as plain data (views render it as text)', () => {
    const name = '<img src=x onerror=alert(1)>';
    const root = play([{ type: 'game/dispatch', system: 'hd-command', event: { type: 'sideEdited', side: 'A', name } }]);
    expect(gameOf(root, 'hd-command').log.events[0]).toEqual({ type: 'sideEdited', side: 'A', name });
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
    const root = play([dispatch({ type: 'rosterSet', side: 'A', fighters: [{ name: 'chef', cmd: 2 }] }), dispatch({ type: 'start' })]);
    const request = parseRequest(dispatch({ type: 'spend', side: 'A', amount: 3, permanent: false }));
    expect(request.ok).toBe(true);
    const result = applyRequest(root, (request as { value: Request }).value);
    expect(result).toEqual({ ok: false, error: { code: 'amount-exceeds-current', params: { amount: 3, current: 2 } } });
  });

  it('clears the store notice on request', () => {
    const withNotice = { ...freshRoot(), notice: { kind: 'store-reset' as const, reason: 'not-json' as const, detail: 'x', backupKey: 'commandPost.backup.x', at: 'now' } };
    const result = applyRequest(withNotice, { type: 'store/dismiss-notice' });
    expect(result.ok && result.value.notice).toBeNull();
  });
});
