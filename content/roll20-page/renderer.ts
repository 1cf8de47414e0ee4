// The renderer: looked for at every camera read, until found and again when it goes (Jumpgate's
// Babylon scene or Legacy's canvas), and its camera turned into the view the overlay draws through.
import type { Engine, RendererReason, View } from '../../src/adapters/roll20/protocol';
import { safe, type Any } from '../page-reads';
import { wake } from './frames';
import { d20, num, w } from './reading';
import { state } from './state';

const finite = (...xs: unknown[]) => xs.every((x) => typeof x === 'number' && Number.isFinite(x));

/**
 * Jumpgate's camera: `vtt-main-camera` among the scene's cameras (not necessarily the first),
 * else one whose name says it is the main one, else the scene's active camera (the one it renders
 * through).
 */
export function mainCamera(scene: Any): Any {
  const cams = safe(() => scene.cameras);
  const list: Any[] = Array.isArray(cams) ? cams : [];
  return (
    list.find((c) => c?.name === 'vtt-main-camera') ??
    list.find((c) => /main-camera/.test(String(c?.name ?? ''))) ??
    safe(() => scene.activeCamera) ??
    null
  );
}
/** The canvas Babylon renders into (its engine knows it), else Roll20's `#babylonCanvas`. */
export function jumpgateCanvas(scene: Any): HTMLCanvasElement | null {
  const c = safe(() => scene.getEngine?.()?.getRenderingCanvas?.());
  if (c instanceof HTMLCanvasElement) return c;
  const el = document.getElementById('babylonCanvas');
  return el instanceof HTMLCanvasElement ? el : null;
}

/** The canvas whose WebGL context is followed (state.contextLost). */
let watchedCanvas: HTMLCanvasElement | null = null;
const onContextLost = () => {
  state.contextLost = true;
  wake();
};
const onContextRestored = () => {
  state.contextLost = false;
  wake();
};
function watchCanvas(el: HTMLCanvasElement | null) {
  if (el === watchedCanvas) return;
  if (watchedCanvas) {
    watchedCanvas.removeEventListener('webglcontextlost', onContextLost);
    watchedCanvas.removeEventListener('webglcontextrestored', onContextRestored);
  }
  watchedCanvas = el;
  state.contextLost = false;
  el?.addEventListener('webglcontextlost', onContextLost);
  el?.addEventListener('webglcontextrestored', onContextRestored);
}

/** A Babylon matrix's 16 numbers (row-major, translation in 12–14), or null. */
const matrix = (x: Any): ArrayLike<number> | null => {
  const m = safe(() => x?.m);
  return m &&
    typeof m.length === 'number' &&
    m.length >= 16 &&
    finite(...Array.from(m as ArrayLike<number>).slice(0, 16))
    ? (m as ArrayLike<number>)
    : null;
};
/** a·b for Babylon's row-vector matrices (v' = v·a·b). */
function multiply(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const out = new Array<number>(16);
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++)
      out[i * 4 + j] =
        a[i * 4]! * b[j]! + a[i * 4 + 1]! * b[4 + j]! + a[i * 4 + 2]! * b[8 + j]! + a[i * 4 + 3]! * b[12 + j]!;
  return out;
}
/**
 * The camera's view × projection. `getViewMatrix()` and `getProjectionMatrix()` recompute what is
 * out of date (the parent node that pans the board included), where the camera's cached
 * `globalPosition` and the scene's transform matrix only change on a render step; the scene's is
 * the fallback when it renders through this camera.
 */
export function viewProjection(scene: Any, cam: Any): ArrayLike<number> | null {
  const view = matrix(safe(() => cam.getViewMatrix?.()));
  const projection = matrix(safe(() => cam.getProjectionMatrix?.()));
  if (view && projection) return multiply(view, projection);
  return safe(() => scene.activeCamera) === cam ? matrix(safe(() => scene.getTransformMatrix?.())) : null;
}

/**
 * Page px → client px through the camera's full view-projection, as Babylon's Vector3.Project
 * does: world = (left, −top), clip = world·VP, then the camera's viewport in render px (Babylon
 * counts its y from the canvas's bottom, as GL does: its Scene.createPickingRay undoes the same),
 * then CSS px by the canvas's box over its render size (any device pixel ratio). An orthographic
 * camera keeps the board's plane affine, so one transform (with a turn: kx, ky) holds it all.
 */
