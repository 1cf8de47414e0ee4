// The checks on what the board shows, and to whom (./visibility.ts), wherever it crosses a boundary:
// the game master's action and the checkpoint (src/shared-game/), the board summary the worker keeps,
// Roll20's tab request. Apart from ./visibility.ts, so that the board content script does not carry
// the schema library.
import * as v from 'valibot';
import { BOARD_SHOWS, DEFAULT_VISIBILITY, type Visibility } from './visibility';

/** One schema per field, so that a damaged field falls back alone. */
export const VISIBILITY_FIELDS = { show: v.picklist(BOARD_SHOWS), gmOnly: v.boolean() } satisfies {
  readonly [K in keyof Visibility]: v.GenericSchema<unknown, Visibility[K]>;
};

export const visibilitySchema = v.strictObject(VISIBILITY_FIELDS);

/** A visibility as a game holds it (absent: every figure, to everyone), field by field: a bad one takes its default alone. */
export function readVisibility(raw: unknown): Visibility {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const show = v.safeParse(VISIBILITY_FIELDS.show, r.show);
  const gmOnly = v.safeParse(VISIBILITY_FIELDS.gmOnly, r.gmOnly);
  return {
    show: show.success ? show.output : DEFAULT_VISIBILITY.show,
    gmOnly: gmOnly.success ? gmOnly.output : DEFAULT_VISIBILITY.gmOnly,
  };
}
