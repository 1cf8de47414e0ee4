// Désastre Colonial on a hex map: each leader's command radius in hexes, and for every unit of his
// side whether he may command it now, read from the tokens' hexes: range, a path clear of enemy
// units, the white marker. Every unit that cannot be chosen says why ("4 hexes from Desharbes; at
// most 3"). Only what the rules allow now is eligible: nothing before a side holds the initiative,
// nothing through a leader left without a die (each keep costs one), and once the command is given
// nothing but the units it names (their dice are rolled; nobody joins). While the player ticks units
// in the popup, the board follows the ticks as the popup does: the ticked read chosen, and once every
// die is taken, or a unit would spread the choice too wide, the others say so. After an activation a unit
// says what became of it: activated (to shoot or fight), not activated, or done. Runs where the
// tokens are, from the facts the worker publishes.
import * as v from 'valibot';
import { parseOrNull } from '../../game/validate';
import { RingMaker, lostMarks, markOf } from '../../board/draw';
import type { BoardView, BoundTable, BoundToken, Mark, Reason, Ring } from '../../board/model';
import type { SystemBoard } from '../../board/system';
import { checkDcChoice, dcEligibility, dcTable, type DcReason, type DcUnitCheck } from './activation';
import { DC_PATH_READINGS, DC_SIDES, DEFAULT_DC_HOUSE_RULES, type DcMarker, type DcPathReading } from './types';

/** A unit's marker as the board tells it: white, commanded (activated this turn), done (acted), or removed without being activated. */
export const DC_BOARD_MARKERS = ['white', 'commanded', 'done', 'not-activated'] as const;
export type DcBoardMarker = DcMarker | 'not-activated';

export interface DcFacts {
  /**
   * Each leader's command radius (hexes), whether he is deactivated for the turn, and the dice he would
   * roll were he the next to command (N less the keeps, one more when the player is deciding whether
   * to keep): 0, he can command nobody.
   */
  readonly leaders: Readonly<
    Record<string, { readonly radius: number; readonly deactivated: boolean; readonly dice: number }>
  >;
  readonly units: Readonly<Record<string, DcBoardMarker>>;
  /** The side holding the initiative. */
  readonly holder: string | null;
  /** The leader activated now, and the units of the command he gave (empty while they are chosen). */
  readonly active: string | null;
  readonly chosen: readonly string[];
  /** How the path from leader to unit is traced (house rule). */
  readonly path: DcPathReading;
}

export const DEFAULT_DC_FACTS: DcFacts = {
  leaders: {},
  units: {},
  holder: null,
  active: null,
  chosen: [],
  path: DEFAULT_DC_HOUSE_RULES.path,
};

const id = v.pipe(v.string(), v.maxLength(64));
const factsSchema = v.strictObject({
  leaders: v.record(
    id,
    v.strictObject({
      radius: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)),
      deactivated: v.boolean(),
      dice: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)),
    }),
  ),
  units: v.record(id, v.picklist(DC_BOARD_MARKERS)),
  holder: v.nullable(v.picklist(DC_SIDES)),
  active: v.nullable(id),
  chosen: v.pipe(v.array(id), v.maxLength(80)),
  path: v.picklist(DC_PATH_READINGS),
});

/** A unit that has not been activated this turn (nor failed to be). */
const free = (marker: DcBoardMarker | undefined) =>
  marker !== 'commanded' && marker !== 'done' && marker !== 'not-activated';

const isHexMap = (t: BoundTable) => t.scene.grid === 'hex-pointy' || t.scene.grid === 'hex-flat';

function reasonOf(r: DcReason, leader: BoundToken, nameOf: (unit: string) => string): Reason {
  switch (r.code) {
    case 'out-of-range':
      return {
        code: 'dc-out-of-range',
        params: { distance: r.distance, radius: r.distance - r.by, leader: leader.name },
      };
    case 'path-blocked':
      return { code: 'dc-path-blocked', params: { blocker: r.by, leader: leader.name } };
    case 'no-detour':
      return { code: 'dc-path-no-detour', params: { radius: r.radius, leader: leader.name } };
    case 'spread-too-wide':
      return { code: 'dc-spread-too-wide', params: { other: nameOf(r.other), distance: r.distance, max: r.max } };
    case 'unknown-unit':
      return { code: 'dc-not-on-board' };
  }
}

