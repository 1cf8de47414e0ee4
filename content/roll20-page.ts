// Runs in the Roll20 editor's own world (injected by content/roll20.ts as a web-accessible
// `<script src>`, roll20.md §3.1), where `window.Campaign` lives. It reads the active page's
// tokens and scale, follows model change/add/remove/reset events and page switches, coalesces
// them to at most one message per animation frame, and posts plain JSON to the content script.
// It never posts before the content script's `hello`, never to another origin, and never
// watches Roll20's stores deeply (no Pinia $subscribe: roll20.md §2.2). Everything read from
// Roll20 may be missing or odd: each access is guarded, and without a renderer it still sends
// the data (data-only mode). No extension API and no polyfill here.
import {
  DIAGONALS,
  GRID_TYPES,
  INTERNALS,
  SECRET_ATTR,
  chatText,
  contentMessageSchema,
  envelope,
  receive,
  type AuraItem,
  type ContentMessage,
  type Engine,
  type PageMessage,
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

  const pick = <T extends string>(x: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(x as T) ? (x as T) : fallback);

  function readPage(p: Any) {
    return {
      id: str(safe(() => p.id) ?? get(p, 'id'), 64),
      name: str(get(p, 'name'), 200),
      snapping_increment: num(get(p, 'snapping_increment') ?? 1),
      scale_number: num(get(p, 'scale_number') ?? 5),
      scale_units: str(get(p, 'scale_units') ?? 'ft', 32),
      // Roll20's own defaults when a page lacks the attribute.
      grid_type: pick(get(p, 'grid_type') ?? 'square', GRID_TYPES, 'square'),
      diagonaltype: pick(get(p, 'diagonaltype') ?? 'foure', DIAGONALS, 'foure'),
    };
  }

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

  /** Page px → client px, read from the renderer's camera; null when it cannot be read. */
  function readView(kind: Engine): View | null {
    return (
      safe((): View | null => {
        if (kind === 'jumpgate') {
          // Orthographic vtt-main-camera; world = (left, −top) (roll20.md §2.2).
          const cams = w.MeshScene.cameras;
          const cam = Array.isArray(cams) ? cams.find((c: Any) => c?.name === 'vtt-main-camera') : null;
          const el = document.getElementById('babylonCanvas');
          if (!cam || !el) return null;
          const { orthoLeft: l, orthoRight: r, orthoTop: t, orthoBottom: b } = cam;
          const px = cam.position?.x;
          const py = cam.position?.y;
          if (!finite(l, r, t, b, px, py) || r === l || t === b) return null;
          const rect = el.getBoundingClientRect();
          const sx = rect.width / (r - l);
          const sy = rect.height / (t - b);
          return { x: rect.left, y: rect.top, w: rect.width, h: rect.height, sx, sy, ox: -(px + l) * sx, oy: (py + t) * sy };
        }
        if (kind === 'legacy') {
          // fabric: client = canvas rect + (p − currentCanvasOffset)·canvasZoom (roll20.md §2.1).
          const eng = (w.currentPlayer?.d20 ?? w.d20).engine;
          const el: Element | null = eng.final_canvas ?? eng.canvas?.lowerCanvasEl ?? null;
          const zoom = eng.canvasZoom;
          const off = eng.currentCanvasOffset;
          if (!el || typeof el.getBoundingClientRect !== 'function' || !finite(zoom, off?.[0], off?.[1]) || !(zoom > 0)) return null;
          const rect = el.getBoundingClientRect();
          return { x: rect.left, y: rect.top, w: rect.width, h: rect.height, sx: zoom, sy: zoom, ox: -off[0] * zoom, oy: -off[1] * zoom };
        }
        return null;
      }) ?? null
    );
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

  let page: Any = null;
  let coll: Any = null;
  const bound = new Map<Any, () => void>();
  const dirty = new Set<Any>();
  const removed = new Set<string>();
  let full = true;
  let frame = 0;
  let lastView = '';
  let kind: Engine = 'none';
  // The selection has no event we may listen to: look again after each click or key on the page.
  let selectionDirty = false;
  let lastSelection = '';

  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(flush);
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
    if (id) removed.add(id);
    schedule();
  };
  const onReset = () => {
    full = true;
    schedule();
  };

  function unbind() {
    for (const m of [...bound.keys()]) unwatch(m);
    if (coll) {
      safe(() => coll.off('add', onAdd));
      safe(() => coll.off('remove', onRemove));
      safe(() => coll.off('reset', onReset));
    }
    page = coll = null;
    dirty.clear();
    removed.clear();
  }

  function bind(p: Any) {
    unbind();
    page = p;
    coll = p.thegraphics;
    coll.on('add', onAdd);
    coll.on('remove', onRemove);
    coll.on('reset', onReset);
    for (const m of modelsOf(coll)) watch(m);
    full = true;
  }

  // `npm run bench` reads the bridge's own main-thread time, idle included (only when it asks for it).
  const bench = document.documentElement.hasAttribute('data-command-post-bench');
  let busyMs = 0;
  let busyShown = 0;
  function flush() {
    const t0 = performance.now();
    try {
      flushFrame(t0);
    } finally {
      if (bench) {
        busyMs += performance.now() - t0;
        if (t0 - busyShown > 200) {
          busyShown = t0;
          document.documentElement.setAttribute('data-command-post-page-busy-ms', busyMs.toFixed(3));
        }
      }
    }
  }

  function flushFrame(t0: number) {
    frame = 0;
    let moved = false;
    try {
      // Page switch: the client shows another page now (both engines; roll20.md §5).
      const current = activePage();
      if (current !== page) {
        if (!current || !current.thegraphics) {
          unbind();
          post({ type: 'status', state: 'unavailable', missing: missingInternals() });
          startPolling();
          return;
        }
        bind(current);
      }
      if (full) {
        full = false;
        dirty.clear();
        removed.clear();
        for (const m of modelsOf(coll)) watch(m);
        kind = engine();
        const view = readView(kind);
        const missing: (typeof INTERNALS)[number][] = view ? [] : ['renderer'];
        post({ type: 'snapshot', page: readPage(page), tokens: modelsOf(coll).map(readToken), players: players(), engine: kind, mode: view ? 'full' : 'data-only', missing });
        lastView = '';
      } else if (dirty.size || removed.size) {
        post({ type: 'delta', pageId: str(safe(() => page.id), 64), changed: [...dirty].map(readToken), removed: [...removed] });
        dirty.clear();
        removed.clear();
        moved = true;
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
      const key = view ? `${view.x},${view.y},${view.w},${view.h},${view.sx},${view.sy},${view.ox},${view.oy}` : 'null';
      if (key !== lastView) {
        lastView = key;
        post({ type: 'view', view });
      }
    } catch {
      // Roll20 changed under us: say so rather than break its page, and look again (a reload of its client may bring it back).
      unbind();
      post({ type: 'status', state: 'unavailable', missing: missingInternals() });
      if (++failures <= 3) startPolling();
      return;
    }
    // `npm run bench` reads the time a token move costs here (only when it asks for it).
    if (moved && document.documentElement.hasAttribute('data-command-post-bench')) {
      document.documentElement.setAttribute('data-command-post-page-ms', String(performance.now() - t0));
    }
    // The camera has no event we may listen to without a deep watcher: read it once a frame.
    schedule();
  }

  // ---------- Start: wait for the game (roll20.md §2.2 "Startup") ----------

  let polling = 0;
  /** Unexpected errors while reading: a few fresh starts, then stay quiet in the unavailable state. */
  let failures = 0;
  function startPolling() {
    if (polling) return;
    const started = Date.now();
    let said = false;
    polling = window.setInterval(() => {
      if (missingInternals().length === 0) {
        clearInterval(polling);
        polling = 0;
        full = true;
        schedule();
        return;
      }
      if (!said && Date.now() - started > 15_000) {
        said = true;
        post({ type: 'status', state: 'unavailable', missing: missingInternals() });
      }
    }, 150);
  }

  // ---------- Native auras (GM, opt-in): write, remember, restore ----------

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
        if (missingInternals().length) {
          post({ type: 'status', state: 'waiting', missing: missingInternals() });
          startPolling();
        } else schedule();
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

  for (const type of ['pointerup', 'keyup']) {
    window.addEventListener(
      type,
      () => {
        selectionDirty = true;
        schedule();
      },
      { capture: true, passive: true },
    );
  }

  window.addEventListener('message', (ev) => {
    if (ev.source !== window || ev.origin !== location.origin) return;
    const r = receive(ev.data, 'content', secret, contentMessageSchema);
    if (r.ok) safe(() => handle(r.msg));
  });
})();
