import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { append, emptyLog, replay, type EventLog } from '../../../src/game/log';
import { check, deepFreeze, expectReplays, GAMES } from '../../support/games';
import {
  CHARACTERISTICS,
  DEFAULT_HDM_CONFIG,
  hdModifiers,
  STATES,
  type HdmConfig,
  type HdmEvent,
  type HdmState,
} from '../../../src/rules/hd-modifiers';

/*
 * Random fighters, effects and states: the bounds hold, the order of increases/bonuses/maluses does
 * not matter, a state applied twice counts once, removing an effect restores the value without it,
 * a refused event changes nothing and undo is exact.
 */
const characteristic = fc.constantFrom(...CHARACTERISTICS);
const state = fc.constantFrom(...STATES);
const fighter = fc.constantFrom('f1', 'f2', 'f3');
const amount = fc.integer({ min: -4, max: 4 });
const increase = fc.record(
  {
    type: fc.constant('effectAdded' as const),
    fighter,
    characteristic,
    kind: fc.constant('increase' as const),
    amount,
    ceiling: fc.integer({ min: 0, max: 7 }),
    source: fc.constant('i'),
  },
  { requiredKeys: ['type', 'fighter', 'characteristic', 'kind', 'amount'] },
);
const bonus = fc.record(
  {
    type: fc.constant('effectAdded' as const),
    fighter,
    characteristic,
    kind: fc.constant('bonus' as const),
    amount,
    nonCumulative: fc.constantFrom('a', 'b'),
    source: fc.constant('b'),
  },
  { requiredKeys: ['type', 'fighter', 'characteristic', 'kind', 'amount'] },
);
const direct = fc.record(
  {
    type: fc.constant('effectAdded' as const),
    fighter,
    characteristic,
    kind: fc.constant('direct' as const),
    value: fc.integer({ min: 0, max: 8 }),
    imposedBy: fighter,
    scope: fc.constantFrom('pass' as const, 'activation' as const, 'turn' as const, 'lasting' as const),
  },
  { requiredKeys: ['type', 'fighter', 'characteristic', 'kind', 'value', 'scope'] },
);
const modifier: fc.Arbitrary<HdmEvent> = fc.oneof(increase, bonus);
const event: fc.Arbitrary<HdmEvent> = fc.oneof(
  { weight: 4, arbitrary: modifier },
  { weight: 2, arbitrary: direct },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('effectRemoved' as const),
      effect: fc.constantFrom('e1', 'e2', 'e3', 'e5', 'e8'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constantFrom('stateApplied' as const, 'stateRemoved' as const), fighter, state }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('activeFighterSet' as const),
      fighter: fc.option(fighter, { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('scopeEnded' as const),
      scope: fc.constantFrom('pass' as const, 'activation' as const, 'turn' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('fighterRemoved' as const), fighter }) },
);
const card = fc.record(
  Object.fromEntries(CHARACTERISTICS.map((c) => [c, fc.integer({ min: 0, max: 7 })])) as Record<
    string,
    fc.Arbitrary<number>
  >,
);
const config: fc.Arbitrary<HdmConfig> = fc.record({
  rules: fc.record({
    directTie: fc.constantFrom('most-recent' as const, 'lowest' as const, 'highest' as const),
    nonCumulativeKeeps: fc.constantFrom('largest' as const, 'most-recent' as const),
    repeatedState: fc.constantFrom('once' as const, 'stacks' as const),
    scopeNesting: fc.constantFrom('nested' as const, 'separate' as const),
  }),
  states: fc.constant(DEFAULT_HDM_CONFIG.states),
});
const added = (cards: Record<string, number>[]): HdmEvent[] =>
  cards.map((c, i) => ({ type: 'fighterAdded', name: `g${i}`, card: c }));

function play(cfg: HdmConfig, events: readonly HdmEvent[]): HdmState {
  let s = hdModifiers.initialState(cfg);
  for (const e of events) {
    const r = hdModifiers.apply(s, e);
    if (r.ok) s = r.value;
  }
  return s;
}
const values = (s: HdmState) => Object.fromEntries(s.fighters.map((f) => [f.id, f.values]));

