// Whose signature a client takes for a game master's, on one scene (./signing.ts). Decided by what the
// keys and records hold, never by the clock:
//
// - proven: this client's own key while the tabletop says it is a game master; the key in the record of
//   a holder the tabletop says is a game master now, and the keys that record vouches for on this scene
//   (his word); the keys this browser kept from such proofs before (a game master who left still signs
//   what he wrote).
// - vouched: with no other game master at the table, a key every other player there names for this scene (what each of them verified): a
//   newcomer, a reload without storage, a game master back on a new browser (not one whose browser kept a
//   checkpoint of his own here: ./queries.ts `signedByKey`). A player who names none
//   (he knows nothing yet) leaves nothing vouched; one naming another set (a hostile player's own key)
//   neither, and that is said (`disputed`): the client waits for the game master, or asks him.
// - the table's scene: which scene the table plays, for a client with nothing of its own (its keys may
//   hold another scene's game, copied in, signed by the same game master): the one the game masters at
//   the table say they play, else the one every player playing a checkpoint names, else (to a page
//   that starts) the one every player who saw a game master there names.
import type { HolderRecord } from './records';

export interface Witnesses {
  readonly scene: string;
  /** This client's public key, if the tabletop says it is a game master now. */
  readonly own: string | null;
  /** Records of the holders the tabletop says are game masters now. */
  readonly gms: readonly (HolderRecord | null)[];
  /** Records of the other holders at the table. */
  readonly players: readonly (HolderRecord | null)[];
  /** Keys this browser kept for this scene from earlier proofs. */
  readonly kept: readonly string[];
}

export interface Trusted {
  /** Keys proven by the tabletop's word (or kept from it). */
  readonly proven: ReadonlySet<string>;
  /** Of those, the ones proven now (this client's own, the game masters' at the table): remembered, and vouched for first. */
  readonly live: ReadonlySet<string>;
  /** Keys taken on the players' word alone. */
  readonly vouched: ReadonlySet<string>;
  /** Players vouch for sets with no key in common. */
  readonly disputed: boolean;
  /** The newest checkpoint anyone at the table says it plays here: a client with none takes no older one (a stale copy). */
  readonly newest: number;
}

export function trustedKeys(w: Witnesses): Trusted {
  let newest = 0;
  for (const r of [...w.gms, ...w.players]) if (r?.g?.s === w.scene) newest = Math.max(newest, r.g.n ?? 0);
  const live = new Set<string>();
  if (w.own) live.add(w.own);
  for (const r of w.gms) {
    if (r?.k) live.add(r.k);
    if (r?.g?.s === w.scene) for (const k of r.g.k) live.add(k);
  }
  const proven = new Set<string>([...w.kept, ...live]);
  const lists = w.players.map((r) => (r?.g?.s === w.scene ? r.g.k : []));
  // A game master at the table says which keys are his table's: the players' word is for when none is.
  if (!lists.length || w.gms.length) return { proven, live, vouched: new Set(), disputed: false, newest };
  const common = lists.slice(1).reduce((acc, list) => acc.filter((k) => list.includes(k)), [...lists[0]!]);
  const named = lists.filter((l) => l.length > 0);
  const disputed =
    named.length > 1 &&
    named.slice(1).reduce((acc, list) => acc.filter((k) => list.includes(k)), [...named[0]!]).length === 0;
  return { proven, live, vouched: new Set(common), disputed, newest };
}

/** `keys` with `more` added, the newest last, at most `max` kept. */
export function remember(keys: readonly string[], more: Iterable<string>, max: number): string[] {
  const out = [...keys];
  for (const k of more) if (!out.includes(k)) out.push(k);
  return out.slice(-max);
}

/**
 * The scene the others at the table play (their records' `g`): the game masters' word if any gives it,
 * else that of the players who play a checkpoint there (a number); to a page that starts with nothing
 * of its own, else that of the players who saw a game master there (they vouch for a key on it; to a
 * game master's page, those who saw him by his own key first: before
 * anything was compacted, the scene's id written over with another's), else, to a game master's page
 * that starts, that of every player; null unless all who give the first word agree. A player follows no
 * player who plays nothing and saw no game master: two such, each following the other's new scene id,
 * would never agree (no one follows the game master's players back).
 */
export function tableScene(
  gms: readonly (HolderRecord | null)[],
  players: readonly (HolderRecord | null)[],
  to: { readonly starting: boolean; readonly gm: boolean; readonly own?: string | null } = {
    starting: false,
    gm: false,
  },
): string | null {
  const named = (records: readonly (HolderRecord | null)[], has: (g: NonNullable<HolderRecord['g']>) => boolean) => [
    ...new Set(records.flatMap((r) => (r?.g && has(r.g) ? [r.g.s] : []))),
  ];
  const own = to.gm ? to.own : null;
  const words = [
    named(gms, () => true),
    named(players, (g) => g.n !== undefined),
    // (A game master knows his own key: where players saw him by it, a hostile one vouching for a key of
    // his own on another scene is no word to him.)
    to.starting && own ? named(players, (g) => g.k.includes(own)) : [],
    to.starting ? named(players, (g) => g.k.length > 0) : [],
    to.starting && to.gm ? named(players, () => true) : [],
  ];
  for (const word of words) if (word.length) return word.length === 1 ? word[0]! : null;
  return null;
}

/** Of two checkpoints of the same number, whether the first is taken: the one short of fewer gone writers, then the digest that sorts first. */
export function sortsFirst(short: number, hash: string, otherShort: number, otherHash: string): boolean {
  return short !== otherShort ? short < otherShort : hash < otherHash;
}
