// The context-menu entries the background page registers on tokens (docs/owlbear.md, "Marking
// tokens"): what each does to the tags of the tokens it was opened on. Pure: the page reads the items
// from the menu's context and writes back what this returns (OBR.scene.items.updateItems).
import * as v from 'valibot';
import { TOKEN_KEY } from './keys';
import { tokenTagSchema, type TokenTag } from './items';

export const MENU_ACTIONS = ['side-1', 'side-2', 'leader', 'radio', 'unit', 'dead'] as const;
export type MenuAction = (typeof MENU_ACTIONS)[number];

interface Tagged {
  readonly id: string;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** A token's tag as the menu reads it: a malformed one counts as none (and is replaced). */
const tagOf = (item: Tagged): TokenTag => {
  const r = v.safeParse(tokenTagSchema, item.metadata[TOKEN_KEY]);
  return r.success ? r.output : {};
};

/** Without the fields that say nothing (absent is their default), so that tags stay small. */
function tidy(tag: TokenTag): TokenTag {
  const out: { -readonly [K in keyof TokenTag]: TokenTag[K] } = {};
  if (tag.side) out.side = tag.side;
  if (tag.unit) out.unit = tag.unit;
  if (tag.role && tag.role !== 'figure') out.role = tag.role;
  if (tag.radio) out.radio = true;
  if (tag.dead) out.dead = true;
  if (tag.base) out.base = tag.base;
  return out;
}

/**
 * The new tag of each token the menu was opened on. Every entry is a switch over the whole selection:
 * if every token already has it, it is taken off all of them; else all get it. `unit` puts the
 * selection in one unit (the first of their units, else a new one named after the first token), or
 * takes a single token out of its unit. `newUnit` makes a unit id.
 */
export function menuTags(action: MenuAction, items: readonly Tagged[], newUnit: () => string): Map<string, TokenTag> {
  const tags = items.map((item) => [item.id, tagOf(item)] as const);
  const every = (test: (t: TokenTag) => boolean) => tags.every(([, t]) => test(t));
  const set = (change: (t: TokenTag) => TokenTag) => new Map(tags.map(([id, t]) => [id, tidy(change(t))]));
  switch (action) {
    case 'side-1':
    case 'side-2': {
      const side = action === 'side-1' ? '1' : '2';
      const all = every((t) => t.side === side);
      return set((t) => ({ ...t, side: all ? null : side }));
    }
    case 'leader': {
      const all = every((t) => t.role === 'leader');
      return set((t) => ({ ...t, role: all ? 'figure' : 'leader' }));
    }
    case 'radio': {
      const all = every((t) => t.radio === true);
      return set((t) => ({ ...t, radio: !all }));
    }
    case 'dead': {
      const all = every((t) => t.dead === true);
      return set((t) => ({ ...t, dead: !all }));
    }
    case 'unit': {
      if (tags.length === 1) return set((t) => ({ ...t, unit: null }));
      const unit = tags.find(([, t]) => t.unit)?.[1].unit ?? newUnit();
      return set((t) => ({ ...t, unit }));
    }
  }
}
