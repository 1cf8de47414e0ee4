// The demo table's board on screen: a viewport whose camera (pan, zoom) this page owns, a grid, and
// the tokens as focusable elements carrying data-token. Plain DOM, updated in place, so that a drag
// redraws the token, and through the page's callbacks the overlay, within the same event. Tokens are
// placed in screen px from their scene px (screen = pan + zoom · scene), as a tabletop's camera does.
// Their names are written by the overlay (content/overlay.ts), placed with every other word of the
// board so that none overlaps another; here they are each token's accessible name.
import { hexToPixel, pixelToFractionalAxial } from '../src/geometry/hex';
import {
  basePx,
  footprintOf,
  isHexGrid,
  type DemoBoard,
  type DemoBoardToken,
  type Step,
} from '../src/adapters/demo/model';
import type { Camera } from '../content/overlay';
import type { Scene, Vec2 } from '../src/table/model';

const SVG = 'http://www.w3.org/2000/svg';
const MIN_ZOOM = 0.05;
const MAX_ZOOM = 12;
/** Beyond this many cells in view the grid is not drawn (zoomed far out it would be a grey wash). */
const MAX_GRID_CELLS = 6000;

export interface BoardEvents {
  /** A token dragged to (x, y), scene px, not snapped: the page redraws at once. */
  drag(id: string, x: number, y: number): void;
  /** The drag ended there: the page snaps and saves. */
  drop(id: string, x: number, y: number): void;
  /** The drag given up (a second finger came down: the two pinch the board): the figure back where it stood. */
  undrag(id: string): void;
  /** An arrow key on a focused token. */
  step(id: string, step: Step): void;
  /** R (clockwise) or Shift+R on a focused token: turned by `degrees`. */
  turn(id: string, degrees: number): void;
  select(id: string | null): void;
  /** A figure tapped or clicked (let go where it was taken, not dragged): selected, its words to show. */
  tapped(id: string): void;
  /** The pointer is over a token (null: over none): its words are said whatever the crowd. */
  hover(id: string | null): void;
  /** The camera changed (pan, zoom, the board moved on the page): the overlay follows. */
  camera(camera: Camera): void;
  /** The board changed size (the window, the popup beside it) while still as last fitted: fit it again. */
  refit(): void;
}

export interface TokenLook {
  readonly colour: string;
  /** Words for screen readers after the name (side, leader, radio, dead). */
  readonly describe: (t: DemoBoardToken) => string;
}

const KEY_STEPS: Readonly<Record<string, Step>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'up-left',
  PageUp: 'up-right',
  End: 'down-left',
  PageDown: 'down-right',
};

interface TokenEl {
  readonly el: HTMLDivElement;
  /** What was last drawn: position and size, then name, markers and colour. */
  geometry: string;
  face: string;
}

const svg = <K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
): SVGElementTagNameMap[K] => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

/** A small icon drawn with SVG paths (no font needed): the leader's flag, the radio's waves, the dead's cross. */
function icon(kind: 'leader' | 'radio' | 'dead'): SVGSVGElement {
  const s = svg('svg', {
    class: `marker marker-${kind}`,
    viewBox: '0 0 12 12',
    'aria-hidden': 'true',
    'data-marker': kind,
  });
  const d =
    kind === 'leader'
      ? 'M2 11V1M2 1.5h8l-2 2.5 2 2.5H2'
      : kind === 'radio'
        ? 'M6 11V5M3.5 3.5a3.5 3.5 0 0 1 5 0M1.8 1.8a6 6 0 0 1 8.4 0'
        : 'M2 2l8 8M10 2l-8 8';
  s.append(
    svg('path', {
      d,
      fill: kind === 'leader' ? 'currentColor' : 'none',
      stroke: 'currentColor',
      'stroke-width': kind === 'dead' ? '2.2' : '1.4',
      'stroke-linecap': 'round',
    }),
  );
  return s;
}

export class BoardView {
  /** The viewport: the board's rectangle on the page, whose client rect is the camera's. */
  readonly root: HTMLDivElement;
  private readonly grid: SVGPathElement;
  private readonly layer: HTMLDivElement;
  private readonly tokens = new Map<string, TokenEl>();
  private board: DemoBoard | null = null;
  private selected: string | null = null;
  private zoom = 1;
  private pan = { x: 0, y: 0 };
  /** No zoom or pan of the player's since the last fit (or the start): a change of size fits again. */
  private fitted = true;

