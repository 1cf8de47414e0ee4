// The renderer's raw fields for a bug report (Copy diagnostics in the popup): the numbers behind
// the view renderer.ts reads, for each engine, so that a wrong drawing can be explained.
import type { Engine, RendererFields } from '../../src/adapters/roll20/protocol';
import { safe } from '../page-reads';
import { campaign, d20, w } from './reading';
import { jumpgateCanvas, mainCamera, viewProjection } from './renderer';
import { state } from './state';

/** Puts a number under a name (rounded; nothing else is put). */
type Put = (k: string, x: unknown) => void;
/** Puts an element's box under a prefix. */
type Rect = (prefix: string, el: Element | null | undefined) => void;

/** The renderer's raw fields behind readView, for a bug report (Copy diagnostics): numbers only. */
export function rendererFields(kind: Engine): RendererFields {
  const out: RendererFields = { engine: kind };
  const put: Put = (k, x) => {
    if (typeof x === 'number' && Number.isFinite(x)) out[k] = Math.round(x * 1e4) / 1e4;
  };
  const rect: Rect = (prefix, el) => {
    const r = safe(() => el?.getBoundingClientRect());
    if (!r) return;
    put(`${prefix}.left`, r.left);
    put(`${prefix}.top`, r.top);
    put(`${prefix}.width`, r.width);
    put(`${prefix}.height`, r.height);
  };
  safe(() => {
    put('window.scrollX', window.scrollX);
    put('window.scrollY', window.scrollY);
    put('window.devicePixelRatio', window.devicePixelRatio);
    if (kind === 'jumpgate') jumpgateFields(out, put, rect);
    else if (kind === 'legacy') legacyFields(put, rect);
  });
  return out;
}

/** Jumpgate: the main camera (which, its viewport, its matrices, where it stands) and the canvas. */
function jumpgateFields(out: RendererFields, put: Put, rect: Rect): void {
  const scene = w.MeshScene;
  const cam = mainCamera(scene);
  const cams = safe(() => scene.cameras);
  put(
    'cameras.count',
    safe(() => cams.length),
  );
  put(
    'camera.index',
    safe(() => cams.indexOf(cam)),
  );
  const name = safe(() => cam?.name);
  if (typeof name === 'string') out['camera.name'] = name.slice(0, 64);
  out['camera.isActive'] = !!cam && safe(() => scene.activeCamera === cam) === true;
  out['webglContextLost'] = state.contextLost;
  for (const k of ['x', 'y', 'width', 'height'])
    put(
      `camera.viewport.${k}`,
      safe(() => cam?.viewport?.[k]),
    );
  const vp = cam ? safe(() => viewProjection(scene, cam)) : null;
  for (const i of [0, 1, 4, 5, 12, 13, 3, 7, 15]) put(`viewProjection.${i}`, vp?.[i]);
  for (const k of ['orthoLeft', 'orthoRight', 'orthoTop', 'orthoBottom', 'mode'])
    put(
      `camera.${k}`,
      safe(() => cam?.[k]),
    );
  for (const k of ['x', 'y', 'z'])
    put(
      `camera.position.${k}`,
      safe(() => cam?.position?.[k]),
    );
  for (const k of ['x', 'y', 'z'])
    put(
      `camera.globalPosition.${k}`,
      safe(() => cam?.globalPosition?.[k]),
    );
  const m = safe(() => cam?.getWorldMatrix?.()?.m);
  put('camera.worldMatrix.12', m?.[12]);
  put('camera.worldMatrix.13', m?.[13]);
  const parent = safe(() => campaign()?.engine?.cameraTransform);
  for (const k of ['x', 'y', 'z'])
    put(
      `cameraTransform.position.${k}`,
      safe(() => parent?.position?.[k]),
    );
  out['camera.parentIsCameraTransform'] = !!parent && safe(() => cam?.parent === parent) === true;
  put(
    'engine.renderWidth',
    safe(() => w.MeshScene.getEngine().getRenderWidth()),
  );
  put(
    'engine.renderHeight',
    safe(() => w.MeshScene.getEngine().getRenderHeight()),
  );
  rect('babylonCanvas', jumpgateCanvas(scene));
}

/** Legacy: the engine's zoom and offsets, the canvas's size and the scrolled editor around it. */
function legacyFields(put: Put, rect: Rect): void {
  const eng = safe(() => d20().engine);
  put(
    'canvasZoom',
    safe(() => eng.canvasZoom),
  );
  put(
    'currentCanvasOffset.0',
    safe(() => eng.currentCanvasOffset[0]),
  );
  put(
    'currentCanvasOffset.1',
    safe(() => eng.currentCanvasOffset[1]),
  );
  put(
    'paddingOffset.0',
    safe(() => eng.paddingOffset[0]),
  );
  put(
    'paddingOffset.1',
    safe(() => eng.paddingOffset[1]),
  );
  put(
    'canvasWidth',
    safe(() => eng.canvasWidth),
  );
  put(
    'canvasHeight',
    safe(() => eng.canvasHeight),
  );
  const wrapper = document.getElementById('editor-wrapper');
  put(
    'editor-wrapper.scrollLeft',
    safe(() => wrapper?.scrollLeft),
  );
  put(
    'editor-wrapper.scrollTop',
    safe(() => wrapper?.scrollTop),
  );
  rect('editor-wrapper', wrapper);
  rect(
    'final_canvas',
    safe(() => eng.final_canvas ?? eng.canvas?.lowerCanvasEl),
  );
}
