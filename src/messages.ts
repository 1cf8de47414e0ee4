import * as v from 'valibot';
import type { Roll20TabsRequest } from './adapters/roll20/tabs';
import { roll20SettingsSchema, type Roll20Settings } from './adapters/roll20/settings';
import type { DemoBoard } from './adapters/demo/model';
import { demoBoardSchema } from './adapters/demo/schema';
import { BINDING_LIMITS, type Binding } from './board/model';
import { boardSummarySchema, type BoardSummary } from './board/summary-schema';
import type { RuleError } from './game/result';
import type { NewLink } from './rules/descriptor';
import { SYSTEM_IDS, type SystemId } from './rules/ids';
import type { ConfigOf, EventOf } from './rules/types';
import { BACKUP_KEY_PREFIX, type StoreNotice, type StoreRoot } from './store/root';

/*
 * The worker's requests and answers (the whole union: `WorkerMessage`, below), each channel's checked
 * by its handler in background/channels/. What a player does to a table's shared game is the shared
 * game's own (src/shared-game/scene-request.ts); the other channels' messages live with them (below).
 */

/** Link a token to a piece of the game (null: unlink it). */
export interface LinkChange {
  readonly token: string;
  readonly piece: string | null;
}

/** Map a tabletop side onto a side of the game (null: forget it). */
export interface SideChange {
  readonly tabletop: string;
  readonly side: string | null;
}

/** Every request to the worker may carry an id: a retry with the same id is answered, never applied twice. */
interface Identified {
  readonly id?: string;
}

export type GameRequest = {
  [K in SystemId]:
    | { readonly type: 'game/dispatch'; readonly system: K; readonly event: EventOf<K> }
    /** Several events applied together or not at all (a roster taken from the board), with the links to the pieces they create. */
    | {
        readonly type: 'game/batch';
        readonly system: K;
        readonly events: readonly EventOf<K>[];
        readonly links?: readonly NewLink[];
        readonly sides?: readonly SideChange[];
      }
    /**
     * A new game in place of the stored one, played from `events` (all accepted or none) with `config`
     * (default: the system's), bound by `links` to the pieces it creates. The worker keeps the game it
     * replaces under a backup key. The demo table loads its examples this way.
     */
    | {
        readonly type: 'game/replace';
        readonly system: K;
        readonly config?: ConfigOf<K>;
        readonly events: readonly EventOf<K>[];
        readonly links?: readonly LinkChange[];
        readonly sides?: readonly SideChange[];
      }
    | { readonly type: 'game/undo'; readonly system: K }
    | { readonly type: 'game/redo'; readonly system: K }
    /** Link or unlink tokens and sides of the tabletop to this game. */
    | {
        readonly type: 'board/link';
        readonly system: K;
        readonly links: readonly LinkChange[];
        readonly sides?: readonly SideChange[];
      };
}[SystemId];

export type Request = Identified &
  /** Read the store (the worker checks and, if needed, repairs it first). */
  (
    | { readonly type: 'store/load' }
    /** The user has read the store's notices. */
    | { readonly type: 'store/dismiss-notice' }
    /** The rule system shown in the popup. */
    | { readonly type: 'store/select-system'; readonly system: SystemId }
    /** The backups kept in storage (answered in `data`: BackupInfo[]). */
    | { readonly type: 'store/backups' }
    /** One backup's value, to export it (answered in `data`). */
    | { readonly type: 'store/backup'; readonly key: string }
    /** Put a backup back; what it replaces is kept as a backup first. */
    | { readonly type: 'store/restore'; readonly key: string }
    | { readonly type: 'store/delete-backup'; readonly key: string }
    /**
     * A game read from a file the player chose: checked like a stored game, with its links to the board
     * (`binding`; null: none; absent, a file of version 1: the links stay); the game it replaces is kept as a backup.
     */
    | { readonly type: 'game/import'; readonly system: SystemId; readonly game: unknown; readonly binding?: unknown }
    /**
     * One game, to save it as a file: whole (answered in `data`: `{system, game, binding}`), or from
     * event `from` on, a page at a time (`data`: ExportPage, src/store/file.ts).
     */
    | { readonly type: 'store/export'; readonly system: SystemId; readonly from?: number }
    /** Events of a game before the ones a view holds (answered in `data`: HistoryPage). */
    | { readonly type: 'store/history'; readonly system: SystemId; readonly before: number }
    | GameRequest
  );

/** An answer with the whole root: an Owlbear scene's (its games are small), carried by the bridge. */
export type Response =
  | { readonly ok: true; readonly root: StoreRoot; readonly data?: unknown }
  | { readonly ok: false; readonly error: RuleError };