  /** As last fitted: no zoom or pan of the player's since. */
  get isFitted(): boolean {
    return this.fitted;
  }
  private size = { w: 0, h: 0 };
  private gridKey = '';
  private frame = 0;
  /** Pointers down on the background: one pans, two pinch. */
  private readonly pointers = new Map<number, Vec2>();
  private pinch: { distance: number; zoom: number } | null = null;
  /** A figure under a finger or the mouse: the pointer, its offset from the figure's centre, whether it moved yet, where it went down and where it is now. */
  private dragging: {
    id: string;
    pointer: number;
    dx: number;
    dy: number;
    moved: boolean;
    start: Vec2;
    at: Vec2;
  } | null = null;

  constructor(
    host: HTMLElement,
    private readonly on: BoardEvents,
    private readonly look: (t: DemoBoardToken) => TokenLook,
    label: string,
    help: string,
  ) {
    this.root = document.createElement('div');
    this.root.className = 'board';
    this.root.tabIndex = 0;
    this.root.setAttribute('role', 'region');
    this.root.setAttribute('aria-label', label);
    const helpEl = document.createElement('p');
    helpEl.id = 'board-help';
    helpEl.className = 'visually-hidden';
    helpEl.textContent = help;
    this.root.setAttribute('aria-describedby', helpEl.id);
    const gridSvg = svg('svg', { class: 'grid', 'aria-hidden': 'true' });
    this.grid = svg('path', { class: 'grid-lines' });
    gridSvg.append(this.grid);
    this.layer = document.createElement('div');
    this.layer.className = 'tokens';
    this.root.append(gridSvg, this.layer, helpEl);
    host.append(this.root);

    this.root.addEventListener('pointerdown', (e) => this.down(e));
    this.root.addEventListener('pointermove', (e) => this.move(e));
    this.root.addEventListener('pointerup', (e) => this.up(e));
    this.root.addEventListener('pointercancel', (e) => this.up(e));
    this.root.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    this.root.addEventListener('keydown', (e) => this.key(e));
    this.root.addEventListener('pointerover', (e) => this.on.hover(this.tokenOf(e)));
    this.root.addEventListener('pointerleave', () => this.on.hover(null));
    this.root.addEventListener('focusin', (e) => {
      const id = (e.target as HTMLElement).dataset?.token;
      if (id && id !== this.selected) this.on.select(id);
    });
    new ResizeObserver(() => {
      const r = this.root.getBoundingClientRect();
      const resized = r.width !== this.size.w || r.height !== this.size.h;
      this.size = { w: r.width, h: r.height };
      if (resized && this.fitted) this.on.refit();
      else this.changed();
    }).observe(this.root);
    // The overlay is fixed to the viewport: a scroll of the page moves the board under it.
    window.addEventListener('scroll', () => this.changed(), { passive: true });
  }

  /** The camera as the overlay wants it (content/overlay.ts): client rect, then scene px → board px. */
  camera(): Camera {
    const r = this.root.getBoundingClientRect();
    return {
      x: r.left,
      y: r.top,
      w: r.width,
      h: r.height,
      sx: this.zoom,
      sy: this.zoom,
      ox: this.pan.x,
      oy: this.pan.y,
    };
  }

  /** Scene px of a client point. */
  toScene(clientX: number, clientY: number): Vec2 {
    const r = this.root.getBoundingClientRect();
    return { x: (clientX - r.left - this.pan.x) / this.zoom, y: (clientY - r.top - this.pan.y) / this.zoom };
  }

  /** The scene px at the middle of the view (where a new token is put). */
  centre(): Vec2 {
    const r = this.root.getBoundingClientRect();
    return this.toScene(r.left + r.width / 2, r.top + r.height / 2);
  }

  /** Draws the board; only the tokens that changed are touched. */
  update(board: DemoBoard, selected: string | null): void {
    const rescaled = this.board?.scene !== board.scene;
    this.board = board;
    this.selected = selected;
    const seen = new Set<string>();
    for (const t of board.tokens) {
      seen.add(t.id);
      this.place(this.tokens.get(t.id) ?? this.create(t.id), t, board.scene);
    }
    for (const [id, item] of this.tokens) {
      if (seen.has(id)) continue;
      item.el.remove();
      this.tokens.delete(id);
    }
    if (rescaled) this.drawGrid();
  }

