// The board as a content script of its own (content-board.js), run just before a tabletop's
// content script in the same isolated world (manifest order), so that each script keeps its size
// budget. It hands its class over on that world's global, which the page cannot see.
import { finderStops, nextStop, sayStop } from '../src/board/finder';
import { RING_COLOURS } from '../src/board/look';
import { LiveBoard } from './live-board';

export interface BoardBundle {
  readonly LiveBoard: typeof LiveBoard;
  /** The rings' colours (the Roll20 script writes them into native auras): this bundle carries the board's look already. */
  readonly ringColours: typeof RING_COLOURS;
  /** Who is out, in one key (src/board/finder.ts): the tabletop script steps through it when the popup asks. */
  readonly finder: { readonly stops: typeof finderStops; readonly next: typeof nextStop; readonly say: typeof sayStop };
}

(globalThis as { commandPostBoard?: BoardBundle }).commandPostBoard = {
  LiveBoard,
  ringColours: RING_COLOURS,
  finder: { stops: finderStops, next: nextStop, say: sayStop },
};
