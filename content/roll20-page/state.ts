// The state the page bridge's modules share (content/roll20-page/): one record, read and written by
// name, where each module keeps to itself what no other module needs.
import type { Any } from '../page-reads';

export const state = {
  /** Set once the content script's hello came (channel.ts): no frame is asked for before. */
  started: false,
  /** The animation frame asked for (frames.ts), 0 when none is. */
  frame: 0,
  /** The page followed and its graphics collection (following.ts). */
  page: null as Any,
  coll: null as Any,
  /** Tokens changed and token ids removed since the last frame. */
  dirty: new Set<Any>(),
  removed: new Set<string>(),
  /** Token ids last reported on the token layer: one leaving it is reported once more (now off the layer), then no longer. */
  reported: new Set<string>(),
  /** Send everything again in the next frame (a snapshot), not a delta. */
  full: true,
  pageDirty: false,
  /** Look at Campaign.activePage() in the next frame (a page event, a click or key, the slow poll). */
  pageCheck: true,
  /** A lost WebGL context (the canvas's own events, MDN "webglcontextlost"): Babylon draws nothing until it is restored. */
  contextLost: false,
  // The selection has no event we may listen to: look again after each click or key on the page.
  selectionDirty: false,
};
