// A system's worked example as the demo table loads it: the request that makes it the stored game,
// bound to the scene's tokens, and the board the tokens stand on. No rules here: the worker plays the
// events.
import { canonicalJson } from '../../game/json';
import type { Request } from '../../messages';
import { DEMOS } from '../../rules/demos';
import type { SystemId } from '../../rules/ids';
import { boardFromScene, exampleLinks, type DemoBoard } from './model';

/** The example's board, as first laid out. */
export const exampleBoard = (system: SystemId): DemoBoard => boardFromScene(system, DEMOS[system]);

/** The request that replaces the system's stored game by the example, its tokens linked to its pieces. */
export function exampleRequest(system: SystemId): Request {
  const example = DEMOS[system];
  return {
    type: 'game/replace',
    system,
    events: example.events,
    links: exampleLinks(example),
    sides: Object.entries(example.gameSides).map(([tabletop, side]) => ({ tabletop, side })),
  } as Request;
}

/**
 * Whether a stored game is the example as loaded (nothing played, nothing undone since): replacing it
 * loses nothing. The worker stores events as its checks return them, so key order is not compared.
 */
export const isExampleGame = (system: SystemId, log: { readonly events: readonly unknown[]; readonly cursor: number } | undefined): boolean =>
  log !== undefined && log.cursor === log.events.length && canonicalJson(log.events) === canonicalJson(DEMOS[system].events);
