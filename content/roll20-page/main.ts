// The start of the page bridge (roll20-page.js): the secret checked, the page's pointer and key
// events listened to, the messages from the content script handled, and the modules wired together.
import { SECRET_ATTR, type ContentMessage, type PageMessage } from '../../src/adapters/roll20/protocol';
import { ledgers } from '../roll20-ledgers';
import { restore, setAuras } from './auras';
import { openChannel, post } from './channel';
import { rendererFields } from './diagnostics';
import { flush } from './flush';
import { schedule, setFlush, wake } from './frames';
import { followPageEvents, lookAtPage, startPolling, startSlowPoll } from './page-switches';
import { missingInternals, w } from './reading';
import { readRenderer } from './renderer';
import { state } from './state';

/** Starts the bridge, unless the script tag lacks this load's secret. */
export function main(): void {
  const secret = document.currentScript?.getAttribute(SECRET_ATTR) ?? '';
  if (!/^[0-9a-f]{32}$/.test(secret)) return;
  setFlush(flush);
  // The shared game's ledger characters (../roll20-ledgers.ts): followed once the content script asks.
  const ledgerBook = ledgers(w, (journal) =>
    post({ type: 'journal', journal: journal as Extract<PageMessage, { type: 'journal' }>['journal'] }),
  );
  let followingLedgers = false;

  function handle(msg: ContentMessage) {
    switch (msg.type) {
      case 'ledgers-follow':
        if (!followingLedgers) ledgerBook.start();
        followingLedgers = true;
        break;
      case 'ledgers-save':
        ledgerBook.save(msg.writes);
        break;
      case 'ledgers-create':
        ledgerBook.create(msg.ledgers);
        break;
      case 'hello':
      case 'reset':
        state.full = true;
        state.pageCheck = true;
        if (missingInternals().length) {
          post({ type: 'status', state: 'waiting', missing: missingInternals() });
          startPolling();
        } else {
          followPageEvents();
          schedule();
        }
        startSlowPoll();
        break;
      case 'diagnose':
        post({ type: 'diagnostics', renderer: rendererFields(readRenderer().engine) });
        break;
      case 'auras-set':
        setAuras(msg.items);
        break;
      case 'auras-restore':
        post({ type: 'auras', written: 0, restored: restore(), failed: 0 });
        break;
    }
  }

  // The player moving the view (drag, wheel, keys, a resized window, a scrolled editor): read the camera every frame again.
  for (const type of ['pointerdown', 'pointermove', 'wheel', 'keydown', 'resize', 'scroll'])
    window.addEventListener(type, wake, { capture: true, passive: true });
  for (const type of ['pointerup', 'keyup']) {
    window.addEventListener(
      type,
      () => {
        state.selectionDirty = true;
        // A click on the page toolbar may have switched pages.
        lookAtPage();
      },
      { capture: true, passive: true },
    );
  }

  openChannel(secret, handle);
}
