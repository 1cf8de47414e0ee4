// The popup's finder on a Roll20 tab, loaded the first time it is asked for (../roll20-asked.ts).
import { finderStops, nextStop, sayStop } from '../../src/board/finder';
import { LOCALE_KEY } from '../../src/i18n/text';
import type { Tab } from './tab';

// The popup's finder: the next figure out of command (or leader who cannot command) after the one
// found last, its words opened on the board as a selected token's are, the board scrolled to it
// where Roll20 scrolls (Legacy: #editor-wrapper, as VTTES's moveCameraToTokenByUUID moves it;
// Jumpgate's camera is not moved: no public code does it); what the popup says of it, in full words.
export function findNext(tab: Tab, step: 1 | -1): string | false {
  const { board, model, host, browser } = tab;
  const run = tab.run;
  if (!run || run.view.error || tab.interfering || host.ended) return false;
  const stops = finderStops(run.view);
  const next = nextStop(stops, tab.found ?? model.selected[0] ?? null, step);
  tab.found = next?.stop.token ?? null;
  tab.focusNow();
  const camera = board.overlay.currentCamera;
  const at = next ? board.clientOf(next.stop.x, next.stop.y) : null;
  const wrapper = document.getElementById('editor-wrapper');
  if (at && camera && wrapper && model.engine === 'legacy') {
    // Scrolled by how far the figure stands from the middle of the board.
    wrapper.scrollLeft += at.x - (camera.x + camera.w / 2);
    wrapper.scrollTop += at.y - (camera.y + camera.h / 2);
  }
  return sayStop(next, stops.length, tab.say, browser.i18n.getMessage(LOCALE_KEY) || 'en');
}
