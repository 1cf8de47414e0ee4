// Runs in the Roll20 editor's own world (injected by content/roll20.ts as a web-accessible
// `<script src>`, roll20.md §3.1), where `window.Campaign` lives. It reads the active page's
// tokens and settings, follows model change/add/remove/reset events, the page's own settings, a
// replaced graphics collection and page switches, coalesces them to at most one message per
// animation frame, and posts plain JSON to the content script. It never posts before the content
// script's `hello`, never to another origin, and never watches Roll20's stores deeply (no Pinia
// $subscribe: roll20.md §2.2). Everything read from Roll20 may be missing or odd: each access is
// guarded, and without a renderer it still sends the data (data-only mode). No extension API and
// no polyfill here.
//
// What runs at each camera read (every frame while anything moves, else 4 times a second): the
// renderer looked for (it mounts after the data, and may go and come back: a page switch, a lost
// WebGL context) and its camera read, and one property read (is the page's graphics collection
// still the one we follow?). Page switches are followed through Roll20's own events (Legacy
// `d20:pagechanged`, the Campaign's player page), after each click or key on the page, and by a
// slow poll (once a second) for robustness.
import * as v from 'valibot';
import {
  INTERNALS,
  MAX_TOKENS,
  SECRET_ATTR,
  contentMessageSchema,
  envelope,
  portEnvelopeSchema,
  receive,
  type AuraItem,
  type ContentMessage,
  type Engine,
  type PageMessage,
  type RendererFields,
  type RendererReason,
  type View,
} from '../src/adapters/roll20/protocol';
import { ledgers } from './roll20-ledgers';
import { get, modelsOf, safe, str, type Any } from './page-reads';

