// A page's loop, whatever the page: one lifetime, an AbortSignal that ends every timer and listener
// started through it (never flags), and the tick. The extension's pages build their host on it
// (./host.ts: Roll20, the demo, Owlbear's content script); Owlbear's background page, in Owlbear's own
// frame where no extension API reaches, runs its tick on it (owlbear/background.ts).
import { HOST_TIMING } from '../src/shared-game/policy';

export class PageLoop {
  private readonly lifetime = new AbortController();
  /** Aborted when the loop ends: everything started through it stops. */
  readonly signal = this.lifetime.signal;

  get ended(): boolean {
    return this.signal.aborted;
  }

  /** Ends the loop: its timers and listeners; nothing started through it runs again. */
  end(): void {
    this.lifetime.abort();
  }

  /** A listener on the page, removed when the loop ends. */
  listen<K extends string>(
    target: EventTarget,
    type: K,
    f: (e: never) => void,
    options?: AddEventListenerOptions,
  ): void {
    if (!this.ended) target.addEventListener(type, f as EventListener, { ...options, signal: this.signal });
  }

  /** A timer, cleared if the loop ends first. */
  later(f: () => void, ms: number): number {
    if (this.ended) return 0;
    const stop = () => window.clearTimeout(id);
    const id = window.setTimeout(() => {
      this.signal.removeEventListener('abort', stop);
      f();
    }, ms);
    this.signal.addEventListener('abort', stop, { once: true });
    return id;
  }

  /** An interval, cleared when the loop ends. */
  every(f: () => void, ms: number): void {
    if (this.ended) return;
    const id = window.setInterval(f, ms);
    this.signal.addEventListener('abort', () => window.clearInterval(id), { once: true });
  }

  /** The page's tick (HOST_TIMING.tickMs): what waits on time alone is read again, writes healed, a compaction tried. */
  tick(f: () => void): void {
    this.every(f, HOST_TIMING.tickMs);
  }
}
