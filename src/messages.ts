import * as v from 'valibot';
import type { RuleError } from './game/result';
import { SYSTEM_IDS, type SystemId } from './rules';
import type { EventOf } from './rules/types';
import type { StoreRoot } from './store/root';

/*
 * Every message that crosses contexts (popup → background worker today; content scripts and the
 * Owlbear bridge later) is one of these. The worker validates each with `requestSchema` before acting.
 */

export type GameRequest = {
  [K in SystemId]:
    | { readonly type: 'game/dispatch'; readonly system: K; readonly event: EventOf<K> }
    | { readonly type: 'game/undo'; readonly system: K }
    | { readonly type: 'game/redo'; readonly system: K };
}[SystemId];

export type Request =
  /** Read the store (the worker checks and, if needed, repairs it first). */
  | { readonly type: 'store/load' }
  /** The user has read the store-reset notice. */
  | { readonly type: 'store/dismiss-notice' }
  /** The rule system shown in the popup. */
  | { readonly type: 'store/select-system'; readonly system: SystemId }
  | GameRequest;

export type Response = { readonly ok: true; readonly root: StoreRoot } | { readonly ok: false; readonly error: RuleError };

const system = v.picklist(SYSTEM_IDS);

/** The envelope; each system's `parseEvent` then checks the event itself. */
export const requestSchema = v.variant('type', [
  v.strictObject({ type: v.literal('store/load') }),
  v.strictObject({ type: v.literal('store/dismiss-notice') }),
  v.strictObject({ type: v.literal('store/select-system'), system }),
  v.strictObject({ type: v.literal('game/dispatch'), system, event: v.unknown() }),
  v.strictObject({ type: v.literal('game/undo'), system }),
  v.strictObject({ type: v.literal('game/redo'), system }),
]);
