// What the core computes for a demo scene, in Node: the example game as the worker stores it (the
// page's own `game/replace` request), the board input it publishes, and the system's view of the
// scene's table. The demo's unit and browser tests compare the page with this, never with a copy.
import { sceneBoard, sceneRequest } from '../../src/adapters/demo/example';
import { sceneRef, type SceneId } from '../../src/adapters/demo/scenes';
import { tableOf, type DemoBoard } from '../../src/adapters/demo/model';
import type { BoardView } from '../../src/board/model';
import { BoardRunner, type BoardRun } from '../../src/board/run';
import { BOARDS } from '../../src/rules/boards';
import type { SystemId } from '../../src/rules/ids';
import { boardInputOf } from '../../src/store/board';
import { applyRequest, parseRequest } from '../../src/store/requests';
import { freshRoot, type StoreRoot } from '../../src/store/root';

/** The store after the demo page loaded a scene (a system's id: its worked example). */
export function sceneRoot(id: SceneId, root: StoreRoot = freshRoot()): StoreRoot {
  const { system } = sceneRef(id)!;
  const request = parseRequest(structuredClone(sceneRequest(id)));
  if (!request.ok) throw new Error(`${id}: scene request refused: ${JSON.stringify(request.error)}`);
  const replaced = applyRequest({ ...root, activeSystem: system }, request.value);
  if (!replaced.ok) throw new Error(`${id}: scene game refused: ${JSON.stringify(replaced.error)}`);
  return replaced.value;
}

export const exampleRoot = (system: SystemId, root?: StoreRoot): StoreRoot => sceneRoot(system, root);

/** The view of a demo board (by default the scene as laid out), bound to the scene's game. */
export function sceneView(id: SceneId, board: DemoBoard = sceneBoard(id)): BoardView {
  return sceneRun(id, board).view;
}

/** The whole run of a demo board: its bound table (sides, units) with the view. */
export function sceneRun(id: SceneId, board: DemoBoard = sceneBoard(id)): BoardRun {
  const input = boardInputOf(sceneRoot(id));
  return new BoardRunner().run(BOARDS[sceneRef(id)!.system], tableOf(board), input);
}

export const exampleView = (system: SystemId, board?: DemoBoard): BoardView => sceneView(system, board);

/** Each token's mark, as the overlay writes it (data-token → data-status). */
export const statuses = (view: BoardView): Record<string, string> =>
  Object.fromEntries(view.marks.map((m) => [m.id, m.status]));
