/*
 * Why a game file cannot be imported, in the player's words: the same words the popup gives the same
 * refusal when he plays ("event 3: Cannot spend 5: only 2 Command left"), never the store's internal
 * detail. Checked in the popup before anything is sent (the worker checks again): a file nested
 * thousands of levels deep is refused here, by an iterative walk, before it reaches anything
 * recursive (the browser cannot even send it to the worker).
 */
import type { Result } from '../src/game/result';
import type { AnyRuleSystem } from '../src/game/system';
import { errorText } from '../src/i18n/errors';
import { plural, text, type Text } from '../src/i18n/text';
import type { SystemId } from '../src/rules/ids';
import { LOADERS } from '../src/rules/load';

/** No game file comes near this: an event is a few levels deep. */
export const MAX_IMPORT_DEPTH = 64;

/** How deep `value` nests, counted up to `max + 1` only (a bounded, iterative walk). */
export function nestingDepth(value: unknown, max = MAX_IMPORT_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > max) return deepest;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is wrong with `raw` as a game of `system`, in words; null when the rules take every event of it. */
export async function importProblem(system: SystemId, raw: unknown, t: (t: Text) => string): Promise<string | null> {
  const depth = nestingDepth(raw);
  if (depth > MAX_IMPORT_DEPTH) return t(plural('files_too_deep', MAX_IMPORT_DEPTH));
  const log = isObject(raw) ? raw.log : undefined;
  if (!isObject(raw) || !isObject(log) || !Array.isArray(log.events) || typeof log.cursor !== 'number')
    return t(text('files_no_log'));
  const events = log.events as unknown[];
  if (!Number.isInteger(log.cursor) || log.cursor < 0 || log.cursor > events.length)
    return t(plural('files_bad_cursor', events.length, String(log.cursor)));
  const rules: AnyRuleSystem = (await LOADERS[system]()).rules;
  const config = rules.parseConfig(raw.config);
  if (!config.ok) return t(text('files_bad_settings'));
  let state: Result<unknown> = { ok: true, value: rules.initialState(config.value) };
  for (let i = 0; i < log.cursor && state.ok; i++) {
    const event = rules.parseEvent(events[i]);
    if (!event.ok) return t(text('files_bad_event', i + 1));
    state = rules.apply(state.value, event.value);
    if (!state.ok) return t(text('files_event_refused', i + 1, t(errorText(state.error, t))));
  }
  // Events after the cursor (undone ones) must at least be actions of this system.
  for (let i = log.cursor; i < events.length; i++)
    if (!rules.parseEvent(events[i]).ok) return t(text('files_bad_event', i + 1));
  return null;
}
