// The bridge between the browser extension and the Command Post page that Owlbear Rodeo loads in an
// iframe (docs/owlbear.md, "The bridge"). Two hops, each checked on arrival:
//
//   popup ⇄ (runtime port) ⇄ content script on www.owlbear.rodeo ⇄ (window.postMessage) ⇄ Command Post frame
//
// - The frame says hello to the top window (target origin: Owlbear's). The content script answers
//   only a frame whose origin is a Command Post origin (`isCommandPostOrigin`) and whose window is one
//   of the page's own iframes; it then talks to that window alone, at that origin.
// - The frame takes messages only from Owlbear's origin and from the top window.
// - Every message has a namespace, a type and bounded fields (the schemas below): anything else is
//   dropped and counted. Requests are the popup's own (`Request`): the frame plays them on the scene's
//   shared game as this player, under the same seats as its own popover.
import * as v from 'valibot';
import { TICKS_FIELDS } from '../../board/ticks';
import { boardSummarySchema, type BoardSummary } from '../../board/summary-schema';
import type { RuleError } from '../../game/result';
import type { Request, Response } from '../../messages';
import type { SystemId } from '../../rules/ids';
import type { StoreRoot } from '../../store/root';
import type { TablePlayer } from '../tab-port';

/** Where Owlbear Rodeo runs (the SDK's host origin in production). */
export const OWLBEAR_ORIGIN = 'https://www.owlbear.rodeo';
/** The namespace of every bridge message. */
export const BRIDGE_NS = 'command-post/owlbear';

/**
 * Origins the browser extension trusts as the Command Post Owlbear extension: those named when it is
 * built (COMMAND_POST_OWLBEAR_ORIGINS, or the origin of COMMAND_POST_OWLBEAR_URL: where this build's
 * users host it), and — in a development build only (`devMachine`) — a developer's own machine
 * (`npm run owlbear` serves http://localhost:5174). A production build trusts no localhost frame:
 * any page on the player's machine could serve one. Anything else is never answered.
 */
export function isCommandPostOrigin(origin: string, trusted: readonly string[], devMachine = false): boolean {
  if (trusted.includes(origin)) return true;
  return devMachine && /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/.test(origin);
}

// ——— Content script ⇄ frame (window.postMessage) ———

export type BridgeToFrame =
  /** The content script started after the frame said hello (the browser extension reloaded): say it again. */
  | { readonly ns: typeof BRIDGE_NS; readonly type: 'bridge/ping' }
  | { readonly ns: typeof BRIDGE_NS; readonly type: 'bridge/welcome' }
  | { readonly ns: typeof BRIDGE_NS; readonly type: 'bridge/request'; readonly rid: string; readonly request: Request }
  /** The pieces the popup has ticked for a choice not sent yet: the frame's board draws them, nothing is written. */
  | {
      readonly ns: typeof BRIDGE_NS;
      readonly type: 'bridge/ticks';
      readonly system: SystemId;
      readonly ticks: readonly string[];
    };

export type BridgeFromFrame =
  | { readonly ns: typeof BRIDGE_NS; readonly type: 'bridge/hello'; readonly v: 1 }
  | {
      readonly ns: typeof BRIDGE_NS;
      readonly type: 'bridge/response';
      readonly rid: string;
      readonly response: Response;
    }
  | {
      readonly ns: typeof BRIDGE_NS;
      readonly type: 'bridge/state';
      readonly root: StoreRoot | null;
      readonly board: BoardSummary | null;
      readonly player: TablePlayer | null;
    };

const ns = v.literal(BRIDGE_NS);
/** A bridge request's own id (not `id`: Owlbear's SDK in the frame takes any message with an `id` for one of its own). */
const requestId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
/** A root's shape, checked where it crosses (the frame built it with the store's own checks). */
const rootSchema = v.object({
  schemaVersion: v.literal(3),
  revision: v.pipe(v.number(), v.integer(), v.minValue(0)),
  activeSystem: v.pipe(v.string(), v.maxLength(64)),
  games: v.record(
    v.string(),
    v.object({
      config: v.unknown(),
      log: v.object({ events: v.pipe(v.array(v.unknown()), v.maxLength(100_000)), cursor: v.number() }),
    }),
  ),
  bindings: v.record(v.string(), v.unknown()),
  notices: v.pipe(v.array(v.unknown()), v.maxLength(20)),
  recent: v.pipe(v.array(v.string()), v.maxLength(200)),
});
const errorSchema = v.object({
  code: v.pipe(v.string(), v.maxLength(64)),
  params: v.optional(
    v.record(v.pipe(v.string(), v.maxLength(32)), v.union([v.pipe(v.string(), v.maxLength(2000)), v.number()])),
  ),
});
const responseSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), root: rootSchema, data: v.optional(v.unknown()) }),
  v.object({ ok: v.literal(false), error: errorSchema }),
]);
const playerSchema = v.strictObject({
  name: v.pipe(v.string(), v.maxLength(200)),
  role: v.picklist(['GM', 'PLAYER']),
  sides: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(16)),
  seated: v.boolean(),
});

export const fromFrameSchema = v.variant('type', [
  v.strictObject({ ns, type: v.literal('bridge/hello'), v: v.literal(1) }),
  v.strictObject({ ns, type: v.literal('bridge/response'), rid: requestId, response: responseSchema }),
  v.strictObject({
    ns,
    type: v.literal('bridge/state'),
    root: v.nullable(rootSchema),
    board: v.nullable(boardSummarySchema),
    player: v.nullable(playerSchema),
  }),
]);

/** The frame checks the request itself (as the worker does: envelope, then each event by its system). */
export const toFrameSchema = v.variant('type', [
  v.strictObject({ ns, type: v.literal('bridge/ping') }),
  v.strictObject({ ns, type: v.literal('bridge/welcome') }),
  v.strictObject({ ns, type: v.literal('bridge/request'), rid: requestId, request: v.unknown() }),
  v.strictObject({ ns, type: v.literal('bridge/ticks'), ...TICKS_FIELDS }),
]);

export const isBridgeMessage = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { ns?: unknown }).ns === BRIDGE_NS;

// ——— Popup ⇄ content script (runtime port): ../tab-port.ts, shared with Roll20's shared game ———

export { PORT_NAME, fromPopupSchema, type PortFromPopup, type PortToPopup } from '../tab-port';

export const toPopupSchema = v.variant('type', [
  v.strictObject({ type: v.literal('port/response'), rid: requestId, response: responseSchema }),
  v.strictObject({
    type: v.literal('port/state'),
    connected: v.boolean(),
    root: v.nullable(rootSchema),
    board: v.nullable(boardSummarySchema),
    player: v.nullable(playerSchema),
  }),
]);

/** A request the frame or the tab could not answer. */
export const unanswered = (code: string): { readonly ok: false; readonly error: RuleError } => ({
  ok: false,
  error: { code },
});