/**
 * The worker's answer: what the request changed, not the whole store, so that its size does not grow
 * with the games. A view applies it to what it holds (src/store/change.ts).
 */
export type StoreAnswer =
  | { readonly ok: true; readonly change: StoreChange; readonly data?: unknown }
  | { readonly ok: false; readonly error: RuleError };

/**
 * What changed from revision `since` to `revision` (since null: everything a view needs, for a view
 * that holds nothing or is behind). Only what changed is there: the games and bindings named (null:
 * gone); the active system and the notices always (they are small).
 */
export interface StoreChange {
  readonly since: number | null;
  readonly revision: number;
  readonly activeSystem: SystemId;
  readonly notices: readonly StoreNotice[];
  readonly bindings: { readonly [K in SystemId]?: Binding | null };
  readonly games: { readonly [K in SystemId]?: GameChange | null };
  /** Changes whenever the worker writes or removes a backup: a view lists the backups again only then. */
  readonly backups?: number;
}

/**
 * One game's change. `tail`: its events from `from` on are `events`, then (below `same`, the events
 * the change left as they were) whatever the view held after them; the log now has `length` events
 * and stands at `cursor`. `window`: the game anew, as a view holds it: its settings, the state after
 * its first `offset` events (null for 0), the events from there to a little past its cursor.
 */
export type GameChange =
  | {
      readonly kind: 'tail';
      readonly from: number;
      readonly events: readonly unknown[];
      readonly same: number;
      readonly length: number;
      readonly cursor: number;
    }
  | {
      readonly kind: 'window';
      readonly config: unknown;
      readonly offset: number;
      readonly base: unknown;
      readonly events: readonly unknown[];
      readonly length: number;
      readonly cursor: number;
    };

/** The answer to `store/history`: the events from `offset` to the one the view asked before, and the state before them. */
export interface HistoryPage {
  readonly revision: number;
  readonly offset: number;
  readonly base: unknown;
  readonly events: readonly unknown[];
}

const system = v.picklist(SYSTEM_IDS);
/** A request's id (the popup makes one per user action; retries reuse it). */
const id = v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64)));
const backupKey = v.pipe(v.string(), v.startsWith(BACKUP_KEY_PREFIX), v.maxLength(200));
const tokenId = v.pipe(v.string(), v.minLength(1), v.maxLength(BINDING_LIMITS.id));
const sideChanges = v.pipe(
  v.array(
    v.strictObject({ tabletop: v.pipe(v.string(), v.minLength(1), v.maxLength(2000)), side: v.nullable(tokenId) }),
  ),
  v.maxLength(BINDING_LIMITS.sides),
);
const linkChanges = v.pipe(
  v.array(v.strictObject({ token: tokenId, piece: v.nullable(tokenId) })),
  v.maxLength(BINDING_LIMITS.links),
);

/** The envelope; each system's `parseEvent` then checks the event itself. */
export const requestSchema = v.variant('type', [
  v.strictObject({ id, type: v.literal('store/load') }),
  v.strictObject({ id, type: v.literal('store/dismiss-notice') }),
  v.strictObject({ id, type: v.literal('store/select-system'), system }),
  v.strictObject({ id, type: v.literal('store/backups') }),
  v.strictObject({ id, type: v.literal('store/backup'), key: backupKey }),
  v.strictObject({ id, type: v.literal('store/restore'), key: backupKey }),
  v.strictObject({ id, type: v.literal('store/delete-backup'), key: backupKey }),
  v.strictObject({ id, type: v.literal('game/import'), system, game: v.unknown(), binding: v.optional(v.unknown()) }),
  v.strictObject({
    id,
    type: v.literal('store/export'),
    system,
    from: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000))),
  }),
  v.strictObject({
    id,
    type: v.literal('store/history'),
    system,
    before: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)),
  }),
  v.strictObject({ id, type: v.literal('game/dispatch'), system, event: v.unknown() }),
  v.strictObject({
    id,
    type: v.literal('game/batch'),
    system,
    events: v.pipe(v.array(v.unknown()), v.minLength(1), v.maxLength(200)),
    links: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            token: tokenId,
            event: v.pipe(v.number(), v.integer(), v.minValue(0)),
            nth: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
          }),
        ),
        v.maxLength(BINDING_LIMITS.links),
      ),
    ),
    sides: v.optional(sideChanges),
  }),
  v.strictObject({
    id,
    type: v.literal('game/replace'),
    system,
    config: v.optional(v.unknown()),
    events: v.pipe(v.array(v.unknown()), v.maxLength(500)),
    links: v.optional(linkChanges),
    sides: v.optional(sideChanges),
  }),
  v.strictObject({ id, type: v.literal('game/undo'), system }),
  v.strictObject({ id, type: v.literal('game/redo'), system }),
  v.strictObject({
    id,
    type: v.literal('board/link'),
    system,
    links: linkChanges,
    sides: v.optional(sideChanges),
  }),
]);

