// Command chains, indexed engine. A figure is commanded if within the radius of a leader of its
// unit who may command, or of a commanded figure of the same unit (BdC). We search each unit on
// its own (chains never leave a unit), level by level from its leaders; a unit larger than
// `indexThreshold` gets a uniform grid hash sized to the reach, smaller ones a plain scan
// (cheaper than hashing ten figures). Total work ~ Σ unit size × neighbours: near-linear.
//
// Parent rule (shared with the naive engine, so results are identical): a figure reached at
// level k+1 is attached to the level-k figure in range at the smallest distance, ties → lowest
// token index.
import type { Scene, Token } from '../table/model';
import {
  assembleChains,
  setupChains,
  type ChainOptions,
  type ChainResult,
  type ChainSearch,
  type ChainSetup,
} from './chains-common';
import { withinRange } from './metrics';
import { axisReach } from './prepare';
import { GridIndex } from './spatial-index';

const DEFAULT_INDEX_THRESHOLD = 24;

export function computeChains(tokens: readonly Token[], scene: Scene, opts: ChainOptions): ChainResult {
  const setup = setupChains(tokens, scene, opts);
  return assembleChains(setup, searchIndexed(setup, opts.indexThreshold ?? DEFAULT_INDEX_THRESHOLD), opts);
}

export function searchIndexed(s: ChainSetup, indexThreshold: number): ChainSearch {
  const { p, radius, unitOf, root } = s;
  const n = p.n;
  const dist = p.dist;
  const depth = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const parentDist = new Float64Array(n);
  const reach = axisReach(p, radius);
  const slack = reach - radius;

  // Members of each unit, in token order (counting sort).
  const start = new Int32Array(s.unitCount + 1);
  for (let i = 0; i < n; i++) if (unitOf[i]! >= 0) start[unitOf[i]! + 1]!++;
  for (let u = 0; u < s.unitCount; u++) start[u + 1]! += start[u]!;
  const members = new Int32Array(start[s.unitCount]!);
  const fill = start.slice(0, s.unitCount);
  for (let i = 0; i < n; i++) {
    const u = unitOf[i]!;
    if (u >= 0) members[fill[u]!++] = i;
  }

  const grids: (GridIndex | null)[] = new Array(s.unitCount).fill(null);
  let frontier: number[] = [];
  let next: number[] = [];
  const near: number[] = [];
  for (let u = 0; u < s.unitCount; u++) {
    const a = start[u]!;
    const b = start[u + 1]!;
    frontier.length = 0;
    for (let k = a; k < b; k++) {
      const i = members[k]!;
      if (root[i]) {
        depth[i] = 0;
        frontier.push(i);
      }
    }
    if (frontier.length === 0) continue;
    const grid = b - a > indexThreshold ? new GridIndex(p.x, p.y, members.subarray(a, b), reach) : null;
    grids[u] = grid;
    let level = 0;
    while (frontier.length > 0) {
      const lv = level + 1;
      next.length = 0;
      for (let f = 0; f < frontier.length; f++) {
        const from = frontier[f]!;
        // Candidates: the grid's neighbouring buckets, or the whole (small) unit.
        let cands: ArrayLike<number> = members;
        let k0 = a;
        let k1 = b;
        if (grid) {
          near.length = 0;
          grid.collectNear(p.x[from]!, p.y[from]!, reach, near);
          cands = near;
          k0 = 0;
          k1 = near.length;
        }
        for (let k = k0; k < k1; k++) {
          const c = cands[k]!;
          const dc = depth[c]!;
          if (dc !== -1 && dc !== lv) continue;
          const d = dist(from, c);
          if (!withinRange(d, radius)) continue;
          if (dc === -1) {
            depth[c] = lv;
            parent[c] = from;
            parentDist[c] = d;
            next.push(c);
          } else if (d < parentDist[c]! || (d === parentDist[c]! && from < parent[c]!)) {
            parent[c] = from;
            parentDist[c] = d;
          }
        }
      }
      const t = frontier;
      frontier = next;
      next = t;
      level = lv;
    }
  }

  const nearestReached = (i: number): { index: number; distance: number } | null => {
    const u = unitOf[i]!;
    if (u < 0) return null;
    const grid = grids[u];
    const accept = (j: number): boolean => depth[j]! >= 0;
    if (grid) return grid.nearest(p.x[i]!, p.y[i]!, (j) => dist(j, i), accept, slack);
    let best = Infinity;
    let bestJ = -1;
    for (let k = start[u]!; k < start[u + 1]!; k++) {
      const j = members[k]!;
      if (depth[j]! < 0) continue;
      const d = dist(j, i);
      if (d < best || (d === best && j < bestJ)) {
        best = d;
        bestJ = j;
      }
    }
    return bestJ >= 0 ? { index: bestJ, distance: best } : null;
  };
  return { depth, parent, parentDist, nearestReached };
}
