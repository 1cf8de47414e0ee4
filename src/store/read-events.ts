// A game's events read back from storage and played by its rules, one by one, up to the first that
// cannot be used: inline (layouts v1 and v2, a game held whole) or chunk by chunk (layouts v3 and v4).
import type { AnyRuleSystem } from '../game/system';
import { CHUNK } from './persist';
import { READ_LIMITS, isObject, said } from './read-values';
import { CHECKPOINT } from './states';

/** Where a game's events are: chunks by index (v4: `{system, index, events}`; v3: bare arrays), or inline (v1, v2). */
export type EventSource =
  | { readonly layout: 3 | 4; readonly chunks: ReadonlyMap<number, string> }
  | { readonly layout: 'inline'; readonly events: unknown };

/** Where reading stopped (the events kept before it), and why. */
export interface Cut {
  readonly at: number;
  readonly why: string;
}

/** The events as stored, in order, each read and played by the rules, up to the first that cannot be used. */
export interface Played {
  readonly events: unknown[];
  /** The game's state every CHECKPOINT events. */
  readonly checkpoints: Map<number, unknown>;
  /** Where reading stopped (null: nowhere before the game's end). */
  readonly cut: Cut | null;
}

export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
export const range = (from: number, to: number | null) =>
  to === null ? `events ${from + 1} on` : from + 1 === to ? `event ${to}` : `events ${from + 1}…${to}`;

/** The last index of a game's chunks in storage (-1: none). */
export function lastChunk(chunks: ReadonlyMap<number, string>): number {
  let last = -1;
  for (const i of chunks.keys()) if (i > last) last = i;
  return last;
}

/** A chunk's events, or why it cannot be used. */
function chunkEvents(raw: unknown, layout: 3 | 4, system: string, index: number): unknown[] | string {
  if (layout === 3) {
    if (!Array.isArray(raw)) return 'not a list of events';
    return raw.length > CHUNK ? `${raw.length} events in one chunk` : raw;
  }
  if (!isObject(raw)) return 'not a chunk';
  if (raw.system !== system || raw.index !== index)
    return `a chunk of ${said(raw.system, 40)} ${said(raw.index, 12)} in place of ${index}`;
  const events = raw.events;
  if (!Array.isArray(events)) return 'no list of events';
  return events.length > CHUNK ? `${events.length} events in one chunk` : events;
}

/**
 * `system`'s events from `source`, played from `config`'s start: inline, or chunk by chunk over the
 * game's `count` chunks (`expected` events, when its length is known).
 */
export function playEvents(
  rules: AnyRuleSystem,
  config: unknown,
  source: EventSource,
  expected: number | null,
  count: number,
  items: Readonly<Record<string, unknown>>,
  system: string,
): Played {
  const events: unknown[] = [];
  const checkpoints = new Map<number, unknown>([[0, rules.initialState(config)]]);
  let state = checkpoints.get(0);
  let cut = null as Cut | null;
  const take = (raw: unknown): boolean => {
    const event = rules.parseEvent(raw);
    if (!event.ok) {
      cut = {
        at: events.length,
        why: `${range(events.length, events.length + 1)}: ${event.error.params?.path}: ${event.error.params?.problem}`,
      };
      return false;
    }
    const next = rules.apply(state, event.value);
    if (!next.ok) {
      cut = {
        at: events.length,
        why: `${range(events.length, events.length + 1)} refused by the rules (${next.error.code})`,
      };
      return false;
    }
    events.push(event.value);
    state = next.value;
    if (events.length % CHECKPOINT === 0) checkpoints.set(events.length, state);
    return true;
  };

  if (source.layout === 'inline') {
    const raw = source.events;
    if (!Array.isArray(raw)) cut = { at: 0, why: 'no list of events' };
    else if (raw.length > READ_LIMITS.events) cut = { at: 0, why: `${raw.length} events, more than a game can hold` };
    else for (let i = 0; i < raw.length && take(raw[i]); i++);
    return { events, checkpoints, cut };
  }
  for (let i = 0; i < count && !cut; i++) {
    const key = source.chunks.get(i);
    const chunk = key === undefined ? null : chunkEvents(items[key], source.layout, system, i);
    if (!Array.isArray(chunk)) {
      const span = range(i * CHUNK, expected === null ? null : Math.min(expected, (i + 1) * CHUNK));
      cut = { at: events.length, why: chunk === null ? `${span} missing` : `${span}: ${chunk}` };
      break;
    }
    const wanted = expected !== null ? Math.min(CHUNK, expected - i * CHUNK) : i < count - 1 ? CHUNK : chunk.length;
    for (let j = 0; j < Math.min(wanted, chunk.length) && take(chunk[j]); j++);
    if (!cut && chunk.length < wanted)
      cut = {
        at: events.length,
        why: `${range(events.length, expected ?? (i + 1) * CHUNK)} missing (a chunk cut short)`,
      };
    if (!cut && chunk.length > wanted)
      cut = { at: events.length, why: `${plural(chunk.length - wanted, 'event')} past the game's end` };
  }
  return { events, checkpoints, cut };
}
