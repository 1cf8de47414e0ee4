// Owlbear Rodeo's surface under random and forged input: scene metadata any player can write, items
// any player can shape, and the bridge's messages at each hop. Every reader gives what it could use
// and names what it dropped, never throwing; nothing forged gets through a hop.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BRIDGE_NS, fromFrameSchema, fromPopupSchema, isCommandPostOrigin, toFrameSchema, toPopupSchema } from '../../../src/adapters/owlbear/bridge';
import { parseSceneRequest, readOpList, readScene } from '../../../src/adapters/owlbear/game';
import { parseScale, readToken, tagOf } from '../../../src/adapters/owlbear/items';
import { GAME_KEY, OPS_PREFIX } from '../../../src/adapters/owlbear/keys';

const hostile = fc.constantFrom<unknown>('<img src=x onerror=alert(1)>', '__proto__', 'x'.repeat(50_000), NaN, Infinity, -0, null, [], {}, JSON.parse('{"__proto__":{"polluted":1}}'));
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
const metadata = fc.dictionary(
  fc.oneof(fc.constant(GAME_KEY), fc.string({ maxLength: 10 }).map((w) => OPS_PREFIX + w), fc.constantFrom('w1.bg', 'w2.bg', 'w3.action').map((w) => OPS_PREFIX + w), fc.string({ maxLength: 20 })),
  fc.oneof(fc.record({ v: fc.constant(1), ops: fc.array(op, { maxLength: 6 }) }), fc.record({ v: fc.constant(1), gen: fc.nat(3), covers: fc.oneof(fc.constant({}), junk), lamport: fc.nat(9), game: fc.oneof(fc.string(), junk) }), junk),
  { maxKeys: 6 },
);

describe('Owlbear scene metadata written by anyone (property)', () => {
  it('is read without throwing: what is usable is kept, the rest named as dropped', () => {
    fc.assert(
      fc.property(metadata, (meta) => {
        // w1 and w2 are at the table (Owlbear says so); anything else is no one's.
        const read = readScene(meta, (c) => (c === 'w1' ? { player: 'p1', gm: false } : c === 'w2' ? { player: 'p2', gm: true } : null));
        for (const ops of read.writers.values()) {
          for (const o of ops) {
            // Every op kept is an action a shared scene takes: a valid game request or the scene's own, never a store request.
            expect(parseSceneRequest(o.request).ok).toBe(true);
            expect(o.request.type.startsWith('store/')).toBe(false);
          }
          // Each writer's ops are in their own order, with no gap, each its writer's own.
          for (let i = 1; i < ops.length; i++) expect(ops[i]!.seq).toBeGreaterThan(ops[i - 1]!.seq);
          for (const o of ops) expect(o.by).toBe(o.author.player);
        }
        for (const w of read.writers.keys()) expect(['w1.bg', 'w2.bg', 'w3.action'].includes(w) && !w.startsWith('w3')).toBe(true);
        for (const d of read.dropped) expect(typeof d.problem).toBe('string');
      }),
      { numRuns: 3000 },
    );
  });

  it('one writer\'s key: a bad op is dropped alone, the good one after it kept; nothing after a gap', () => {
    const good = (seq: number) => ({ seq, lamport: seq + 1000, by: 'p1', request: { type: 'game/dispatch', system: 'hd-command', event: { type: 'upkeep' } } });
    const author = { player: 'p1', gm: false };
    fc.assert(
      fc.property(fc.array(op, { maxLength: 8 }), (ops) => {
        // Malformed ops (no usable seq) are dropped alone: the good op after them, next in its run, is kept.
        const broken = ops.map((o) => ({ ...o, seq: 'x' }));
        const read = readOpList('w1.bg', { v: 1, ops: [...broken, good(1)] }, author);
        expect(read.ops.map((o) => o.seq)).toEqual([1]);
        // Whatever comes after a gap in the run of seqs is not played.
        const gap = readOpList('w1.bg', { v: 1, ops: [good(1), ...ops, good(Number.MAX_SAFE_INTEGER)] }, author);
        expect(gap.ops.at(-1)?.seq).not.toBe(Number.MAX_SAFE_INTEGER);
        for (const o of gap.ops) expect(parseSceneRequest(o.request).ok).toBe(true);
        for (let i = 0; i < gap.ops.length; i++) expect(gap.ops[i]!.seq).toBeLessThanOrEqual(i + 1 + ops.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('Owlbear items and grid shaped by anyone (property)', () => {
  it('a token is read or dropped, a tag is read or null, a scale always gives a number', () => {
    fc.assert(
      fc.property(junk, fc.dictionary(fc.string({ maxLength: 30 }), junk, { maxKeys: 4 }), fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('5ft', '1.5 m', '-3cm', '1e400in', 'hex', '')), (raw, meta, scale) => {
        const read = readToken(raw, 150);
        expect(typeof read).toBe('object');
        const tag = tagOf(meta);
        expect(tag === null || typeof tag === 'object').toBe(true);
        const parsed = parseScale(scale);
        expect(Number.isFinite(parsed.multiplier) && parsed.multiplier > 0).toBe(true);
        expect(typeof parsed.unit).toBe('string');
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the bridge, hop by hop, under forged messages (property)', () => {
  it('each hop takes only its own namespaced, valid messages', () => {
    const forged = fc.oneof(
      junk,
      fc.record({ ns: fc.constantFrom(BRIDGE_NS, 'other'), type: fc.constantFrom('bridge/hello', 'bridge/request', 'bridge/response', 'bridge/state', 'bridge/eval', 'bridge/ticks', 'owlbear/request', 'owlbear/response', 'owlbear/ticks'), rid: fc.oneof(fc.string({ maxLength: 70 }), junk), request: junk, response: junk, v: junk, system: fc.oneof(fc.constantFrom('dc', 'chess'), junk), ticks: fc.oneof(fc.array(fc.string({ maxLength: 70 }), { maxLength: 90 }), junk) }, { requiredKeys: ['ns', 'type'] }),
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
        if (relayed.success && relayed.output.type === 'owlbear/request') expect(typeof relayed.output.rid).toBe('string');
        // Ticks only name pieces of a known system, within bounds.
        if (relayed.success && relayed.output.type === 'owlbear/ticks') expect(relayed.output.ticks.length).toBeLessThanOrEqual(80);
      }),
      { numRuns: 3000 },
    );
  });

  it('the browser extension answers only Command Post origins', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl().map((u) => new URL(u).origin), fc.string({ maxLength: 40 })), (origin) => {
        if (isCommandPostOrigin(origin, ['https://cp.example.org'])) expect(origin).toBe('https://cp.example.org');
        if (isCommandPostOrigin(origin, [], true)) expect(origin).toMatch(/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/);
      }),
      { numRuns: 3000 },
    );
  });
});
