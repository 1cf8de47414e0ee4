// Owlbear Rodeo's surface under random and forged input: scene metadata any player can write, items
// any player can shape, and the bridge's messages at each hop. Every reader gives what it could use
// and names what it dropped, never throwing; nothing forged gets through a hop.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  BRIDGE_NS,
  fromFrameSchema,
  fromPopupSchema,
  isCommandPostOrigin,
  toFrameSchema,
  toPopupSchema,
} from '../../../src/adapters/owlbear/bridge';
import { parseScale, readToken, tagOf } from '../../../src/adapters/owlbear/items';
import { GAME_KEY, OPS_PREFIX, PART_PREFIX, SCENE_KEY } from '../../../src/adapters/owlbear/keys';
import { readPages } from '../../../src/shared-game/ops';
import { digest } from '../../../src/shared-game/records';
import { parseSceneRequest } from '../../../src/shared-game/requests';
import { client } from '../../support/owlbear-room';

const hostile = fc.constantFrom<unknown>(
  '<img src=x onerror=alert(1)>',
  '__proto__',
  'x'.repeat(50_000),
  NaN,
  Infinity,
  -0,
  null,
  [],
  {},
  JSON.parse('{"__proto__":{"polluted":1}}'),
);
const junk = fc.oneof(hostile, fc.jsonValue({ maxDepth: 4 }), fc.anything({ maxDepth: 3 }));
/** An op as a client writes it, then damaged here and there. */
const op = fc.record({
  seq: fc.oneof({ weight: 4, arbitrary: fc.nat(20) }, { weight: 1, arbitrary: junk }),
  lamport: fc.oneof({ weight: 4, arbitrary: fc.nat(50) }, { weight: 1, arbitrary: junk }),
  by: fc.constantFrom('p1', 'p2', '', '<img>'),
  gm: fc.boolean(),
  request: fc.oneof(
    fc.constant({ type: 'game/dispatch', system: 'hd-command', event: { type: 'upkeep' } }),
    fc.constant({ type: 'game/undo', system: 'bdc' }),
    fc.constant({ type: 'scene/seats', player: 'p1', name: '<b>Ann</b>', seats: [0] }),
    fc.constant({ type: 'store/restore', key: 'commandPost.backup.x' }),
    fc.constant({ id: 'r1', type: 'game/undo', system: 'bdc' }),
    junk,
  ),
});
const page = fc.record({
  v: fc.constant(2),
  scene: fc.constantFrom('s1', 's2', ''),
  done: fc.oneof({ weight: 4, arbitrary: fc.nat(5) }, { weight: 1, arbitrary: junk }),
  ops: fc.array(op, { maxLength: 6 }),
});
const key = fc.oneof(
  fc.constantFrom(GAME_KEY, SCENE_KEY, `${PART_PREFIX}state.0`, `${PART_PREFIX}hd-command.0.0`),
  fc.constantFrom('w1.bg', 'w1.bg.3', 'w1.bg.9', 'w2.bg', 'w3.action', 'w1.x').map((w) => OPS_PREFIX + w),
  fc.string({ maxLength: 10 }).map((w) => OPS_PREFIX + w),
  fc.string({ maxLength: 20 }),
);
const metadata = fc.dictionary(
  key,
  fc.oneof(
    page,
    fc.record({
      v: fc.constant(2),
      scene: fc.constant('s1'),
      gen: fc.nat(3),
      by: fc.string(),
      covers: fc.oneof(fc.constant({}), junk),
      lamport: fc.nat(9),
      gm: fc.constant({}),
      state: fc.oneof(fc.constant([]), junk),
    }),
    fc.constant('s1'),
    junk,
  ),
  { maxKeys: 8 },
);

