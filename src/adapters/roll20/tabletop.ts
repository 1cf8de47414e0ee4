// Roll20, declared (../tabletop.ts): its content script in the editor's top frame (not the pop-out
// character sheets), which reports the live board to the worker.
import { defineTabletop } from '../tabletop';

const EDITOR = /^https:\/\/app\.roll20\.net\/editor\/?([?#]|$)/;

export const roll20 = defineTabletop({
  id: 'roll20',
  contentScript: {
    matches: ['https://app.roll20.net/editor*'],
    exclude_matches: ['https://app.roll20.net/editor/character/*'],
    js: ['content-roll20.js'],
  },
  reportsFrom: (url) => EDITOR.test(url),
});
