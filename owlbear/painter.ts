// Draws the board view as this client's local items (OBR.scene.local): laid out on the player's
// screen (src/board/layout.ts, as every tabletop), computed from the view, diffed against what is drawn
// (src/adapters/owlbear/draw.ts), sent in one batch per change — one SDK call per kind of change
// (delete, add, update), none when nothing changed. Owlbear has no event for a moved viewport, so it is
// asked four times a second; a pan or zoom places the words again. Paints never overlap: a change
// arriving during one is drawn next, and only the newest.
import { visibleView } from '../src/board/visibility';
import { readVisibility } from '../src/board/visibility-schema';
import OBR, { type Item } from '@owlbear-rodeo/sdk';
import {
  Drawer,
  noteBox,
  OWLBEAR_TEXT_PX,
  Reconciler,
  type DrawnItem,
  type Patch,
  type Viewport,
} from '../src/adapters/owlbear/draw';
import { LOCAL_KEY } from '../src/adapters/owlbear/keys';
import { layoutBoard, type BoardLayout } from '../src/board/layout';
import { estimateWidth } from '../src/board/measure';
import type { SceneSession } from './session';

export interface PaintStats {
  /** Main-thread time of the last paint's computing (view → layout → items → patch), ms. */
  lastMs: number;
  /** SDK calls the last paint made, and in all. */
  lastCalls: number;
  calls: number;
  paints: number;
}

/** Owlbear tells nobody when its viewport moves: it is asked this often, and the words placed again when it did. */
export const VIEWPORT_POLL_MS = 250;

interface Screen extends Viewport {
  readonly width: number;
  readonly height: number;
}

const measure = (text: string) => estimateWidth(text, OWLBEAR_TEXT_PX);

export class Painter {
  readonly stats: PaintStats = { lastMs: 0, lastCalls: 0, calls: 0, paints: 0 };
  private readonly reconciler = new Reconciler();
  private readonly drawer = new Drawer();
  private busy = false;
  private wanted: (() => DrawnItem[]) | null = null;
  private adopted = false;
  private screen: Screen | null = null;
  private layout: BoardLayout | null = null;
  /** The key in the screen's corner (the player's switch). */
  legend = true;

  /** No viewport to place words on (the host never answered): the view is drawn without them. */
  private blind = false;

  constructor(private readonly session: SceneSession) {
    session.onChange(() => this.paint());
    // The scene as it already is (a page loaded into an open scene): drawn as soon as the viewport is
    // known, not at its next change, and not first without its words (a reloaded page would delete
    // and add them again).
    setInterval(() => void this.watchViewport(), VIEWPORT_POLL_MS);
    void this.watchViewport();
  }

  /** What was laid out last (tests read it). */
  get laidOut(): BoardLayout | null {
    return this.layout;
  }

  /** Asks Owlbear where the player looks; a pan, a zoom or a resize places the words again. */
  private async watchViewport(): Promise<void> {
    if (!this.session.sceneReady) return;
    try {
      const [position, scale, width, height] = await Promise.all([
        OBR.viewport.getPosition(),
        OBR.viewport.getScale(),
        OBR.viewport.getWidth(),
        OBR.viewport.getHeight(),
      ]);
      const next: Screen = { x: position.x, y: position.y, scale, width, height };
      if (![next.x, next.y, next.scale, next.width, next.height].every(Number.isFinite) || next.scale <= 0) return;
      const was = this.screen;
      if (
        was &&
        was.x === next.x &&
        was.y === next.y &&
        was.scale === next.scale &&
        was.width === next.width &&
        was.height === next.height
      )
        return;
      this.screen = next;
      this.paint();
    } catch {
      // A host without a viewport (or a scene closing): the view is drawn, its words wait for an answer.
      if (!this.screen && !this.blind) {
        this.blind = true;
        this.paint();
      }
    }
  }

  /** Draws the session's current view (or nothing: no scene, no game). */
  paint(): void {
    const s = this.session;
    this.wanted = () => {
      const run = s.run;
      if (!run || !s.sceneReady) return [];
      const tr = s.strings.t;
      const focus = new Set(s.selection);
      // What the game master says the board shows, and to whom (src/board/visibility.ts).
      const view = visibleView(run.view, run.bound, readVisibility(s.state?.game.visibility), {
        focus,
        gm: s.me.role === 'GM',
      });
      const notes = view.notes.map((n) => tr(n));
      const screen = this.screen;
      this.layout = screen
        ? layoutBoard(view, run.bound, {
            reasons: true,
            names: false,
            legend: this.legend,
            say: tr,
            locale: s.strings.lang,
            measure,
            camera: { sx: screen.scale, sy: screen.scale, ox: screen.x, oy: screen.y },
            width: screen.width,
            height: screen.height,
            focus,
            reserved: notes.map((n, i) => noteBox(i, n)),
            previous: this.layout,
          })
        : null;
      return this.drawer.draw(view, {
        player: s.me.id,
        layout: this.layout,
        viewport: screen ?? { x: 0, y: 0, scale: 1 },
        notes,
      });
    };
    if (!this.busy && (this.screen || this.blind)) void this.flush();
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
    const ours = await OBR.scene.local
      .getItems((item: Item) => item.metadata?.[LOCAL_KEY] !== undefined)
      .catch(() => [] as Item[]);
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
        await OBR.scene.local.updateItems(updates.map((u) => u.before) as Item[], (drafts) => {
          drafts.forEach((draft, i) => {
            const { after, keys } = updates[i]!;
            for (const k of keys)
              (draft as unknown as Record<string, unknown>)[k] = (after as unknown as Record<string, unknown>)[k];
          });
        });
      }
    } catch {
      // Owlbear refused a batch (a scene closing under it): draw everything again next time.
      this.reconciler.clear();
      this.adopted = false;
    }
    return calls;
  }
}
