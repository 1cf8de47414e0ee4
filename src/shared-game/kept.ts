// What a browser keeps of its earlier connections' pages (./types.ts `Keeper.signedPages`): two pure
// decisions, so that what is written back of them never holds an action the table may already have.
//   - `keptCut`: how far that connection's actions may be in the game this client plays. What the
//     checkpoint covers of him; for a connection it forgot, how far its line says it held him (one its
//     line never held goes back whole); where the line cannot say, and his keys are empty two checkpoints
//     after this browser last saw his actions on the table, as far as it saw them land, else as far as it
//     saw them covered.
//   - `noteLanded`: what this client now sees of him (the highest seq on the table, the highest covered,
//     and the checkpoint it played when it saw uncovered ones) added to what was kept.

import { lastSeq } from './ops';

/** A game master's pages as his connection `writer` wrote them, and his key's signature of them (./keys.ts `signature`). */
export interface KeptSigned {
  readonly writer: string;
  readonly pages: readonly unknown[];
  readonly signature: unknown;
  /**
   * The highest seq of that connection this browser saw on the table (its pages echoed, played from
   * them, or covered by a checkpoint): what may have been folded in since. Past it, nothing was.
   */
  readonly landed?: number;
  /** The highest seq of it this browser saw a checkpoint cover. */
  readonly covered?: number;
  /** The number of the checkpoint this browser played when it last saw actions of it on the table that no checkpoint covered. */
  readonly landedGen?: number;
}

/**
 * How many of its connections' signed pages a browser keeps on a scene (a refresh is a new connection):
 * 8, where 4 let a player who refreshed four times before anything was compacted lose his first
 * action (seed 336858918). Pages hold only what is not compacted yet: most are a few hundred characters.
 */
export const KEPT_CONNECTIONS = 8;

/**
 * The kept connections once `kept` is saved: it first, then the others as they were. Past `max`, one
 * with nothing left to write back (every action of it seen covered, or none) goes first, the oldest
 * of those; only then the oldest: a player who refreshes again and again before his first action
 * reaches the table keeps it (his fifth connection forgot his first's when four were kept).
 */
export function keptAfterSaving(list: readonly KeptSigned[], kept: KeptSigned, max = KEPT_CONNECTIONS): KeptSigned[] {
  const out = [kept, ...list.filter((k) => k.writer !== kept.writer)];
  while (out.length > max) {
    let drop = out.length - 1;
    for (let i = out.length - 1; i > 0; i--)
      if (lastSeq(out[i]!.pages) <= (out[i]!.covered ?? 0)) {
        drop = i;
        break;
      }
    out.splice(drop, 1);
  }
  return out;
}

/** What a checkpoint's `forgot` says of a writer it does not cover: how far, `never`, or null (cannot say). */
export type ForgotWord = number | 'never' | null;

export function keptCut(
  kept: KeptSigned,
  checkpoint: { readonly covers: Readonly<Record<string, number>>; readonly gen: number },
  forgot: ForgotWord,
  keysEmpty: () => boolean,
): number {
  if (kept.writer in checkpoint.covers) return checkpoint.covers[kept.writer]!;
  // (One this browser saw covered was covered by another checkpoint of the same number, which lost: seed 1960359586.)
  if (forgot !== null) return forgot === 'never' ? 0 : forgot;
  const mayBeForgotten = checkpoint.gen > (kept.landedGen ?? -Infinity) + 1 && keysEmpty();
  return mayBeForgotten ? Math.max(kept.landed ?? 0, kept.covered ?? 0) : (kept.covered ?? 0);
}

/** The kept entry with what is seen now, or the same object if that adds nothing (nothing to save). */
export function noteLanded(kept: KeptSigned, landed: number, covered: number, gen: number): KeptSigned {
  const at = landed > covered ? gen : (kept.landedGen ?? null);
  if (!(
    landed > (kept.landed ?? 0) ||
    covered > (kept.covered ?? 0) ||
    (at !== null && at > (kept.landedGen ?? -Infinity))
  ))
    return kept;
  return {
    ...kept,
    landed: Math.max(landed, kept.landed ?? 0),
    covered: Math.max(covered, kept.covered ?? 0),
    ...(at !== null ? { landedGen: Math.max(at, kept.landedGen ?? at) } : {}),
  };
}
