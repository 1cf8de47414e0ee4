// A board view → the local items each Owlbear client draws for itself (OBR.scene.local), and the
// difference from what it drew last: the Reconciler pattern of Owlbear's Dynamic Fog. The desired
// items are computed from the view and its layout on the player's screen (src/board/layout.ts: the
// words, badges and key every tabletop places the same way); `Reconciler.diff` compares them with
// what is on the scene and says what to add, update and delete, so that the page sends one batch per
// change (one SDK call per kind of change, none when nothing changed). Owlbear draws items in scene
// units, so the screen-px layout is turned back through the player's viewport: text keeps its size
// on screen, and is placed again when the viewport changes. Pure: the items are plain objects shaped
// as the SDK's own (types only), so the core never loads the SDK.
// Its steps live beside it: ./drawn-items.ts (tags, item builders), ./draw-board.ts (rings, links,
// marks), ./draw-labels.ts (words, counts, badges, notes), ./draw-legend.ts (the key), ./reconcile.ts.
import { LABEL_FONT } from '../../board/layout';
import type { Box } from '../../board/labels';
import type { BoardView } from '../../board/model';
import { drawEdges, drawMarks, drawRings } from './draw-board';
import { drawBadges, drawCounts, drawLabels, drawNotes, OWLBEAR_TEXT_PX } from './draw-labels';
import { drawLegend } from './draw-legend';
import { r2, type DrawContext, type DrawnItem, type Put, type Screen } from './drawn-items';

export { drawnId, type DrawContext, type DrawnItem, type DrawnTag, type Viewport } from './drawn-items';
export { noteBox, OWLBEAR_TEXT_PX } from './draw-labels';
export { changedKeys, isEmptyPatch, Reconciler, type Patch } from './reconcile';

/** The local items a view is drawn with: rings under the tokens, marks around them, the layout's words, badges and key. */
export function drawView(view: BoardView, ctx: DrawContext): DrawnItem[] {
  return new Drawer().draw(view, ctx);
}

/**
 * Draws views one after the other, keeping each item it built under a key of what it shows: a move
 * rebuilds only the items of what changed (the other items are the very same objects, which the
 * reconciler then skips without comparing them).
 */
export class Drawer {
  private built = new Map<string, { key: string; item: DrawnItem }>();

  draw(view: BoardView, ctx: DrawContext): DrawnItem[] {
    const { player, layout } = ctx;
    const out: DrawnItem[] = [];
    const next = new Map<string, { key: string; item: DrawnItem }>();
    const put: Put = (id, key, make) => {
      const known = this.built.get(id);
      const item = known && known.key === key ? known.item : make();
      next.set(id, { key, item });
      out.push(item);
    };
    drawRings(view, player, put);
    drawEdges(view, player, put);
    drawMarks(view, layout?.words ?? new Map<string, string>(), player, put);
    const screen = screenOf(ctx, put);
    if (layout) {
      drawLabels(layout.labels, screen);
      drawCounts(layout.counts, screen);
      drawBadges(layout.badges, screen);
      if (layout.legend) drawLegend(layout.legend, screen);
    }
    drawNotes(ctx.notes, screen);
    this.built = next;
    return out;
  }
}

/** The layout's screen-px boxes, back in scene units through the viewport. */
function screenOf(ctx: DrawContext, put: Put): Screen {
  const { player, viewport: v } = ctx;
  const k = v.scale > 0 ? v.scale : 1;
  return {
    player,
    k,
    toScene: (b: Box): Box => ({ x: (b.x - v.x) / k, y: (b.y - v.y) / k, w: b.w / k, h: b.h / k }),
    at: (x: number, y: number) => ({ x: (x - v.x) / k, y: (y - v.y) / k }),
    vk: `${player}|${r2(v.x)},${r2(v.y)},${r2(k)}`,
    px: OWLBEAR_TEXT_PX / k,
    pad: LABEL_FONT.padding / k,
    put,
  };
}