(() => {
  const secret = document.currentScript?.getAttribute(SECRET_ATTR) ?? '';
  if (!/^[0-9a-f]{32}$/.test(secret)) return;
  const w = window as Any;
  /** Set when a second hello came: another page script is playing the content script, and the bridge says nothing more. */
  let stopped = false;
  const post = (msg: PageMessage) => {
    if (!stopped) window.postMessage(envelope('page', secret, msg), location.origin);
  };

  const num = (x: unknown): number =>
    typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN;
  /** A page setting as Roll20 holds it (number or short string); the content script reads it field by field. */
  const raw = (x: unknown): unknown =>
    typeof x === 'number' || typeof x === 'boolean' ? x : typeof x === 'string' ? x.slice(0, 64) : null;
  const campaign = (): Any => safe(() => w.Campaign);
  const activePage = (): Any =>
    safe(() => (typeof campaign()?.activePage === 'function' ? campaign().activePage() : undefined));

  function missingInternals(): (typeof INTERNALS)[number][] {
    const c = campaign();
    if (!c) return ['Campaign'];
    if (typeof c.activePage !== 'function') return ['activePage'];
    const g = safe(() => activePage()?.thegraphics);
    if (!g || typeof g.on !== 'function' || !Array.isArray(safe(() => g.models))) return ['thegraphics'];
    return [];
  }

  // ---------- Reading ----------

  /**
   * What a graphic on the token layer is when it is not a figure: an image marked "Is Drawing"
   * (`isdrawing`), or a card played onto the table (`_subtype: 'card'`, with the card's id): the
   * graphic attributes of Roll20's own API typings (roll20-api-scripts `.types/index.d.ts`).
   */
  function kindOf(m: Any): 'drawing' | 'card' | undefined {
    const drawing = get(m, 'isdrawing');
    if (drawing === true || drawing === 'true') return 'drawing';
    const sub = get(m, '_subtype') ?? get(m, 'subtype');
    const card = get(m, '_cardid') ?? get(m, 'cardid');
    return sub === 'card' || (typeof card === 'string' && card !== '') ? 'card' : undefined;
  }
  /** Only figures take part (docs/roll20.md "What is a figure"): map, GM-layer and other layers' graphics, drawings and cards never leave the page. */
  const isFigure = (m: Any): boolean => get(m, 'layer') === 'objects' && kindOf(m) === undefined;

  /** Who controls a token as Roll20 decides it (TokenMod's rule): the represented character's players when it represents one, else the token's own. */
  function controllers(m: Any): string {
    const rep = get(m, 'represents');
    if (typeof rep === 'string' && rep) {
      const character = safe(() => campaign()?.characters?.get(rep));
      if (character) return str(get(character, 'controlledby'), 2000);
    }
    return str(get(m, 'controlledby'), 2000);
  }

  function readToken(m: Any): unknown {
    const kind = get(m, 'layer') === 'objects' ? kindOf(m) : undefined;
    // A turn that reads as no number is no turn: the token still counts, unturned.
    const rotation = num(get(m, 'rotation'));
    return {
      id: str(safe(() => m.id) ?? get(m, 'id'), 64),
      name: str(get(m, 'name'), 200),
      left: num(get(m, 'left')),
      top: num(get(m, 'top')),
      width: num(get(m, 'width')),
      height: num(get(m, 'height')),
      ...(Number.isFinite(rotation) && Math.abs(rotation) <= 1e6 ? { rotation } : {}),
      layer: str(get(m, 'layer'), 32),
      controlledby: controllers(m),
      tint: str(get(m, 'tint_color'), 32),
      markers: str(get(m, 'statusmarkers'), 2000),
      ...(kind ? { kind } : {}),
    };
  }

  /** The page's settings as Roll20 holds them; the content script checks each field and falls back to Roll20's default alone. */
  function readPage(p: Any) {
    return {
      id: str(safe(() => p.id) ?? get(p, 'id'), 64),
      name: raw(get(p, 'name')),
      snapping_increment: raw(get(p, 'snapping_increment')),
      scale_number: raw(get(p, 'scale_number')),
      scale_units: raw(get(p, 'scale_units')),
      grid_type: raw(get(p, 'grid_type')),
      diagonaltype: raw(get(p, 'diagonaltype')),
      showgrid: raw(get(p, 'showgrid')),
    };
  }
  const PAGE_ATTRS = [
    'name',
    'snapping_increment',
    'scale_number',
    'scale_units',
    'grid_type',
    'diagonaltype',
    'showgrid',
  ];

  function players() {
    return modelsOf(safe(() => campaign()?.players))
      .slice(0, 200)
      .map((p) => ({
        id: str(
          safe(() => p.id),
          64,
        ),
        name: str(get(p, 'displayname'), 200),
      }))
      .filter((p) => p.id);
  }

  // ---------- The renderer: looked for at every camera read, until found and again when it goes ----------

  const d20 = (): Any => safe(() => w.currentPlayer?.d20 ?? w.d20);
  const finite = (...xs: unknown[]) => xs.every((x) => typeof x === 'number' && Number.isFinite(x));

  /**
   * Jumpgate's camera: `vtt-main-camera` among the scene's cameras (not necessarily the first),
   * else one whose name says it is the main one, else the scene's active camera (the one it renders
   * through).
   */
  function mainCamera(scene: Any): Any {
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
  function jumpgateCanvas(scene: Any): HTMLCanvasElement | null {
    const c = safe(() => scene.getEngine?.()?.getRenderingCanvas?.());
    if (c instanceof HTMLCanvasElement) return c;
    const el = document.getElementById('babylonCanvas');
    return el instanceof HTMLCanvasElement ? el : null;
  }

  /** A lost WebGL context (the canvas's own events, MDN "webglcontextlost"): Babylon draws nothing until it is restored. */
  let contextLost = false;
  let watchedCanvas: HTMLCanvasElement | null = null;
  const onContextLost = () => {
    contextLost = true;
    wake();
  };
  const onContextRestored = () => {
    contextLost = false;
    wake();
  };
  function watchCanvas(el: HTMLCanvasElement | null) {
    if (el === watchedCanvas) return;
    if (watchedCanvas) {
      watchedCanvas.removeEventListener('webglcontextlost', onContextLost);
      watchedCanvas.removeEventListener('webglcontextrestored', onContextRestored);
    }
    watchedCanvas = el;
    contextLost = false;
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
  function viewProjection(scene: Any, cam: Any): ArrayLike<number> | null {
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
  function readRenderer(): Renderer {
    return (
      safe((): Renderer => {
        const scene = safe(() => w.MeshScene);
        if (scene) {
          const el = jumpgateCanvas(scene);
          watchCanvas(el);
          if (!el || !el.isConnected) return { engine: 'jumpgate', reason: 'canvas', view: null };
          if (contextLost) return { engine: 'jumpgate', reason: 'webgl-context', view: null };
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

  /** The renderer's raw fields behind readView, for a bug report (Copy diagnostics): numbers only. */
  function rendererFields(kind: Engine): RendererFields {
    const out: RendererFields = { engine: kind };
    const put = (k: string, x: unknown) => {
      if (typeof x === 'number' && Number.isFinite(x)) out[k] = Math.round(x * 1e4) / 1e4;
    };
    const rect = (prefix: string, el: Element | null | undefined) => {
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
      if (kind === 'jumpgate') {
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
        out['webglContextLost'] = contextLost;
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
      } else if (kind === 'legacy') {
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
    });
    return out;
  }

  /**
   * The selected tokens' ids: Jumpgate `tabletopSelected()`, Legacy `d20.engine.selected()`
   * (roll20.md §2.1, §2.2), whichever gives something (a Legacy game loads the new client too).
   * Each selected object names its token by its model (`_model` on Legacy fabric objects, `model`
   * elsewhere: VTTES `try_get_canvas_object_model`) or by its own id.
   */
  function readSelection(): string[] {
    return (
      safe(() => {
        const eng = d20()?.engine;
        const lists = [
          safe(() => (typeof eng?.tabletopSelected === 'function' ? eng.tabletopSelected() : null)),
          safe(() => (typeof eng?.selected === 'function' ? eng.selected() : null)),
        ];
        const read: Any[] = lists.find((l) => Array.isArray(l) && l.length > 0) ?? [];
        return read
          .slice(0, 100)
          .map((o: Any) =>
            str(
              safe(() => (o?._model ?? o?.model)?.id ?? o?.id ?? get(o, 'id')),
              64,
            ),
          )
          .filter((x: string) => x !== '');
      }) ?? []
    );
  }

  // ---------- Following ----------

  let started = false;
  let page: Any = null;
  let coll: Any = null;
  const bound = new Map<Any, () => void>();
  const dirty = new Set<Any>();
  const removed = new Set<string>();
  /** Token ids last reported on the token layer: one leaving it is reported once more (now off the layer), then no longer. */
  const reported = new Set<string>();
  let full = true;
  let pageDirty = false;
  /** Look at Campaign.activePage() in the next frame (a page event, a click or key, the slow poll). */
  let pageCheck = true;
  let frame = 0;
  let lastView: View | null | undefined;
  /** The renderer last reported (engine and why it cannot draw); null: say it at the next read. */
  let reportedRenderer: { engine: Engine; reason: RendererReason | null } | null = null;
  // The selection has no event we may listen to: look again after each click or key on the page.
  let selectionDirty = false;
  let lastSelection = '';

  // The camera has no event we may listen to without a deep watcher, so it is read in animation
  // frames: every frame while anything moves, and after QUIET_FRAMES frames without a change only
  // every QUIET_POLL_MS, until the player's next wheel, pointer or key on the page (Roll20's pans and
  // zooms come from those) or a change of the table brings the frame loop back.
  const QUIET_FRAMES = 30;
  const QUIET_POLL_MS = 250;
  let quiet = 0;
  let sleeper = 0;
  const schedule = () => {
    if (!started || frame) return;
    if (sleeper) {
      clearTimeout(sleeper);
      sleeper = 0;
    }
    frame = requestAnimationFrame(flush);
  };
  const wake = () => {
    quiet = 0;
    schedule();
  };
  const next = (changed: boolean) => {
    quiet = changed ? 0 : quiet + 1;
    if (quiet < QUIET_FRAMES) schedule();
    else if (!sleeper && !frame) sleeper = window.setTimeout(() => ((sleeper = 0), schedule()), QUIET_POLL_MS);
  };

  function watch(m: Any) {
    if (bound.has(m)) return;
    const onChange = () => {
      dirty.add(m);
      schedule();
    };
    if (typeof m?.on !== 'function') return;
    safe(() => m.on('change', onChange));
    bound.set(m, onChange);
  }
  function unwatch(m: Any) {
    const cb = bound.get(m);
    if (cb) safe(() => m.off('change', cb));
    bound.delete(m);
  }
  const onAdd = (m: Any) => {
    watch(m);
    dirty.add(m);
    schedule();
  };
  const onRemove = (m: Any) => {
    unwatch(m);
    dirty.delete(m);
    const id = str(
      safe(() => m.id),
      64,
    );
    if (id && reported.has(id)) removed.add(id);
    schedule();
  };
  const onReset = () => {
    full = true;
    schedule();
  };
  const onPageSettings = () => {
    pageDirty = true;
    schedule();
  };
  const PAGE_EVENTS = PAGE_ATTRS.map((a) => `change:${a}`).join(' ');

  function unbindCollection() {
    for (const m of [...bound.keys()]) unwatch(m);
    if (coll) {
      safe(() => coll.off('add', onAdd));
      safe(() => coll.off('remove', onRemove));
      safe(() => coll.off('reset', onReset));
    }
    coll = null;
    dirty.clear();
    removed.clear();
  }

  function unbind() {
    unbindCollection();
    if (page) safe(() => page.off(PAGE_EVENTS, onPageSettings));
    page = null;
  }

  /** Follows `c`, the page's graphics collection (Roll20 may replace it on the same page when it reloads the page's objects). */
  function bindCollection(c: Any) {
    unbindCollection();
    coll = c;
    coll.on('add', onAdd);
    coll.on('remove', onRemove);
    coll.on('reset', onReset);
    for (const m of modelsOf(coll)) watch(m);
    full = true;
  }

  function bind(p: Any) {
    unbind();
    page = p;
    safe(() => page.on(PAGE_EVENTS, onPageSettings));
    bindCollection(p.thegraphics);
    followCharacters();
  }

  // The journal, followed: a token that represents a character is controlled by that character's
  // players (controllers()), so a character given to another player, added or deleted sends its
  // tokens again. Roll20 may replace the collection: followed again at the next bind.
  let characters: Any = null;
  const onCharacter = (c: Any) => {
    const id = str(
      safe(() => c?.id),
      64,
    );
    for (const m of modelsOf(coll)) if (!id || get(m, 'represents') === id) dirty.add(m);
    schedule();
  };
  const CHARACTER_EVENTS = 'change:controlledby add remove reset';
  function followCharacters() {
    const c = safe(() => campaign()?.characters);
    if (!c || c === characters) return;
    if (characters) safe(() => characters.off(CHARACTER_EVENTS, onCharacter));
    characters = c;
    safe(() => c.on(CHARACTER_EVENTS, onCharacter));
  }

  function unavailable() {
    unbind();
    reported.clear();
    post({ type: 'status', state: 'unavailable', missing: missingInternals() });
  }

  // `npm run bench` reads the time a token move costs here (only when it asks for it).
  const bench = document.documentElement.hasAttribute('data-command-post-bench');
  const flush = () => flushFrame(performance.now());

  function snapshot() {
    full = false;
    pageDirty = false;
    dirty.clear();
    removed.clear();
    for (const m of modelsOf(coll)) watch(m);
    const r = readRenderer();
    const missing: (typeof INTERNALS)[number][] = r.reason ? [r.reason] : [];
    // Map and GM-layer graphics, drawings and cards are left out before counting (a map of tiles must not hide the tokens).
    const onLayer = modelsOf(coll).filter(isFigure);
    reported.clear();
    if (onLayer.length > MAX_TOKENS) {
      post({ type: 'status', state: 'unavailable', missing: [], reason: 'too-many-tokens' });
      return;
    }
    const tokens = onLayer.map(readToken);
    for (const t of tokens) reported.add((t as { id: string }).id);
    post({
      type: 'snapshot',
      page: readPage(page),
      tokens,
      players: players(),
      engine: r.engine,
      mode: r.reason ? 'data-only' : 'full',
      missing,
    });
    lastView = undefined;
    reportedRenderer = null;
  }

  /** The renderer and its camera now; says when it was found, went or changed. Returns whether anything was posted. */
  function followRenderer(): boolean {
    const r = readRenderer();
    let said = false;
    if (!reportedRenderer || reportedRenderer.engine !== r.engine || reportedRenderer.reason !== r.reason) {
      reportedRenderer = { engine: r.engine, reason: r.reason };
      post({ type: 'renderer', engine: r.engine, reason: r.reason, at: Math.round(performance.now()) });
      said = true;
    }
    if (!sameView(r.view, lastView)) {
      lastView = r.view;
      post({ type: 'view', view: r.view });
      said = true;
    }
    return said;
  }

  function flushFrame(t0: number) {
    frame = 0;
    let moved = false;
    let changed = false;
    try {
      // A page switch (both engines; roll20.md §5), looked for only when something says it may have happened.
      if (pageCheck) {
        pageCheck = false;
        const current = activePage();
        if (current !== page) {
          if (!current || !current.thegraphics) {
            unavailable();
            startPolling();
            return;
          }
          bind(current);
        }
      }
      if (!page) return;
      // Roll20 reloading a page's objects may give the same page a new collection.
      const c = page.thegraphics;
      if (c !== coll) {
        if (!c || typeof c.on !== 'function') {
          unavailable();
          startPolling();
          return;
        }
        bindCollection(c);
      }
      if (full) {
        snapshot();
        changed = true;
      } else {
        if (pageDirty) {
          pageDirty = false;
          changed = true;
          post({ type: 'page', page: readPage(page) });
        }
        if (dirty.size || removed.size) {
          const tokens: unknown[] = [];
          for (const m of dirty) {
            const id = str(
              safe(() => m.id),
              64,
            );
            // No longer a figure (off the token layer, a drawing, a card): said once (the content script sees it leave), then no more.
            if (isFigure(m)) reported.add(id);
            else if (!reported.delete(id)) continue;
            tokens.push(readToken(m));
          }
          if (tokens.length || removed.size)
            post({
              type: 'delta',
              pageId: str(
                safe(() => page.id),
                64,
              ),
              changed: tokens,
              removed: [...removed],
            });
          for (const id of removed) reported.delete(id);
          dirty.clear();
          removed.clear();
          moved = changed = true;
        }
      }
      if (selectionDirty) {
        selectionDirty = false;
        const ids = readSelection();
        const key = ids.join(',');
        if (key !== lastSelection) {
          lastSelection = key;
          post({ type: 'selection', ids });
        }
      }
      if (followRenderer()) changed = true;
    } catch {
      // Roll20 changed under us: say so rather than break its page, and look again (a reload of its client may bring it back).
      unavailable();
      if (++failures <= 3) startPolling();
      return;
    }
    // `npm run bench` reads the time a token move costs here (only when it asks for it).
    if (moved && bench)
      document.documentElement.setAttribute('data-command-post-page-ms', String(performance.now() - t0));
    next(changed);
  }

  const sameView = (a: View | null, b: View | null | undefined): boolean =>
    a === b ||
    (!!a &&
      !!b &&
      a.x === b.x &&
      a.y === b.y &&
      a.w === b.w &&
      a.h === b.h &&
      a.sx === b.sx &&
      a.sy === b.sy &&
      a.kx === b.kx &&
      a.ky === b.ky &&
      a.ox === b.ox &&
      a.oy === b.oy);

  // ---------- Page switches: Roll20's events, clicks and keys, and a slow poll ----------

  const lookAtPage = () => {
    pageCheck = true;
    schedule();
  };
  let pageEvents = false;
  /** Legacy announces a page switch on the document through jQuery (`d20:pagechanged`, roll20.md §4 VTTES); the Campaign's player page changes with the ribbon. */
  function followPageEvents() {
    if (pageEvents) return;
    const $ = safe(() => w.jQuery ?? w.$);
    const onDoc = safe(() => (typeof $ === 'function' ? $(document) : null));
    if (onDoc && typeof onDoc.on === 'function') safe(() => onDoc.on('d20:pagechanged', lookAtPage));
    const c = campaign();
    if (c && typeof c.on === 'function') safe(() => c.on('change:playerpageid change:playerspecificpages', lookAtPage));
    pageEvents = true;
  }
  /** Robustness: whatever event Roll20 fires (or not), a switch is seen within a second. */
  const SLOW_POLL_MS = 1000;
  let slowPoll = 0;
  // Each look a full second after the last one (a chain of timeouts, not an interval, whose ticks
  // can come closer under load): never more than one Campaign.activePage() a second when idle.
  const startSlowPoll = () => {
    if (slowPoll) return;
    const tick = () => {
      lookAtPage();
      slowPoll = window.setTimeout(tick, SLOW_POLL_MS);
    };
    slowPoll = window.setTimeout(tick, SLOW_POLL_MS);
  };

  // ---------- Start: wait for the game (roll20.md §2.2 "Startup") ----------

  let polling = 0;
  /** Unexpected errors while reading: a few fresh starts, then stay quiet in the unavailable state. */
  let failures = 0;
  function startPolling() {
    if (polling) return;
    const begun = Date.now();
    let said = false;
    polling = window.setInterval(() => {
      if (missingInternals().length === 0) {
        clearInterval(polling);
        polling = 0;
        full = true;
        followPageEvents();
        lookAtPage();
        return;
      }
      if (!said && Date.now() - begun > 15_000) {
        said = true;
        post({ type: 'status', state: 'unavailable', missing: missingInternals() });
      }
    }, 150);
  }

  // ---------- Native auras (GM, asked for in the popup): write, remember, restore ----------

  const AURA_KEYS = ['aura1_radius', 'aura1_square', 'aura1_color', 'showplayers_aura1'] as const;
  const saved = new Map<string, Record<string, unknown>>();
  const graphic = (id: string): Any =>
    safe(() => coll?.get?.(id)) ?? modelsOf(coll).find((m) => safe(() => m.id) === id);
  function write(m: Any, attrs: Record<string, unknown>): boolean {
    return (
      safe(() => {
        m.set(attrs);
        m.save();
        return true;
      }) === true
    );
  }
  function setAuras(items: readonly AuraItem[]) {
    let written = 0;
    let failed = 0;
    const wanted = new Set(items.map((i) => i.id));
    // Leaders no longer leading get their own aura back.
    const restored = restore((id) => !wanted.has(id));
    for (const it of items) {
      const m = graphic(it.id);
      // Figures only (the leaders the board drew): never a token of another layer, whatever the id.
      if (!m || !isFigure(m)) {
        failed++;
        continue;
      }
      if (!saved.has(it.id)) saved.set(it.id, Object.fromEntries(AURA_KEYS.map((k) => [k, get(m, k)])));
      if (
        write(m, { aura1_radius: it.radius, aura1_square: it.square, aura1_color: it.color, showplayers_aura1: true })
      )
        written++;
      else failed++;
    }
    post({ type: 'auras', written, restored, failed });
  }
  function restore(which: (id: string) => boolean = () => true): number {
    let n = 0;
    for (const [id, prev] of [...saved]) {
      if (!which(id)) continue;
      const m = graphic(id);
      if (m && write(m, prev)) n++;
      saved.delete(id);
    }
    return n;
  }

  // The shared game's ledger characters (./roll20-ledgers.ts): followed once the content script asks.
  const ledgerBook = ledgers(w, (journal) =>
    post({ type: 'journal', journal: journal as Extract<PageMessage, { type: 'journal' }>['journal'] }),
  );
  let followingLedgers = false;

  function handle(msg: ContentMessage) {
    switch (msg.type) {
      case 'ledgers-follow':
        if (!followingLedgers) ledgerBook.start();
        followingLedgers = true;
        break;
      case 'ledgers-save':
        ledgerBook.save(msg.writes);
        break;
      case 'ledgers-create':
        ledgerBook.create(msg.ledgers);
        break;
      case 'hello':
      case 'reset':
        full = true;
        pageCheck = true;
        if (missingInternals().length) {
          post({ type: 'status', state: 'waiting', missing: missingInternals() });
          startPolling();
        } else {
          followPageEvents();
          schedule();
        }
        startSlowPoll();
        break;
      case 'diagnose':
        post({ type: 'diagnostics', renderer: rendererFields(readRenderer().engine) });
        break;
      case 'auras-set':
        setAuras(msg.items);
        break;
      case 'auras-restore':
        post({ type: 'auras', written: 0, restored: restore(), failed: 0 });
        break;
    }
  }

  // The player moving the view (drag, wheel, keys, a resized window, a scrolled editor): read the camera every frame again.
  for (const type of ['pointerdown', 'pointermove', 'wheel', 'keydown', 'resize', 'scroll'])
    window.addEventListener(type, wake, { capture: true, passive: true });
  for (const type of ['pointerup', 'keyup']) {
    window.addEventListener(
      type,
      () => {
        selectionDirty = true;
        // A click on the page toolbar may have switched pages.
        lookAtPage();
      },
      { capture: true, passive: true },
    );
  }

  // The hello: the only message the bridge takes from the window, once, as a trusted event (a
  // MessageEvent a page script makes and dispatches itself is not: DOM `isTrusted`) with this load's
  // secret, its nonce and a port. That port is used once: the bridge answers `ready` on it, with the
  // nonce, a key of its own and the port of a channel it makes itself, then closes it. A page script
  // listening to the window sees the hello's port too, but what the bridge sends from it reaches the
  // content script alone, and nothing arrives on it afterwards. Every command then comes through the
  // bridge's own channel, with the key and the next number: nothing heard, replayed or dispatched is
  // taken. A second hello means another script is playing the content script (which finds that out
  // too, docs/roll20.md): the bridge stops for good.
  let port: MessagePort | null = null;
  let key = '';
  let last = 0;

  // The content script gone without a word (Firefox ends it when the extension is updated or reloaded,
  // and leaves its drawing on the board, frozen, a figure that walked away still in command): it beats
  // once a second through the channel, and after SILENT_TICKS ticks of this watchdog with none, the
  // page in view all along (a hidden tab's timers may be held back), the bridge takes the drawing away,
  // says what the content script said it would (`updated`, in the hello), and stops. In Chromium the
  // content script finds out first (content/roll20.ts, becomeOrphan) and says the same.
  const SILENT_TICKS = 4;
  let updated = '';
  let heard = true;
  let silent = 0;
  const watchdog = window.setInterval(() => {
    if (!started || stopped) return;
    silent = heard || document.visibilityState !== 'visible' ? 0 : silent + 1;
    heard = false;
    if (silent >= SILENT_TICKS) safe(orphaned);
  }, 1000);
  document.addEventListener('visibilitychange', () => (silent = 0));
  function orphaned(): void {
    stopped = true;
    started = false;
    window.clearInterval(watchdog);
    port?.close();
    port = null;
    // The overlay's layers (content/overlay.ts) emptied, its message line saying why.
    const overlay = document.getElementById('command-post-overlay');
    if (!overlay) return;
    for (const layer of overlay.querySelectorAll('[data-layer]:not([data-layer="world"]):not([data-layer="message"])'))
      layer.replaceChildren();
    const said = overlay.querySelector('[data-layer="message"] text');
    if (said && !said.hasAttribute('data-message')) {
      said.textContent = updated;
      said.setAttribute('data-message', '');
    }
  }

  window.addEventListener('message', (ev) => {
    if (stopped || !ev.isTrusted || ev.source !== window || ev.origin !== location.origin) return;
    const r = receive(ev.data, 'content', secret, contentMessageSchema);
    if (!r.ok || r.msg.type !== 'hello') return;
    if (port) {
      stopped = true;
      started = false;
      port.close();
      port = null;
      return;
    }
    const hello = ev.ports[0];
    if (!hello) return;
    const channel = new MessageChannel();
    key = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
    port = channel.port2;
    port.onmessage = (e) => {
      const m = e.isTrusted ? v.safeParse(portEnvelopeSchema, e.data) : null;
      if (!m?.success || m.output.key !== key || m.output.seq !== last + 1 || m.output.msg.type === 'hello') return;
      last = m.output.seq;
      heard = true;
      safe(() => handle(m.output.msg));
    };
    hello.postMessage({ type: 'ready', nonce: r.msg.nonce, key }, [channel.port1]);
    hello.close();
    updated = r.msg.updated;
    started = true;
    safe(() => handle(r.msg));
  });
})();
