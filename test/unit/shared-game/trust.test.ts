// Whose signature a client takes for a game master's (src/shared-game/trust.ts), as a table of cases,
// and the signature itself (src/shared-game/signing.ts): what it covers, and what it refuses.
import { describe, expect, it } from 'vitest';
import { signedText, type Head } from '../../../src/shared-game/checkpoint';
import type { HolderRecord } from '../../../src/shared-game/records';
import { keyPairOf, signCheckpoint, verifyCheckpoint } from '../../../src/shared-game/signing';
import { sortsFirst, tableScene, trustedKeys, type Witnesses } from '../../../src/shared-game/trust';
import { nodeCodec } from '../../support/owlbear-room';

const K = (c: string) => c.repeat(64);
const GM = K('a');
const OLD = K('b');
const HOSTILE = K('f');
const record = (k: string | null, scene: string | null, vouched: string[] = []): HolderRecord => ({
  v: 1,
  ops: [],
  cp: [],
  ...(k ? { k } : {}),
  ...(scene ? { g: { s: scene, k: vouched } } : {}),
});
const base: Witnesses = { scene: 's1', own: null, gms: [], players: [], kept: [] };

const CASES: { name: string; w: Partial<Witnesses>; proven: string[]; vouched: string[]; disputed?: boolean }[] = [
  { name: 'nothing at all', w: {}, proven: [], vouched: [] },
  { name: 'this client, a game master', w: { own: GM }, proven: [GM], vouched: [] },
  {
    name: 'a game master at the table: his key and those he vouches for here',
    w: { gms: [record(GM, 's1', [OLD])] },
    proven: [GM, OLD],
    vouched: [],
  },
  {
    name: 'a game master’s vouching for another scene is not for this one',
    w: { gms: [record(GM, 's2', [OLD])] },
    proven: [GM],
    vouched: [],
  },
  { name: 'kept by this browser', w: { kept: [OLD] }, proven: [OLD], vouched: [] },
  {
    name: 'no game master: every player names the same key',
    w: { players: [record(null, 's1', [OLD]), record(null, 's1', [OLD, GM])] },
    proven: [],
    vouched: [OLD],
  },
  {
    name: 'no game master: one player names another key (disputed)',
    w: { players: [record(null, 's1', [OLD]), record(HOSTILE, 's1', [HOSTILE])] },
    proven: [],
    vouched: [],
    disputed: true,
  },
  {
    name: 'no game master: one player names none (he knows nothing, or lies by silence)',
    w: { players: [record(null, 's1', [OLD]), record(HOSTILE, null)] },
    proven: [],
    vouched: [],
  },
  {
    name: 'no game master: players of another scene vouch for nothing here',
    w: { players: [record(null, 's2', [OLD])] },
    proven: [],
    vouched: [],
  },
  {
    name: 'a game master at the table: the players’ word does not count',
    w: { gms: [record(GM, 's1')], players: [record(HOSTILE, 's1', [HOSTILE])] },
    proven: [GM],
    vouched: [],
  },
  {
    name: 'a game master’s own page: the players’ word still counts (back on a new browser)',
    w: { own: GM, players: [record(null, 's1', [OLD])] },
    proven: [GM],
    vouched: [OLD],
  },
];

describe('trustedKeys', () => {
  it.each(CASES)('$name', ({ w, proven, vouched, disputed }) => {
    const t = trustedKeys({ ...base, ...w });
    expect([...t.proven].sort()).toEqual([...proven].sort());
    expect([...t.vouched].sort()).toEqual([...vouched].sort());
    expect(t.disputed).toBe(disputed ?? false);
  });
});

