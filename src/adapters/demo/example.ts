// A scene of the demo table as the page loads it: the request that makes its game the stored game of
// its system, bound to the scene's tokens, and the board the tokens stand on. A system's scenes (its
// worked example, its army) share that system's one stored game. No rules here: the worker plays the
// events.
import { canonicalJson } from '../../game/json';
import type { Request } from '../../messages';
import { ARMIES, DEMOS } from '../../rules/demos';
import type { DemoScene } from '../../rules/descriptor';
import type { SystemId } from '../../rules/ids';
import { boardFromScene, exampleLinks, type DemoBoard } from './model';
import { sceneRef, scenesOf, type SceneId } from './scenes';

/** A scene's data (tokens and the game's setup events). */
export function demoScene(id: SceneId): DemoScene<unknown> {
  const { system, kind } = sceneRef(id)!;
  return kind === 'army' ? ARMIES[system] : DEMOS[system];
}

/** The scene's board, as first laid out. */
export const sceneBoard = (id: SceneId): DemoBoard => {
  const { system, kind } = sceneRef(id)!;
  return boardFromScene(system, demoScene(id), kind);
};

/** A system's worked example, as first laid out. */
export const exampleBoard = (system: SystemId): DemoBoard => sceneBoard(system);

/** The request that replaces the system's stored game by the scene's, its tokens linked to its pieces. */
export function sceneRequest(id: SceneId): Request {
  const scene = demoScene(id);
  return {
    type: 'game/replace',
    system: sceneRef(id)!.system,
    events: scene.events,
    links: exampleLinks(scene),
    sides: Object.entries(scene.gameSides).map(([tabletop, side]) => ({ tabletop, side })),
  } as Request;
}

export const exampleRequest = (system: SystemId): Request => sceneRequest(system);

/**
 * The scene whose game a stored game is, as loaded (nothing played, nothing undone since): replacing
 * it loses nothing. Null for a game someone played. The worker stores events as its checks return
 * them, so key order is not compared.
 */
export function untouchedScene(
  system: SystemId,
  log: { readonly events: readonly unknown[]; readonly cursor: number } | undefined,
): SceneId | null {
  if (log === undefined || log.cursor !== log.events.length) return null;
  const events = canonicalJson(log.events);
  return scenesOf(system).find((id) => canonicalJson(demoScene(id).events) === events) ?? null;
}
