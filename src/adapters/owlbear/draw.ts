// A board view → the local items each Owlbear client draws for itself (OBR.scene.local), and the
// difference from what it drew last: the Reconciler pattern of Owlbear's Dynamic Fog. The desired
// items are computed from the view and its layout on the player's screen (src/board/layout.ts: the
// words, badges and key every tabletop places the same way); `Reconciler.diff` compares them with
// what is on the scene and says what to add, update and delete, so that the page sends one batch per
// change (one SDK call per kind of change, none when nothing changed). Owlbear draws items in scene
// units, so the screen-px layout is turned back through the player's viewport: text keeps its size
// on screen, and is placed again when the viewport changes. Pure: the items are plain objects shaped
// as the SDK's own (types only), so the core never loads the SDK.
import type { Curve, Item, Line, Shape, Text } from '@owlbear-rodeo/sdk';
import { signedArea } from '../../geometry/union-outline';
import type { BoardLayout } from '../../board/layout';
import { LABEL_FONT } from '../../board/layout';
import { legendKey, type LegendEntry } from '../../board/legend';
import {
  BADGE_SHAPES,
  CLOSE_UP_DASH,
  EDGE_COLOURS,
  EDGE_DASH,
  MARK_LOOKS,
  RING_COLOURS,
  RING_DASH,
  TEXT_COLOURS,
} from '../../board/look';
import type { Box } from '../../board/labels';
import type { BoardView, MarkStatus, RingKind } from '../../board/model';
import { MARK_GAP, markOutline } from '../../board/draw';
import { estimateWidth } from '../../board/measure';
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

const r2 = (x: number) => Math.round(x * 100) / 100;

const STAMP = '1970-01-01T00:00:00.000Z';
const FONT = 'Roboto';
/** Text px on screen, inside the layout's boxes (the corner notes a little larger). */
export const OWLBEAR_TEXT_PX = 12;
const NOTE_PX = 14;