  /**
   * Zooms so that every token, and every circle in `around` (range rings: centre and radius, scene px),
   * is in view, with room on the right for the key (`key`: its size, px) so that it hides no figure.
   */
  fit(
    around: readonly { readonly x: number; readonly y: number; readonly r: number }[] = [],
    key: { readonly w: number; readonly h: number } | null = null,
  ): void {
    const board = this.board;
    const r = this.root.getBoundingClientRect();
    if (!board || r.width === 0 || r.height === 0) return;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    // A rectangular base is fitted by the circle round it, whichever way it is turned.
    const reach = (t: DemoBoardToken) => {
      const box = footprintOf(t, board.scene);
      return t.length ? Math.hypot(box.width, box.height) / 2 : box.width / 2;
    };
    const circles = [...board.tokens.map((t) => ({ x: t.x, y: t.y, r: reach(t) })), ...around];
    for (const c of circles) {
      minX = Math.min(minX, c.x - c.r);
      minY = Math.min(minY, c.y - c.r);
      maxX = Math.max(maxX, c.x + c.r);
      maxY = Math.max(maxY, c.y + c.r);
    }
    if (!Number.isFinite(minX)) {
      minX = minY = 0;
      maxX = maxY = 10 * board.scene.pixelsPerCell;
    }
    // Room around for the names under the figures, and on the right for the reasons beside them.
    // The key's column too, where the board is wide enough to spare it (else the key folds, and says so).
    const pad = {
      left: 24,
      top: 24,
      right: Math.max(Math.min(180, r.width * 0.2), key ? Math.min(key.w + 16, r.width * 0.4) : 0),
      bottom: 36,
    };
    const w = Math.max(maxX - minX, board.scene.pixelsPerCell);
    const h = Math.max(maxY - minY, board.scene.pixelsPerCell);
    const roomX = Math.max(r.width - pad.left - pad.right, r.width / 2);
    const roomY = Math.max(r.height - pad.top - pad.bottom, r.height / 2);
    this.zoom = clamp(Math.min(roomX / w, roomY / h), MIN_ZOOM, MAX_ZOOM);
    this.pan = {
      x: pad.left + (roomX - this.zoom * w) / 2 - this.zoom * minX,
      y: pad.top + (roomY - this.zoom * h) / 2 - this.zoom * minY,
    };
    this.fitted = true;
    this.size = { w: r.width, h: r.height };
    this.changed(true);
  }

