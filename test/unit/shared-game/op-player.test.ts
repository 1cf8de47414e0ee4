// The op player (src/shared-game/play.ts `OpPlayer`): after a compaction folds the first ops into its
// checkpoint, the ops after them are not played again from it (each play of an op copies the whole
// log: at 90,000 events a compaction that played its ten young ops again took tens of ms), and what it
// answers is what a player that never saw the first ops answers.
import { describe, expect, it } from 'vitest';
import { EMPTY_TABLE_GAME, OpPlayer, type PlacedOp } from '../../../src/shared-game/play';

let lamport = 0;
function op(writer: string, gm: boolean, request: PlacedOp['request']): PlacedOp {
  const seq = ++lamport;
  return {
    writer,
    seq,
    lamport,
    id: `${writer}:${seq}`,
    by: writer,
    author: { player: writer, gm },
    request,
  } as PlacedOp;
}
const show = (show: boolean) => ({ type: 'scene/visibility', show, gmOnly: [] }) as unknown as PlacedOp['request'];

/** Five ops, the third refused (only a game master seats players). */
function evening(): PlacedOp[] {
  lamport = 0;
  return [
    op('gm', true, { type: 'store/select-system', system: 'hd-command' } as PlacedOp['request']),
    op('gm', true, show(false)),
    op('p', false, { type: 'scene/seats', player: 'p', name: 'P', seats: [0] } as unknown as PlacedOp['request']),
    op('gm', true, show(true)),
    op('gm', true, show(false)),
  ];
}

describe('OpPlayer: the ops after a compaction are not played again', () => {
  for (const folded of [2, 3]) {
    it(`the first ${folded} folded (${folded === 3 ? 'the last of them refused' : 'the next one refused'}): the same game, the same object`, () => {
      const ops = evening();
      const player = new OpPlayer();
      const first = player.play(EMPTY_TABLE_GAME, ops);
      expect(first.refused.has('p:3')).toBe(true);
      const base = player.gameAfter(EMPTY_TABLE_GAME, ops.slice(0, folded));
      const rest = ops.slice(folded);
      const next = player.play(base, rest);
      // Not played again: the very game the first play made.
      expect(next.game).toBe(first.game);
      // And what a player that starts from the checkpoint answers.
      const fresh = new OpPlayer().play(base, rest);
      expect(next.game).toEqual(fresh.game);
      expect(next.order).toEqual(fresh.order);
      expect(next.order).toEqual(rest.map((o) => o.id));
      expect([...next.refused.keys()]).toEqual([...fresh.refused.keys()]);
    });
  }

  it('a start that is none of its steps is played from, as before', () => {
    const ops = evening();
    const player = new OpPlayer();
    const first = player.play(EMPTY_TABLE_GAME, ops);
    const base = { ...player.gameAfter(EMPTY_TABLE_GAME, ops.slice(0, 2)) };
    const next = player.play(base, ops.slice(2));
    expect(next.game).not.toBe(first.game);
    expect(next.game).toEqual(first.game);
  });
});
