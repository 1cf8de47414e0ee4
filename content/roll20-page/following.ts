// Following the active page: its settings, its graphics collection and each token in it, and the
// journal's characters, bound to Roll20's own Backbone events, each change marking the next frame.
import { get, modelsOf, safe, str, type Any } from '../page-reads';
import { post } from './channel';
import { schedule } from './frames';
import { PAGE_ATTRS, campaign, missingInternals } from './reading';
import { state } from './state';

const { dirty, removed, reported } = state;
const bound = new Map<Any, () => void>();

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
/** Follows every token of the collection followed (those already followed stay as they are). */
export const watchAll = () => {
  for (const m of modelsOf(state.coll)) watch(m);
};
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
  state.full = true;
  schedule();
};
const onPageSettings = () => {
  state.pageDirty = true;
  schedule();
};
const PAGE_EVENTS = PAGE_ATTRS.map((a) => `change:${a}`).join(' ');

function unbindCollection() {
  for (const m of [...bound.keys()]) unwatch(m);
  const coll = state.coll;
  if (coll) {
    safe(() => coll.off('add', onAdd));
    safe(() => coll.off('remove', onRemove));
    safe(() => coll.off('reset', onReset));
  }
  state.coll = null;
  dirty.clear();
  removed.clear();
}

function unbind() {
  unbindCollection();
  const page = state.page;
  if (page) safe(() => page.off(PAGE_EVENTS, onPageSettings));
  state.page = null;
}

/** Follows `c`, the page's graphics collection (Roll20 may replace it on the same page when it reloads the page's objects). */
export function bindCollection(c: Any) {
  unbindCollection();
  state.coll = c;
  c.on('add', onAdd);
  c.on('remove', onRemove);
  c.on('reset', onReset);
  watchAll();
  state.full = true;
}

export function bind(p: Any) {
  unbind();
  state.page = p;
  safe(() => p.on(PAGE_EVENTS, onPageSettings));
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
  for (const m of modelsOf(state.coll)) if (!id || get(m, 'represents') === id) dirty.add(m);
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

export function unavailable() {
  unbind();
  reported.clear();
  post({ type: 'status', state: 'unavailable', missing: missingInternals() });
}
