// Owlbear refuses bursts of writes: the SDK rejects with the host's error reply as it came
// (@owlbear-rodeo/sdk src/messages/MessageBus.ts), `{ error: { name: 'RateLimitHit', … } }`, which a
// public extension (kamejosh/owlbear-hp-tracker, src/helper/obrHelper.ts) reads as `e.error.name`,
// retries after 500 ms and spaces its updates at least 500 ms apart. A connection's writes (its scene
// metadata and its player metadata) share one pace here: at once while Owlbear takes them; once it has
// refused one as too soon, GAP_MS apart at least, and after each refusal 500 ms, 1 s, 2 s… up to
// MAX_BACKOFF_MS before the next. (Spacing every write from the start slowed each action reaching the
// table by up to half a second, for tables Owlbear never limits.)

export const GAP_MS = 500;
export const MAX_BACKOFF_MS = 8000;

/** Whether Owlbear refused a write for coming too soon after others. */
export const rateLimited = (e: unknown): boolean =>
  (e as { error?: { name?: unknown } } | null)?.error?.name === 'RateLimitHit';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Pace {
  private next = 0;
  private backoff = 0;
  /** 0 until Owlbear first refuses a write as too soon. */
  private gap = 0;
  /** Turns are taken in the order asked for: neither kind of write starves the other. */
  private line: Promise<void> = Promise.resolve();

  /** Waits for this connection's next turn to write, and takes it. */
  turn(): Promise<void> {
    this.line = this.line.then(async () => {
      // A refusal meanwhile may push the turn back: wait again.
      for (let wait = this.next - Date.now(); wait > 0; wait = this.next - Date.now()) await sleep(wait);
      this.next = Date.now() + this.gap;
    });
    return this.line;
  }

  /** Owlbear took the write: the backoff starts over. */
  accepted(): void {
    this.backoff = 0;
  }

  /** Owlbear said `RateLimitHit`: the next write waits longer each time. */
  refused(): void {
    this.gap = GAP_MS;
    this.backoff = this.backoff ? Math.min(MAX_BACKOFF_MS, this.backoff * 2) : GAP_MS;
    this.next = Math.max(this.next, Date.now() + this.backoff);
  }
}
