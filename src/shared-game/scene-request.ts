// What a player does to a table's shared game, as its keys carry it: one of the worker's own requests
// (src/messages.ts) without its id, or one of the table's own. Checked by ./requests.ts.
import type { BoardShow } from '../board/visibility';
import type { Request } from '../messages';

/** Each member of a union without its request id. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** The requests a player may make of an Owlbear scene's shared game: each becomes one action in the scene's metadata. */
export const SCENE_GAME_TYPES = [
  'store/select-system',
  'game/dispatch',
  'game/batch',
  'game/replace',
  'game/undo',
  'game/redo',
  'board/link',
] as const;

/**
 * What a player does to a table's shared game (src/shared-game/; on Owlbear, a scene's), kept in the
 * table's keys as one action of that player: a game request as the worker takes it, or one of the
 * table's own. `scene/seats`: the game master says which sides a player may act for (indexes into the
 * system's `sides`; empty: none). `scene/reveal`: a player opens one sealed value of his own earlier
 * action (the command roll's secret roster, number by number, as each comes up). `scene/visibility`:
 * the game master says what the board shows, and whether to him only (src/board/visibility.ts).
 */
export type SceneRequest =
  | WithoutId<Extract<Request, { type: (typeof SCENE_GAME_TYPES)[number] }>>
  | { readonly type: 'scene/seats'; readonly player: string; readonly name: string; readonly seats: readonly number[] }
  | {
      readonly type: 'scene/reveal';
      readonly values: readonly { readonly seal: string; readonly salt: string; readonly value: string }[];
    }
  | { readonly type: 'scene/visibility'; readonly show: BoardShow; readonly gmOnly: boolean };
