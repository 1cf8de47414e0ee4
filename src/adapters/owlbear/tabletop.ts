// Owlbear Rodeo, declared (../tabletop.ts): its content script is the bridge between the toolbar popup
// and the Command Post extension Owlbear loads in a frame (docs/owlbear.md). The board lives in that
// frame, which reports nothing to this worker.
import { defineTabletop } from '../tabletop';

export const owlbear = defineTabletop({
  id: 'owlbear',
  contentScript: { matches: ['https://www.owlbear.rodeo/*'], js: ['content-owlbear.js'] },
  reportsFrom: () => false,
});
