// The key each connection's record names, as this client last read it. A record that names another key
// than it did (its page started again in a browser that kept nothing, or its player wrote another)
// gives up the one before: that key is no longer his record's word, on any client. Pages of a gone
// connection that only that word made a player's are then no one's until his game master answers for
// them (./step.ts `chooseUnproven`), for the clients that played them as for those that never did.
import { bound } from './bound';

/** How many connections and given-up keys are kept in mind at most. */
const KEPT = 1000;

export class RecordKeys {
  private readonly named = new Map<string, string>();
  private readonly givenUp = new Set<string>();

  /** A connection's record as read now, and the key it names (undefined: none yet). */
  note(holder: string, key: string | undefined): void {
    if (key === undefined) return;
    const was = this.named.get(holder);
    if (was !== undefined && was !== key) this.givenUp.add(was);
    this.named.delete(holder);
    this.named.set(holder, key);
    bound(this.givenUp, KEPT);
    bound(this.named, KEPT);
  }

  /** Whether a record named this key and then another. */
  gaveUp(key: string): boolean {
    return this.givenUp.has(key);
  }
}
