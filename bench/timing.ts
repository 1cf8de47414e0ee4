// Median wall time of a function, after warm-up runs (JIT) that are not counted.
export function medianMs(fn: () => unknown, runs: number, warmup = Math.min(3, runs)): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  return times.length % 2 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2;
}

export const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** The median (the mean of the two middle values for an even count). */
export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The value below which a share `q` of the samples fall (nearest rank). */
export const quantile = (xs: readonly number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
