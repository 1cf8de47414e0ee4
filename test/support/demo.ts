// What the core computes for a demo scene, in Node: the example game as the worker stores it (the
// page's own `game/replace` request), the board input it publishes, and the system's view of the
// scene's table. The demo's unit and browser tests compare the page with this, never with a copy.
import { exampleBoard, exampleRequest } from '../../src/adapters/demo/example';
import { tableOf, type DemoBoard } from '../../src/adapters/demo/model';
import type { BoardView } from '../../src/board/model';
import { BoardRunner } from '../../src/board/run';
import { BOARDS } from '../../src/rules/boards';
import type { SystemId } from '../../src/rules/ids';
import { boardInputOf } from '../../src/store/board';
import { applyRequest, parseRequest } from '../../src/store/requests';
import { freshRoot, type StoreRoot } from '../../src/store/root';

/** The store after the demo page loaded the example of `system`. */
export function exampleRoot(system: SystemId, root: StoreRoot = freshRoot()): StoreRoot {
  const request = parseRequest(structuredClone(exampleRequest(system)));
  if (!request.ok) throw new Error(`${system}: example request refused: ${JSON.stringify(request.error)}`);
  const replaced = applyRequest({ ...root, activeSystem: system }, request.value);
  if (!replaced.ok) throw new Error(`${system}: example game refused: ${JSON.stringify(replaced.error)}`);
  return replaced.value;
}

/** The system's view of a demo board (by default the example as laid out), bound to the example game. */
export function exampleView(system: SystemId, board: DemoBoard = exampleBoard(system)): BoardView {
  const input = boardInputOf(exampleRoot(system));
  return new BoardRunner().run(BOARDS[system], tableOf(board), input).view;
}

/** Each token's mark, as the overlay writes it (data-token → data-status). */
export const statuses = (view: BoardView): Record<string, string> => Object.fromEntries(view.marks.map((m) => [m.id, m.status]));
