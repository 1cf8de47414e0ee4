// What every drawn item is made of: its tag, the builders of Owlbear's plain item shapes (circle,
// rectangle, words; types only from the SDK), stable ids, and the viewport the drawing steps share.
// Kept apart so that ./draw.ts and each of its steps (board, labels, key) build items the same way.
import type { Curve, Item, Line, Shape, Text } from '@owlbear-rodeo/sdk';
import type { BoardLayout } from '../../board/layout';
import type { Box } from '../../board/labels';
import type { MarkStatus, RingKind } from '../../board/model';
import { LOCAL_KEY } from './keys';

/** What each drawn item stands for, in its metadata (LOCAL_KEY): tests and other tools read it. */
export interface DrawnTag {
  readonly kind: 'ring' | 'mark' | 'reason' | 'edge' | 'note' | 'count' | 'badge' | 'legend' | 'leader';
  /** The token it is drawn for (a ring's leader, an edge's target, a reason's first figure), or null (notes, the key). */
  readonly token: string | null;
  readonly status?: MarkStatus;
  readonly reason?: string;
  readonly ring?: RingKind;
  readonly edge?: string;
  readonly from?: string;
  /** A reason's figures (a unit's note speaks for all of them); a count's folded notes. */
  readonly tokens?: readonly string[];
  /** The part of a label: its box or its words. */
  readonly part?: 'box' | 'text';
}

export type DrawnItem = Shape | Curve | Line | Text;

/** The player's viewport, as Owlbear gives it: `screen = scene · scale + (x, y)`. */
export interface Viewport {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

export interface DrawContext {
  /** The player this client draws for (the items' author). */
  readonly player: string;
  /** The view laid out on the player's screen; null: no words, no key. */
  readonly layout: BoardLayout | null;
  readonly viewport: Viewport;
  /** The view's notes (Hell Dorado: each side's Command), in the player's language: the screen's top-left corner. */
  readonly notes: readonly string[];
}

/**
 * Adds an item to the drawing: the one built last time under `id` if its `key` is the same (what it
 * shows did not change), else a new one from `make` (./draw.ts Drawer).
 */
export type Put = (id: string, key: string, make: () => DrawnItem) => void;

/** The player's viewport as the layout's steps use it: its screen-px boxes back in scene units. */
export interface Screen {
  readonly player: string;
  /** Screen px per scene unit (1 when the viewport says none). */
  readonly k: number;
  readonly toScene: (b: Box) => Box;
  readonly at: (x: number, y: number) => { x: number; y: number };
  /** The player and viewport, which start every item's key. */
  readonly vk: string;
  /** A label's text size and padding, scene units. */
  readonly px: number;
  readonly pad: number;
  readonly put: Put;
}

export const r2 = (x: number) => Math.round(x * 100) / 100;

const STAMP = '1970-01-01T00:00:00.000Z';
const FONT = 'Roboto';

export function base(
  id: string,
  name: string,
  layer: Item['layer'],
  position: { x: number; y: number },
  tag: DrawnTag,
  player: string,
): Omit<Item, 'type'> {
  return {
    id,
    name,
    visible: true,
    locked: true,
    createdUserId: player,
    zIndex: 0,
    lastModified: STAMP,
    lastModifiedUserId: player,
    position: { x: r2(position.x), y: r2(position.y) },
    rotation: 0,
    scale: { x: 1, y: 1 },
    metadata: { [LOCAL_KEY]: tag },
    layer,
    // Drawn for reading, never picked: clicks go to the tokens beneath.
    disableHit: true,
    disableAttachmentBehavior: ['COPY'],
  };
}

export const style = (stroke: string, width: number, fillOpacity: number, dash: readonly number[] = []) => ({
  fillColor: stroke,
  fillOpacity,
  strokeColor: stroke,
  strokeOpacity: 1,
  strokeWidth: width,
  strokeDash: [...dash],
});

export function circle(
  id: string,
  name: string,
  layer: Item['layer'],
  x: number,
  y: number,
  radius: number,
  s: Shape['style'],
  tag: DrawnTag,
  player: string,
): Shape {
  // A circle's position is its centre.
  return {
    ...base(id, name, layer, { x, y }, tag, player),
    type: 'SHAPE',
    width: r2(2 * radius),
    height: r2(2 * radius),
    shapeType: 'CIRCLE',
    style: s,
  };
}

export function rectangle(
  id: string,
  layer: Item['layer'],
  b: Box,
  s: Shape['style'],
  tag: DrawnTag,
  player: string,
): Shape {
  // A rectangle's position is its top-left corner.
  return {
    ...base(id, 'Command Post', layer, { x: b.x, y: b.y }, tag, player),
    type: 'SHAPE',
    width: r2(b.w),
    height: r2(b.h),
    shapeType: 'RECTANGLE',
    style: s,
  };
}

/** Words in a box of the given size (scene units), left-aligned and centred vertically, as plain text. */
export function words(
  id: string,
  b: Box,
  text: string,
  px: number,
  colour: string,
  tag: DrawnTag,
  player: string,
  padding: number,
): Text {
  return {
    ...base(id, 'Command Post', 'TEXT', { x: b.x, y: b.y }, tag, player),
    type: 'TEXT',
    // Text from the scene and the rules goes in as plain text: Owlbear renders it as such.
    text: {
      richText: [{ type: 'paragraph', children: [{ text }] }],
      plainText: text,
      style: {
        padding: r2(padding),
        fontFamily: FONT,
        fontSize: r2(px),
        fontWeight: 400,
        textAlign: 'LEFT',
        textAlignVertical: 'MIDDLE',
        fillColor: colour,
        fillOpacity: 1,
        strokeColor: '#ffffff',
        strokeOpacity: 1,
        strokeWidth: 0,
        lineHeight: 1.25,
      },
      type: 'PLAIN',
      width: r2(b.w),
      height: r2(b.h),
    },
  };
}

/** Ids are stable per token and kind, so that a move updates an item in place instead of replacing it. */
export const drawnId = (kind: DrawnTag['kind'], ...parts: string[]): string => `cp-${kind}-${parts.join('-')}`;
