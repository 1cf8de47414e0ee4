// The demo table, declared (../tabletop.ts): a page of the extension's own (demo.html, any query or
// hash) in a tab of its own, which reports its live board as a content script would.
import { defineTabletop } from '../tabletop';

export const demo = defineTabletop({
  id: 'demo',
  contentScript: null,
  reportsFrom: (_, page) => page !== null && /^demo\.html([?#]|$)/.test(page),
});
