// Unit-to-unit reach: which units stand within a distance of a given unit, the distance between
// two units being the distance between their NEAREST figures (a unit is within 1" if any of its
// figures is). Orders that reach every unit near the leader's own use it (the command roll's direct
// orders and signals).
import type { Length, MeasureFrom, Scene, Token } from '../table/model';
import { DEFAULT_BASE_SHAPE, type BaseShape } from './bases';
import { withinRange } from './metrics';
import { axisReach, prepareTable, type PreparedTable } from './prepare';
import { GridIndex } from './spatial-index';
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

/**
 * Every other unit with its distance from `fromUnit`, nearest first (ties by unit order); only the
 * figures `among` keeps are looked at (a leader orders his own side: the other half of the table is skipped).
 */
export function unitsWithin(
  tokens: readonly Token[],
  scene: Scene,
  fromUnit: string,
  radius: Length,
  from: MeasureFrom = 'edge',
  bases: BaseShape = DEFAULT_BASE_SHAPE,
  among?: (t: Token) => boolean,
): UnitReach[] {
  const p = prepareTable(tokens, scene, from, bases);
  const r = toCells(radius, scene);
  const src: number[] = [];
  for (let i = 0; i < p.n; i++) if (tokens[i]!.unit === fromUnit) src.push(i);
  // O(|source unit| × n): linear in the table, the source unit being a handful of figures.
  const best = new Map<string, { d: number; a: number; b: number; order: number }>();
  for (let j = 0; j < p.n; j++) {
    const u = tokens[j]!.unit;
    if (u === null || u === fromUnit || (among && !among(tokens[j]!))) continue;
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
    out.push({
      unit,
      within: withinRange(b.d, r),
      distance: tidy(fromCells(b.d, radius.unit, scene)),
      from: tokens[b.a]!.id,
      to: tokens[b.b]!.id,
      order: b.order,
    });
  }
  out.sort((x, y) => x.distance - y.distance || x.order - y.order);
  return out.map(({ order: _order, ...rest }) => rest);
}

export interface UnitReachQuery {
  /** The units within `radius` of `fromUnit` (not itself), nearest first; only nearby figures are looked at. */
  within(fromUnit: string, radius: Length): UnitReach[];
}

/**
 * A table read once for many "which units are near this one" questions (one per leader shown): a
 * grid index keeps each question to the figures around the unit, so a board of a hundred units asks
 * them all in about the time one full scan takes.
 */
export function createUnitReach(
  tokens: readonly Token[],
  scene: Scene,
  from: MeasureFrom = 'edge',
  typical?: Length,
  bases: BaseShape = DEFAULT_BASE_SHAPE,
): UnitReachQuery {
  const p: PreparedTable = prepareTable(tokens, scene, from, bases);
  const members = new Map<string, number[]>();
  for (let i = 0; i < p.n; i++) {
    const u = tokens[i]!.unit;
    if (u !== null) (members.get(u) ?? members.set(u, []).get(u)!).push(i);
  }
  const index = new GridIndex(p.x, p.y, null, axisReach(p, typical ? toCells(typical, scene) : 1));
  const near: number[] = [];
  return {
    within(fromUnit, radius) {
      const r = toCells(radius, scene);
      const reach = axisReach(p, r);
      const best = new Map<string, { d: number; a: number; b: number }>();
      for (const i of members.get(fromUnit) ?? []) {
        near.length = 0;
        index.collectNear(p.x[i]!, p.y[i]!, reach, near);
        for (const j of near) {
          const u = tokens[j]!.unit;
          if (u === null || u === fromUnit) continue;
          const d = p.dist(i, j);
          if (!withinRange(d, r)) continue;
          const cur = best.get(u);
          if (!cur || d < cur.d) best.set(u, { d, a: i, b: j });
        }
      }
      return [...best]
        .map(([unit, b]) => ({
          unit,
          within: true,
          distance: tidy(fromCells(b.d, radius.unit, scene)),
          from: tokens[b.a]!.id,
          to: tokens[b.b]!.id,
        }))
        .sort((x, y) => x.distance - y.distance || (x.unit < y.unit ? -1 : 1));
    },
  };
}

/** The unit a leader stands in (his own `unit`), or null. */
export function leaderUnit(tokens: readonly Token[], leaderId: string): string | null {
  return tokens.find((t) => t.id === leaderId)?.unit ?? null;
}
