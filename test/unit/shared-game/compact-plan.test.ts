// What the next checkpoint holds (src/shared-game/compact.ts `planCheckpoint`), a pure step tested by a
// table of cases as Excalidraw tests its reconcile: each case the keys as read, and what the plan answers.
import { describe, expect, it } from 'vitest';
import { planCheckpoint, type PlanInput } from '../../../src/shared-game/compact';
import type { PlacedOp } from '../../../src/shared-game/play';
import { SYNC_TIMING } from '../../../src/shared-game/policy';

const NOW = 1_000_000;

/** An op of `writer` at `seq`, first played `age` ms ago. */
function op(writer: string, seq: number, lamport: number, gm = false): PlacedOp {
  return {
    writer,
    seq,
    lamport,
    id: `${writer}:${seq}`,
    author: { player: writer, gm },
    ...(gm ? { gm: true } : {}),
    request: { type: 'game/undo', system: 'hd-command' },
  } as PlacedOp;
}

function input(over: Partial<PlanInput> & { ages?: Record<string, number> } = {}): PlanInput {
  const ops = over.ops ?? [];
  const ages = over.ages ?? {};
  return {
    now: NOW,
    settleMs: 500,
    ops,
    firstPlayed: new Map(ops.map((o) => [o.id, NOW - (ages[o.id] ?? 10_000)])),
    base: { covers: {}, gm: {}, forgot: {} },
    listsForgot: true,
    forgotWriters: 64,
    seen: new Map(),
    ahead: new Set(),
    playsAnother: () => false,
    gone: () => false,
    held: () => ({ pages: [], signature: null }),
    asked: new Set(),
    goneSince: new Map(),
    returnKeys: new Map(),
    strangers: [],
    ...over,
  };
}

const seen = (done: number, ...seqs: number[]) => ({ done, ops: new Map(seqs.map((s) => [s, null])) });

describe('planCheckpoint: which ops the checkpoint holds', () => {
  it("every op played long enough: each writer covered to his last, a game master's claim noted", () => {
    const ops = [op('a', 1, 1, true), op('b', 1, 2), op('a', 2, 3)];
    const plan = planCheckpoint(input({ ops }));
    expect(plan.settled).toBe(ops);
    expect(plan.covers).toEqual({ a: 2, b: 1 });
    expect(plan.gm).toEqual({ a: 1 });
    expect(plan.coversChanged).toBe(true);
  });

  it('a young op ends the prefix: what follows it in play order waits, however old', () => {
    const ops = [op('a', 1, 1), op('b', 1, 2), op('a', 2, 3)];
    const plan = planCheckpoint(input({ ops, ages: { 'b:1': 100 } }));
    expect(plan.settled.map((o) => o.id)).toEqual(['a:1']);
    expect(plan.covers).toEqual({ a: 1 });
  });

  it('a writer whose pages say another checkpoint holds actions of his: the prefix ends at his first op past this one, and his word is not taken', () => {
    const ops = [op('a', 1, 1), op('b', 3, 2), op('a', 2, 3)];
    const plan = planCheckpoint(
      input({
        ops,
        base: { covers: { b: 2 }, gm: {}, forgot: {} },
        ahead: new Set(['b']),
        seen: new Map([['b', seen(5, 3)]]),
      }),
    );
    expect(plan.settled.map((o) => o.id)).toEqual(['a:1']);
    expect(plan.covers).toEqual({ a: 1, b: 2 });
  });

  it('nothing new: the plan says so', () => {
    const plan = planCheckpoint(input({ base: { covers: { a: 2 }, gm: { a: 1 }, forgot: {} } }));
    expect(plan.settled).toEqual([]);
    expect(plan.coversChanged).toBe(false);
    expect(plan.clear).toEqual([]);
  });
});

describe("planCheckpoint: a writer's own word", () => {
  it('what his pages say a checkpoint holds of him is covered, held here or not', () => {
    const plan = planCheckpoint(
      input({ base: { covers: { a: 1 }, gm: {}, forgot: {} }, seen: new Map([['a', seen(4)]]) }),
    );
    expect(plan.covers).toEqual({ a: 4 });
  });

  it('not while his record says he plays another checkpoint (seed -542129869: an action lost)', () => {
    const plan = planCheckpoint(
      input({
        base: { covers: { a: 1 }, gm: {}, forgot: {} },
        seen: new Map([['a', seen(4)]]),
        playsAnother: (w) => w === 'a',
      }),
    );
    expect(plan.covers).toEqual({ a: 1 });
  });

  it('never below what is covered already', () => {
    const plan = planCheckpoint(
      input({ base: { covers: { a: 6 }, gm: {}, forgot: {} }, seen: new Map([['a', seen(4)]]) }),
    );
    expect(plan.covers).toEqual({ a: 6 });
  });
});