/**
 * The live tabletop. These never touch the game store: a tabletop reports its tab's board
 * (`table/update`, `table/clear`; the only requests a content script may send; the demo table's page
 * sends them too, from its own tab), the popup changes how the Roll20 board maps to the table model
 * (`table/settings`).
 */
export type TableRequest =
  | { readonly type: 'table/update'; readonly table: BoardSummary }
  | { readonly type: 'table/clear' }
  | { readonly type: 'table/settings'; readonly settings: Roll20Settings };

export type TableResponse = { readonly ok: true } | { readonly ok: false; readonly error: RuleError };

/**
 * The demo table's own board (tokens, positions, scene), which the worker keeps under DEMO_KEY
 * (src/adapters/demo/model.ts) as it keeps everything in storage. Only the extension's own pages may
 * send it; it never touches the game store.
 */
export type DemoRequest = { readonly type: 'demo/save'; readonly board: DemoBoard };

export const demoRequestSchema = v.variant('type', [
  v.strictObject({ type: v.literal('demo/save'), board: demoBoardSchema }),
]);

export const isDemoMessage = (m: unknown): boolean =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as { type?: unknown }).type === 'string' &&
  (m as { type: string }).type.startsWith('demo/');

/**
 * UI→BG: which system a tab's popup shows. The store keeps every system's game and one active system
 * (the last picked anywhere: what tabletops draw); each popup shows its own tab's, so that a pick in
 * one window does not switch another window's popup. The worker keeps it per tab in storage.session
 * (`tabSystemKey`), forgotten when the tab closes. Only the extension's own pages may send these.
 * `tab/pick`: tab `tab` (absent: the sender's own tab, the demo table's) shows `system` from now on.
 * `tab/open`: the popup opens on tab `tab`: answered with the system it shows (the tab's own, else
 * the store's active system, which then becomes the tab's).
 */
export type TabSystemRequest =
  | { readonly type: 'tab/pick'; readonly tab?: number; readonly system: SystemId }
  | { readonly type: 'tab/open'; readonly tab: number };

export type TabSystemResponse =
  { readonly ok: true; readonly system: SystemId } | { readonly ok: false; readonly error: RuleError };

const tabId = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 31 - 1));
export const tabSystemRequestSchema = v.variant('type', [
  v.strictObject({ type: v.literal('tab/pick'), tab: v.optional(tabId), system }),
  v.strictObject({ type: v.literal('tab/open'), tab: tabId }),
]);

export const isTabSystemMessage = (m: unknown): boolean =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as { type?: unknown }).type === 'string' &&
  (m as { type: string }).type.startsWith('tab/');

/** Every message a view or content script may send the worker. */
export type WorkerMessage = Request | TableRequest | DemoRequest | TabSystemRequest | Roll20TabsRequest;

/*
 * What else crosses contexts, each channel owning its types and schemas beside its handler (never
 * imported here: the adapters import this file, and an import back would make a circle):
 * - popup → the Roll20 tab's content script (post to the chat): `TabRequest`, and Roll20 page world ↔
 *   content script (window.postMessage, namespaced, with a per-load secret): `PageMessage` and
 *   `ContentMessage`, in src/adapters/roll20/protocol.ts;
 * - a Roll20 tab → worker → another Roll20 tab of the same player (his actions to the tab that writes
 *   for him): `Roll20TabsRequest` and `roll20/act`, in src/adapters/roll20/tabs.ts;
 * - Owlbear Rodeo: the content script on the Owlbear tab ↔ the Command Post page Owlbear loads in an
 *   iframe (window.postMessage, origin- and source-checked): `BridgeToFrame` and `BridgeFromFrame`, in
 *   src/adapters/owlbear/bridge.ts;
 * - the popup ↔ a tabletop tab's content script (a runtime port): `PortFromPopup` and `PortToPopup`, in
 *   src/adapters/tab-port.ts. A scene's shared game is made of `SceneRequest`s (above).
 */

export const tableRequestSchema = v.variant('type', [
  v.strictObject({ type: v.literal('table/update'), table: boardSummarySchema }),
  v.strictObject({ type: v.literal('table/clear') }),
  v.strictObject({ type: v.literal('table/settings'), settings: roll20SettingsSchema }),
]);

export const isTableMessage = (m: unknown): boolean =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as { type?: unknown }).type === 'string' &&
  (m as { type: string }).type.startsWith('table/');
