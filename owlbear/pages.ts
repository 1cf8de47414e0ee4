// The two pages of one Owlbear connection (its background page and its popover) speak directly,
// same origin to same origin, over a BroadcastChannel named after the room and the connection. The
// background page is the connection's one writer (src/shared-game/sync.ts): the popover hands
// it each action and mirrors the ops it keeps, so that an action made in the popover is written, and
// written again, by the page that stays open — closing the popover loses nothing.
//
//   popover → background: `submit` (an action to play), `hello` (say what you keep), `retry` (try now),
//                         `ticks` (the pieces ticked for a choice not sent yet: drawn, nothing written),
//                         `choose` (the game master's answer about a checkpoint no one here stands behind),
//                         `choose-unproven` (his answer about pages of an earlier connection no one here can prove his)
//   background → popover: `answer` (to one submit), `own` (the ops it keeps, whenever they change, and
//                         the question about the scene's checkpoint its game master answers: the
//                         background page reads what the checkpoint holds, and knows what it kept)
import * as v from 'valibot';
import { connectionKey } from '../src/adapters/owlbear/keys';
import { NAMESPACE } from '../src/adapters/owlbear/keys';
import { TICKS_FIELDS } from '../src/board/ticks';
import { unvouchedSchema } from '../src/shared-game/unvouched-schema';

const rid = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const errorSchema = v.object({
  code: v.pipe(v.string(), v.maxLength(64)),
  params: v.optional(
    v.record(v.pipe(v.string(), v.maxLength(32)), v.union([v.pipe(v.string(), v.maxLength(2000)), v.number()])),
  ),
});

export const toBackgroundSchema = v.variant('type', [
  v.strictObject({ type: v.literal('submit'), rid, request: v.unknown() }),
  v.strictObject({ type: v.literal('hello') }),
  v.strictObject({ type: v.literal('retry') }),
  v.strictObject({ type: v.literal('choose'), choice: v.picklist(['take', 'fresh']) }),
  v.strictObject({ type: v.literal('choose-unproven'), choice: v.picklist(['take', 'leave']) }),
  v.strictObject({ type: v.literal('ticks'), ...TICKS_FIELDS }),
]);

export const toPopoverSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('answer'),
    rid,
    response: v.variant('ok', [
      v.strictObject({ ok: v.literal(true) }),
      v.strictObject({ ok: v.literal(false), error: errorSchema }),
    ]),
  }),
  // The ops are checked again by the popover as any op of the scene (./session.ts); `refused`: what the background page refused lately.
  v.strictObject({
    type: v.literal('own'),
    ops: v.pipe(v.array(v.unknown()), v.maxLength(400)),
    /** Writes Owlbear refused in a row (the popover shows the actions as failed from the third). */
    failures: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1e6)),
    /** The scene's checkpoint no game master here stands behind, as the page that acts on the answer sees it. */
    unvouched: v.nullable(unvouchedSchema),
    refused: v.pipe(
      v.array(
        v.strictObject({
          key: v.pipe(v.string(), v.maxLength(200)),
          problem: v.pipe(v.string(), v.maxLength(400)),
          error: v.optional(errorSchema),
          forged: v.optional(v.boolean()),
        }),
      ),
      v.maxLength(30),
    ),
  }),
]);

export type ToBackground = v.InferOutput<typeof toBackgroundSchema>;
export type ToPopover = v.InferOutput<typeof toPopoverSchema>;

export interface PageChannel<In, Out> {
  post(message: Out): void;
  /** Messages that are not of the expected shape are dropped (and counted). */
  on(listener: (message: In) => void): void;
  readonly dropped: () => number;
}

function channel<In, Out>(
  room: string,
  connection: string,
  schema: v.GenericSchema<unknown, In>,
): PageChannel<In, Out> {
  const bc =
    typeof BroadcastChannel === 'function'
      ? new BroadcastChannel(`${NAMESPACE}/pages/${room}/${connectionKey(connection)}`)
      : null;
  let dropped = 0;
  const listeners: ((m: In) => void)[] = [];
  if (bc) {
    bc.onmessage = (event: MessageEvent<unknown>) => {
      const m = v.safeParse(schema, event.data);
      if (!m.success) {
        dropped++;
        return;
      }
      for (const l of listeners) l(m.output);
    };
  }
  return {
    post: (message) => bc?.postMessage(message),
    on: (listener) => void listeners.push(listener),
    dropped: () => dropped,
  };
}

/** The background page's end: it hears the popover. */
export const backgroundChannel = (room: string, connection: string): PageChannel<ToBackground, ToPopover> =>
  channel(room, connection, toBackgroundSchema);

/** The popover's end: it hears the background page. */
export const popoverChannel = (room: string, connection: string): PageChannel<ToPopover, ToBackground> =>
  channel(room, connection, toPopoverSchema);
