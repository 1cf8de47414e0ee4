// Draws the board view as this client's local items (OBR.scene.local): computed from the view,
// diffed against what is drawn (src/adapters/owlbear/draw.ts), sent in one batch per change — one
// SDK call per kind of change (delete, add, update), none when nothing changed. Paints never overlap:
// a change arriving during one is drawn next, and only the newest.
import OBR, { type Item } from '@owlbear-rodeo/sdk';
import { Drawer, Reconciler, type DrawnItem, type Patch } from '../src/adapters/owlbear/draw';
import { LOCAL_KEY } from '../src/adapters/owlbear/keys';
import { reasonText } from '../src/i18n/reasons';
import type { SceneSession } from './session';

export interface PaintStats {
  /** Main-thread time of the last paint's computing (view → items → patch), ms. */
  lastMs: number;
  /** SDK calls the last paint made, and in all. */
  lastCalls: number;
  calls: number;
  paints: number;
}

export class Painter {
  readonly stats: PaintStats = { lastMs: 0, lastCalls: 0, calls: 0, paints: 0 };
  private readonly reconciler = new Reconciler();
  private readonly drawer = new Drawer();
  private busy = false;
  private wanted: (() => DrawnItem[]) | null = null;
  private adopted = false;

  constructor(private readonly session: SceneSession) {
    session.onChange(() => this.paint());
    // The scene as it already is (a page loaded into an open scene): drawn at once, not at its next change.
    this.paint();
  }

  /** Draws the session's current view (or nothing: no scene, no game). */
  paint(): void {
    const s = this.session;
    this.wanted = () => {
      const view = s.run?.view;
      if (!view || !s.sceneReady) return [];
      const tr = s.strings.t;
      return this.drawer.draw(view, { player: s.me.id, reason: (r) => tr(reasonText(r)), notes: view.notes.map((n) => tr(n)) });
    };
    if (!this.busy) void this.flush();
  }

  private async flush(): Promise<void> {
    this.busy = true;
    try {
      while (this.wanted) {
        const make = this.wanted;
        this.wanted = null;
        if (!this.session.sceneReady) {
          // The scene is gone, and its local items with it.
          this.reconciler.clear();
          this.adopted = false;
          continue;
        }
        if (!this.adopted) await this.adopt();
        const t0 = performance.now();
        const patch = this.reconciler.diff(make());
        this.stats.lastMs = performance.now() - t0;
        this.stats.paints++;
        this.stats.lastCalls = await this.apply(patch);
        this.stats.calls += this.stats.lastCalls;
      }
    } finally {
      this.busy = false;
    }
  }

  /** What this extension drew on the scene before this page loaded (a reload): taken over, not drawn twice. */
  private async adopt(): Promise<void> {
    this.adopted = true;
    const ours = await OBR.scene.local.getItems((item: Item) => item.metadata?.[LOCAL_KEY] !== undefined).catch(() => [] as Item[]);
    this.reconciler.adopt(ours as DrawnItem[]);
  }

  private async apply(patch: Patch): Promise<number> {
    let calls = 0;
    try {
      if (patch.delete.length) {
        calls++;
        await OBR.scene.local.deleteItems([...patch.delete]);
      }
      if (patch.add.length) {
        calls++;
        await OBR.scene.local.addItems([...patch.add] as Item[]);
      }
      if (patch.update.length) {
        calls++;
        const updates = patch.update;
        await OBR.scene.local.updateItems(
          updates.map((u) => u.before) as Item[],
          (drafts) => {
            drafts.forEach((draft, i) => {
              const { after, keys } = updates[i]!;
              for (const k of keys) (draft as unknown as Record<string, unknown>)[k] = (after as unknown as Record<string, unknown>)[k];
            });
          },
        );
      }
    } catch {
      // Owlbear refused a batch (a scene closing under it): draw everything again next time.
      this.reconciler.clear();
      this.adopted = false;
    }
    return calls;
  }
}
