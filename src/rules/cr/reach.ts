// Which units a leader may order, read from a tabletop (command-roll.md R7, R8). Adapters build the
// table; the geometry engine measures between nearest figures, base edge to base edge (MEASURE_DEFAULTS.cr).
import { MEASURE_DEFAULTS, unitsWithin, type UnitReach } from '../../geometry';
import type { Length, Scene, Token } from '../../table/model';
import { DIRECT_RADIUS, type HouseRules } from './types';

export type OrderMode = { readonly kind: 'direct' } | { readonly kind: 'signal'; readonly die: number };

/** The radius of an order: 1" for direct orders; for a signal, the number rolled in the house rule's unit. */
export function orderRadius(mode: OrderMode, rules: Pick<HouseRules, 'signalUnit'>): Length {
  return mode.kind === 'direct' ? DIRECT_RADIUS : { value: mode.die, unit: rules.signalUnit };
}

/**
 * The units of the leader's own side that his order reaches, nearest first: his own unit (distance 0),
 * then every friendly unit whose nearest figure is within the radius of a figure of his unit.
 */
export function orderableUnits(
  table: { readonly tokens: readonly Token[]; readonly scene: Scene },
  leaderToken: string,
  mode: OrderMode,
  rules: Pick<HouseRules, 'signalUnit'>,
): UnitReach[] {
  const leader = table.tokens.find((t) => t.id === leaderToken);
  if (!leader?.unit) return [];
  const radius = orderRadius(mode, rules);
  const sideOf = new Map<string, string | null>();
  for (const t of table.tokens) if (t.unit !== null && !sideOf.has(t.unit)) sideOf.set(t.unit, t.side);
  const own: UnitReach = { unit: leader.unit, within: true, distance: 0, from: leader.id, to: leader.id };
  const others = unitsWithin(table.tokens, table.scene, leader.unit, radius, MEASURE_DEFAULTS.cr.from).filter(
    (u) => u.within && leader.side !== null && sideOf.get(u.unit) === leader.side,
  );
  return [own, ...others];
}
