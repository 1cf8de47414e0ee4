// The popup's runtime port to the content script of a tabletop tab whose table plays one shared game:
// Owlbear Rodeo's (relayed to the Command Post frame: ./owlbear/bridge.ts) and Roll20's (played in
// the tab itself: content/roll20-table.ts). The popup connects to the active tab with this name; a
// tab that answers `connected: true` plays the popup's requests on the table's game, any other keeps
// the browser's own games. Apart from the bridge so that content scripts carry only what they check.
import * as v from 'valibot';
import { TICKS_FIELDS } from '../board/ticks';
import type { BoardSummary } from '../board/summary-schema';
import type { Request, Response } from '../messages';
import type { SystemId } from '../rules/ids';
import type { StoreRoot } from '../store/root';

/** Who the table's page acts as, for the popup to say so. */
export interface TablePlayer {
  readonly name: string;
  readonly role: 'GM' | 'PLAYER';
  /** The game's sides this player may act for (empty: all, nobody being seated yet; or none). */
  readonly sides: readonly string[];
  readonly seated: boolean;
}

/** The runtime port's name between the popup and a tabletop tab's content script (Owlbear's or Roll20's). */
export const PORT_NAME = 'command-post-table';

/** A request's own id (not `id`: Owlbear's SDK in the frame takes any message with an `id` for one of its own). */
const requestId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));

export type PortFromPopup =
  | { readonly type: 'port/request'; readonly rid: string; readonly request: Request }
  | { readonly type: 'port/ticks'; readonly system: SystemId; readonly ticks: readonly string[] };

export type PortToPopup =
  | { readonly type: 'port/response'; readonly rid: string; readonly response: Response }
  /** What the scene shows now; `connected`: a Command Post frame answered in this tab. */
  | {
      readonly type: 'port/state';
      readonly connected: boolean;
      readonly root: StoreRoot | null;
      readonly board: BoardSummary | null;
      readonly player: TablePlayer | null;
    };

export const fromPopupSchema = v.variant('type', [
  v.strictObject({ type: v.literal('port/request'), rid: requestId, request: v.unknown() }),
  v.strictObject({ type: v.literal('port/ticks'), ...TICKS_FIELDS }),
]);
