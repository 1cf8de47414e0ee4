// Hell Dorado Command on a tabletop: tokens stand for fighters; the rule reads no positions, so only a
// fighter out of the game is marked (lost), and each side's Command (current / base) is shown on the board. Losses and late entries seen
// on the board are proposed in the popup (the descriptor's `propose`), never applied silently.
import * as v from 'valibot';
import { parseOrNull } from '../../game/validate';
import { lostMarks } from '../../board/draw';
import type { BoardView, BoundTable, Mark } from '../../board/model';
import type { SystemBoard } from '../../board/system';
import { text, type Text } from '../../i18n/text';

export interface HdFacts {
  readonly playing: boolean;
  readonly sides: readonly { readonly name: string; readonly base: number; readonly current: number }[];
}

export const DEFAULT_HD_FACTS: HdFacts = { playing: false, sides: [] };

const whole = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000));
const factsSchema = v.strictObject({
  playing: v.boolean(),
  sides: v.pipe(
    v.array(v.strictObject({ name: v.pipe(v.string(), v.maxLength(200)), base: whole, current: whole })),
    v.maxLength(2),
  ),
});

export const hdCommandBoard: SystemBoard<HdFacts> = {
  id: 'hd-command',
  defaultFacts: DEFAULT_HD_FACTS,
  parseFacts: (raw) => parseOrNull(factsSchema, raw),
  view(table: BoundTable, facts: HdFacts): BoardView {
    // The rule reads no positions: only the fighters out of the game are marked.
    const marks: Mark[] = lostMarks(table.lost);
    // The rulebook's order: base, then current.
    const notes: Text[] = facts.playing
      ? facts.sides.map((s) => text('board_note_hd_command', s.name, s.base, s.current))
      : [];
    return { marks, rings: [], edges: [], notes, error: null };
  },
};
