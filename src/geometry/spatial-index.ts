// Uniform grid hash over points in cells. With the bucket size set to the query reach, a
// "who is near i" query looks at 3 × 3 buckets, so a full recompute stays near-linear.
// Buckets are keyed by a number built from the bucket coordinates; if two buckets ever share
// a key (absurd coordinates) they only pool their points: callers always re-check the exact
// distance, so the index can return extra candidates but never miss one.

const KEY_STRIDE = 4294967296; // 2^32

export class GridIndex {
  private readonly buckets = new Map<number, number[]>();
  private readonly inv: number;
  private minBx = Infinity;
  private maxBx = -Infinity;
  private minBy = Infinity;
  private maxBy = -Infinity;
  readonly size: number;

  /**
   * @param x, y point coordinates (cells), indexed by point id
   * @param members ids to index (all points if omitted)
   * @param bucketSize bucket side in cells (use the query reach)
   */
  constructor(
    private readonly x: Float64Array,
    private readonly y: Float64Array,
    members: ArrayLike<number> | null,
    readonly bucketSize: number,
  ) {
    // A zero reach (radius 0, centre to centre) still needs a usable bucket size.
    const size = bucketSize > 1e-9 ? bucketSize : 1e-9;
    this.inv = 1 / size;
    const count = members ? members.length : x.length;
    for (let k = 0; k < count; k++) {
      const i = members ? members[k]! : k;
      const bx = Math.floor(x[i]! * this.inv);
      const by = Math.floor(y[i]! * this.inv);
      if (bx < this.minBx) this.minBx = bx;
      if (bx > this.maxBx) this.maxBx = bx;
      if (by < this.minBy) this.minBy = by;
      if (by > this.maxBy) this.maxBy = by;
      const key = bx * KEY_STRIDE + by;
      const b = this.buckets.get(key);
      if (b) b.push(i);
      else this.buckets.set(key, [i]);
    }
    this.size = count;
  }

  /** Appends to `out` every indexed point whose bucket may hold points within `reach` on each axis. */
  collectNear(px: number, py: number, reach: number, out: number[]): void {
    const bx0 = Math.floor((px - reach) * this.inv);
    const bx1 = Math.floor((px + reach) * this.inv);
    const by0 = Math.floor((py - reach) * this.inv);
    const by1 = Math.floor((py + reach) * this.inv);
    // A reach much larger than the buckets: walking every bucket is cheaper than the window.
    if ((bx1 - bx0 + 1) * (by1 - by0 + 1) > this.buckets.size) {
      for (const b of this.buckets.values()) for (let k = 0; k < b.length; k++) out.push(b[k]!);
      return;
    }
    for (let bx = Math.max(bx0, this.minBx); bx <= Math.min(bx1, this.maxBx); bx++) {
      for (let by = Math.max(by0, this.minBy); by <= Math.min(by1, this.maxBy); by++) {
        const b = this.buckets.get(bx * KEY_STRIDE + by);
        if (b) for (let k = 0; k < b.length; k++) out.push(b[k]!);
      }
    }
  }

  /**
   * Nearest accepted point by `distTo` (ties → lowest id), visiting buckets ring by ring.
   * `slack` (cells) is how much the metric may undercut the axis gap between centres (base
   * radii, hex rounding), so the search stops only when no farther ring can do better.
   */
  nearest(
    px: number,
    py: number,
    distTo: (i: number) => number,
    accept: (i: number) => boolean,
    slack: number,
  ): { index: number; distance: number } | null {
    const cx = Math.floor(px * this.inv);
    const cy = Math.floor(py * this.inv);
    const size = 1 / this.inv;
    let best = Infinity;
    let bestI = -1;
    const maxRing = Math.max(cx - this.minBx, this.maxBx - cx, cy - this.minBy, this.maxBy - cy);
    const consider = (b: readonly number[]): void => {
      for (let k = 0; k < b.length; k++) {
        const i = b[k]!;
        if (!accept(i)) continue;
        const d = distTo(i);
        if (d < best || (d === best && i < bestI)) {
          best = d;
          bestI = i;
        }
      }
    };
    const check = (key: number): void => {
      const b = this.buckets.get(key);
      if (b) consider(b);
    };
    // Ring walking costs one lookup per bucket position, empty or not; past the number of
    // buckets a plain scan of every point is cheaper and gives the same answer.
    if ((2 * maxRing + 1) * (2 * maxRing + 1) > 4 * this.buckets.size + 16) {
      for (const b of this.buckets.values()) consider(b);
      return bestI >= 0 ? { index: bestI, distance: best } : null;
    }
    for (let ring = 0; ring <= maxRing; ring++) {
      // Points in this ring are at least (ring − 1) buckets away on some axis.
      const lowerBound = (ring - 1) * size - slack;
      if (bestI >= 0 && lowerBound > best * (1 + 1e-9) + 1e-9) break;
      if (ring === 0) {
        check(cx * KEY_STRIDE + cy);
        continue;
      }
      for (let bx = cx - ring; bx <= cx + ring; bx++) {
        check(bx * KEY_STRIDE + (cy - ring));
        check(bx * KEY_STRIDE + (cy + ring));
      }
      for (let by = cy - ring + 1; by <= cy + ring - 1; by++) {
        check((cx - ring) * KEY_STRIDE + by);
        check((cx + ring) * KEY_STRIDE + by);
      }
    }
    return bestI >= 0 ? { index: bestI, distance: best } : null;
  }
}