function base(
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

const style = (stroke: string, width: number, fillOpacity: number, dash: readonly number[] = []) => ({
  fillColor: stroke,
  fillOpacity,
  strokeColor: stroke,
  strokeOpacity: 1,
  strokeWidth: width,
  strokeDash: [...dash],
});

function circle(
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

function rectangle(id: string, layer: Item['layer'], b: Box, s: Shape['style'], tag: DrawnTag, player: string): Shape {
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
function words(
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
  private next = new Map<string, { key: string; item: DrawnItem }>();

  private reuse(id: string, key: string, make: () => DrawnItem): DrawnItem {
    const known = this.built.get(id);
    const item = known && known.key === key ? known.item : make();
    this.next.set(id, { key, item });
    return item;
  }

  draw(view: BoardView, ctx: DrawContext): DrawnItem[] {
    const { player } = ctx;
    const out: DrawnItem[] = [];
    this.next = new Map();
    for (const r of view.rings) {
      if (r.outline) {
        // Measured from a whole unit: one closed curve per loop of its outline; a hole only stroked.
        r.outline.forEach((loop, i) => {
          const id = drawnId('ring', r.id, r.kind, 'o', String(i));
          const points = loop.map((p) => ({ x: r2(p.x - r.x), y: r2(p.y - r.y) }));
          const hole = signedArea(loop) < 0;
          const key = `${player}|${r.name}|${r2(r.x)},${r2(r.y)}|${hole}|${points.map((p) => `${p.x},${p.y}`).join(' ')}`;
          out.push(
            this.reuse(id, key, () => ({
              ...base(
                id,
                `${r.name} (${r.kind})`,
                'DRAWING',
                { x: r.x, y: r.y },
                { kind: 'ring', token: r.id, ring: r.kind },
                player,
              ),
              type: 'CURVE',
              points,
              style: {
                ...style(
                  RING_COLOURS[r.kind],
                  3,
                  hole ? 0 : 0.08,
                  RING_DASH[r.kind].map((d) => d * 2),
                ),
                tension: 0,
                closed: true,
              },
            })),
          );
        });
        continue;
      }
      const shape = r.shape.kind === 'circle' ? 'c' : 'p';
      const id = drawnId('ring', r.id, r.kind, shape);
      const key = `${player}|${r.name}|${r2(r.x)},${r2(r.y)}|${r.shape.kind === 'circle' ? r2(r.shape.radius) : r.shape.points.map((p) => `${r2(p.x)},${r2(p.y)}`).join(' ')}`;
      out.push(
        this.reuse(id, key, () => {
          const tag: DrawnTag = { kind: 'ring', token: r.id, ring: r.kind };
          const colour = RING_COLOURS[r.kind];
          const s = style(
            colour,
            3,
            0.08,
            RING_DASH[r.kind].map((d) => d * 2),
          );
          if (r.shape.kind === 'circle')
            return circle(id, `${r.name} (${r.kind})`, 'DRAWING', r.x, r.y, r.shape.radius, s, tag, player);
          return {
            ...base(id, `${r.name} (${r.kind})`, 'DRAWING', { x: r.x, y: r.y }, tag, player),
            type: 'CURVE',
            // Relative to the item's position, as Owlbear draws a curve.
            points: r.shape.points.map((p) => ({ x: r2(p.x), y: r2(p.y) })),
            style: { ...s, tension: 0, closed: true },
          };
        }),
      );
    }
    for (const e of view.edges) {
      const id = drawnId('edge', e.to);
      const key = `${player}|${e.from}|${e.kind}|${r2(e.x1)},${r2(e.y1)},${r2(e.x2)},${r2(e.y2)}`;
      out.push(
        this.reuse(id, key, () => ({
          ...base(
            id,
            `${e.kind}`,
            'DRAWING',
            { x: 0, y: 0 },
            { kind: 'edge', token: e.to, edge: e.kind, from: e.from },
            player,
          ),
          type: 'LINE',
          startPosition: { x: r2(e.x1), y: r2(e.y1) },
          endPosition: { x: r2(e.x2), y: r2(e.y2) },
          style: {
            strokeColor: EDGE_COLOURS[e.kind],
            strokeOpacity: 1,
            strokeWidth: 3,
            strokeDash: EDGE_DASH[e.kind].map((d) => d * 2),
          },
        })),
      );
    }
    const said = ctx.layout?.words ?? new Map<string, string>();
    for (const m of view.marks) {
      const reason = said.get(m.id) ?? '';
      const id = drawnId('mark', m.id);
      const look = MARK_LOOKS[m.status];
      const box = m.box ? `${r2(m.box.hw)},${r2(m.box.hh)},${r2(m.box.rotation)}` : '';
      const key = `${player}|${m.name}|${r2(m.x)},${r2(m.y)},${r2(m.r)}|${box}|${m.status}|${m.reason?.code ?? ''}|${m.closeUp === true}|${reason}`;
      out.push(
        this.reuse(id, key, () => {
          const name = reason ? `${m.name} — ${reason}` : m.name;
          const s = style(
            look.colour,
            look.width + 2,
            0,
            (m.closeUp ? CLOSE_UP_DASH : look.dash).map((d) => d * 2),
          );
          const tag: DrawnTag = {
            kind: 'mark',
            token: m.id,
            status: m.status,
            ...(m.reason ? { reason: m.reason.code } : {}),
          };
          // A base read as its box (an oblong base): a closed curve that hugs it, relative to the mark's centre.
          const outline = markOutline(m, MARK_GAP);
          if (!outline) return circle(id, name, 'ATTACHMENT', m.x, m.y, m.r + MARK_GAP, s, tag, player);
          return {
            ...base(id, name, 'ATTACHMENT', { x: m.x, y: m.y }, tag, player),
            type: 'CURVE',
            points: outline.map((p) => ({ x: r2(p.x), y: r2(p.y) })),
            style: { ...s, tension: 0, closed: true },
          };
        }),
      );
    }
    if (ctx.layout) out.push(...this.drawLayout(ctx.layout, ctx));
    out.push(...this.drawNotes(ctx));
    this.built = this.next;
    return out;
  }

  /** The layout's screen-px boxes, back in scene units through the viewport. */
  private drawLayout(layout: BoardLayout, ctx: DrawContext): DrawnItem[] {
    const { player, viewport: v } = ctx;
    const k = v.scale > 0 ? v.scale : 1;
    const toScene = (b: Box): Box => ({ x: (b.x - v.x) / k, y: (b.y - v.y) / k, w: b.w / k, h: b.h / k });
    const at = (x: number, y: number) => ({ x: (x - v.x) / k, y: (y - v.y) / k });
    const vk = `${player}|${r2(v.x)},${r2(v.y)},${r2(k)}`;
    const out: DrawnItem[] = [];
    const pad = LABEL_FONT.padding / k;
    const px = OWLBEAR_TEXT_PX / k;
    for (const l of layout.labels) {
      if (l.kind === 'name' || l.kind === 'unit-name') continue; // Owlbear writes its tokens' names itself.
      const key = `${vk}|${r2(l.box.x)},${r2(l.box.y)},${r2(l.box.w)}|${l.status}|${l.text}`;
      const tag: DrawnTag = { kind: 'reason', token: l.tokens[0] ?? null, status: l.status, tokens: l.tokens };
      const box = toScene(l.box);
      const colour = MARK_LOOKS[l.status].colour;
      out.push(
        this.reuse(drawnId('reason', l.id, 'box'), key, () =>
          rectangle(
            drawnId('reason', l.id, 'box'),
            'NOTE',
            box,
            { ...style(colour, 1 / k, 0.92), fillColor: '#ffffff' },
            { ...tag, part: 'box' },
            player,
          ),
        ),
      );
      out.push(
        this.reuse(drawnId('reason', l.id), key, () =>
          words(
            drawnId('reason', l.id),
            box,
            l.text,
            px,
            TEXT_COLOURS[l.status],
            { ...tag, part: 'text' },
            player,
            pad,
          ),
        ),
      );
      if (l.leader) {
        const line = l.leader;
        out.push(
          this.reuse(drawnId('leader', l.id), `${key}|${r2(line.x1)},${r2(line.y1)}`, () => ({
            ...base(
              drawnId('leader', l.id),
              'Command Post',
              'NOTE',
              { x: 0, y: 0 },
              { kind: 'leader', token: l.tokens[0] ?? null },
              player,
            ),
            type: 'LINE',
            startPosition: at(line.x1, line.y1),
            endPosition: at(line.x2, line.y2),
            style: { strokeColor: colour, strokeOpacity: 1, strokeWidth: r2(1.5 / k), strokeDash: [] },
          })),
        );
      }
    }
    for (const c of layout.counts) {
      const key = `${vk}|${r2(c.box.x)},${r2(c.box.y)},${r2(c.box.w)}|${c.text}`;
      const tag: DrawnTag = { kind: 'count', token: null, tokens: c.ids };
      const box = toScene(c.box);
      out.push(
        this.reuse(drawnId('count', c.group, 'box'), key, () =>
          rectangle(
            drawnId('count', c.group, 'box'),
            'NOTE',
            box,
            { ...style('#111827', 0, 0.85), fillColor: '#111827' },
            { ...tag, part: 'box' },
            player,
          ),
        ),
      );
      out.push(
        this.reuse(drawnId('count', c.group), key, () =>
          words(drawnId('count', c.group), box, c.text, px, '#ffffff', { ...tag, part: 'text' }, player, pad),
        ),
      );
    }
    for (const b of layout.badges) {
      const look = MARK_LOOKS[b.status];
      if (look.badge === 'none') continue;
      const shape = BADGE_SHAPES[look.badge];
      const centre = at(b.x, b.y);
      const size = b.size / k;
      const key = `${vk}|${r2(b.x)},${r2(b.y)},${r2(b.size)}|${b.status}`;
      const tag: DrawnTag = { kind: 'badge', token: b.token, status: b.status };
      const s = { ...style(look.colour, 1 / k, 1), strokeColor: '#ffffff' };
      if (shape.polygon) {
        const id = drawnId('badge', b.token);
        out.push(
          this.reuse(id, key, () => ({
            ...base(id, 'Command Post', 'NOTE', centre, tag, player),
            type: 'CURVE',
            points: shape.polygon!.map(([x, y]) => ({ x: r2(x * size), y: r2(y * size) })),
            style: { ...s, tension: 0, closed: true },
          })),
        );
      } else {
        (shape.circles ?? []).forEach(([x, y, r], i) => {
          const id = drawnId('badge', b.token, String(i));
          out.push(
            this.reuse(id, key, () =>
              circle(id, 'Command Post', 'NOTE', centre.x + x * size, centre.y + y * size, r * size, s, tag, player),
            ),
          );
        });
      }
    }
    if (layout.legend) {
      const l = layout.legend;
      const key = `${vk}|${r2(l.box.x)},${r2(l.box.y)},${r2(l.box.w)}`;
      const tag: DrawnTag = { kind: 'legend', token: null };
      out.push(
        this.reuse(drawnId('legend', 'box'), key, () =>
          rectangle(
            drawnId('legend', 'box'),
            'NOTE',
            toScene(l.box),
            { ...style('#9ca3af', 1 / k, 0.94), fillColor: '#ffffff' },
            tag,
            player,
          ),
        ),
      );
      const row = LABEL_FONT.row;
      const x = l.box.x + LABEL_FONT.padding + 2;
      out.push(
        this.reuse(drawnId('legend', 'title'), `${key}|${l.title}`, () =>
          words(
            drawnId('legend', 'title'),
            toScene({ x, y: l.box.y + LABEL_FONT.padding, w: l.box.w - 2 * LABEL_FONT.padding, h: row }),
            l.title,
            px,
            '#111827',
            tag,
            player,
            0,
          ),
        ),
      );
      for (const r of l.rows) {
        const id = legendKey(r.entry);
        const rk = `${key}|${r2(r.y)}|${r.text}`;
        out.push(...this.swatch(r.entry, at(x + 12, r.y + row / 2), k, rk, tag, player));
        out.push(
          this.reuse(drawnId('legend', id), rk, () =>
            words(
              drawnId('legend', id),
              toScene({ x: x + 32, y: r.y, w: l.box.x + l.box.w - x - 32 - 2, h: row }),
              r.text,
              px,
              '#111827',
              tag,
              player,
              0,
            ),
          ),
        );
      }
    }
    return out;
  }

  /** A key row's drawing: the mark, ring or line as the board draws it, in scene units around `c`. */
  private swatch(
    entry: LegendEntry,
    c: { x: number; y: number },
    k: number,
    key: string,
    tag: DrawnTag,
    player: string,
  ): DrawnItem[] {
    const id = drawnId('legend', legendKey(entry), 'swatch');
    switch (entry.kind) {
      case 'mark':
      case 'close-up': {
        const look = MARK_LOOKS[entry.kind === 'mark' ? entry.status : 'out'];
        const dash = entry.kind === 'close-up' ? CLOSE_UP_DASH : look.dash;
        return [
          this.reuse(id, key, () =>
            circle(
              id,
              'Command Post',
              'NOTE',
              c.x - 4 / k,
              c.y,
              6 / k,
              style(
                look.colour,
                Math.min(3, look.width) / k,
                0,
                dash.map((d) => d / k),
              ),
              tag,
              player,
            ),
          ),
        ];
      }
      case 'ring':
        return [
          this.reuse(id, key, () =>
            circle(
              id,
              'Command Post',
              'NOTE',
              c.x,
              c.y,
              7 / k,
              style(
                RING_COLOURS[entry.ring],
                2 / k,
                0.15,
                RING_DASH[entry.ring].map((d) => d / k),
              ),
              tag,
              player,
            ),
          ),
        ];
      case 'edge':
        return [
          this.reuse(id, key, () => ({
            ...base(id, 'Command Post', 'NOTE', { x: 0, y: 0 }, tag, player),
            type: 'LINE',
            startPosition: { x: r2(c.x - 12 / k), y: r2(c.y) },
            endPosition: { x: r2(c.x + 14 / k), y: r2(c.y) },
            style: {
              strokeColor: EDGE_COLOURS[entry.edge],
              strokeOpacity: 1,
              strokeWidth: r2(2 / k),
              strokeDash: EDGE_DASH[entry.edge].map((d) => d / k),
            },
          })),
        ];
      case 'count':
        return [
          this.reuse(id, key, () =>
            circle(
              id,
              'Command Post',
              'NOTE',
              c.x,
              c.y,
              7 / k,
              { ...style('#111827', 0, 0.85), fillColor: '#111827' },
              tag,
              player,
            ),
          ),
        ];
      case 'short':
        return [
          this.reuse(id, key, () =>
            words(
              id,
              { x: c.x - 8 / k, y: c.y - 8 / k, w: 16 / k, h: 16 / k },
              '✕',
              12 / k,
              MARK_LOOKS.out.colour,
              tag,
              player,
              0,
            ),
          ),
        ];
    }
  }

  /** The view's notes in the screen's top-left corner (the layout keeps that corner clear). */
  private drawNotes(ctx: DrawContext): DrawnItem[] {
    const { player, viewport: v } = ctx;
    const k = v.scale > 0 ? v.scale : 1;
    return ctx.notes.map((note, i) => {
      const id = drawnId('note', String(i));
      const b = noteBox(i, note);
      return this.reuse(id, `${player}|${r2(v.x)},${r2(v.y)},${r2(k)}|${note}`, () =>
        words(
          id,
          { x: (b.x - v.x) / k, y: (b.y - v.y) / k, w: b.w / k, h: b.h / k },
          note,
          NOTE_PX / k,
          '#111827',
          { kind: 'note', token: null },
          player,
          2 / k,
        ),
      );
    });
  }
}

/** Where the view's `i`-th note goes on the screen, px: the layout is told to keep these clear. */
export function noteBox(i: number, note: string): Box {
  return { x: 6, y: 6 + i * 22, w: estimateNote(note), h: 20 };
}

const estimateNote = (note: string) => estimateWidth(note, NOTE_PX) + 8;

/** What to send Owlbear to go from what is drawn to what should be: each list goes in one call. */
export interface Patch {
  readonly add: readonly DrawnItem[];
  /** The item as drawn and as it should be; only the keys that differ need sending. */
  readonly update: readonly {
    readonly before: DrawnItem;
    readonly after: DrawnItem;
    readonly keys: readonly string[];
  }[];
  readonly delete: readonly string[];
}

export const isEmptyPatch = (p: Patch): boolean => p.add.length === 0 && p.update.length === 0 && p.delete.length === 0;

/** Keys Owlbear itself sets on every write: never compared. */
const VOLATILE = new Set(['lastModified', 'lastModifiedUserId', 'zIndex', 'createdUserId']);

/** The top-level keys whose values differ (compared as JSON: items are plain data). */
export function changedKeys(before: DrawnItem, after: DrawnItem): string[] {
  const keys: string[] = [];
  const a = before as unknown as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (VOLATILE.has(k)) continue;
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    if (
      typeof x !== 'object' ||
      typeof y !== 'object' ||
      x === null ||
      y === null ||
      JSON.stringify(x) !== JSON.stringify(y)
    )
      keys.push(k);
  }
  return keys;
}

/**
 * Keeps what this client has drawn and diffs each new set of items against it. An item whose type
 * changed is deleted and added again (Owlbear cannot change an item's type); an item that only moved
 * is updated in place.
 */
export class Reconciler {
  private drawn = new Map<string, { item: DrawnItem; sig: string }>();

  /** What is drawn now, by id. */
  get current(): ReadonlyMap<string, DrawnItem> {
    return new Map([...this.drawn].map(([id, d]) => [id, d.item]));
  }

  get size(): number {
    return this.drawn.size;
  }

  /** Items found on the scene that this extension drew before (a reload): they are ours to replace or delete. */
  adopt(items: readonly DrawnItem[]): void {
    for (const item of items) this.drawn.set(item.id, { item, sig: signature(item) });
  }

  diff(desired: readonly DrawnItem[]): Patch {
    const next = new Map<string, { item: DrawnItem; sig: string }>();
    const add: DrawnItem[] = [];
    const update: { before: DrawnItem; after: DrawnItem; keys: string[] }[] = [];
    const del: string[] = [];
    for (const item of desired) {
      if (next.has(item.id)) continue;
      const before = this.drawn.get(item.id);
      // The very item drawn last time (./Drawer keeps what did not change): nothing to compare.
      if (before && before.item === item) {
        next.set(item.id, before);
        continue;
      }
      const sig = signature(item);
      if (before && before.sig === sig) {
        next.set(item.id, before);
        continue;
      }
      next.set(item.id, { item, sig });
      if (!before) add.push(item);
      else if (before.item.type !== item.type) {
        del.push(item.id);
        add.push(item);
      } else {
        const keys = changedKeys(before.item, item);
        if (keys.length) update.push({ before: before.item, after: item, keys });
      }
    }
    for (const id of this.drawn.keys()) if (!next.has(id)) del.push(id);
    this.drawn = next;
    return { add, update, delete: del };
  }

  /** Everything drawn is gone (a new scene, the extension switched off). */
  clear(): string[] {
    const ids = [...this.drawn.keys()];
    this.drawn = new Map();
    return ids;
  }
}

/** What an item shows, as one string (the keys Owlbear sets itself left out). */
function signature(item: DrawnItem): string {
  return JSON.stringify(item, (k, v: unknown) => (VOLATILE.has(k) ? undefined : v));
}
