// The d6 command roll on a tabletop: the leader whose number is being played gives direct orders to
// units no further than 1" from the unit he stands in, or, after a signal roll, to every unit within
// the rolled radius, drawn around his unit (where it is measured from) until his number is done. A "unit" number lets any
// unit of its army that has not acted act; the C-in-C's number orders nobody; before the roll and
// once every number is played, nobody may be commanded (each leader's 1" is drawn, for planning).
// Only what the rules allow now is marked eligible. Distances run between the nearest figures of two
// units, base edge to base edge. Runs where the tokens are, from the facts the worker publishes.
import * as v from 'valibot';
import { parseOrNull } from '../../game/validate';
import { RingMaker, lostMarks, markOf } from '../../board/draw';
import type { BoardError, BoardView, BoundTable, BoundToken, Mark, MarkStatus, Reason, Ring } from '../../board/model';
import type { SystemBoard } from '../../board/system';
import { BASE_SHAPES, DEFAULT_BASE_SHAPE, type BaseShape } from '../../geometry/bases';
import { createUnitReach, unitsWithin, type UnitReach } from '../../geometry/signal';
import { toCells } from '../../geometry/units';
import type { Length } from '../../table/model';
import { DIRECT_RADIUS, SIGNAL_UNITS } from './types';

/** What stands on the number being played: a leader (able or disordered), "unit", the C-in-C, or nobody known (absent, sealed). */
export const CR_SLOT_KINDS = ['leader', 'disordered', 'unit', 'c-in-c', 'none'] as const;
export type CrSlotKind = (typeof CR_SLOT_KINDS)[number];

export interface CrFacts {
  readonly signalUnit: (typeof SIGNAL_UNITS)[number];
  /** Disordered leaders give no orders. */
  readonly disordered: readonly string[];
  /**
   * The number being played (null: before the roll, or every number played): whose it is, what stands
   * on it, the leader on it, the signal rolled, the units ordered or activated so far and whether the
   * number is used up (orders given, a unit activated, the roster rewritten).
   */
  readonly slot: {
    readonly side: string;
    readonly kind: CrSlotKind;
    readonly leader: string | null;
    readonly signal: number | null;
    readonly ordered: readonly string[];
    readonly used: boolean;
  } | null;
  /** Units that have acted this turn. */
  readonly acted: readonly string[];
  /** What the figures stand on (house setting). */
  readonly bases: BaseShape;
}

export const DEFAULT_CR_FACTS: CrFacts = {
  signalUnit: 'in',
  disordered: [],
  slot: null,
  acted: [],
  bases: DEFAULT_BASE_SHAPE,
};

const id = v.pipe(v.string(), v.maxLength(64));
const ids = v.pipe(v.array(id), v.maxLength(200));
const factsSchema = v.strictObject({
  signalUnit: v.picklist(SIGNAL_UNITS),
  disordered: ids,
  slot: v.nullable(
    v.strictObject({
      side: id,
      kind: v.picklist(CR_SLOT_KINDS),
      leader: v.nullable(id),
      signal: v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100))),
      ordered: ids,
      used: v.boolean(),
    }),
  ),
  acted: ids,
  bases: v.optional(v.picklist(BASE_SHAPES), DEFAULT_BASE_SHAPE),
});

/** The unit a leader stands in: his token's grouping, else himself alone. */
const ownUnit = (leader: BoundToken): string => leader.unit ?? `leader:${leader.id}`;

/**
 * Each shown leader's reach over the other units of his side, and his ring drawn from his unit, as it
 * is measured: 1" (or the signal) from any of its figures. The leader playing his number: every unit
 * of his side with its distance (a reason for each one out); otherwise every leader's control, asked of
 * one index (only the units near each leader matter). A scale that cannot be measured: no ring, no reach.
 */
function reachOf(
  tokens: readonly BoundToken[],
  scene: BoundTable['scene'],
  shown: readonly BoundToken[],
  o: { radius: Length; signal: Length | null; active: BoundToken | null; bases: BaseShape },
  rings: Ring[],
): { reach: Map<BoundToken, Map<string, UnitReach>>; error: BoardError | null } {
  const reach = new Map<BoundToken, Map<string, UnitReach>>();
  const unitSide = new Map<string, string | null>();
  for (const t of tokens) if (t.unit !== null && !unitSide.has(t.unit)) unitSide.set(t.unit, t.side);
  const members = new Map<string, BoundToken[]>();
  for (const t of tokens) if (t.unit !== null) (members.get(t.unit) ?? members.set(t.unit, []).get(t.unit)!).push(t);
  try {
    const rm = new RingMaker(scene, 'edge', o.bases);
    const cells = toCells(o.radius, scene);
    const query = o.active || shown.length === 0 ? null : createUnitReach(tokens, scene, 'edge', o.radius, o.bases);
    for (const l of shown) {
      const own = ownUnit(l);
      rings.push(rm.unitRing(l, members.get(own) ?? [l], o.signal ? 'signal' : 'control', cells));
      const found = query
        ? query.within(own, o.radius)
        : unitsWithin(tokens, scene, own, o.radius, 'edge', o.bases, (t) => unitSide.get(t.unit!) === l.side);
      const within = found.filter((u) => unitSide.get(u.unit) === l.side);
      reach.set(
        l,
        new Map([
          [own, { unit: own, within: true, distance: 0, from: l.id, to: l.id }],
          ...within.map((u): [string, UnitReach] => [u.unit, u]),
        ]),
      );
    }
    return { reach, error: null };
  } catch (e) {
    rings.length = 0;
    const error = (e as { code?: unknown }).code === 'incompatible-units' ? 'incompatible-units' : 'invalid-scale';
    return { reach: new Map(), error };
  }
}

