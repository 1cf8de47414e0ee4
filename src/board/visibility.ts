// What the board shows, and to whom (a setting per table): every figure's mark, only those of the
// side whose turn it is, or only the figures hovered, focused or selected; and on a shared table the
// game master may keep the board's marks to himself. The view is cut here, before the words are laid
// out, so that every painter (the overlay, Owlbear's local items, Roll20's auras) draws the same.
import type { BoardView, BoundTable, MarkStatus } from './model';

export const BOARD_SHOWS = ['all', 'turn', 'focus'] as const;
export type BoardShow = (typeof BOARD_SHOWS)[number];

export interface Visibility {
  readonly show: BoardShow;
  /** On a shared table (Owlbear, Roll20's one game): the board's marks for game masters only. */
  readonly gmOnly: boolean;
}

export const DEFAULT_VISIBILITY: Visibility = { show: 'all', gmOnly: false };

/** The marks that say whose turn it is: a leader acting now (Désastre Colonial, Hell Dorado's active fighter) or units the current order may take (the command roll). */
const TURN: ReadonlySet<MarkStatus> = new Set<MarkStatus>(['active', 'eligible']);

/** The sides whose turn it is, as the view says (their figures act or may be ordered now); null: the game says no one's. */
export function turnSides(
  view: Pick<BoardView, 'marks'>,
  bound: Pick<BoundTable, 'tokens'>,
): ReadonlySet<string> | null {
  return turnSidesOf(view, sidesOf(bound));
}

// A token's side as the game gives it, else the tabletop's (a system whose pieces have no side).
const sidesOf = (bound: Pick<BoundTable, 'tokens'>) =>
  new Map(bound.tokens.map((t) => [t.id, t.side ?? t.tableSide ?? null]));

function turnSidesOf(
  view: Pick<BoardView, 'marks'>,
  sideOf: ReadonlyMap<string, string | null>,
): ReadonlySet<string> | null {
  const sides = new Set<string>();
  for (const m of view.marks) {
    const side = TURN.has(m.status) ? sideOf.get(m.id) : null;
    if (side != null) sides.add(side);
  }
  return sides.size ? sides : null;
}

export interface Viewer {
  /** Figures hovered, focused, selected or found. */
  readonly focus: ReadonlySet<string>;
  /** The viewer is a game master (or the table is no shared one: his own board). */
  readonly gm: boolean;
}

const EMPTY: Omit<BoardView, 'error'> = { marks: [], rings: [], edges: [], notes: [] };

/**
 * The part of `view` this viewer sees under `visibility`. `turn` with no side to play shows
 * everything (the popup says so); `focus` keeps each figure in focus, the leaders linked to it and
 * their rings. The corner notes (Hell Dorado's Command) are the game's, not the figures': kept,
 * unless the game master keeps the board to himself.
 */
export function visibleView(
  view: BoardView,
  bound: Pick<BoundTable, 'tokens'>,
  visibility: Visibility,
  viewer: Viewer,
): BoardView {
  if (visibility.gmOnly && !viewer.gm) return { ...EMPTY, error: view.error };
  let keep: (id: string) => boolean;
  if (visibility.show === 'turn') {
    const sideOf = sidesOf(bound);
    const sides = turnSidesOf(view, sideOf);
    if (!sides) return view;
    keep = (id) => sides.has(sideOf.get(id) ?? '');
  } else if (visibility.show === 'focus') {
    const shown = new Set(viewer.focus);
    for (const e of view.edges) {
      if (viewer.focus.has(e.to)) shown.add(e.from);
      if (viewer.focus.has(e.from)) shown.add(e.to);
    }
    keep = (id) => shown.has(id);
  } else return view;
  return {
    marks: view.marks.filter((m) => keep(m.id)),
    rings: view.rings.filter((r) => keep(r.id)),
    edges: view.edges.filter((e) => keep(e.from) && keep(e.to)),
    notes: view.notes,
    error: view.error,
  };
}