export const dcBoard: SystemBoard<DcFacts> = {
  id: 'dc',
  defaultFacts: DEFAULT_DC_FACTS,
  parseFacts: (raw) => parseOrNull(factsSchema, raw),
  view(table: BoundTable, facts: DcFacts, ticks: readonly string[] = []): BoardView {
    const marks: Mark[] = lostMarks(table.lost);
    const rings: Ring[] = [];
    const { tokens, scene } = table;
    if (!isHexMap(table)) {
      for (const t of tokens) marks.push(markOf(t, t.role === 'leader' ? 'leader' : 'none'));
      return { marks, rings, edges: [], notes: [], error: 'not-a-hex-grid' };
    }
    const radiusOf = (t: BoundToken): number | null =>
      t.piece?.kind === 'leader' ? (facts.leaders[t.piece.id]?.radius ?? null) : null;
    // The leaders whose reach is shown: the one activated now; else every leader of the side holding
    // the initiative still available this turn and with a die to roll; before anyone holds it, every
    // leader's (where each could command, once his side has it).
    const leaders = tokens.filter((t) => {
      const piece = t.piece;
      if (t.role !== 'leader' || !piece || radiusOf(t) === null) return false;
      if (facts.active !== null) return piece.id === facts.active;
      const leader = facts.leaders[piece.id]!;
      return facts.holder === null || (!leader.deactivated && leader.dice > 0 && t.side === facts.holder);
    });
    const rm = new RingMaker(scene, 'centre');
    for (const l of leaders) rings.push(rm.ring(l, 'command', radiusOf(l)!));
    // Units may be chosen now: a side holds the initiative, and no command is given in this activation.
    const choosing = facts.holder !== null && facts.chosen.length === 0;

    const unitName = new Map<string, string>();
    for (const t of tokens)
      if (t.unit !== null && t.piece?.kind === 'unit' && !unitName.has(t.unit)) unitName.set(t.unit, t.piece.name);
    const nameOf = (unit: string) => unitName.get(unit) ?? unit;

    // Per unit: the best check among the leaders shown (an eligible one wins; else the nearest refusal).
    const best = new Map<string, { check: DcUnitCheck; leader: BoundToken }>();
    const hexTable = choosing ? dcTable(tokens, scene) : null;
    if (hexTable) {
      for (const l of leaders) {
        for (const check of dcEligibility(l, hexTable, scene, radiusOf(l)!, facts.path)) {
          const had = best.get(check.unit);
          if (!had || (!had.check.ok && (check.ok || (check.distance ?? Infinity) < (had.check.distance ?? Infinity))))
            best.set(check.unit, { check, leader: l });
        }
      }
    }
    const chosen = new Set(facts.chosen);
    // The units ticked in the popup for the active leader's command, not sent yet: only those he may
    // command (the popup lets no other be ticked), each by the unit the table groups its tokens in.
    const activeLeader = facts.active === null ? undefined : leaders.find((l) => l.piece?.id === facts.active);
    const ticked = new Map<string, string>();
    if (hexTable && activeLeader && ticks.length > 0) {
      const wanted = new Set(ticks);
      for (const t of tokens)
        if (
          t.piece?.kind === 'unit' &&
          t.unit !== null &&
          wanted.has(t.piece.id) &&
          free(facts.units[t.piece.id]) &&
          best.get(t.unit)?.check.ok
        )
          ticked.set(t.piece.id, t.unit);
    }
    const dice = activeLeader ? (facts.leaders[activeLeader.piece!.id]?.dice ?? 0) : 0;
    /** Why an eligible unit cannot join the ticked ones: every die taken, or too far from one of them. */
    const besideTicked = (unit: string): Reason | null => {
      if (ticked.size === 0) return null;
      if (ticked.size >= dice) return { code: 'dc-no-die-left', params: { dice, leader: activeLeader!.name } };
      const wide = checkDcChoice(
        activeLeader!,
        [unit, ...ticked.values()],
        hexTable!,
        scene,
        radiusOf(activeLeader!)!,
      ).units[0]?.reasons.find((r) => r.code === 'spread-too-wide');
      return wide ? reasonOf(wide, activeLeader!, nameOf) : null;
    };
    for (const t of tokens) {
      if (t.role === 'leader') {
        const deactivated = t.piece?.kind === 'leader' && facts.leaders[t.piece.id]?.deactivated === true;
        marks.push(
          deactivated
            ? markOf(t, 'blocked', { code: 'dc-leader-deactivated' })
            : markOf(t, 'leader', radiusOf(t) === null ? { code: 'dc-leader-not-linked' } : null),
        );
        continue;
      }
      const piece = t.piece?.kind === 'unit' ? t.piece : null;
      const marker = piece ? facts.units[piece.id] : undefined;
      if (piece && chosen.has(piece.id)) {
        marks.push(markOf(t, 'commanded'));
        continue;
      }
      // What became of it this turn: activated (shoots or fights), done, or not activated.
      if (marker === 'commanded') {
        marks.push(markOf(t, 'commanded', { code: 'dc-unit-activated' }));
        continue;
      }
      if (marker === 'done' || marker === 'not-activated') {
        marks.push(markOf(t, 'none', marker === 'done' ? { code: 'dc-unit-done' } : { code: 'dc-not-activated' }));
        continue;
      }
      // Ticked in the popup (only a unit free to act can be).
      if (piece && ticked.has(piece.id)) {
        marks.push(markOf(t, 'commanded', { code: 'dc-unit-ticked', params: { leader: activeLeader!.name } }));
        continue;
      }
      const found = t.unit === null ? undefined : best.get(t.unit);
      if (!found) {
        marks.push(markOf(t, 'none'));
        continue;
      }
      const first = found.check.reasons[0];
      if (!found.check.ok && first) {
        marks.push(markOf(t, 'out', reasonOf(first, found.leader, nameOf)));
        continue;
      }
      const cannotJoin = t.unit === null ? null : besideTicked(t.unit);
      marks.push(cannotJoin ? markOf(t, 'out', cannotJoin) : markOf(t, 'eligible'));
    }
    return { marks, rings, edges: [], notes: [], error: null };
  },
};
