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
// What runs each animation frame while nothing changes: the camera read (it has no event) and
// one property read (is the page's graphics collection still the one we follow?). Page switches
// are followed through Roll20's own events (Legacy `d20:pagechanged`, the Campaign's player page),
// after each click or key on the page, and by a slow poll (once a second) for robustness.
import {
  INTERNALS,
  MAX_TOKENS,
  SECRET_ATTR,
  WRITES,
  chatText,
  contentMessageSchema,
  envelope,
  receive,
  type AuraItem,
  type ContentMessage,
  type Engine,
  type PageMessage,
  type RendererFields,
  type View,
} from '../src/adapters/roll20/protocol';

/* eslint-disable @typescript-eslint/no-explicit-any -- Roll20's internals have no types; every read is guarded. */
type Any = any;

(() => {
  const secret = document.currentScript?.getAttribute(SECRET_ATTR) ?? '';
  if (!/^[0-9a-f]{32}$/.test(secret)) return;
  const w = window as Any;
  const post = (msg: PageMessage) => window.postMessage(envelope('page', secret, msg), location.origin);

  const safe = <T,>(f: () => T): T | undefined => {
    try {
      return f();
    } catch {
      return undefined;
    }
  };
  const get = (m: Any, k: string): unknown => safe(() => (typeof m?.get === 'function' ? m.get(k) : m?.attributes?.[k]));
  const str = (x: unknown, max: number): string => (typeof x === 'string' ? x.slice(0, max) : typeof x === 'number' && Number.isFinite(x) ? String(x) : '');
  const num = (x: unknown): number => (typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN);
  /** A page setting as Roll20 holds it (number or short string); the content script reads it field by field. */
  const raw = (x: unknown): unknown => (typeof x === 'number' || typeof x === 'boolean' ? x : typeof x === 'string' ? x.slice(0, 64) : null);
  const modelsOf = (c: Any): Any[] => {
    const m = safe(() => c?.models);
    return Array.isArray(m) ? m : [];
  };

  const campaign = (): Any => safe(() => w.Campaign);
  const activePage = (): Any => safe(() => (typeof campaign()?.activePage === 'function' ? campaign().activePage() : undefined));

  function missingInternals(): (typeof INTERNALS)[number][] {
    const c = campaign();
    if (!c) return ['Campaign'];
    if (typeof c.activePage !== 'function') return ['activePage'];
    const g = safe(() => activePage()?.thegraphics);
    if (!g || typeof g.on !== 'function' || !Array.isArray(safe(() => g.models))) return ['thegraphics'];
    return [];
  }

  // ---------- Reading ----------

  /** Only the token layer takes part (roll20.md §1.1): map and GM-layer graphics never leave the page. */
  const onTokenLayer = (m: Any): boolean => get(m, 'layer') === 'objects';

  function readToken(m: Any): unknown {
    let controlledby = str(get(m, 'controlledby'), 2000);
    if (!controlledby) {
      // A token linked to a character is controlled by the character's players (roll20.md §1.1).
      const rep = get(m, 'represents');
      if (typeof rep === 'string' && rep) controlledby = str(get(safe(() => campaign()?.characters?.get(rep)), 'controlledby'), 2000);
    }
    return {
      id: str(safe(() => m.id) ?? get(m, 'id'), 64),
      name: str(get(m, 'name'), 200),
      left: num(get(m, 'left')),
      top: num(get(m, 'top')),
      width: num(get(m, 'width')),
      height: num(get(m, 'height')),
      layer: str(get(m, 'layer'), 32),
      controlledby,
      tint: str(get(m, 'tint_color'), 32),
      markers: str(get(m, 'statusmarkers'), 2000),
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
    };
  }
  const PAGE_ATTRS = ['name', 'snapping_increment', 'scale_number', 'scale_units', 'grid_type', 'diagonaltype'];

  function players() {
    return modelsOf(safe(() => campaign()?.players))
      .slice(0, 200)
      .map((p) => ({ id: str(safe(() => p.id), 64), name: str(get(p, 'displayname'), 200) }))
      .filter((p) => p.id);
  }

  /** `window.MeshScene` ⇒ Jumpgate; a d20 fabric canvas ⇒ Legacy (roll20.md §0). */
  function engine(): Engine {
    if (safe(() => w.MeshScene)) return 'jumpgate';
    if (safe(() => (w.currentPlayer?.d20 ?? w.d20)?.engine?.canvas)) return 'legacy';
    return 'none';
  }

  const finite = (...xs: unknown[]) => xs.every((x) => typeof x === 'number' && Number.isFinite(x));

  const mainCamera = (): Any => {
    const cams = safe(() => w.MeshScene.cameras);
    return Array.isArray(cams) ? cams.find((c: Any) => c?.name === 'vtt-main-camera') : null;
  };

  /**
   * The Jumpgate camera's position in the world. Roll20 pans by moving the camera's parent
   * (`Campaign.engine.cameraTransform`, the `cam-transform` node), so the camera's own `position`
   * is local and stays put: take Babylon's world position (`globalPosition`, else the world matrix's
   * translation), else the parent's position plus the local one.
   */
  function cameraWorld(cam: Any): { x: number; y: number } | null {
    const g = safe(() => cam.globalPosition);
    if (finite(g?.x, g?.y)) return { x: g.x, y: g.y };
    const m = safe(() => cam.getWorldMatrix?.()?.m);
    if (m && finite(m[12], m[13])) return { x: m[12], y: m[13] };
    const p = cam.position;
    if (!finite(p?.x, p?.y)) return null;
    const parent = safe(() => cam.parent ?? campaign()?.engine?.cameraTransform);
    const pp = safe(() => parent?.position);
    return finite(pp?.x, pp?.y) ? { x: p.x + pp.x, y: p.y + pp.y } : { x: p.x, y: p.y };
  }

  /** Page px → client px, read from the renderer's camera; null when it cannot be read. */
  function readView(kind: Engine): View | null {
    return (
      safe((): View | null => {
        if (kind === 'jumpgate') {
          // Orthographic vtt-main-camera; world = (left, −top) (roll20.md §2.2).
          const cam = mainCamera();
          const el = document.getElementById('babylonCanvas');
          if (!cam || !el) return null;
          const { orthoLeft: l, orthoRight: r, orthoTop: t, orthoBottom: b } = cam;
          const at = cameraWorld(cam);
          if (!at || !finite(l, r, t, b) || r === l || t === b) return null;
          const rect = el.getBoundingClientRect();
          const sx = rect.width / (r - l);
          const sy = rect.height / (t - b);
          return { x: rect.left, y: rect.top, w: rect.width, h: rect.height, sx, sy, ox: -(at.x + l) * sx, oy: (at.y + t) * sy };
        }
        if (kind === 'legacy') {
          // Roll20's own mouse → page formula (its canvas mouse handlers): page = pageX / zoom +
          // currentCanvasOffset − paddingOffset / zoom, so pageX = (p − currentCanvasOffset)·zoom +
          // paddingOffset, in document px (roll20.md §2.1). Without paddingOffset: from the canvas's
          // own corner.
          const eng = (w.currentPlayer?.d20 ?? w.d20).engine;
          const el: Element | null = eng.final_canvas ?? eng.canvas?.lowerCanvasEl ?? null;
          const zoom = eng.canvasZoom;
          const off = eng.currentCanvasOffset;
          const pad = eng.paddingOffset;
          if (!el || typeof el.getBoundingClientRect !== 'function' || !finite(zoom, off?.[0], off?.[1]) || !(zoom > 0)) return null;
          const rect = el.getBoundingClientRect();
          const [ox, oy] = finite(pad?.[0], pad?.[1]) ? [pad[0] - window.scrollX - rect.left, pad[1] - window.scrollY - rect.top] : [0, 0];
          return { x: rect.left, y: rect.top, w: rect.width, h: rect.height, sx: zoom, sy: zoom, ox: ox - off[0] * zoom, oy: oy - off[1] * zoom };
        }
        return null;
      }) ?? null
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
        const cam = mainCamera();
        for (const k of ['orthoLeft', 'orthoRight', 'orthoTop', 'orthoBottom', 'mode']) put(`camera.${k}`, safe(() => cam?.[k]));
        for (const k of ['x', 'y', 'z']) put(`camera.position.${k}`, safe(() => cam?.position?.[k]));
        for (const k of ['x', 'y', 'z']) put(`camera.globalPosition.${k}`, safe(() => cam?.globalPosition?.[k]));
        const m = safe(() => cam?.getWorldMatrix?.()?.m);
        put('camera.worldMatrix.12', m?.[12]);
        put('camera.worldMatrix.13', m?.[13]);
        const parent = safe(() => campaign()?.engine?.cameraTransform);
        for (const k of ['x', 'y', 'z']) put(`cameraTransform.position.${k}`, safe(() => parent?.position?.[k]));
        out['camera.parentIsCameraTransform'] = !!parent && safe(() => cam?.parent === parent) === true;
        put('engine.renderWidth', safe(() => w.MeshScene.getEngine().getRenderWidth()));
        put('engine.renderHeight', safe(() => w.MeshScene.getEngine().getRenderHeight()));
        rect('babylonCanvas', document.getElementById('babylonCanvas'));
      } else if (kind === 'legacy') {
        const eng = safe(() => (w.currentPlayer?.d20 ?? w.d20).engine);
        put('canvasZoom', safe(() => eng.canvasZoom));
        put('currentCanvasOffset.0', safe(() => eng.currentCanvasOffset[0]));
        put('currentCanvasOffset.1', safe(() => eng.currentCanvasOffset[1]));
        put('paddingOffset.0', safe(() => eng.paddingOffset[0]));
        put('paddingOffset.1', safe(() => eng.paddingOffset[1]));
        put('canvasWidth', safe(() => eng.canvasWidth));
        put('canvasHeight', safe(() => eng.canvasHeight));
        const wrapper = document.getElementById('editor-wrapper');
        put('editor-wrapper.scrollLeft', safe(() => wrapper?.scrollLeft));
        put('editor-wrapper.scrollTop', safe(() => wrapper?.scrollTop));
        rect('editor-wrapper', wrapper);
        rect('final_canvas', safe(() => eng.final_canvas ?? eng.canvas?.lowerCanvasEl));
      }
    });
    return out;
  }

  /** The selected tokens' ids: Legacy `d20.engine.selected()`, Jumpgate `tabletopSelected()` (roll20.md §2.1, §2.2). */
  function readSelection(): string[] {
    return (
      safe(() => {
        const eng = (w.currentPlayer?.d20 ?? w.d20)?.engine;
        const read = typeof eng?.tabletopSelected === 'function' ? eng.tabletopSelected() : typeof eng?.selected === 'function' ? eng.selected() : [];
        if (!Array.isArray(read)) return [];
        return read
          .slice(0, 100)
          .map((o: Any) => str(safe(() => o?.model?.id ?? o?.id), 64))
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
  let kind: Engine = 'none';
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
    const id = str(safe(() => m.id), 64);
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
    kind = engine();
    const view = readView(kind);
    const missing: (typeof INTERNALS)[number][] = view ? [] : ['renderer'];
    // Map and GM-layer graphics are left out before counting (a map of tiles must not hide the tokens).
    const onLayer = modelsOf(coll).filter(onTokenLayer);
    reported.clear();
    if (onLayer.length > MAX_TOKENS) {
      post({ type: 'status', state: 'unavailable', missing: [], reason: 'too-many-tokens' });
      return;
    }
    const tokens = onLayer.map(readToken);
    for (const t of tokens) reported.add((t as { id: string }).id);
    post({ type: 'snapshot', page: readPage(page), tokens, players: players(), engine: kind, mode: view ? 'full' : 'data-only', missing });
    lastView = undefined;
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
            const id = str(safe(() => m.id), 64);
            // Off the token layer: said once (the content script sees it leave), then no more.
            if (onTokenLayer(m)) reported.add(id);
            else if (!reported.delete(id)) continue;
            tokens.push(readToken(m));
          }
          if (tokens.length || removed.size) post({ type: 'delta', pageId: str(safe(() => page.id), 64), changed: tokens, removed: [...removed] });
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
      const view = readView(kind);
      if (!sameView(view, lastView)) {
        lastView = view;
        changed = true;
        post({ type: 'view', view });
      }
    } catch {
      // Roll20 changed under us: say so rather than break its page, and look again (a reload of its client may bring it back).
      unavailable();
      if (++failures <= 3) startPolling();
      return;
    }
    // `npm run bench` reads the time a token move costs here (only when it asks for it).
    if (moved && bench) document.documentElement.setAttribute('data-command-post-page-ms', String(performance.now() - t0));
    next(changed);
  }

  const sameView = (a: View | null, b: View | null | undefined): boolean =>
    a === b || (!!a && !!b && a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h && a.sx === b.sx && a.sy === b.sy && a.ox === b.ox && a.oy === b.oy);

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
  const startSlowPoll = () => {
    if (!slowPoll) slowPoll = window.setInterval(lookAtPage, SLOW_POLL_MS);
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
  const graphic = (id: string): Any => safe(() => coll?.get?.(id)) ?? modelsOf(coll).find((m) => safe(() => m.id) === id);
  function write(m: Any, attrs: Record<string, unknown>): boolean {
    return safe(() => {
      m.set(attrs);
      m.save();
      return true;
    }) === true;
  }
  function setAuras(items: readonly AuraItem[]) {
    let written = 0;
    let failed = 0;
    const wanted = new Set(items.map((i) => i.id));
    // Leaders no longer leading get their own aura back.
    const restored = restore((id) => !wanted.has(id));
    for (const it of items) {
      const m = graphic(it.id);
      if (!m) {
        failed++;
        continue;
      }
      if (!saved.has(it.id)) saved.set(it.id, Object.fromEntries(AURA_KEYS.map((k) => [k, get(m, k)])));
      if (write(m, { aura1_radius: it.radius, aura1_square: it.square, aura1_color: it.color, showplayers_aura1: true })) written++;
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

  function handle(msg: ContentMessage) {
    switch (msg.type) {
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
        post({ type: 'diagnostics', renderer: rendererFields(engine()) });
        break;
      case 'auras-set':
        setAuras(msg.items);
        break;
      case 'auras-restore':
        post({ type: 'auras', written: 0, restored: restore(), failed: 0 });
        break;
      case 'chat': {
        // Roll20's chat box and send button, looked up each time (they are re-rendered; Beyond20 #1321).
        const box = document.querySelector('#textchat-input textarea');
        const button = document.querySelector('#textchat-input .btn, #textchat-input button');
        if (!(box instanceof HTMLTextAreaElement) || !(button instanceof HTMLElement)) break;
        const draft = box.value; // what the player was typing stays
        box.value = chatText(msg.text);
        button.click();
        box.value = draft;
        break;
      }
    }
  }

  // The player moving the view (drag, wheel, keys, a resized window, a scrolled editor): read the camera every frame again.
  for (const type of ['pointerdown', 'pointermove', 'wheel', 'keydown', 'resize', 'scroll']) window.addEventListener(type, wake, { capture: true, passive: true });
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

  // The content script's port: the only way in for what changes Roll20 (WRITES). A page script can
  // read the secret and post to the window; it cannot post into this port, whose other end only
  // the content script holds. Only the first hello's port is taken.
  let port: MessagePort | null = null;
  window.addEventListener('message', (ev) => {
    if (ev.source !== window || ev.origin !== location.origin) return;
    const r = receive(ev.data, 'content', secret, contentMessageSchema);
    if (!r.ok || WRITES.includes(r.msg.type)) return;
    if (r.msg.type === 'hello') {
      if (port || !ev.ports[0]) return;
      port = ev.ports[0];
      port.onmessage = (e) => {
        const m = receive(e.data, 'content', secret, contentMessageSchema);
        if (m.ok) safe(() => handle(m.msg));
      };
      started = true;
    }
    if (started) safe(() => handle(r.msg));
  });
})();
