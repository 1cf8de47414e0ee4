// Hell Dorado characteristic modifiers on a tabletop: tokens stand for fighters (the popup opens the
// fighter of a selected token); the rule reads no positions, so the board only marks the fighter
// whose activation it is.
import * as v from 'valibot';
import { parseOrNull } from '../../game/validate';
import { markOf } from '../../board/draw';
import type { BoardView, BoundTable } from '../../board/model';
import type { SystemBoard } from '../../board/system';

export interface HdmFacts {
  /** The active fighter (his direct values win ties). */
  readonly active: string | null;
}

export const DEFAULT_HDM_FACTS: HdmFacts = { active: null };

const factsSchema = v.strictObject({ active: v.nullable(v.pipe(v.string(), v.maxLength(64))) });

export const hdModifiersBoard: SystemBoard<HdmFacts> = {
  id: 'hd-modifiers',
  defaultFacts: DEFAULT_HDM_FACTS,
  parseFacts: (raw) => parseOrNull(factsSchema, raw),
  view(table: BoundTable, facts: HdmFacts): BoardView {
    // Only the active fighter is marked: the rule reads no positions, and nobody here is "in command".
    const marks = table.tokens
      .filter((t) => t.piece !== null && t.piece.id === facts.active)
      .map((t) => markOf(t, 'active'));
    return { marks, rings: [], edges: [], notes: [], error: null };
  },
};