describe('Owlbear scene metadata written by anyone (property)', () => {
  it('is read without throwing: what is played is an action a shared scene takes, by a writer at the table whose record signs it', async () => {
    await fc.assert(
      fc.asyncProperty(metadata, fc.boolean(), fc.boolean(), async (meta, signW1, w2gm) => {
        const me = client('me.bg', 'me', false);
        // w1 and w2 are at the table (Owlbear says so); anything else is no one's. w1's record signs its pages as they stand, or not.
        const pages = [0, 1, 2, 3, 4, 5, 6, 7].map((p) => meta[`${OPS_PREFIX}w1.bg${p ? `.${p}` : ''}`] ?? null);
        const scene = typeof meta[SCENE_KEY] === 'string' ? (meta[SCENE_KEY] as string) : 's1';
        me.game.setParty([
          {
            holder: 'w1',
            player: 'p1',
            gm: false,
            record: signW1 ? { v: 1, ops: [{ s: scene, h: digest(pages), n: 9 }], cp: [] } : null,
          },
          {
            holder: 'w2',
            player: 'p2',
            gm: w2gm,
            record: { v: 1, ops: [], cp: [{ s: scene, h: digest(meta[GAME_KEY] ?? null), g: 1 }] },
          },
        ]);
        await me.game.receive(meta);
        for (const o of me.game.playedOps) {
          // Every op played is an action a shared scene takes: a valid game request or the table's own, never a store request.
          expect(parseSceneRequest(o.request).ok).toBe(true);
          expect(o.request.type.startsWith('store/')).toBe(false);
          expect(o.by).toBe(o.author.player);
          // Only w1's signed pages are played (w2 signs none of its own).
          expect(o.writer).toBe('w1.bg');
          expect(signW1).toBe(true);
        }
        for (const d of me.game.state.dropped) expect(typeof d.problem).toBe('string');
        expect(typeof me.game.state.root.activeSystem).toBe('string');
      }),
      { numRuns: 1500 },
    );
    // 1,500 reads: about 3.6 s alone, past vitest's 5 s beside the rest of the suite on two cores.
  }, 30_000);

  it("one writer's pages: a bad op is dropped alone, the good ones kept in order; an op whose clock goes back is refused", () => {
    const good = (seq: number, lamport = seq + 1000) => ({
      seq,
      lamport,
      by: 'p1',
      request: { type: 'game/dispatch', system: 'hd-command', event: { type: 'upkeep' } },
    });
    const author = { player: 'p1', gm: false };
    const keys = ['k0', 'k1'];
    fc.assert(
      fc.property(fc.array(op, { maxLength: 8 }), (ops) => {
        // Malformed ops (no usable seq) are dropped alone: the good ops around them are kept (a page
        // past what a key holds is dropped whole: the ops here are small).
        const broken = ops.filter((o) => JSON.stringify(o).length < 2000).map((o) => ({ ...o, seq: 'x' }));
        const read = readPages(
          'w1.bg',
          keys,
          [
            { v: 2, scene: 's', done: 0, ops: [good(1), ...broken] },
            { v: 2, scene: 's', done: 0, ops: [good(2)] },
          ],
          author,
          's',
          0,
          Number.MAX_SAFE_INTEGER,
        );
        expect(read.ops.map((o) => o.seq)).toEqual([1, 2]);
        // Whatever the pages hold, what is kept is in seq order, each its writer's own, each a shared scene's action.
        const mixed = readPages(
          'w1.bg',
          keys,
          [
            {
              v: 2,
              scene: 's',
              done: 0,
              ops: [good(1), ...ops.filter((o) => JSON.stringify(o).length < 2000), good(40, 5)],
            },
            null,
          ],
          author,
          's',
          0,
          Number.MAX_SAFE_INTEGER,
        );
        for (let i = 1; i < mixed.ops.length; i++) expect(mixed.ops[i]!.seq).toBeGreaterThan(mixed.ops[i - 1]!.seq);
        for (let i = 1; i < mixed.ops.length; i++)
          expect(mixed.ops[i]!.lamport).toBeGreaterThan(mixed.ops[i - 1]!.lamport);
        for (const o of mixed.ops) expect(parseSceneRequest(o.request).ok).toBe(true);
        // A page of another scene is nobody's here.
        expect(
          readPages(
            'w1.bg',
            keys,
            [{ v: 2, scene: 'other', done: 0, ops: [good(1)] }, null],
            author,
            's',
            0,
            Number.MAX_SAFE_INTEGER,
          ).ops,
        ).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('Owlbear items and grid shaped by anyone (property)', () => {
  it('a token is read or dropped, a tag is read or null, a scale always gives a number', () => {
    fc.assert(
      fc.property(
        junk,
        fc.dictionary(fc.string({ maxLength: 30 }), junk, { maxKeys: 4 }),
        fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('5ft', '1.5 m', '-3cm', '1e400in', 'hex', '')),
        (raw, meta, scale) => {
          const read = readToken(raw, 150);
          expect(typeof read).toBe('object');
          const tag = tagOf(meta);
          expect(tag === null || typeof tag === 'object').toBe(true);
          const parsed = parseScale(scale);
          expect(Number.isFinite(parsed.multiplier) && parsed.multiplier > 0).toBe(true);
          expect(typeof parsed.unit).toBe('string');
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('the bridge, hop by hop, under forged messages (property)', () => {
  it('each hop takes only its own namespaced, valid messages', () => {
    const forged = fc.oneof(
      junk,
      fc.record(
        {
          ns: fc.constantFrom(BRIDGE_NS, 'other'),
          type: fc.constantFrom(
            'bridge/hello',
            'bridge/request',
            'bridge/response',
            'bridge/state',
            'bridge/eval',
            'bridge/ticks',
            'port/request',
            'port/response',
            'port/ticks',
          ),
          rid: fc.oneof(fc.string({ maxLength: 70 }), junk),
          request: junk,
          response: junk,
          v: junk,
          system: fc.oneof(fc.constantFrom('dc', 'chess'), junk),
          ticks: fc.oneof(fc.array(fc.string({ maxLength: 70 }), { maxLength: 90 }), junk),
        },
        { requiredKeys: ['ns', 'type'] },
      ),
    );
    fc.assert(
      fc.property(forged, (m) => {
        for (const schema of [fromFrameSchema, toFrameSchema]) {
          const r = v.safeParse(schema, m);
          if (r.success) expect((m as { ns?: unknown }).ns).toBe(BRIDGE_NS);
        }
        for (const schema of [fromPopupSchema, toPopupSchema]) v.safeParse(schema, m);
        // A request relayed through the bridge is checked again as the worker checks it.
        const relayed = v.safeParse(fromPopupSchema, m);
        if (relayed.success && relayed.output.type === 'port/request') expect(typeof relayed.output.rid).toBe('string');
        // Ticks only name pieces of a known system, within bounds.
        if (relayed.success && relayed.output.type === 'port/ticks')
          expect(relayed.output.ticks.length).toBeLessThanOrEqual(80);
      }),
      { numRuns: 3000 },
    );
  });

  it('the browser extension answers only Command Post origins', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl().map((u) => new URL(u).origin),
          fc.string({ maxLength: 40 }),
        ),
        (origin) => {
          if (isCommandPostOrigin(origin, ['https://cp.example.org'])) expect(origin).toBe('https://cp.example.org');
          if (isCommandPostOrigin(origin, [], true))
            expect(origin).toMatch(/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