export const crBoard: SystemBoard<CrFacts> = {
  id: 'cr',
  defaultFacts: DEFAULT_CR_FACTS,
  parseFacts: (raw) => parseOrNull(factsSchema, raw),
  view(table: BoundTable, facts: CrFacts): BoardView {
    // Marks read bases as the system's setting does: a box base's ring hugs its box.
    const mark = (t: BoundToken, status: MarkStatus, reason: Reason | null = null, closeUp = false) =>
      markOf(t, status, reason, closeUp, facts.bases);
    const marks: Mark[] = lostMarks(table.lost, facts.bases);
    const rings: Ring[] = [];
    const { scene } = table;
    // A leader outside any grouping is a unit of his own for measuring.
    const tokens = table.tokens.map((t) => (t.role === 'leader' && t.unit === null ? { ...t, unit: ownUnit(t) } : t));
    const leaders = tokens.filter((t) => t.role === 'leader');
    const { slot } = facts;
    const leading = slot !== null && (slot.kind === 'leader' || slot.kind === 'disordered');
    const active = leading ? (leaders.find((l) => l.piece?.id === slot.leader) ?? null) : null;
    const signal: Length | null = slot?.signal != null ? { value: slot.signal, unit: facts.signalUnit } : null;
    const radius: Length = signal ?? DIRECT_RADIUS;
    // Rings: the leader on his number; no number played, every leader's 1" (where each could order).
    const shown = slot ? (active ? [active] : []) : leaders;
    const disordered = (l: BoundToken) => !!l.piece && facts.disordered.includes(l.piece.id);
    const cInC = slot?.kind === 'c-in-c' ? slot.leader : null;

    const { reach, error } = reachOf(tokens, scene, shown, { radius, signal, active, bases: facts.bases }, rings);

    const ordered = new Set(slot?.ordered ?? []);
    const acted = new Set(facts.acted);
    const slotLeader = leading && slot.leader !== null ? (table.pieces.get(slot.leader) ?? null) : null;
    for (const t of tokens) {
      if (t.role === 'leader') {
        // A disordered leader carries his state on his own mark; the C-in-C on his number says what it is for.
        if (disordered(t)) marks.push(mark(t, 'blocked', { code: 'cr-leader-disordered', params: { leader: t.name } }));
        else marks.push(mark(t, 'leader', cInC !== null && t.piece?.id === cInC ? { code: 'cr-c-in-c' } : null));
        continue;
      }
      const piece = t.piece?.kind === 'unit' ? t.piece.id : null;
      if (t.unit === null || error) marks.push(mark(t, 'none'));
      else if (piece && ordered.has(piece)) marks.push(mark(t, 'commanded'));
      else if (piece && acted.has(piece)) marks.push(mark(t, 'none', { code: 'cr-acted' }));
      // Nobody may be commanded now: no number played, another army's number, the C-in-C's (he orders
      // nobody), nobody known on it, or the number used up (orders given, a unit activated).
      else if (!slot || t.side !== slot.side || slot.used || slot.kind === 'c-in-c' || slot.kind === 'none')
        marks.push(mark(t, 'none'));
      // A "unit" number: any unit of that army that has not acted.
      else if (slot.kind === 'unit') marks.push(mark(t, 'eligible'));
      else if (active) {
        if (disordered(active))
          marks.push(mark(t, 'out', { code: 'cr-leader-disordered', params: { leader: active.name } }));
        else {
          const r = reach.get(active)?.get(t.unit);
          marks.push(r?.within ? mark(t, 'eligible') : mark(t, 'out', tooFar(r, radius, active)));
        }
      } else {
        // His number is played but his token is not on this table: nothing can be measured.
        marks.push(
          mark(t, 'none', slotLeader ? { code: 'cr-leader-off-board', params: { leader: slotLeader.name } } : null),
        );
      }
    }
    return { marks, rings, edges: [], notes: [], error };
  },
};

const tooFar = (r: UnitReach | undefined, radius: Length, leader: BoundToken): Reason =>
  r
    ? {
        code: 'cr-too-far',
        params: {
          distance: Math.round(r.distance * 100) / 100,
          max: radius.value,
          unit: radius.unit,
          leader: leader.name,
        },
      }
    : { code: 'cr-too-far-unknown', params: { leader: leader.name } };
