// The d6 command roll on a tabletop: the leader whose number is being played gives direct orders to
// units no further than 1" from the unit he stands in, or, after a signal roll, to every unit within
// the rolled radius, drawn as a ring around him until his number is done. Distances run between the
// nearest figures of two units, base edge to base edge. Runs where the tokens are, from the facts
// the worker publishes.
import * as v from 'valibot';
import { parseOrNull } from '../../game/validate';
import { RingMaker, lostMarks, markOf } from '../../board/draw';
import type { BoardError, BoardView, BoundTable, BoundToken, Mark, Reason, Ring } from '../../board/model';
import type { SystemBoard } from '../../board/system';
import { createUnitReach, unitsWithin, type UnitReach } from '../../geometry/signal';
import { toCells } from '../../geometry/units';
import type { Length } from '../../table/model';
import { DIRECT_RADIUS, SIGNAL_UNITS } from './types';

export interface CrFacts {
  readonly signalUnit: (typeof SIGNAL_UNITS)[number];
  /** Disordered leaders give no orders. */
  readonly disordered: readonly string[];
  /** The number being played, when a leader stands on it: his orders so far and the signal rolled. */
  readonly slot: { readonly leader: string; readonly signal: number | null; readonly ordered: readonly string[] } | null;
  /** Units that have acted this turn. */
  readonly acted: readonly string[];
}

export const DEFAULT_CR_FACTS: CrFacts = { signalUnit: 'in', disordered: [], slot: null, acted: [] };

const id = v.pipe(v.string(), v.maxLength(64));
const ids = v.pipe(v.array(id), v.maxLength(200));
const factsSchema = v.strictObject({
  signalUnit: v.picklist(SIGNAL_UNITS),
  disordered: ids,
  slot: v.nullable(v.strictObject({ leader: id, signal: v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100))), ordered: ids })),
  acted: ids,
});

/** The unit a leader stands in: his token's grouping, else himself alone. */
const ownUnit = (leader: BoundToken): string => leader.unit ?? `leader:${leader.id}`;

export const crBoard: SystemBoard<CrFacts> = {
  id: 'cr',
  defaultFacts: DEFAULT_CR_FACTS,
  parseFacts: (raw) => parseOrNull(factsSchema, raw),
  view(table: BoundTable, facts: CrFacts): BoardView {
    const marks: Mark[] = lostMarks(table.lost);
    const rings: Ring[] = [];
    const { scene } = table;
    // A leader outside any grouping is a unit of his own for measuring.
    const tokens = table.tokens.map((t) => (t.role === 'leader' && t.unit === null ? { ...t, unit: ownUnit(t) } : t));
    const leaders = tokens.filter((t) => t.role === 'leader');
    const active = facts.slot ? (leaders.find((l) => l.piece?.id === facts.slot!.leader) ?? null) : null;
    const signal: Length | null = facts.slot?.signal != null ? { value: facts.slot.signal, unit: facts.signalUnit } : null;
    const radius: Length = signal ?? DIRECT_RADIUS;
    const shown = facts.slot ? (active ? [active] : []) : leaders;
    const disordered = (l: BoundToken) => !!l.piece && facts.disordered.includes(l.piece.id);

    // Each shown leader's reach over the other units of his side.
    const reach = new Map<BoundToken, Map<string, UnitReach>>();
    const unitSide = new Map<string, string | null>();
    for (const t of tokens) if (t.unit !== null && !unitSide.has(t.unit)) unitSide.set(t.unit, t.side);
    let error: BoardError | null = null;
    try {
      const rm = new RingMaker(scene, 'edge');
      const cells = toCells(radius, scene);
      // The leader playing his number: every unit of his side with its distance (a reason for each one out).
      // Otherwise every leader's control, asked of one index: only the units near each leader matter.
      const query = active ? null : createUnitReach(tokens, scene, 'edge', radius);
      for (const l of shown) {
        rings.push(rm.ring(l, signal ? 'signal' : 'control', cells));
        const own = ownUnit(l);
        const found = query ? query.within(own, radius) : unitsWithin(tokens, scene, own, radius, 'edge');
        const within = found.filter((u) => unitSide.get(u.unit) === l.side);
        reach.set(l, new Map([[own, { unit: own, within: true, distance: 0, from: l.id, to: l.id }], ...within.map((u): [string, UnitReach] => [u.unit, u])]));
      }
    } catch (e) {
      error = (e as { code?: unknown }).code === 'incompatible-units' ? 'incompatible-units' : 'invalid-scale';
      rings.length = 0;
      reach.clear();
    }

    // Units within the control of some able leader of their side (asked once per unit, not per token).
    const controlled = new Set<string>();
    if (!active) for (const [l, units] of reach) if (!disordered(l)) for (const [unit, r] of units) if (r.within && unitSide.get(unit) === l.side) controlled.add(unit);
    const ordered = new Set(facts.slot?.ordered ?? []);
    const acted = new Set(facts.acted);
    const slotLeader = facts.slot ? (table.pieces.get(facts.slot.leader) ?? null) : null;
    for (const t of tokens) {
      if (t.role === 'leader') {
        marks.push(disordered(t) ? markOf(t, 'blocked', { code: 'cr-leader-disordered', params: { leader: t.name } }) : markOf(t, 'leader'));
        continue;
      }
      const piece = t.piece?.kind === 'unit' ? t.piece.id : null;
      if (t.unit === null || error) marks.push(markOf(t, 'none'));
      else if (piece && ordered.has(piece)) marks.push(markOf(t, 'commanded'));
      else if (piece && acted.has(piece)) marks.push(markOf(t, 'none', { code: 'cr-acted' }));
      else if (active) {
        if (t.side !== active.side) marks.push(markOf(t, 'none'));
        else if (disordered(active)) marks.push(markOf(t, 'out', { code: 'cr-leader-disordered', params: { leader: active.name } }));
        else {
          const r = reach.get(active)?.get(t.unit);
          marks.push(r?.within ? markOf(t, 'eligible') : markOf(t, 'out', tooFar(r, radius, active)));
        }
      } else if (slotLeader) {
        // His number is played but his token is not on this table: nothing can be measured.
        marks.push(markOf(t, 'none', t.side === slotLeader.side ? { code: 'cr-leader-off-board', params: { leader: slotLeader.name } } : null));
      } else {
        // No leader's number is being played: who stands within some leader's control.
        marks.push(markOf(t, controlled.has(t.unit) ? 'eligible' : 'none'));
      }
    }
    return { marks, rings, edges: [], notes: [], error };
  },
};

const tooFar = (r: UnitReach | undefined, radius: Length, leader: BoundToken): Reason =>
  r ? { code: 'cr-too-far', params: { distance: Math.round(r.distance * 100) / 100, max: radius.value, unit: radius.unit, leader: leader.name } } : { code: 'cr-too-far-unknown', params: { leader: leader.name } };
