import { describe, expect, it } from 'vitest';
import { reliableSender, RETRY_DELAYS_MS } from '../../../popup/reliable';
import type { Request, StoreAnswer } from '../../../src/messages';
import { unchanged } from '../../../src/store/answer';
import { freshRoot } from '../../../src/store/root';

const answer: StoreAnswer = { ok: true, change: unchanged(freshRoot()) };

describe('reliableSender', () => {
  it('sends again, with the same id, what the worker did not answer; in order; once answered, not again', async () => {
    const seen: Request[] = [];
    let down = 3; // the worker is stopped for three attempts
    const send = reliableSender(
      async (m) => {
        seen.push(m);
        if (down-- > 0) throw new Error('Could not establish connection. Receiving end does not exist.');
        return answer;
      },
      async () => {},
    );
    const a = send({ type: 'game/undo', system: 'bdc' });
    const b = send({ type: 'game/redo', system: 'bdc' });
    expect(await a).toBe(answer);
    expect(await b).toBe(answer);
    expect(seen.map((m) => m.type)).toEqual(['game/undo', 'game/undo', 'game/undo', 'game/undo', 'game/redo']);
    expect(new Set(seen.slice(0, 4).map((m) => m.id)).size).toBe(1);
    expect(seen[4]!.id).not.toBe(seen[0]!.id);
  });

  it('a refusal is an answer, never retried; a worker that never comes back is said so', async () => {
    let calls = 0;
    const refused: StoreAnswer = { ok: false, error: { code: 'nothing-to-undo' } };
    expect(
      await reliableSender(
        async () => (calls++, refused),
        async () => {},
      )({ type: 'game/undo', system: 'bdc' }),
    ).toBe(refused);
    expect(calls).toBe(1);
    calls = 0;
    const gone = await reliableSender(
      async () => (calls++, undefined),
      async () => {},
    )({ type: 'game/undo', system: 'bdc' });
    expect(gone).toEqual({ ok: false, error: { code: 'worker-unreachable' } });
    expect(calls).toBe(RETRY_DELAYS_MS.length + 1);
  });
});
