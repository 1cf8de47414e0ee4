// One Roll20 player in several tabs of one browser (docs/roll20.md "Two tabs of one player"). His
// pages and record are one set of attributes on his ledger: two tabs writing them would each take the
// other's writes for a forgery and undo them. So one tab of his writes, the one the worker names; the
// others read the game from the journal and hand their actions to it through the worker:
//
//   each tab      CS→BG `roll20/writing`  "may this tab write for player P?" (at its start, then each
//                                         second while it does not): yes if no tab writes for him, or
//                                         if the one that did no longer answers
//   worker        BG→CS `roll20/ping`     to the tab that writes for P: "do you still?"
//   reading tab   CS→BG `roll20/forward`  an action of P's (or his click as game master: what the
//                                         board shows, his answer about a checkpoint), for the tab
//                                         that writes for him
//   worker        BG→CS `roll20/act`      that action, to the writing tab, which plays it as P
//
// The worker keeps which tab writes for whom in storage.session (a worker stopped and started again
// still knows). Senders are checked from the browser's own account (background/senders.ts): only a
// Roll20 editor tab's content script sends `roll20/writing` and `roll20/forward`; a content script
// takes `roll20/ping` and `roll20/act` only from the extension's own pages, and answers for its own
// player only.
import * as v from 'valibot';
import { VISIBILITY_FIELDS } from '../../board/visibility-schema';

const player = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,48}$/));

/** CS→BG: the Roll20 tabs' own requests to the worker. */
export type Roll20TabsRequest =
  | { readonly type: 'roll20/writing'; readonly player: string }
  | { readonly type: 'roll20/forward'; readonly player: string; readonly request: unknown };

export const roll20TabsRequestSchema = v.variant('type', [
  v.strictObject({ type: v.literal('roll20/writing'), player }),
  // The request is the popup's, checked again by the writing tab as the worker checks any (src/store/requests.ts).
  v.strictObject({ type: v.literal('roll20/forward'), player, request: v.unknown() }),
]);

export const isRoll20TabsMessage = (m: unknown): boolean => {
  const type = typeof m === 'object' && m !== null ? (m as { type?: unknown }).type : undefined;
  return type === 'roll20/writing' || type === 'roll20/forward';
};

/** BG→CS: an action handed to the tab that writes for its player (one of src/adapters/roll20/protocol.ts's tab requests). */
export const ACT_FIELDS = { player, request: v.unknown() };

/**
 * The game master's clicks that are no popup request but write the table's game, as a reading tab of
 * his hands them over (the rest: a popup request, checked as the worker checks any).
 */
export const gmClickSchema = v.variant('type', [
  v.strictObject({ type: v.literal('roll20/choose'), choice: v.picklist(['take', 'fresh']) }),
  v.strictObject({ type: v.literal('roll20/visibility'), ...VISIBILITY_FIELDS }),
]);
export type GmClick = v.InferOutput<typeof gmClickSchema>;

/** What the writing tab answers, and the worker hands back: played, or refused with the rules' own error. */
export type ActAnswer =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly error: { readonly code: string; readonly params?: Readonly<Record<string, string | number>> };
    };

export const actAnswerSchema = v.variant('ok', [
  v.strictObject({ ok: v.literal(true) }),
  v.strictObject({
    ok: v.literal(false),
    error: v.strictObject({
      code: v.pipe(v.string(), v.maxLength(64)),
      params: v.optional(
        v.pipe(
          v.record(v.pipe(v.string(), v.maxLength(32)), v.union([v.pipe(v.string(), v.maxLength(2000)), v.number()])),
          v.check((r) => Object.keys(r).length <= 16),
        ),
      ),
    }),
  }),
]);

/** Where the worker keeps which tab writes for which player (storage.session: gone with the browser session). */
export const ROLL20_WRITERS_KEY = 'commandPost.roll20Writers';

/** The kept map, whatever storage holds (anything malformed is no entry). */
export function readWriters(raw: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const [p, tab] of Object.entries(raw))
    if (v.is(player, p) && Number.isInteger(tab) && (tab as number) >= 0) out[p] = tab as number;
  return out;
}

/** The worker's answer to `roll20/writing`: whether the asking tab writes for the player. */
export type WritingAnswer = { readonly ok: true; readonly writes: boolean };

/** BG→CS `roll20/ping` (one of src/adapters/roll20/protocol.ts's tab requests): the tab answers `true` if it writes for that player. */
export const PING_FIELDS = { player };

/** How long the worker waits for the writing tab to answer a ping before another tab writes instead. */
export const PING_TIMEOUT_MS = 2000;
