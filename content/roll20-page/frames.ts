// The frame loop (schedule, wake, next): the per-frame flush (flush.ts) is run at most once an
// animation frame, and slowly when nothing has changed for a while.
import { state } from './state';

/** The per-frame flush, given at the start (main.ts): it reaches every module that schedules it. */
let flush: () => void = () => {};
export const setFlush = (f: () => void) => {
  flush = f;
};

// The camera has no event we may listen to without a deep watcher, so it is read in animation
// frames: every frame while anything moves, and after QUIET_FRAMES frames without a change only
// every QUIET_POLL_MS, until the player's next wheel, pointer or key on the page (Roll20's pans and
// zooms come from those) or a change of the table brings the frame loop back.
const QUIET_FRAMES = 30;
const QUIET_POLL_MS = 250;
let quiet = 0;
let sleeper = 0;
export const schedule = () => {
  if (!state.started || state.frame) return;
  if (sleeper) {
    clearTimeout(sleeper);
    sleeper = 0;
  }
  state.frame = requestAnimationFrame(flush);
};
export const wake = () => {
  quiet = 0;
  schedule();
};
export const next = (changed: boolean) => {
  quiet = changed ? 0 : quiet + 1;
  if (quiet < QUIET_FRAMES) schedule();
  else if (!sleeper && !state.frame) sleeper = window.setTimeout(() => ((sleeper = 0), schedule()), QUIET_POLL_MS);
};
