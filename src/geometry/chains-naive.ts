// Command chains, naive reference: the same level-by-level search and parent rule as chains.ts,
// but every step scans every token (all pairs, O(n²)). Kept as the oracle the property tests
// compare the indexed engine with, and as the benchmark baseline.
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

export function computeChainsNaive(tokens: readonly Token[], scene: Scene, opts: ChainOptions): ChainResult {
  const setup = setupChains(tokens, scene, opts);
  return assembleChains(setup, searchNaive(setup), opts);
}

export function searchNaive(s: ChainSetup): ChainSearch {
  const { p, radius, unitOf, root } = s;
  const n = p.n;
  const depth = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const parentDist = new Float64Array(n);
  let frontier: number[] = [];
  for (let i = 0; i < n; i++) {
    if (root[i]) {
      depth[i] = 0;
      frontier.push(i);
    }
  }
  // All units advance together: level k of every unit, then level k + 1.
  for (let level = 0; frontier.length > 0; level++) {
    const next: number[] = [];
    for (const from of frontier) {
      for (let c = 0; c < n; c++) {
        if (unitOf[c] !== unitOf[from]) continue;
        const dc = depth[c]!;
        if (dc !== -1 && dc !== level + 1) continue;
        const d = p.dist(from, c);
        if (!withinRange(d, radius)) continue;
        if (dc === -1) {
          depth[c] = level + 1;
          parent[c] = from;
          parentDist[c] = d;
          next.push(c);
        } else if (d < parentDist[c]! || (d === parentDist[c]! && from < parent[c]!)) {
          parent[c] = from;
          parentDist[c] = d;
        }
      }
    }
    frontier = next;
  }
  const nearestReached = (i: number): { index: number; distance: number } | null => {
    let best = Infinity;
    let bestJ = -1;
    for (let j = 0; j < n; j++) {
      if (unitOf[j] !== unitOf[i] || depth[j]! < 0) continue;
      const d = p.dist(j, i);
      if (d < best || (d === best && j < bestJ)) {
        best = d;
        bestJ = j;
      }
    }
    return bestJ >= 0 ? { index: bestJ, distance: best } : null;
  };
  return { depth, parent, parentDist, nearestReached };
}
