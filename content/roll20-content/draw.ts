// The board drawn from the live table (../live-board.ts): again at each change the table or the
// settings make, with a word on the board whenever it cannot be read or drawn; the words a hovered,
// selected or found figure opens; and the leaders' native auras, once per click in the popup.
import { RING_COLOURS } from '../../src/board/look';
import type { Tab } from './tab';

/** A click in the popup arms one aura write for this long (it waits for a readable table). */
export const GRANT_MS = 5000;

/**
 * One-shot permission: the popup's click arms exactly one aura write, which must happen within
 * GRANT_MS; nothing the page sends can arm one.
 */
export class Grant {
  private until = 0;
  arm(): void {
    this.until = performance.now() + GRANT_MS;
  }
  /** True once per arming, while it has not expired. */
  take(): boolean {
    const armed = this.armed();
    this.until = 0;
    return armed;
  }
  armed(): boolean {
    return performance.now() <= this.until;
  }
}

export interface Drawing {
  recompute(): void;
  focusNow(): void;
  /** The popup's click: one aura write, now or as soon as the table reads (within GRANT_MS). */
  armAuras(): void;
}

export function drawing(tab: Tab): Drawing {
  const { board, model, host, table } = tab;
  const auras = nativeAuras(tab);
  const recompute = () => {
    if (host.ended) return;
    const { settings } = tab;
    board.setOptions({ overlay: settings.overlay, labels: settings.labels, legend: settings.legend });
    // The table's one game carries what the game master says the board shows, and to whom; else this browser's own setting.
    const said = table.visibility();
    board.setVisibility(said?.visibility ?? { show: settings.show, gmOnly: false }, said?.gm ?? true);
    if (tab.interfering) {
      // What the page says is no longer taken for the table: nothing is drawn, the board says why.
      tab.run = board.render(null, false);
      board.overlay.setMessage(tab.tr('r20_overlay_interfering'));
      host.report();
      return;
    }
    const live = model.state === 'live';
    tab.run = board.render(live ? model.table(settings) : null, live && model.mode === 'full');
    // When the table cannot be read, or read but not drawn (no renderer yet, a lost context…), the
    // board says so and why (and shows nothing of before): never a silent blank.
    const why = model.unreadable;
    const undrawn = live && settings.overlay && model.mode === 'data-only' ? model.renderer.reason : null;
    board.overlay.setMessage(
      why
        ? tab.tr(why === 'too-many-tokens' ? 'r20_overlay_too_many' : 'r20_overlay_unreadable')
        : undrawn
          ? tab.tr(`r20_overlay_cannot_draw_${undrawn.replace('-', '_')}`)
          : null,
    );
    retryUnreadable(why);
    auras.written();
    host.report();
  };

  // An unreadable table is asked for again, less and less often (1 s, 2 s, 4 s … 30 s): Roll20 may
  // have been mid-load, and a forged snapshot must not blank the board for good.
  let retryTimer = 0;
  let retryMs = 1000;
  function retryUnreadable(why: string | null) {
    if (!why) {
      retryMs = 1000;
      return;
    }
    if (retryTimer || host.ended) return;
    retryTimer = host.later(() => {
      retryTimer = 0;
      tab.toPage({ type: 'reset' });
    }, retryMs);
    retryMs = Math.min(30_000, retryMs * 2);
  }

  return { recompute, focusNow: followPointer(tab), armAuras: auras.arm };
}

/**
 * Native auras, once per click in the popup: each ring's radius (page units) into its leader's
 * aura 1, or, for a ring measured from a whole unit, into every figure's of it (Roll20 draws an
 * aura from the token's edge: together they draw the unit's outline).
 */
function nativeAuras(tab: Tab): { arm(): void; written(): void } {
  const grant = new Grant();
  const write = () => {
    const run = tab.run;
    const scene = run?.bound.scene;
    if (!run || !scene || run.view.error) return; // the grant waits (GRANT_MS) for a readable table
    if (!grant.take()) return;
    const seen = new Set<string>();
    const items = run.view.rings.flatMap((r) =>
      (r.from ?? [r.id])
        .filter((id) => !seen.has(id) && seen.add(id))
        .map((id) => ({
          id,
          radius: Math.round(r.radiusCells * scene.unitsPerCell * 1000) / 1000,
          square: r.shape.kind === 'square',
          color: RING_COLOURS[r.kind],
        })),
    );
    tab.toPage({ type: 'auras-set', items });
  };
  return {
    arm() {
      grant.arm();
      write();
    },
    /** The board drawn again: an armed grant's write, if the table reads now. */
    written() {
      if (grant.armed()) write();
    },
  };
}

/**
 * A figure hovered, selected or found last says its words in full. The pointer is read where it
 * passes over the board (the overlay lets every event through to Roll20), once a frame at most.
 * Returns what opens the words now.
 */
function followPointer(tab: Tab): () => void {
  const { board, model, host } = tab;
  let hovered: string | null = null;
  const focusNow = () =>
    board.setFocus([...model.selected, ...(tab.found ? [tab.found] : []), ...(hovered ? [hovered] : [])]);
  let pointer: { x: number; y: number } | null = null;
  host.listen(
    document,
    'pointermove',
    (e: PointerEvent) => {
      // The page's own scripts can dispatch pointer events too: only the player's hand opens words.
      if (!e.isTrusted || e.pointerType === 'touch') return;
      const first = pointer === null;
      pointer = { x: e.clientX, y: e.clientY };
      if (first)
        requestAnimationFrame(() => {
          const at = pointer && !host.ended ? board.tokenAt(pointer.x, pointer.y) : null;
          pointer = null;
          if (at === hovered) return;
          hovered = at;
          focusNow();
        });
    },
    { capture: true, passive: true },
  );
  return focusNow;
}
