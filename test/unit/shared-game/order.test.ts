// Which ops play, in what order, with what authority (src/shared-game/order.ts), a pure step tested by
// a table of cases: each writer's pages as read, what the checkpoint and the tabletop say, and the answer.
import { describe, expect, it } from 'vitest';
import type { Op } from '../../../src/shared-game/model';
import type { ReadOp } from '../../../src/shared-game/ops';
import { orderOps, type OrderInput } from '../../../src/shared-game/order';

const REQUEST = { type: 'game/undo', system: 'hd-command' } as Op['request'];

function read(writer: string, seq: number, lamport: number, gm = false): ReadOp {
  return {
    writer,
    seq,
    lamport,
    id: `${writer}:${seq}`,
    author: { player: 'x', gm: false },
    claimsGm: gm,
    request: REQUEST,
    ...(gm ? { gm: true } : {}),
  } as ReadOp;
}

function pages(...ops: ReadOp[]) {
  return { ops: new Map(ops.map((o) => [o.seq, o])), done: 0 };
}

function input(over: Partial<OrderInput> = {}): OrderInput {
  return {
    seen: new Map(),
    coveredOf: () => 0,
    playerOf: (writer) => `player-${writer}`,
    current: () => true,
    gmNow: () => false,
    gmThrough: () => 0,
    me: { writer: 'me', author: { player: 'player-me', gm: false }, ops: [], covered: 0 },
    claimKey: (writer) => `${writer}/0`,
    ...over,
  };
}

const ids = (x: { ops: { id: string }[] }) => x.ops.map((o) => o.id);

describe('orderOps: which ops play', () => {
  it("every writer's ops past what the checkpoint covers, in one order: lamport, writer, seq", () => {
    const seen = new Map([
      ['b', pages(read('b', 1, 2), read('b', 2, 5))],
      ['a', pages(read('a', 1, 2), read('a', 2, 1), read('a', 3, 9))],
    ]);
    const answer = orderOps(input({ seen, coveredOf: (w) => (w === 'a' ? 1 : 0) }));
    expect(ids(answer)).toEqual(['a:2', 'b:1', 'b:2', 'a:3']);
    expect(answer.ops.find((o) => o.id === 'b:1')!.author).toEqual({ player: 'player-b', gm: false });
  });

  it("a writer whose holder is no one's (not at the table, not remembered): none of his", () => {
    const seen = new Map([['ghost', pages(read('ghost', 1, 1))]]);
    expect(ids(orderOps(input({ seen, playerOf: () => undefined })))).toEqual([]);
  });

  it('pages his record does not sign: only what they say a checkpoint already covers of him', () => {
    const seen = new Map([['a', { ...pages(read('a', 1, 1), read('a', 2, 2), read('a', 3, 3)), done: 2 }]]);
    expect(ids(orderOps(input({ seen, current: () => false, coveredOf: () => 1 })))).toEqual(['a:2']);
    expect(ids(orderOps(input({ seen, current: () => true, coveredOf: () => 1 })))).toEqual(['a:2', 'a:3']);
  });

  it("this client's own ops past what the checkpoint covers of it, among the others", () => {
    const mine = [
      { seq: 1, lamport: 1, request: REQUEST },
      { seq: 2, lamport: 4, request: REQUEST },
    ] as Op[];
    const seen = new Map([['a', pages(read('a', 1, 3))]]);
    const answer = orderOps(
      input({ seen, me: { writer: 'me', author: { player: 'player-me', gm: false }, ops: mine, covered: 1 } }),
    );
    expect(ids(answer)).toEqual(['a:1', 'me:2']);
    expect(answer.ops[1]!.author).toEqual({ player: 'player-me', gm: false });
  });
});

describe('orderOps: a claim to act as game master', () => {
  const seen = new Map([['g', pages(read('g', 1, 1, true), read('g', 2, 2, true), read('g', 3, 3))]]);

  it('holds while the tabletop says he is one', () => {
    const answer = orderOps(input({ seen, gmNow: () => true }));
    expect(answer.ops.map((o) => o.author.gm)).toEqual([true, true, false]);
    expect(answer.claims).toEqual([]);
  });

  it("after he stopped: only for ops a game master's claim was seen to hold for; any other is said, and plays as a player's", () => {
    const answer = orderOps(input({ seen, gmThrough: () => 1 }));
    expect(answer.ops.map((o) => o.author.gm)).toEqual([true, false, false]);
    expect(answer.claims).toEqual([
      {
        key: 'g/0',
        problem: expect.stringContaining('op 2: says its author acted as game master') as string,
        kind: 'refused',
      },
    ]);
  });

  it("this client's own claims likewise", () => {
    const mine = [
      { seq: 1, lamport: 1, request: REQUEST, gm: true },
      { seq: 2, lamport: 2, request: REQUEST, gm: true },
    ] as Op[];
    const answer = orderOps(
      input({
        me: { writer: 'me', author: { player: 'player-me', gm: false }, ops: mine, covered: 0 },
        gmThrough: (w) => (w === 'me' ? 1 : 0),
      }),
    );
    expect(answer.ops.map((o) => o.author.gm)).toEqual([true, false]);
  });
});
