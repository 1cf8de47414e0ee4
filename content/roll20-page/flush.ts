// The per-frame flush: what changed since the last frame (a page switch, a new collection, the
// page's settings, tokens, the selection, the renderer and its camera) posted as at most one of each.
import {
  MAX_TOKENS,
  type Engine,
  type INTERNALS,
  type RendererReason,
  type View,
} from '../../src/adapters/roll20/protocol';
import { modelsOf, safe, str } from '../page-reads';
import { post } from './channel';
import { next } from './frames';
import { bind, bindCollection, unavailable, watchAll } from './following';
import { startPolling } from './page-switches';
import { activePage, isFigure, players, readPage, readSelection, readToken } from './reading';
import { readRenderer } from './renderer';
import { state } from './state';

const { dirty, removed, reported } = state;
let lastView: View | null | undefined;
/** The renderer last reported (engine and why it cannot draw); null: say it at the next read. */
let reportedRenderer: { engine: Engine; reason: RendererReason | null } | null = null;
let lastSelection = '';
/** Unexpected errors while reading: a few fresh starts, then stay quiet in the unavailable state. */
let failures = 0;

// `npm run bench` reads the time a token move costs here (only when it asks for it).
const bench = document.documentElement.hasAttribute('data-command-post-bench');
export const flush = () => flushFrame(performance.now());

function snapshot() {
  state.full = false;
  state.pageDirty = false;
  dirty.clear();
  removed.clear();
  watchAll();
  const r = readRenderer();
  const missing: (typeof INTERNALS)[number][] = r.reason ? [r.reason] : [];
  // Map and GM-layer graphics, drawings and cards are left out before counting (a map of tiles must not hide the tokens).
  const onLayer = modelsOf(state.coll).filter(isFigure);
  reported.clear();
  if (onLayer.length > MAX_TOKENS) {
    post({ type: 'status', state: 'unavailable', missing: [], reason: 'too-many-tokens' });
    return;
  }
  const tokens = onLayer.map(readToken);
  for (const t of tokens) reported.add((t as { id: string }).id);
  post({
    type: 'snapshot',
    page: readPage(state.page),
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

/** The page and its collection followed still the active ones; false: they are gone (said, and waited for again) or there is none. */
function followPage(): boolean {
  // A page switch (both engines; roll20.md §5), looked for only when something says it may have happened.
  if (state.pageCheck) {
    state.pageCheck = false;
    const current = activePage();
    if (current !== state.page) {
      if (!current || !current.thegraphics) {
        unavailable();
        startPolling();
        return false;
      }
      bind(current);
    }
  }
  if (!state.page) return false;
  // Roll20 reloading a page's objects may give the same page a new collection.
  const c = state.page.thegraphics;
  if (c !== state.coll) {
    if (!c || typeof c.on !== 'function') {
      unavailable();
      startPolling();
      return false;
    }
    bindCollection(c);
  }
  return true;
}

/** The tokens changed or removed since the last frame, in one delta. Returns whether there were any. */
function sendDelta(): boolean {
  if (!dirty.size && !removed.size) return false;
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
        safe(() => state.page.id),
        64,
      ),
      changed: tokens,
      removed: [...removed],
    });
  for (const id of removed) reported.delete(id);
  dirty.clear();
  removed.clear();
  return true;
}

function followSelection() {
  state.selectionDirty = false;
  const ids = readSelection();
  const key = ids.join(',');
  if (key !== lastSelection) {
    lastSelection = key;
    post({ type: 'selection', ids });
  }
}

function flushFrame(t0: number) {
  state.frame = 0;
  let moved = false;
  let changed = false;
  try {
    if (!followPage()) return;
    if (state.full) {
      snapshot();
      changed = true;
    } else {
      if (state.pageDirty) {
        state.pageDirty = false;
        changed = true;
        post({ type: 'page', page: readPage(state.page) });
      }
      if (sendDelta()) moved = changed = true;
    }
    if (state.selectionDirty) followSelection();
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
