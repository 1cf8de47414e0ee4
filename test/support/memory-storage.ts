import type { StorageArea } from '../../src/store/service';

/**
 * storage.local in memory, as tests and benchmarks need it: every value goes through JSON on the way
 * in and out, as the browser serialises it (so the cost of a write grows with what is written, and
 * nothing is shared by reference). Counts what each write carried.
 */
export class MemoryStorage implements StorageArea {
  readonly data = new Map<string, string>();
  writes: { keys: string[]; bytes: number }[] = [];

  /** `latencyMs`: how long a write takes to land, as the browser's storage takes a few ms (0: at once). */
  constructor(private readonly latencyMs = 0) {}

  async get(keys: null | string | readonly string[]): Promise<Record<string, unknown>> {
    const wanted = keys === null ? null : new Set(typeof keys === 'string' ? [keys] : keys);
    return Object.fromEntries(
      [...this.data].filter(([k]) => !wanted || wanted.has(k)).map(([k, v]) => [k, JSON.parse(v) as unknown]),
    );
  }

  async set(items: Record<string, unknown>): Promise<void> {
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
    let bytes = 0;
    for (const [k, v] of Object.entries(items)) {
      const json = JSON.stringify(v);
      bytes += json.length;
      this.data.set(k, json);
    }
    this.writes.push({ keys: Object.keys(items), bytes });
  }

  async remove(keys: string[]): Promise<void> {
    for (const k of keys) this.data.delete(k);
  }
}
