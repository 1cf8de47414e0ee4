// Secret values: this player's sealed before they leave his page, and the openings others write
// checked.
import { ok, type Result } from '../game/result';
import { isSealed } from '../game/seal';
import type { SceneRequest } from './scene-request';
import { DESCRIPTORS } from '../rules';
import type { AnyDescriptor } from '../rules/descriptor';
import { gameOf } from '../store/load';
import type { Dropped } from './model';
import { sealOf } from './secrets';
import type { SyncState } from './state';
import { viewOf } from './view';

/** Seals the secret values of a request's events (each with its own salt). */
export async function seal(
  s: SyncState,
  request: SceneRequest,
): Promise<Result<{ request: SceneRequest; secrets: { seal: string; salt: string; value: string }[] }>> {
  if (request.type !== 'game/dispatch' && request.type !== 'game/batch' && request.type !== 'game/replace')
    return ok({ request, secrets: [] });
  const descriptor: AnyDescriptor = DESCRIPTORS[request.system];
  const secrets = descriptor.secrets;
  if (!secrets) return ok({ request, secrets: [] });
  const state = s.viewStates.stateOf(request.system, descriptor.rules, gameOf(viewOf(s).root, request.system));
  const made: { seal: string; salt: string; value: string }[] = [];
  const sealOne = async (event: unknown): Promise<unknown> => {
    const held = secrets.of(event, state.ok ? state.value : undefined);
    if (!held) return event;
    const values: string[] = [];
    for (const value of held.values) {
      if (isSealed(value)) {
        values.push(value);
        continue;
      }
      const salt = s.random();
      const seal = await sealOf(s.codec, salt, value);
      made.push({ seal, salt, value });
      values.push(seal);
    }
    return secrets.with(event, values);
  };
  if (request.type === 'game/dispatch')
    return ok({ request: { ...request, event: await sealOne(request.event) } as SceneRequest, secrets: made });
  const events = [];
  for (const e of request.events) events.push(await sealOne(e));
  return ok({ request: { ...request, events } as SceneRequest, secrets: made });
}

/** The openings of sealed values this client holds and the game has read. */
export function openings(s: SyncState): SceneRequest | null {
  const values = viewOf(s)
    .toOpen.map((seal) => ({ seal, ...s.secrets.get(seal)! }))
    .filter((x) => x.salt !== undefined);
  return values.length
    ? { type: 'scene/reveal', values: values.map((x) => ({ seal: x.seal, salt: x.salt, value: x.value })) }
    : null;
}

/** Drops openings that do not match their seals (before anyone plays them), and says which. */
export async function checkOpenings(s: SyncState): Promise<Dropped[]> {
  const out: Dropped[] = [];
  for (const [writer, seen] of s.seen) {
    for (const [seq, op] of seen.ops) {
      if (op.request.type !== 'scene/reveal' || (await opens(s, op.request.values))) continue;
      seen.ops.delete(seq);
      s.badOpenings.add(`${writer}:${seq}`);
    }
  }
  for (const id of s.badOpenings) {
    const at = id.lastIndexOf(':');
    out.push({
      key: s.keys.page(id.slice(0, at), 0),
      problem: `op ${id.slice(at + 1)}: an opened value does not match its seal`,
      kind: 'unreadable',
    });
  }
  return out;
}

/** Whether each opened value matches its seal (checked once each). */
export async function opens(
  s: SyncState,
  values: readonly { seal: string; salt: string; value: string }[],
): Promise<boolean> {
  for (const x of values) {
    const key = `${x.seal}|${x.salt}|${x.value}`;
    let good = s.checked.get(key);
    if (good === undefined) {
      good = (await sealOf(s.codec, x.salt, x.value)) === x.seal;
      s.checked.set(key, good);
    }
    if (!good) return false;
  }
  return true;
}
