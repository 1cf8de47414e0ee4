// A board view → the local items each Owlbear client draws for itself (OBR.scene.local), and the
// difference from what it drew last: the Reconciler pattern of Owlbear's Dynamic Fog. The desired
// items are computed from the view; `Reconciler.diff` compares them with what is on the scene and
// says what to add, update and delete, so that the page sends one batch per change (one SDK call per
// kind of change, none when nothing changed). Pure: the items are plain objects shaped as the SDK's
// own (types only), so the core never loads the SDK.
import type { Curve, Item, Label, Line, Shape } from '@owlbear-rodeo/sdk';
import { EDGE_COLOURS, MARK_COLOURS, RING_COLOURS } from '../../board/look';
import type { BoardView, Mark, MarkStatus, Reason, RingKind } from '../../board/model';
import { LOCAL_KEY } from './keys';

/** What each drawn item stands for, in its metadata (LOCAL_KEY): tests and other tools read it. */
export interface DrawnTag {
  readonly kind: 'ring' | 'mark' | 'reason' | 'edge' | 'note';
  /** The token it is drawn for (a ring's leader, an edge's target), or null (notes). */
  readonly token: string | null;
  readonly status?: MarkStatus;
  readonly reason?: string;
  readonly ring?: RingKind;
  readonly edge?: string;
  readonly from?: string;
}

export type DrawnItem = Shape | Curve | Line | Label;

export interface DrawContext {
  /** The player this client draws for (the items' author). */
  readonly player: string;
  /** Words a reason in the player's language; null: no words on the board. */
  readonly reason: ((reason: Reason) => string) | null;
  /** The view's notes, in the player's language. */
  readonly notes: readonly string[];
}

const r2 = (x: number) => Math.round(x * 100) / 100;
const STAMP = '1970-01-01T00:00:00.000Z';

