// Pages written back for their writer (src/shared-game/returns.ts): what a return key may carry, and
// what a hostile player gets from writing one. Under both readings of Owlbear's merge.
import { describe, expect, it } from 'vitest';
import { OPS_PREFIX } from '../../../src/adapters/owlbear/keys';
import { LIMITS } from '../../../src/shared-game/model';
import { copyToReturn, droppedUncovered, readReturned, returnedValue } from '../../../src/shared-game/returns';
import { digest } from '../../../src/shared-game/records';
import { signPages } from '../../../src/shared-game/signing';
import { nodeCodec } from '../../support/owlbear-room';
import { Table, names, sideEdited } from './harness';

const pages = (first: unknown): unknown[] => [first, ...Array<null>(LIMITS.pagesPerWriter - 1).fill(null)];

describe('what a return key may hold', () => {
  it.each([
    ['pages of this scene', returnedValue('s1', pages({ v: 2, scene: 's1', done: 0, ops: [] })), 's1', true],
    ['another scene’s', returnedValue('s2', pages(null)), 's1', false],
    ['fewer pages than a writer has', { v: 2, scene: 's1', pages: [null] }, 's1', false],
    ['an unknown field', { ...returnedValue('s1', pages(null)), extra: 1 }, 's1', false],
    ['not an object', 'pages', 's1', false],
    [
      'larger than a key may be',
      returnedValue('s1', pages({ v: 2, scene: 's1', done: 0, ops: ['x'.repeat(LIMITS.keyChars)] })),
      's1',
      false,
    ],
  ])('%s', (_, value, scene, reads) => {
    expect(readReturned(value, scene) !== null).toBe(reads);
  });

  it.each([
    // before, kept, coverage → dropped
    [[1, 2, 3], [3], 0, [1, 2]],
    [[1, 2, 3], [3], 2, []],
    [[4, 5], [4, 5, 6], 3, []],
    [[2, 7], [], 1, [2, 7]],
  ])(
    'held %j, his pages now %j, the checkpoint played covering %i: dropped uncovered %j',
    (before, kept, coverage, dropped) => {
      expect(droppedUncovered(before, new Set(kept), coverage)).toEqual(dropped);
    },
  );

  it('writes back the first copy whose dropped actions the table lacks', () => {
    const a = { values: pages(null), seqs: [2] };
    const b = { values: pages(null), seqs: [1] };
    expect(copyToReturn([a, b], 0, new Set([2]))).toBe(b);
    expect(copyToReturn([a, b], 2, new Set())).toBeNull();
    expect(copyToReturn([a, b], 0, new Set([1, 2]))).toBeNull();
  });
});

/** A table of a game master and two players, playing Hell Dorado's command, everyone heard. */
async function playing(mode: 'server' | 'client') {
  const table = new Table(mode, 2);
  for (const c of table.honest) await table.hear(c);
  expect(await table.act(table.gm, { type: 'store/select-system', system: 'hd-command' })).toBe(true);
  await table.settle(3);
  const [p1] = table.players as [(typeof table.players)[0]];
  return { table, p1 };
}

describe.each(['server', 'client'] as const)('a hostile return key (%s merge)', (mode) => {
  it('pages a player never signed, written back in his name, are played by no one, said, and emptied at the next compaction', async () => {
    const { table, p1 } = await playing(mode);
    expect(await table.act(p1, sideEdited('A', 'mine'))).toBe(true);
    await table.settle(3);
    const scene = table.metadata['dev.commandpost/scene'] as string;
    const key = `${OPS_PREFIX}${p1.me.writer}.r`;
    const forged = {
      seq: 99,
      lamport: 5,
      by: 'p1',
      request: {
        type: 'game/dispatch',
        system: 'hd-command',
        event: { type: 'sideEdited', side: 'B', name: 'forged' },
      },
    };
    table.forge({ [key]: returnedValue(scene, pages({ v: 2, scene, done: 0, ops: [forged] })) });
    await table.settle(3);
    // Emptied at the next compaction (not a reason to compact by itself).
    expect(await table.act(table.gm, sideEdited('B', 'next'))).toBe(true);
    await table.settle(10);
    for (const c of table.honest) expect(names(c), c.me.writer).not.toContain('forged');
    expect(
      table.gm.game.refusedLately.some((d) => d.key === key && /no writer at the table signs/.test(d.problem)),
    ).toBe(true);
    expect(table.metadata[key] ?? null).toBeNull();
    for (const c of table.honest) expect(names(c), c.me.writer).toContain('mine');
  });

  it('an old copy of his signed pages, written back, plays nothing twice and is emptied at the next compaction', async () => {
    const { table, p1 } = await playing(mode);
    expect(await table.act(p1, sideEdited('A', 'once'))).toBe(true);
    await table.calm();
    const scene = table.metadata['dev.commandpost/scene'] as string;
    const held = Array.from(
      { length: LIMITS.pagesPerWriter },
      (_, p) => table.metadata[`${OPS_PREFIX}${p1.me.writer}${p ? `.${p}` : ''}`] ?? null,
    );
    expect(JSON.stringify(held)).toContain('once');
    await table.settle(10);
    const key = `${OPS_PREFIX}${p1.me.writer}.r`;
    table.forge({ [key]: returnedValue(scene, held) });
    await table.settle(3);
    expect(await table.act(table.gm, sideEdited('B', 'next'))).toBe(true);
    await table.settle(10);
    for (const c of table.honest)
      expect(
        names(c).filter((x) => x === 'once'),
        c.me.writer,
      ).toEqual(['once']);
    expect(table.metadata[key] ?? null).toBeNull();
  });
});

describe.each(['server', 'client'] as const)('a gone writer’s return key (%s merge)', (mode) => {
  it('pages written back in a player’s name with a signature no one here can prove: the game master is asked, leaves them, and no one plays them', async () => {
    const { table, p1 } = await playing(mode);
    const scene = table.metadata['dev.commandpost/scene'] as string;
    const secret = (await nodeCodec.newSecret())!;
    const key = (await nodeCodec.publicKey(secret))!;
    const page = {
      v: 2,
      scene,
      done: 0,
      ops: [{ seq: 1, lamport: 1, by: p1.me.player, request: sideEdited('A', 'forged') }],
    };
    const held = pages(page);
    const sig = await signPages(nodeCodec, secret, key, 'ghost.bg', {
      scene,
      player: p1.me.player,
      gm: false,
      h: digest(held),
    });
    table.forgedKeys.add(key);
    table.forge({ [`${OPS_PREFIX}ghost.bg.r`]: returnedValue(scene, held, sig) });
    await table.settle(10);
    expect(table.unprovenChoices).toEqual(['leave']);
    expect(await table.act(table.gm, sideEdited('B', 'next'))).toBe(true);
    await table.settle(10);
    for (const c of table.honest) expect(names(c), c.me.writer).not.toContain('forged');
    expect(table.metadata[`${OPS_PREFIX}ghost.bg.r`] ?? null).toBeNull();
  });
});
