// This player's sealed values the game has just read (`SharedGame.openings`), opened for the table by
// his page, the same on every tabletop: each at once, and again after `HOST_TIMING.revealAgainMs` if
// its opening did not land (a write lost, refused, or written over).
import { bound } from './bound';
import { HOST_TIMING } from './policy';

export class Reveals {
  /** When each seal was last opened. */
  private readonly opened = new Map<string, number>();

  /** Of the values to open, those due now (each noted as opened at `now`). */
  due<T extends { readonly seal: string }>(values: readonly T[], now: number): T[] {
    const fresh = values.filter((x) => (this.opened.get(x.seal) ?? -Infinity) < now - HOST_TIMING.revealAgainMs);
    for (const x of fresh) {
      this.opened.delete(x.seal);
      this.opened.set(x.seal, now);
    }
    bound(this.opened, 1000);
    return fresh;
  }
}
