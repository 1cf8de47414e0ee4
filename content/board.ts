// The board as a content script of its own (content-board.js), run just before a tabletop's
// content script in the same isolated world (manifest order), so that each script keeps its size
// budget. It hands its class over on that world's global, which the page cannot see.
import { LiveBoard } from './live-board';

export interface BoardBundle {
  readonly LiveBoard: typeof LiveBoard;
}

(globalThis as { commandPostBoard?: BoardBundle }).commandPostBoard = { LiveBoard };
