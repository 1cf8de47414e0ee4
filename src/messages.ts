import * as v from 'valibot';
import type { ContentMessage, PageMessage, TabRequest } from './adapters/roll20/protocol';
import { liveTableSchema, type LiveTable } from './adapters/roll20/summary';
import { roll20SettingsSchema, type Roll20Settings } from './adapters/roll20/settings';
import type { RuleError } from './game/result';
import { SYSTEM_IDS, type SystemId } from './rules/ids';
import type { EventOf } from './rules/types';
import type { StoreRoot } from './store/root';

/*
 * Every message that crosses contexts is one of these (the whole union: `Message`, below). The worker
 * validates each request with `requestSchema` or `tableRequestSchema` before acting.
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

/**
 * The live tabletop table (Roll20 today). These never touch the game store: the Roll20 content
 * script reports its tab's table (`table/update`, `table/clear`; the only requests a content
 * script may send), the popup changes how the board maps to the table (`table/settings`).
 */
export type TableRequest =
  | { readonly type: 'table/update'; readonly table: LiveTable }
  | { readonly type: 'table/clear' }
  | { readonly type: 'table/settings'; readonly settings: Roll20Settings };

export type TableResponse = { readonly ok: true } | { readonly ok: false; readonly error: RuleError };

/** Every message a view or content script may send the worker. */
export type WorkerMessage = Request | TableRequest;

/**
 * Everything that crosses contexts, in one union, by channel (each channel checks its own schema
 * before acting):
 * - views and content scripts → worker: `WorkerMessage` (above);
 * - popup → the Roll20 tab's content script (post to the chat): `TabRequest`;
 * - Roll20 page world ↔ content script (window.postMessage, namespaced, with a per-load secret):
 *   `PageMessage` and `ContentMessage`, defined with their schemas in src/adapters/roll20/protocol.ts.
 */
export type Message = WorkerMessage | TabRequest | PageMessage | ContentMessage;

export type { ContentMessage, PageMessage, TabRequest } from './adapters/roll20/protocol';

export const tableRequestSchema = v.variant('type', [
  v.strictObject({ type: v.literal('table/update'), table: liveTableSchema }),
  v.strictObject({ type: v.literal('table/clear') }),
  v.strictObject({ type: v.literal('table/settings'), settings: roll20SettingsSchema }),
]);

export const isTableMessage = (m: unknown): boolean =>
  typeof m === 'object' && m !== null && typeof (m as { type?: unknown }).type === 'string' && (m as { type: string }).type.startsWith('table/');
