/** One difference between what a scenario expects and what the rules produced. */
export interface Mismatch {
  readonly path: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Partial deep comparison: every key the expectation names must match; keys it leaves out are free.
 * Arrays must have the expected length, element by element (each element again partial).
 */
export function partialMismatches(expected: unknown, actual: unknown, path = ''): Mismatch[] {
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [{ path: path || '(root)', expected, actual }];
    return Object.entries(expected).flatMap(([key, value]) =>
      partialMismatches(value, actual[key], path ? `${path}.${key}` : key),
    );
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [{ path: path || '(root)', expected, actual }];
    if (actual.length !== expected.length) {
      return [{ path: `${path}.length`, expected: expected.length, actual: actual.length }];
    }
    return expected.flatMap((value, i) => partialMismatches(value, actual[i], `${path}[${i}]`));
  }
  return Object.is(expected, actual) ? [] : [{ path: path || '(root)', expected, actual }];
}

/** Plain objects merged key by key (for scenario configs written as overrides of the defaults). */
export function deepMerge(base: unknown, override: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(override)) return override === undefined ? base : override;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) merged[key] = deepMerge(base[key], value);
  return merged;
}