function projectJumpgate(scene: Any, cam: Any, el: HTMLCanvasElement): View | null {
  const m = viewProjection(scene, cam);
  if (!m || Math.abs(m[3]!) > 1e-9 || Math.abs(m[7]!) > 1e-9 || !(Math.abs(m[15]!) > 1e-9)) return null;
  const k = 1 / m[15]!;
  const eng = safe(() => scene.getEngine());
  const rw = num(safe(() => eng.getRenderWidth())) || el.width;
  const rh = num(safe(() => eng.getRenderHeight())) || el.height;
  const vp = safe(() => cam.viewport);
  const [vx, vy, vw, vh] = finite(vp?.x, vp?.y, vp?.width, vp?.height)
    ? [vp.x, vp.y, vp.width, vp.height]
    : [0, 0, 1, 1];
  const rect = el.getBoundingClientRect();
  if (!(rw > 0 && rh > 0)) return null;
  const fx = rect.width / rw;
  const fy = rect.height / rh;
  const hx = (fx * vw * rw) / 2;
  const hy = (fy * vh * rh) / 2;
  const turned = Math.abs(m[4]!) > 1e-12 || Math.abs(m[1]!) > 1e-12;
  return {
    x: rect.left + fx * vx * rw,
    y: rect.top + fy * (1 - vy - vh) * rh,
    w: 2 * hx,
    h: 2 * hy,
    sx: hx * m[0]! * k,
    sy: hy * m[5]! * k,
    ...(turned ? { kx: -hx * m[4]! * k, ky: -hy * m[1]! * k } : {}),
    ox: hx * (1 + m[12]! * k),
    oy: hy * (1 - m[13]! * k),
  };
}

/**
 * Legacy: Roll20's own mouse → page formula (its canvas mouse handlers): page = pageX / zoom +
 * currentCanvasOffset − paddingOffset / zoom, so pageX = (p − currentCanvasOffset)·zoom +
 * paddingOffset, in document px (roll20.md §2.1). Without paddingOffset: from the canvas's own corner.
 */
function projectLegacy(eng: Any, el: Element): View | null {
  const zoom = eng.canvasZoom;
  const off = eng.currentCanvasOffset;
  const pad = eng.paddingOffset;
  if (!finite(zoom, off?.[0], off?.[1]) || !(zoom > 0)) return null;
  const rect = el.getBoundingClientRect();
  const [ox, oy] = finite(pad?.[0], pad?.[1])
    ? [pad[0] - window.scrollX - rect.left, pad[1] - window.scrollY - rect.top]
    : [0, 0];
  return {
    x: rect.left,
    y: rect.top,
    w: rect.width,
    h: rect.height,
    sx: zoom,
    sy: zoom,
    ox: ox - off[0] * zoom,
    oy: oy - off[1] * zoom,
  };
}

/** A view the content script will take (protocol.ts viewSchema): finite, in range, over a board of some size, not flattened. */
function usable(v: View | null): v is View {
  if (!v) return false;
  const s = [v.sx, v.sy, v.kx ?? 0, v.ky ?? 0];
  return (
    finite(v.x, v.y, v.w, v.h, v.ox, v.oy, ...s) &&
    v.w > 0 &&
    v.h > 0 &&
    v.w <= 1e6 &&
    v.h <= 1e6 &&
    s.every((x) => Math.abs(x) <= 1000) &&
    [v.x, v.y, v.ox, v.oy].every((x) => Math.abs(x) <= 1e7) &&
    Math.abs(v.sx * v.sy - (v.kx ?? 0) * (v.ky ?? 0)) > 1e-9
  );
}

interface Renderer {
  readonly engine: Engine;
  /** Why nothing can be drawn; null: `view` is the camera. */
  readonly reason: RendererReason | null;
  readonly view: View | null;
}

/**
 * The renderer as it is now (roll20.md §0: `window.MeshScene` ⇒ Jumpgate, a d20 fabric canvas ⇒
 * Legacy), looked for afresh at every camera read: it mounts after the page's data (VTTinker:
 * "La scène Babylon se monte APRÈS la page"), and may go and come back.
 */
export function readRenderer(): Renderer {
  return (
    safe((): Renderer => {
      const scene = safe(() => w.MeshScene);
      if (scene) {
        const el = jumpgateCanvas(scene);
        watchCanvas(el);
        if (!el || !el.isConnected) return { engine: 'jumpgate', reason: 'canvas', view: null };
        if (state.contextLost) return { engine: 'jumpgate', reason: 'webgl-context', view: null };
        const cam = mainCamera(scene);
        const view = cam ? (safe(() => projectJumpgate(scene, cam, el)) ?? null) : null;
        return usable(view)
          ? { engine: 'jumpgate', reason: null, view }
          : { engine: 'jumpgate', reason: 'camera', view: null };
      }
      watchCanvas(null);
      const eng = safe(() => d20()?.engine);
      if (safe(() => eng?.canvas)) {
        const el: Element | null = safe(() => eng.final_canvas ?? eng.canvas?.lowerCanvasEl) ?? null;
        if (!(el instanceof Element) || !el.isConnected) return { engine: 'legacy', reason: 'canvas', view: null };
        const view = safe(() => projectLegacy(eng, el)) ?? null;
        return usable(view)
          ? { engine: 'legacy', reason: null, view }
          : { engine: 'legacy', reason: 'camera', view: null };
      }
      return { engine: 'none', reason: 'renderer', view: null };
    }) ?? { engine: 'none', reason: 'renderer', view: null }
  );
}
