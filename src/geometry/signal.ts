// Command-roll game (command-roll.md): direct orders reach units within 1" of the leader's unit
// (R7), a signal reaches units within N" of it (R8). A "unit" is a group of figures, so the
// distance between two units is the distance between their NEAREST figures (base edge to
// base edge by default, see MEASURE_DEFAULTS): a unit is within 1" if any of its figures is.
import type { Length, MeasureFrom, Scene, Token } from '../table/model';
import { withinRange } from './metrics';
import { prepareTable } from './prepare';
import { fromCells, tidy, toCells } from './units';

export interface UnitReach {
  readonly unit: string;
  readonly within: boolean;
  /** Distance between the nearest figures, in the radius unit. */
  readonly distance: number;
  /** The nearest pair: a figure of the source unit and one of this unit. */
  readonly from: string;
  readonly to: string;
}

/** Every other unit with its distance from `fromUnit`, nearest first (ties by unit order). */
export function unitsWithin(tokens: readonly Token[], scene: Scene, fromUnit: string, radius: Length, from: MeasureFrom = 'edge'): UnitReach[] {
  const p = prepareTable(tokens, scene, from);
  const r = toCells(radius, scene);
  const src: number[] = [];
  for (let i = 0; i < p.n; i++) if (tokens[i]!.unit === fromUnit) src.push(i);
  // O(|source unit| × n): linear in the table, the source unit being a handful of figures.
  const best = new Map<string, { d: number; a: number; b: number; order: number }>();
  for (let j = 0; j < p.n; j++) {
    const u = tokens[j]!.unit;
    if (u === null || u === fromUnit) continue;
    let cur = best.get(u);
    if (!cur) best.set(u, (cur = { d: Infinity, a: -1, b: -1, order: best.size }));
    for (const i of src) {
      const d = p.dist(i, j);
      if (d < cur.d) {
        cur.d = d;
        cur.a = i;
        cur.b = j;
      }
    }
  }
  const out: (UnitReach & { order: number })[] = [];
  for (const [unit, b] of best) {
    if (b.a < 0) continue;
    out.push({ unit, within: withinRange(b.d, r), distance: tidy(fromCells(b.d, radius.unit, scene)), from: tokens[b.a]!.id, to: tokens[b.b]!.id, order: b.order });
  }
  out.sort((x, y) => x.distance - y.distance || x.order - y.order);
  return out.map(({ order: _order, ...rest }) => rest);
}

/** The unit a leader stands in (his own `unit`), or null. */
export function leaderUnit(tokens: readonly Token[], leaderId: string): string | null {
  return tokens.find((t) => t.id === leaderId)?.unit ?? null;
}
