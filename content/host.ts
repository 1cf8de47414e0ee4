// One host for every tabletop's page (issue 37), as Owlbear's dynamic-fog plugs its reactors into one
// reconciler: what each tabletop's page does around its board is written here once, and each tabletop
// plugs in its parts (`HostParts`): content/roll20.ts, demo/table.ts, content/owlbear.ts.
//
//   - A lifetime (./page-loop.ts): every timer, listener and port of the page ends with one AbortSignal
//     (an orphaned content script, its extension reloaded), never with flags.
//   - The board's summary to the worker for the popup (`table/update`), at most every
//     SUMMARY_EVERY_MS; cleared when the page goes (Roll20, the demo: Owlbear's popup reads its frame).
//   - The popup's requests to this tab (./host-tab.ts) and its port to the table's shared game
//     (./host-port.ts), each plugged in by the tabletops that take them (each brings its own checks).
//   - One tick (HOST_TIMING.tickMs): the extension looked for (gone: the host ends), then the
//     tabletop's own (the shared game driven, what waits on time alone).
import type Browser from 'webextension-polyfill';
import { SUMMARY_EVERY_MS } from '../src/board/summary';
import type { BoardSummary } from '../src/board/summary-schema';
import type { WorkerMessage } from '../src/messages';
import { PageLoop } from './page-loop';

/** What a tabletop plugs into its host's loop; both optional. */
export interface HostParts {
  /** The board's summary for the popup, reported to the worker (null: nothing to report now). */
  summary?(): BoardSummary | null;
  /** Each tick, while the extension is there. */
  tick?(): void;
}

export class Host extends PageLoop {
  private reportTimer = 0;

  constructor(
    readonly ext: Browser.Browser,
    private readonly parts: HostParts,
  ) {
    super();
  }

  /** Starts the loop: the page going, the tick. */
  start(): void {
    const { parts } = this;
    // The browser's own pagehide only (a page script can dispatch one of its own: not trusted).
    if (parts.summary)
      this.listen(window, 'pagehide', (ev: PageTransitionEvent) => {
        if (ev.isTrusted) void this.send({ type: 'table/clear' });
      });
    this.tick(() => {
      // After the extension reloads or updates, a content script stays in the open tab with no
      // extension behind it (Chrome puts no new one in a tab already open): it finds out within a tick.
      if (this.orphaned()) return this.end();
      parts.tick?.();
    });
  }

  /** Whether the extension behind this page is gone (every call to it throws then). */
  orphaned(): boolean {
    try {
      return !this.ext.runtime?.id;
    } catch {
      return true;
    }
  }

  /** A listener on a browser event (runtime, storage), removed when the host ends. */
  on<F>(event: { addListener(f: F): void; removeListener(f: F): void }, f: F): void {
    if (this.ended) return;
    event.addListener(f);
    const off = () => {
      try {
        event.removeListener(f);
      } catch {
        // (a listener the browser took away with the extension)
      }
    };
    this.signal.addEventListener('abort', off, { once: true });
  }

  /** A message to the worker: none once the host ended; an extension found gone ends it. */
  send<R = unknown>(request: WorkerMessage): Promise<R | undefined> {
    if (this.ended) return Promise.resolve(undefined);
    const gone = () => {
      if (this.orphaned()) this.end();
      return undefined;
    };
    try {
      // (The extension gone, sendMessage throws at once rather than fail its promise.)
      return (this.ext.runtime.sendMessage(request) as Promise<R | undefined>).catch(gone);
    } catch {
      return Promise.resolve(gone());
    }
  }

  /** The board changed: its summary goes to the worker, at most every SUMMARY_EVERY_MS (the board itself redraws at once). */
  report(): void {
    if (this.reportTimer || this.ended || !this.parts.summary) return;
    this.reportTimer = this.later(() => {
      this.reportTimer = 0;
      const table = this.parts.summary?.();
      if (table) void this.send({ type: 'table/update', table });
    }, SUMMARY_EVERY_MS);
  }
}