describe('hd-modifiers invariants (property tests)', () => {
  it('every value within its bounds (DEF in [1, 5]) unless a direct value applies; refusals change nothing; undo is exact', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        config,
        fc.array(card, { minLength: 1, maxLength: 3 }),
        fc.array(event, { minLength: 10, maxLength: 25 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        (cfg, cards, events, probes) => {
          // Every state is frozen: a rule that altered the state it was given, refused or not, would throw.
          let s = deepFreeze(hdModifiers.initialState(cfg));
          let log: EventLog<HdmEvent> = emptyLog();
          const states = [s];
          for (const e of [...added(cards), ...events]) {
            const result = append(hdModifiers, s, log, e);
            if (!result.ok) continue;
            ({ state: s, log } = result.value);
            states.push(deepFreeze(s));
            for (const f of s.fighters) {
              for (const c of CHARACTERISTICS) {
                const v = f.values[c]!;
                check(Number.isInteger(v), () => `${f.id} ${c} = ${v} after ${JSON.stringify(e)}`);
                const directed = s.effects.some(
                  (x) => x.kind === 'direct' && x.fighter === f.id && x.characteristic === c,
                );
                if (directed) continue;
                check(
                  v >= (c === 'DEF' ? 1 : 0) && (c !== 'DEF' || v <= 5),
                  () => `${f.id} ${c} = ${v} out of bounds after ${JSON.stringify(e)}`,
                );
              }
            }
          }
          accepted += log.cursor - cards.length;
          // Undo is a cursor move: the fold up to any cursor is the state the game had there.
          expectReplays(hdModifiers, cfg, log, states, probes);
        },
      ),
      { numRuns: GAMES },
    );
    // The games get played, not only refused.
    expect(accepted / GAMES).toBeGreaterThan(5);
  }, 120_000);

  it('recomputing from the lists does not depend on the order of increases, bonuses and maluses', () => {
    fc.assert(
      fc.property(
        fc.array(card, { minLength: 1, maxLength: 3 }),
        fc
          .array(modifier, { maxLength: 12 })
          .chain((mods) =>
            fc.tuple(fc.constant(mods), fc.shuffledSubarray(mods, { minLength: mods.length, maxLength: mods.length })),
          ),
        fc.array(fc.record({ type: fc.constant('stateApplied' as const), fighter, state }), { maxLength: 4 }),
        (cards, [mods, shuffled], states) => {
          const cfg = DEFAULT_HDM_CONFIG;
          const a = play(cfg, [...added(cards), ...states, ...mods]);
          const b = play(cfg, [...added(cards), ...shuffled, ...states.slice().reverse()]);
          expect(values(b)).toEqual(values(a));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a state applied twice counts once (house default)', () => {
    fc.assert(
      fc.property(card, fc.array(modifier, { maxLength: 6 }), state, (c, mods, st) => {
        const base = [...added([c]), ...mods, { type: 'stateApplied', fighter: 'f1', state: st } as HdmEvent];
        const once = play(DEFAULT_HDM_CONFIG, base);
        const twice = play(DEFAULT_HDM_CONFIG, [...base, { type: 'stateApplied', fighter: 'f1', state: st }]);
        expect(values(twice)).toEqual(values(once));
        // One removal clears it: exactly as if it had never been applied.
        const cleared = play(DEFAULT_HDM_CONFIG, [
          ...base,
          { type: 'stateApplied', fighter: 'f1', state: st },
          { type: 'stateRemoved', fighter: 'f1', state: st },
        ]);
        expect(values(cleared)).toEqual(values(play(DEFAULT_HDM_CONFIG, base.slice(0, -1))));
      }),
      { numRuns: 300 },
    );
  });

  it('removing an effect restores exactly the value without it', () => {
    fc.assert(
      fc.property(
        config,
        fc.array(card, { minLength: 1, maxLength: 2 }),
        fc.array(fc.oneof(modifier, direct), { minLength: 1, maxLength: 10 }),
        fc.nat(),
        (cfg, cards, effects, pick) => {
          const all = play(cfg, [...added(cards), ...effects]);
          if (all.effects.length === 0) return;
          const target = all.effects[pick % all.effects.length]!;
          const removed = hdModifiers.apply(all, { type: 'effectRemoved', effect: target.id });
          if (!removed.ok) throw new Error(removed.error.code);
          // The same game where that effect was never added (its event left out).
          const index = Number(target.id.slice(1)) - 1;
          let s = play(cfg, added(cards));
          let serial = 0;
          for (const e of effects) {
            const r = hdModifiers.apply(s, e);
            if (!r.ok) continue;
            serial += 1;
            if (serial - 1 === index) continue;
            s = r.value;
          }
          expect(values(removed.value)).toEqual(values(s));
        },
      ),
      { numRuns: 300 },
    );
  });
});