// `tableScene`: the scene a page with nothing of its own is told the table plays. `played(s, n)`: a
// record playing checkpoint n on s; `saw(s)`: one that vouches for a game master's key on s.
const played = (s: string, n: number): HolderRecord => ({ v: 1, ops: [], cp: [], g: { s, k: [OLD], n } });
const saw = (s: string): HolderRecord => record(null, s, [OLD]);
const knowsNothing = (s: string): HolderRecord => record(null, s);
const STARTING = { starting: true, gm: false };
const SCENE_CASES: {
  name: string;
  gms: HolderRecord[];
  players: HolderRecord[];
  to?: { starting: boolean; gm: boolean; own?: string };
  told: string | null;
}[] = [
  { name: 'no one at the table', gms: [], players: [], to: STARTING, told: null },
  { name: 'a game master names it', gms: [record(GM, 's1')], players: [played('s2', 3)], told: 's1' },
  { name: 'players playing a checkpoint agree', gms: [], players: [played('s1', 2), played('s1', 3)], told: 's1' },
  { name: 'players playing a checkpoint disagree', gms: [], players: [played('s1', 2), played('s2', 3)], told: null },
  {
    name: 'a page that starts, nothing compacted yet: the players who saw a game master there, not the newcomers who followed the keys',
    gms: [],
    players: [saw('s1'), saw('s1'), knowsNothing('s2')],
    to: STARTING,
    told: 's1',
  },
  {
    name: 'a page that starts, the players who saw a game master disagree (a lie): no word',
    gms: [],
    players: [saw('s1'), saw('s2')],
    to: STARTING,
    told: null,
  },
  {
    name: 'a running page takes no word from players who play nothing (a hostile record would carry it off its scene)',
    gms: [],
    players: [saw('s2')],
    told: null,
  },
  {
    name: 'players who know nothing are no word to a player',
    gms: [],
    players: [knowsNothing('s1')],
    to: STARTING,
    told: null,
  },
  {
    name: 'to a game master whose page starts, they are',
    gms: [],
    players: [knowsNothing('s1')],
    to: { starting: true, gm: true },
    told: 's1',
  },
  {
    name: 'to his running page, they are not',
    gms: [],
    players: [knowsNothing('s1')],
    to: { starting: false, gm: true },
    told: null,
  },
  {
    name: 'to a game master whose page starts, the players who saw him (his own key), not one who vouches for another key on another scene (seed 475180950: a hostile record, another scene’s game his key signed copied in, taken)',
    gms: [],
    players: [saw('s1'), saw('s1'), record(null, 's2', [GM])],
    to: { starting: true, gm: true, own: OLD },
    told: 's1',
  },
  {
    name: 'a game master back on a new browser (a key no one saw): the players who saw a game master, as before',
    gms: [],
    players: [saw('s1'), saw('s1'), knowsNothing('s2')],
    to: { starting: true, gm: true, own: GM },
    told: 's1',
  },
  {
    name: 'a player cannot tell his game master’s key: the same words disagree, no word',
    gms: [],
    players: [saw('s1'), saw('s1'), record(null, 's2', [GM])],
    to: STARTING,
    told: null,
  },
];

describe('tableScene', () => {
  it.each(SCENE_CASES)('$name', ({ gms, players, to, told }) => {
    expect(tableScene(gms, players, to)).toBe(told);
  });
});

describe('a checkpoint’s signature', () => {
  const head: Head = {
    v: 2,
    scene: 's1',
    gen: 3,
    by: 'gm.bg',
    covers: { 'gm.bg': 4 },
    lamport: 9,
    gm: {},
    state: [{ key: 'state.0', h: '0'.repeat(32) }],
  };

  it('holds for its head and key, and for nothing changed', async () => {
    const kept: string[] = [];
    const pair = (await keyPairOf(nodeCodec, null, (s) => kept.push(s)))!;
    expect(kept).toEqual([pair.secret]);
    expect(pair.publicKey).toMatch(/^[0-9a-f]{64}$/);
    const signed: Head = { ...head, key: pair.publicKey };
    const sig = (await signCheckpoint(nodeCodec, pair.secret, signedText(signed)))!;
    expect(await verifyCheckpoint(nodeCodec, pair.publicKey, sig, signedText({ ...signed, sig }))).toBe(true);
    // Another number, another covers, another key named: refused.
    expect(await verifyCheckpoint(nodeCodec, pair.publicKey, sig, signedText({ ...signed, gen: 4 }))).toBe(false);
    expect(
      await verifyCheckpoint(nodeCodec, pair.publicKey, sig, signedText({ ...signed, covers: { 'gm.bg': 1e9 } })),
    ).toBe(false);
    const other = (await keyPairOf(nodeCodec, null, () => undefined))!;
    expect(
      await verifyCheckpoint(nodeCodec, other.publicKey, sig, signedText({ ...signed, key: other.publicKey })),
    ).toBe(false);
    expect(await verifyCheckpoint(nodeCodec, pair.publicKey, 'zz', signedText(signed))).toBe(false);
  });

  it('the key a browser kept is the one it goes on with; a damaged one is replaced', async () => {
    const first = (await keyPairOf(nodeCodec, null, () => undefined))!;
    expect(await keyPairOf(nodeCodec, first.secret, () => undefined)).toEqual(first);
    const kept: string[] = [];
    const fresh = (await keyPairOf(nodeCodec, 'not a key', (s) => kept.push(s)))!;
    expect(fresh.publicKey).not.toBe(first.publicKey);
    expect(kept).toEqual([fresh.secret]);
  });
});

// `sortsFirst`: of two checkpoints of the same number (two game masters who compacted apart), the one every client takes.
describe('sortsFirst', () => {
  it('the one short of fewer gone writers’ pages, whatever the digests (seed 568144336: the other held an action no page holds any more)', () => {
    expect(sortsFirst(0, 'f'.repeat(32), 1, '0'.repeat(32))).toBe(true);
    expect(sortsFirst(1, '0'.repeat(32), 0, 'f'.repeat(32))).toBe(false);
  });

  it('short of as many: the digest that sorts first, the same for every client', () => {
    expect(sortsFirst(2, '0'.repeat(32), 2, 'f'.repeat(32))).toBe(true);
    expect(sortsFirst(0, 'f'.repeat(32), 0, '0'.repeat(32))).toBe(false);
  });
});
