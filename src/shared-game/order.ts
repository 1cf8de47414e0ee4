// Which ops play, in what order, with what authority: a pure step (./view.ts `replay` gathers what it
// read of each writer and asks this; ./play.ts then plays the answer over the checkpoint).
//
//   - A writer's op plays if the checkpoint does not cover it (`coveredOf`: what it covers, or what its
//     line says it held of a writer it forgot), his holder has a player (at the table, or remembered),
//     and either his pages are current (his record signs them) or the op is at most what his pages say
//     a checkpoint already covers of him (`done`). Pages his record does not sign yet, which carry on
//     from what was accepted, stay current while his record still signs what was (a write on its way:
//     no clock decides it).
//   - A claim to act as game master holds if the tabletop says the writer is one now, or the op is at most
//     the highest seq of his a game master's claim was seen to hold for (the checkpoint's `gm`, or this
//     client's own sight). Any other claim is said, and the op plays as a player's.
//   - This writer's own ops past what the checkpoint covers of it play too, with their own claims.
//   - Every client plays them in one order: lamport, then writer, then seq (./play.ts `opOrder`).
import type { Author, Dropped, Op } from './model';
import type { ReadOp } from './ops';
import { opOrder, type PlacedOp } from './play';

export interface OrderInput {
  /** Each writer's ops as read, and what his pages say a checkpoint covers of him. */
  readonly seen: ReadonlyMap<string, { readonly ops: ReadonlyMap<number, ReadOp>; readonly done: number }>;
  /** How far each writer's actions are in the checkpoint (./queries.ts `coveredOf`). */
  readonly coveredOf: (writer: string) => number;
  /** The player a writer's holder is (the tabletop's word, or remembered), or undefined: no one's. */
  readonly playerOf: (writer: string) => string | undefined;
  /** Whether a writer's pages are current: his record signs them, or they carry on from what was accepted while it still signs that. */
  readonly current: (writer: string) => boolean;
  /** Whether the tabletop says a writer is a game master now. */
  readonly gmNow: (writer: string) => boolean;
  /** The highest seq of a writer's a game master's claim was seen to hold for (the checkpoint's word, or this client's sight). */
  readonly gmThrough: (writer: string) => number;
  /** This client: its writer, its author, its own ops not yet covered or not, and how far the checkpoint covers it. */
  readonly me: {
    readonly writer: string;
    readonly author: Author;
    readonly ops: readonly Op[];
    readonly covered: number;
  };
  /** The key a writer's claims are said against (his first page). */
  readonly claimKey: (writer: string) => string;
}

/** A claim to act as game master: holds, none made, or made and holding for no one. */
export function authority(
  input: Pick<OrderInput, 'gmNow' | 'gmThrough'>,
  writer: string,
  op: { readonly seq: number; readonly gm?: boolean },
): 'gm' | 'player' | 'false-claim' {
  if (op.gm !== true) return 'player';
  if (input.gmNow(writer)) return 'gm';
  return op.seq <= input.gmThrough(writer) ? 'gm' : 'false-claim';
}

/** The ops to play, in play order, and the claims that held for no one (said). */
export function orderOps(input: OrderInput): { ops: PlacedOp[]; claims: Dropped[] } {
  const out: PlacedOp[] = [];
  const claims: Dropped[] = [];
  for (const [writer, seen] of input.seen) {
    const player = input.playerOf(writer);
    if (player === undefined) continue;
    const done = input.coveredOf(writer);
    const current = input.current(writer);
    for (const op of seen.ops.values()) {
      if (op.seq <= done || (!current && op.seq > seen.done)) continue;
      const claim = authority(input, writer, op);
      if (claim === 'false-claim')
        claims.push({
          key: input.claimKey(writer),
          problem: `op ${op.seq}: says its author acted as game master; no one at the table saw him one then (played as a player’s)`,
          kind: 'refused',
        });
      out.push({ ...op, author: { player, gm: claim === 'gm' } });
    }
  }
  const { me } = input;
  for (const op of me.ops) {
    if (op.seq <= me.covered) continue;
    out.push({
      ...op,
      writer: me.writer,
      id: `${me.writer}:${op.seq}`,
      author: { player: me.author.player, gm: authority(input, me.writer, op) === 'gm' },
    });
  }
  return { ops: out.sort(opOrder), claims };
}