  /** Zooms by `factor` about a client point (default: the middle of the board). */
  zoomBy(factor: number, at?: Vec2): void {
    const r = this.root.getBoundingClientRect();
    const p = at ?? { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    const scene = this.toScene(p.x, p.y);
    this.zoom = clamp(this.zoom * factor, MIN_ZOOM, MAX_ZOOM);
    this.pan = { x: p.x - r.left - scene.x * this.zoom, y: p.y - r.top - scene.y * this.zoom };
    this.fitted = false;
    this.changed(true);
  }

  /** Pans so that a scene point stands in the middle of the board, the zoom kept (the finder). */
  centreOn(x: number, y: number): void {
    const r = this.root.getBoundingClientRect();
    this.pan = { x: r.width / 2 - x * this.zoom, y: r.height / 2 - y * this.zoom };
    this.fitted = false;
    this.changed(true);
  }

  panBy(dx: number, dy: number): void {
    this.pan = { x: this.pan.x + dx, y: this.pan.y + dy };
    this.fitted = false;
    this.changed(true);
  }

  focus(id: string): void {
    this.tokens.get(id)?.el.focus();
  }

  /** Redraws what depends on the camera; `now` for pan and zoom (the same frame), else in the next frame. */
  private changed(now = false): void {
    if (now) {
      cancelAnimationFrame(this.frame);
      this.frame = 0;
      this.redraw();
      return;
    }
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.redraw();
    });
  }

  private redraw(): void {
    const board = this.board;
    // The zoom, for whoever reads the board (its tests, a user's tools): screen px per scene px.
    this.root.style.setProperty('--zoom', String(this.zoom));
    if (board) for (const t of board.tokens) this.place(this.tokens.get(t.id) ?? this.create(t.id), t, board.scene);
    this.drawGrid();
    this.on.camera(this.camera());
  }

  private create(id: string): TokenEl {
    const el = document.createElement('div');
    el.className = 'token';
    el.dataset.token = id;
    el.tabIndex = 0;
    el.setAttribute('role', 'button');
    this.layer.append(el);
    const item = { el, geometry: '', face: '' };
    this.tokens.set(id, item);
    return item;
  }

  private place(item: TokenEl, t: DemoBoardToken, scene: Scene, force = false): void {
    const { width, height } = footprintOf(t, scene);
    const turn = t.rotation ?? 0;
    const geometry = `${t.x},${t.y},${width},${height},${turn},${this.zoom},${this.pan.x},${this.pan.y}`;
    const { el } = item;
    if (force || geometry !== item.geometry) {
      item.geometry = geometry;
      el.style.left = `${this.pan.x + (t.x - width / 2) * this.zoom}px`;
      el.style.top = `${this.pan.y + (t.y - height / 2) * this.zoom}px`;
      el.style.width = `${width * this.zoom}px`;
      el.style.height = `${height * this.zoom}px`;
      // A rectangular base is drawn as it stands (turned about its centre); a round one needs no turn.
      el.classList.toggle('oblong', t.length !== undefined);
      el.style.transform = t.length !== undefined && turn ? `rotate(${turn}deg)` : '';
    }
    const look = this.look(t);
    const selected = this.selected === t.id;
    const face = `${t.name}\u0000${t.unit}\u0000${t.role}\u0000${t.radio}\u0000${t.dead}\u0000${look.colour}\u0000${selected}`;
    if (face === item.face) return;
    item.face = face;
    el.style.setProperty('--side', look.colour);
    el.classList.toggle('selected', selected);
    el.classList.toggle('dead', t.dead);
    el.dataset.role = t.role;
    el.dataset.dead = String(t.dead);
    el.setAttribute('aria-pressed', String(selected));
    el.setAttribute('aria-label', look.describe(t));
    // The name and the unit are written by the overlay, where its label placer finds them room.
    el.dataset.name = t.name;
    el.dataset.unit = t.unit ?? '';
    for (const m of [...el.querySelectorAll('.marker')]) m.remove();
    const markers: ('leader' | 'radio' | 'dead')[] = [];
    if (t.role === 'leader') markers.push('leader');
    if (t.radio || t.role === 'radio-operator') markers.push('radio');
    if (t.dead) markers.push('dead');
    el.append(...markers.map(icon));
  }

  private drawGrid(): void {
    const board = this.board;
    const r = this.root.getBoundingClientRect();
    if (!board) return;
    const { scene } = board;
    const key = `${scene.grid},${scene.pixelsPerCell},${scene.hexOrigin?.x},${scene.hexOrigin?.y},${this.zoom},${this.pan.x},${this.pan.y},${r.width},${r.height}`;
    if (key === this.gridKey) return;
    this.gridKey = key;
    const c = scene.pixelsPerCell * this.zoom;
    const cells = (r.width / c) * (r.height / c);
    if (scene.grid === 'none' || cells > MAX_GRID_CELLS) {
      this.grid.setAttribute('d', '');
      return;
    }
    const parts: string[] = [];
    const f = (n: number) => n.toFixed(1);
    if (scene.grid === 'square') {
      const x0 = this.pan.x % c;
      const y0 = this.pan.y % c;
      for (let x = x0; x <= r.width; x += c) parts.push(`M${f(x)} 0V${f(r.height)}`);
      for (let y = y0; y <= r.height; y += c) parts.push(`M0 ${f(y)}H${f(r.width)}`);
    } else if (isHexGrid(scene)) {
      const orientation = scene.grid === 'hex-pointy' ? 'pointy' : 'flat';
      const corners = Array.from({ length: 6 }, (_, i) => {
        const a = (Math.PI / 180) * (60 * i + (orientation === 'pointy' ? 30 : 0));
        const s = scene.pixelsPerCell / Math.sqrt(3);
        return { x: s * Math.cos(a), y: s * Math.sin(a) };
      });
      // The axial range covering the view, from its four corners.
      const qs: number[] = [];
      const rs: number[] = [];
      for (const [px, py] of [
        [0, 0],
        [r.width, 0],
        [0, r.height],
        [r.width, r.height],
      ] as const) {
        const a = pixelToFractionalAxial(
          { x: (px - this.pan.x) / this.zoom, y: (py - this.pan.y) / this.zoom },
          scene.pixelsPerCell,
          orientation,
          scene.hexOrigin,
        );
        qs.push(a.q);
        rs.push(a.r);
      }
      for (let q = Math.floor(Math.min(...qs)) - 1; q <= Math.ceil(Math.max(...qs)) + 1; q++) {
        for (let rr = Math.floor(Math.min(...rs)) - 1; rr <= Math.ceil(Math.max(...rs)) + 1; rr++) {
          const centre = hexToPixel({ q, r: rr }, scene.pixelsPerCell, orientation, scene.hexOrigin);
          const sx = this.pan.x + centre.x * this.zoom;
          const sy = this.pan.y + centre.y * this.zoom;
          if (sx < -c || sy < -c || sx > r.width + c || sy > r.height + c) continue;
          parts.push(`M${corners.map((k) => `${f(sx + k.x * this.zoom)} ${f(sy + k.y * this.zoom)}`).join('L')}Z`);
        }
      }
    }
    this.grid.setAttribute('d', parts.join(''));
  }

  private tokenOf(e: Event): string | null {
    const el = (e.target as Element | null)?.closest?.('.token') as HTMLElement | null;
    return el?.dataset.token ?? null;
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0) return;
    const id = this.tokenOf(e);
    const board = this.board;
    const drag = this.dragging;
    if (drag && e.pointerId !== drag.pointer) {
      // A second finger while the first holds a figure: a pinch begun over the figures (a crowded
      // board has no room between them). The figure goes back where it stood; the two fingers zoom.
      this.dragging = null;
      if (drag.moved) this.on.undrag(drag.id);
      this.pointers.set(drag.pointer, drag.at);
    }
    if (id && board && this.pointers.size === 0) {
      const t = board.tokens.find((x) => x.id === id);
      if (!t) return;
      e.preventDefault();
      const p = this.toScene(e.clientX, e.clientY);
      this.dragging = {
        id,
        pointer: e.pointerId,
        dx: t.x - p.x,
        dy: t.y - p.y,
        moved: false,
        start: { x: e.clientX, y: e.clientY },
        at: { x: e.clientX, y: e.clientY },
      };
      (e.target as Element).setPointerCapture?.(e.pointerId);
      // Focusing the token selects it (focusin, above).
      this.focus(id);
      return;
    }
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.root.setPointerCapture?.(e.pointerId);
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.pinch = { distance: Math.hypot(a!.x - b!.x, a!.y - b!.y), zoom: this.zoom };
    }
    // A tap or a pan of the background lets the selected figure go (not a second finger: that pinches).
    if (this.pointers.size === 1 && this.selected !== null) this.on.select(null);
  }

  private move(e: PointerEvent): void {
    const drag = this.dragging;
    if (drag && e.pointerId === drag.pointer) {
      drag.at = { x: e.clientX, y: e.clientY };
      if (!drag.moved && Math.hypot(e.clientX - drag.start.x, e.clientY - drag.start.y) < 3) return;
      drag.moved = true;
      const p = this.toScene(e.clientX, e.clientY);
      this.on.drag(drag.id, p.x + drag.dx, p.y + drag.dy);
      return;
    }
    const last = this.pointers.get(e.pointerId);
    if (!last) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 2 && this.pinch) {
      const [a, b] = [...this.pointers.values()];
      const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      if (this.pinch.distance > 0)
        this.zoomBy((this.pinch.zoom * distance) / this.pinch.distance / this.zoom, {
          x: (a!.x + b!.x) / 2,
          y: (a!.y + b!.y) / 2,
        });
      return;
    }
    this.panBy(e.clientX - last.x, e.clientY - last.y);
  }

  private up(e: PointerEvent): void {
    const drag = this.dragging;
    if (drag && e.pointerId === drag.pointer) {
      this.dragging = null;
      if (!drag.moved) return this.on.tapped(drag.id);
      const p = this.toScene(e.clientX, e.clientY);
      this.on.drop(drag.id, p.x + drag.dx, p.y + drag.dy);
      return;
    }
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
  }

  private wheel(e: WheelEvent): void {
    e.preventDefault();
    // Shift + wheel pans (a trackpad's two-finger swipe too); the wheel alone (or a pinch, ctrl) zooms about the pointer.
    const lines = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    if (e.shiftKey && !e.ctrlKey) {
      this.panBy(-(e.deltaX || e.deltaY) * lines, e.deltaX ? -e.deltaY * lines : 0);
      return;
    }
    this.zoomBy(Math.exp(-e.deltaY * lines * 0.0015), { x: e.clientX, y: e.clientY });
  }

  private key(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const id = this.tokenOf(e);
    const step = KEY_STEPS[e.key];
    if (id && step) {
      e.preventDefault();
      this.on.step(id, step);
      return;
    }
    if (id && (e.key === 'r' || e.key === 'R')) {
      e.preventDefault();
      this.on.turn(id, e.shiftKey ? -15 : 15);
      return;
    }
    if (id && e.key === 'Escape') {
      e.preventDefault();
      this.on.select(null);
      this.root.focus();
      return;
    }
    if (e.target !== this.root) return;
    // The board itself focused: arrows pan, + and − zoom.
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [40, 0],
      ArrowRight: [-40, 0],
      ArrowUp: [0, 40],
      ArrowDown: [0, -40],
    };
    if (pan[e.key]) {
      e.preventDefault();
      this.panBy(...pan[e.key]!);
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      this.zoomBy(1.25);
    } else if (e.key === '-' || e.key === '_') {
      e.preventDefault();
      this.zoomBy(0.8);
    }
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
