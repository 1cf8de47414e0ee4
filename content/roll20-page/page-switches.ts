// Page switches (Roll20's events, clicks and keys, and a slow poll) and the wait for the game at the
// start: both end in a look at Campaign.activePage() in the next frame.
import { safe } from '../page-reads';
import { post } from './channel';
import { schedule } from './frames';
import { campaign, missingInternals, w } from './reading';
import { state } from './state';

// ---------- Page switches: Roll20's events, clicks and keys, and a slow poll ----------

export const lookAtPage = () => {
  state.pageCheck = true;
  schedule();
};
let pageEvents = false;
/** Legacy announces a page switch on the document through jQuery (`d20:pagechanged`, roll20.md §4 VTTES); the Campaign's player page changes with the ribbon. */
export function followPageEvents() {
  if (pageEvents) return;
  const $ = safe(() => w.jQuery ?? w.$);
  const onDoc = safe(() => (typeof $ === 'function' ? $(document) : null));
  if (onDoc && typeof onDoc.on === 'function') safe(() => onDoc.on('d20:pagechanged', lookAtPage));
  const c = campaign();
  if (c && typeof c.on === 'function') safe(() => c.on('change:playerpageid change:playerspecificpages', lookAtPage));
  pageEvents = true;
}
/** Robustness: whatever event Roll20 fires (or not), a switch is seen within a second. */
const SLOW_POLL_MS = 1000;
let slowPoll = 0;
// Each look a full second after the last one (a chain of timeouts, not an interval, whose ticks
// can come closer under load): never more than one Campaign.activePage() a second when idle.
export const startSlowPoll = () => {
  if (slowPoll) return;
  const tick = () => {
    lookAtPage();
    slowPoll = window.setTimeout(tick, SLOW_POLL_MS);
  };
  slowPoll = window.setTimeout(tick, SLOW_POLL_MS);
};

// ---------- Start: wait for the game (roll20.md §2.2 "Startup") ----------

let polling = 0;
export function startPolling() {
  if (polling) return;
  const begun = Date.now();
  let said = false;
  polling = window.setInterval(() => {
    if (missingInternals().length === 0) {
      clearInterval(polling);
      polling = 0;
      state.full = true;
      followPageEvents();
      lookAtPage();
      return;
    }
    if (!said && Date.now() - begun > 15_000) {
      said = true;
      post({ type: 'status', state: 'unavailable', missing: missingInternals() });
    }
  }, 150);
}