function base(id: string, name: string, layer: Item['layer'], position: { x: number; y: number }, tag: DrawnTag, player: string): Omit<Item, 'type'> {
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

const style = (stroke: string, width: number, fillOpacity: number, dash: number[] = []) => ({
  fillColor: stroke,
  fillOpacity,
  strokeColor: stroke,
  strokeOpacity: 1,
  strokeWidth: width,
  strokeDash: dash,
});

function circle(id: string, name: string, layer: Item['layer'], x: number, y: number, radius: number, s: Shape['style'], tag: DrawnTag, player: string): Shape {
  // A circle's position is its centre.
  return { ...base(id, name, layer, { x, y }, tag, player), type: 'SHAPE', width: r2(2 * radius), height: r2(2 * radius), shapeType: 'CIRCLE', style: s };
}

function label(id: string, name: string, x: number, y: number, words: string, colour: string, pointer: 'UP' | 'DOWN' | 'LEFT' | 'RIGHT' | undefined, tag: DrawnTag, player: string): Label {
  return {
    ...base(id, name, 'TEXT', { x, y }, tag, player),
    type: 'LABEL',
    // Text from the scene and the rules goes in as plain text: Owlbear renders it as such.
    text: {
      richText: [{ type: 'paragraph', children: [{ text: words }] }],
      plainText: words,
      style: {
        padding: 6,
        fontFamily: 'Roboto',
        fontSize: 14,
        fontWeight: 400,
        textAlign: 'CENTER',
        textAlignVertical: 'MIDDLE',
        fillColor: '#ffffff',
        fillOpacity: 1,
        strokeColor: '#ffffff',
        strokeOpacity: 1,
        strokeWidth: 0,
        lineHeight: 1.5,
      },
      type: 'PLAIN',
      width: 'AUTO',
      height: 'AUTO',
    },
    style: { backgroundColor: colour, backgroundOpacity: 0.85, cornerRadius: 6, ...(pointer ? { pointerDirection: pointer, pointerWidth: 6, pointerHeight: 6 } : {}) },
  };
}

/** Ids are stable per token and kind, so that a move updates an item in place instead of replacing it. */
export const drawnId = (kind: DrawnTag['kind'], ...parts: string[]): string => `cp-${kind}-${parts.join('-')}`;

const labelled = (m: Mark) => m.reason !== null && (m.status === 'out' || m.status === 'leader' || m.status === 'none');

/** The local items a view is drawn with: rings under the tokens, marks around them, reasons and notes as labels. */
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
      const shape = r.shape.kind === 'circle' ? 'c' : 'p';
      const id = drawnId('ring', r.id, r.kind, shape);
      const key = `${player}|${r.name}|${r2(r.x)},${r2(r.y)}|${r.shape.kind === 'circle' ? r2(r.shape.radius) : r.shape.points.map((p) => `${r2(p.x)},${r2(p.y)}`).join(' ')}`;
      out.push(
        this.reuse(id, key, () => {
          const tag: DrawnTag = { kind: 'ring', token: r.id, ring: r.kind };
          const colour = RING_COLOURS[r.kind];
          const s = style(colour, 3, 0.08, r.kind === 'signal' ? [12, 8] : []);
          if (r.shape.kind === 'circle') return circle(id, `${r.name} (${r.kind})`, 'DRAWING', r.x, r.y, r.shape.radius, s, tag, player);
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
          ...base(id, `${e.kind}`, 'DRAWING', { x: 0, y: 0 }, { kind: 'edge', token: e.to, edge: e.kind, from: e.from }, player),
          type: 'LINE',
          startPosition: { x: r2(e.x1), y: r2(e.y1) },
          endPosition: { x: r2(e.x2), y: r2(e.y2) },
          style: { strokeColor: EDGE_COLOURS[e.kind], strokeOpacity: 1, strokeWidth: 3, strokeDash: [10, 6] },
        })),
      );
    }
    for (const m of view.marks) {
      const words = m.reason && ctx.reason ? ctx.reason(m.reason) : '';
      const id = drawnId('mark', m.id);
      const key = `${player}|${m.name}|${r2(m.x)},${r2(m.y)},${r2(m.r)}|${m.status}|${m.reason?.code ?? ''}|${m.closeUp === true}|${words}`;
      out.push(
        this.reuse(id, key, () =>
          circle(id, words ? `${m.name} — ${words}` : m.name, 'ATTACHMENT', m.x, m.y, m.r + 4, style(MARK_COLOURS[m.status], 5, 0, m.closeUp ? [8, 6] : []), { kind: 'mark', token: m.id, status: m.status, ...(m.reason ? { reason: m.reason.code } : {}) }, player),
        ),
      );
      if (words && labelled(m)) {
        const lid = drawnId('reason', m.id);
        out.push(this.reuse(lid, key, () => label(lid, m.name, m.x, m.y + m.r + 10, words, MARK_COLOURS[m.status], 'UP', { kind: 'reason', token: m.id, ...(m.reason ? { reason: m.reason.code } : {}) }, player)));
      }
    }
    if (ctx.notes.length) {
      // Above the figures' top-left corner: a scene has no screen corner to pin them to.
      let x = Infinity;
      let y = Infinity;
      for (const m of view.marks) {
        x = Math.min(x, m.x - m.r);
        y = Math.min(y, m.y - m.r);
      }
      if (!Number.isFinite(x)) x = y = 0;
      y -= 30;
      ctx.notes.forEach((note, i) => {
        const id = drawnId('note', String(i));
        const at = y - (ctx.notes.length - 1 - i) * 34;
        out.push(this.reuse(id, `${player}|${r2(x)},${r2(at)}|${note}`, () => label(id, 'Command Post', x, at, note, '#111827', undefined, { kind: 'note', token: null }, player)));
      });
    }
    this.built = this.next;
    return out;
  }
}

/** What to send Owlbear to go from what is drawn to what should be: each list goes in one call. */
export interface Patch {
  readonly add: readonly DrawnItem[];
  /** The item as drawn and as it should be; only the keys that differ need sending. */
  readonly update: readonly { readonly before: DrawnItem; readonly after: DrawnItem; readonly keys: readonly string[] }[];
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
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || JSON.stringify(x) !== JSON.stringify(y)) keys.push(k);
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
