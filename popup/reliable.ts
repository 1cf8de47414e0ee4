import type { RuleError } from '../src/game/result';
import type { Request, StoreAnswer } from '../src/messages';

const unreachable: RuleError = { code: 'worker-unreachable' };

/** How long the popup keeps trying to reach a stopped worker (the browser starts it again on the next message). */
export const RETRY_DELAYS_MS = [50, 100, 200, 400, 800, 1600, 3200];

/**
 * Sends requests one at a time, in order, each with an id; a request the worker did not answer (it
 * was stopped, or is starting) is sent again with the same id until it is, so it is applied once and
 * never reported as failed when it was applied. Refusals are answers, never retried (but a write the
 * worker could not tell landed or not: that is no answer yet).
 */
export function reliableSender(
  post: (message: Request) => Promise<StoreAnswer | undefined>,
  wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
): (request: Request) => Promise<StoreAnswer> {
  let queue: Promise<unknown> = Promise.resolve();
  let serial = 0;
  const prefix = crypto.getRandomValues(new Uint32Array(2)).join('-');
  return (request) => {
    const withId: Request = request.id !== undefined ? request : { ...request, id: `${prefix}-${++serial}` };
    const run = queue.then(async (): Promise<StoreAnswer> => {
      for (let attempt = 0; ; attempt++) {
        const answer = await post(withId).catch(() => undefined);
        // `storage-unknown`: the worker could not tell whether storage took the change; asked again
        // with the same id, it answers from what storage holds (applied once, whichever it was).
        if (answer && !(!answer.ok && answer.error.code === 'storage-unknown')) return answer;
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined) return { ok: false, error: unreachable };
        await wait(delay);
      }
    });
    queue = run.catch(() => undefined);
    return run;
  };
}
