// The Roll20 content script's views: what the overlay draws and how, and the popup's summary of the table.
// A bundle of its own (content-roll20-view.js), run just before content-roll20.js in the same
// isolated world (manifest order), so that each content script stays within its 12 KB budget. It
// hands its parts over on that world's global, which the page cannot see.
import { drawingOf, liveTableOf } from '../src/adapters/roll20/live';
import { Overlay } from './overlay';

export interface Roll20View {
  readonly Overlay: typeof Overlay;
  readonly liveTableOf: typeof liveTableOf;
  readonly drawingOf: typeof drawingOf;
}

(globalThis as { commandPostRoll20View?: Roll20View }).commandPostRoll20View = { Overlay, liveTableOf, drawingOf };
