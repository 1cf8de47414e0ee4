// "Who is within R of this token": rings around leaders, BdC rally reach, any positional query.
// Build once per table change, query per leader; the grid hash keeps each query local.
import type { Length, MeasureFrom, Scene, Token } from '../table/model';
import { DEFAULT_BASE_SHAPE, type BaseShape } from './bases';
import { withinRange } from './metrics';
import { axisReach, prepareTable, type PreparedTable } from './prepare';
import { GridIndex } from './spatial-index';
import { fromCells, tidy, toCells } from './units';

export interface InRange {
  readonly id: string;
  readonly index: number;
  /** Distance in the unit of the radius asked. */
  readonly distance: number;
}

export interface RangeQuery {
  readonly prepared: PreparedTable;
  /** Tokens within `radius` of token `id` (itself excluded), nearest first, ties by token order. */
  within(id: string, radius: Length, filter?: (t: Token) => boolean): InRange[];
}

/**
 * @param typical the radius most queries will use (sizes the buckets; others still work).
 */
export function createRangeQuery(
  tokens: readonly Token[],
  scene: Scene,
  from: MeasureFrom = 'centre',
  typical?: Length,
  bases: BaseShape = DEFAULT_BASE_SHAPE,
): RangeQuery {
  const p = prepareTable(tokens, scene, from, bases);
  const bucket = axisReach(p, typical ? toCells(typical, scene) : 1);
  const index = new GridIndex(p.x, p.y, null, bucket);
  const near: number[] = [];
  return {
    prepared: p,
    within(id, radius, filter) {
      const i = p.indexOf.get(id);
      if (i === undefined) return [];
      const r = toCells(radius, scene);
      near.length = 0;
      index.collectNear(p.x[i]!, p.y[i]!, axisReach(p, r), near);
      const hits: { index: number; d: number }[] = [];
      for (const j of near) {
        if (j === i || (filter && !filter(tokens[j]!))) continue;
        const d = p.dist(i, j);
        if (withinRange(d, r)) hits.push({ index: j, d });
      }
      hits.sort((a, b) => a.d - b.d || a.index - b.index);
      return hits.map((h) => ({
        id: tokens[h.index]!.id,
        index: h.index,
        distance: tidy(fromCells(h.d, radius.unit, scene)),
      }));
    },
  };
}

/** One-off query (builds the index each time: prefer createRangeQuery for several leaders). */
export function tokensWithin(
  tokens: readonly Token[],
  scene: Scene,
  id: string,
  radius: Length,
  from: MeasureFrom = 'centre',
  bases: BaseShape = DEFAULT_BASE_SHAPE,
): InRange[] {
  return createRangeQuery(tokens, scene, from, radius, bases).within(id, radius);
}

/** Distance between two tokens in the given unit, as the scene measures it. */
export function distanceBetween(
  a: Token,
  b: Token,
  scene: Scene,
  unit: string,
  from: MeasureFrom = 'centre',
  bases: BaseShape = DEFAULT_BASE_SHAPE,
): number {
  const p = prepareTable([a, b], scene, from, bases);
  return fromCells(p.dist(0, 1), unit, scene);
}
