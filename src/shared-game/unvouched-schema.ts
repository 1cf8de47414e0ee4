// A checkpoint in the scene that no game master at the table stands behind (a forgery, or a game
// master's whose key no one here can prove): not played. Its compacting game master chooses
// (./step.ts `choose`): take it, or not (his browser's own put back, else start afresh); everyone else
// waits for him. Checked where it crosses to another page: a Roll20 tab's board summary to its popup,
// an Owlbear background page to its popover.
import * as v from 'valibot';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const unvouchedSchema = v.strictObject({
  gen: count,
  /** Actions it holds (events in every system's log), where the page read it (its game master's does). */
  events: v.nullable(count),
  /** Writers it covers. */
  writers: count,
  /** Its signer's key (the first characters), if it has one. */
  key: v.nullable(v.pipe(v.string(), v.maxLength(16))),
  /** Players at the table vouch for different game masters' keys (one of them is lying). */
  disputed: v.boolean(),
  /** The number of the checkpoint his browser kept of his own, older than this one: not taking it puts his back (null: none kept). */
  kept: v.nullable(count),
});

export type Unvouched = Readonly<v.InferOutput<typeof unvouchedSchema>>;