describe('planCheckpoint: gone writers', () => {
  const gone = (w: string) => w === 'g';
  it('all of him covered: his pages and their signature emptied, and when noted; still covered', () => {
    const plan = planCheckpoint(
      input({
        base: { covers: { g: 3 }, gm: {}, forgot: {} },
        seen: new Map([['g', seen(3, 2, 3)]]),
        gone,
        held: () => ({ pages: ['g/0', 'g/1'], signature: 'g/sig' }),
      }),
    );
    expect(plan.clear).toEqual(['g/0', 'g/1', 'g/sig']);
    expect(plan.goneSince.get('g')).toBe(NOW);
    expect(plan.covers).toEqual({ g: 3 });
    expect(plan.forgotten).toEqual([]);
  });

  it('an op of his not covered yet: his keys stay', () => {
    const plan = planCheckpoint(
      input({
        base: { covers: { g: 3 }, gm: {}, forgot: {} },
        seen: new Map([['g', seen(3, 3, 4)]]),
        gone,
        held: () => ({ pages: ['g/0'], signature: null }),
      }),
    );
    expect(plan.clear).toEqual([]);
  });

  it('pages of his this client never played, that his game master is asked about: kept until he answers', () => {
    // (Seed 1381138580: a game master back with nothing kept emptied a refreshed player's pages, written
    // back by the player who had played them, each time, before he could answer: the action was lost.)
    const plan = planCheckpoint(
      input({
        base: { covers: { g: 1 }, gm: {}, forgot: {} },
        seen: new Map([['g', seen(1)]]),
        gone,
        held: () => ({ pages: ['g/0'], signature: 'g/sig' }),
        asked: new Set(['g']),
      }),
    );
    expect(plan.clear).toEqual([]);
    expect(plan.covers).toEqual({ g: 1 });
  });

  it('a signature alone left in his keys does not make him be emptied again', () => {
    const plan = planCheckpoint(
      input({
        base: { covers: { g: 3 }, gm: {}, forgot: {} },
        seen: new Map([['g', seen(3, 3)]]),
        gone,
        held: () => ({ pages: [], signature: 'g/sig' }),
      }),
    );
    expect(plan.clear).toEqual([]);
  });

  it(`his keys empty for forgetMs (${SYNC_TIMING.forgetMs} ms): he leaves covers and gm for the forgot list`, () => {
    const plan = planCheckpoint(
      input({
        base: { covers: { g: 3, a: 1 }, gm: { g: 2 }, forgot: {} },
        gone,
        goneSince: new Map([['g', NOW - SYNC_TIMING.forgetMs]]),
      }),
    );
    expect(plan.covers).toEqual({ a: 1 });
    expect(plan.gm).toEqual({});
    expect(plan.forgot).toEqual({ g: 3 });
    expect(plan.forgotten).toEqual(['g']);
    expect(plan.goneSince.has('g')).toBe(false);
  });

  it('a moment before forgetMs: still covered, and the moment kept', () => {
    const since = NOW - SYNC_TIMING.forgetMs + 1;
    const plan = planCheckpoint(
      input({ base: { covers: { g: 3 }, gm: {}, forgot: {} }, gone, goneSince: new Map([['g', since]]) }),
    );
    expect(plan.covers).toEqual({ g: 3 });
    expect(plan.goneSince.get('g')).toBe(since);
  });

  it('emptied in this very plan: forgotten only at a later one', () => {
    const plan = planCheckpoint(
      input({
        base: { covers: { g: 3 }, gm: {}, forgot: {} },
        seen: new Map([['g', seen(3, 3)]]),
        gone,
        held: () => ({ pages: ['g/0'], signature: null }),
        goneSince: new Map([['g', NOW - 10 * SYNC_TIMING.forgetMs]]),
      }),
    );
    expect(plan.clear).toEqual(['g/0']);
    expect(plan.covers).toEqual({ g: 3 });
    expect(plan.goneSince.get('g')).toBe(NOW);
  });

  it('a line that does not list whom it forgot (started before the list): none listed', () => {
    const plan = planCheckpoint(
      input({
        base: { covers: { g: 3 }, gm: {}, forgot: null },
        listsForgot: false,
        gone,
        goneSince: new Map([['g', 0]]),
      }),
    );
    expect(plan.forgot).toBeNull();
    expect(plan.forgotten).toEqual(['g']);
  });

  it('the list keeps the newest forgotten, at most forgotWriters', () => {
    const forgot = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`old${i}`, i + 1]));
    const plan = planCheckpoint(
      input({ base: { covers: { g: 9 }, gm: {}, forgot }, forgotWriters: 3, gone, goneSince: new Map([['g', 0]]) }),
    );
    expect(plan.forgot).toEqual({ old2: 3, old3: 4, g: 9 });
  });

  it('a forgotten writer back at the table is his own word again: he leaves the list', () => {
    const plan = planCheckpoint(
      input({ ops: [op('old', 5, 1)], base: { covers: {}, gm: {}, forgot: { old: 4, other: 2 } } }),
    );
    expect(plan.covers).toEqual({ old: 5 });
    expect(plan.forgot).toEqual({ other: 2 });
  });

  it('a writer at the table is never emptied nor forgotten', () => {
    const plan = planCheckpoint(
      input({
        base: { covers: { a: 3 }, gm: {}, forgot: {} },
        seen: new Map([['a', seen(3, 3)]]),
        held: () => ({ pages: ['a/0'], signature: null }),
        goneSince: new Map([['a', 0]]),
      }),
    );
    expect(plan.clear).toEqual([]);
    expect(plan.covers).toEqual({ a: 3 });
  });
});

describe('planCheckpoint: other keys emptied with it', () => {
  it('a return key once every seq it holds is covered, not before', () => {
    const returnKeys = new Map([
      ['a', { key: 'ret/a', live: [2, 3] }],
      ['b', { key: 'ret/b', live: [2, 5] }],
    ]);
    const plan = planCheckpoint(input({ base: { covers: { a: 3, b: 4 }, gm: {}, forgot: {} }, returnKeys }));
    expect(plan.clear).toEqual(['ret/a']);
  });

  it(`a stranger's key once it stood still strangerMs (${SYNC_TIMING.strangerMs} ms), not before`, () => {
    const plan = planCheckpoint(
      input({
        strangers: [
          ['x/0', NOW - SYNC_TIMING.strangerMs],
          ['y/0', NOW - SYNC_TIMING.strangerMs + 1],
        ],
      }),
    );
    expect(plan.clear).toEqual(['x/0']);
  });
});
