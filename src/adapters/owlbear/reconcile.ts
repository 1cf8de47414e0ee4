// The Reconciler: what this client drew against what it should draw now, as one patch per change (add,
// update, delete), so that ./draw.ts's items reach Owlbear in one SDK call per kind of change.
import type { DrawnItem } from './drawn-items';

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
      // The very item drawn last time (./draw.ts Drawer keeps what did not change): nothing to compare.
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
