import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { append, emptyLog, type EventLog } from '../../../src/game/log';
import { check, deepFreeze, expectReplays, GAMES } from '../../support/games';
import { hdCommand, type HdConfig, type HdEvent, type HdState } from '../../../src/rules/hd-command';

/*
 * Thousands of random games, both editions, every house rule: the pool invariants hold after every
 * event, a refused event changes nothing, and undo restores the previous state exactly.
 */
const side = fc.constantFrom('A' as const, 'B' as const);
const fighterId = fc.constantFrom('A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'B1', 'B2', 'B3', 'B7');
const amount = fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom(-1, 1.5, 1000));
const event: fc.Arbitrary<HdEvent> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ type: fc.constant('start' as const) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('upkeep' as const) }) },
  { weight: 6, arbitrary: fc.record({ type: fc.constant('spend' as const), side, amount, permanent: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('fighterLost' as const),
      side,
      fighterId,
      how: fc.constantFrom('killed' as const, 'eliminated' as const, 'left' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('fighterEnters' as const),
      side,
      name: fc.constantFrom('renfort', ' '),
      cmd: fc.integer({ min: -1, max: 5 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('modifierApplied' as const),
      side,
      fighterId,
      delta: fc.integer({ min: -5, max: 5 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('modifierEnded' as const),
      side,
      modifierId: fc.constantFrom('m1', 'm2', 'm3', 'm4'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('newGame' as const) }) },
);
const roster = (s: 'A' | 'B') =>
  fc
    .array(fc.record({ name: fc.constantFrom('chef', 'sergent', 'bretteur'), cmd: fc.integer({ min: 0, max: 5 }) }), {
      minLength: 1,
      maxLength: 6,
    })
    .map((fighters): HdEvent => ({ type: 'rosterSet', side: s, fighters }));
const config: fc.Arbitrary<HdConfig> = fc.record({
  edition: fc.constantFrom('gestion' as const, 'commandement' as const),
  houseRules: fc.record({
    leavingCountsAsLoss: fc.boolean(),
    commandementModifierTiming: fc.constantFrom('immediate' as const, 'next-upkeep' as const),
    lostBeforeCredit: fc.constantFrom('cancel-credit' as const, 'literal' as const),
    modifierEndGivesBack: fc.constantFrom('applied' as const, 'nominal' as const),
  }),
});
// fast-check keeps arrays short unless told: games of 10 to 40 random events.
const game = fc.tuple(config, roster('A'), roster('B'), fc.array(event, { minLength: 10, maxLength: 40 }));

const poolsAreSound = (state: HdState) => {
  for (const s of Object.values(state.sides)) {
    expect(Number.isInteger(s.base) && Number.isInteger(s.current)).toBe(true);
    expect(0 <= s.current && s.current <= s.base).toBe(true);
  }
};

describe('hd-command invariants (property tests)', () => {
  it('0 ≤ current ≤ base, whole numbers, after every accepted event; refused events change nothing; undo is exact', () => {
    let accepted = 0;
    fc.assert(
      fc.property(game, fc.array(fc.nat(), { maxLength: 3 }), ([cfg, rosterA, rosterB, events], probes) => {
        // Every state is frozen: a rule that altered the state it was given, refused or not, would throw.
        let state = deepFreeze(hdCommand.initialState(cfg));
        let log: EventLog<HdEvent> = emptyLog();
        const states = [state];
        for (const e of [rosterA, rosterB, { type: 'start' } as HdEvent, ...events]) {
          const result = append(hdCommand, state, log, e);
          if (!result.ok) continue;
          ({ state, log } = result.value);
          deepFreeze(state);
          states.push(state);
          for (const s of Object.values(state.sides)) {
            check(
              Number.isInteger(s.base) && Number.isInteger(s.current),
              () => `pool not whole after ${JSON.stringify(e)}: ${s.base}/${s.current}`,
            );
            check(
              0 <= s.current && s.current <= s.base,
              () => `pool out of bounds after ${JSON.stringify(e)}: base ${s.base}, current ${s.current}`,
            );
          }
        }
        accepted += log.cursor;
        // Undo is a cursor move: the fold up to any cursor is the state the game had there.
        expectReplays(hdCommand, cfg, log, states, probes);
      }),
      { numRuns: GAMES },
    );
    // The games get played, not only refused (2 rosters and the start, then about 6 of the random events).
    expect(accepted / GAMES).toBeGreaterThan(8);
  }, 120_000);

  it('a fighter who leaves gives back his modifiers exactly as ending them first would (one path, credited or not)', () => {
    // With modifiers that act at once, losing a fighter = ending each of his modifiers, then losing him.
    const immediate = config.filter(
      (c) => c.edition === 'gestion' || c.houseRules.commandementModifierTiming === 'immediate',
    );
    fc.assert(
      fc.property(
        fc.tuple(
          immediate,
          roster('A'),
          roster('B'),
          fc.array(event, { maxLength: 40 }),
          fighterId,
          fc.constantFrom('killed' as const, 'left' as const),
        ),
        ([cfg, rosterA, rosterB, events, id, how]) => {
          let state = hdCommand.initialState(cfg);
          for (const e of [rosterA, rosterB, { type: 'start' } as HdEvent, ...events]) {
            const r = hdCommand.apply(state, e);
            if (r.ok) state = r.value;
          }
          const sideId = id[0] as 'A' | 'B';
          const lost: HdEvent = { type: 'fighterLost', side: sideId, fighterId: id, how };
          const direct = hdCommand.apply(state, lost);
          if (!direct.ok) return;
          let stepwise = state;
          for (const m of state.sides[sideId].modifiers.filter((x) => x.fighterId === id)) {
            const ended = hdCommand.apply(stepwise, { type: 'modifierEnded', side: sideId, modifierId: m.id });
            expect(ended.ok).toBe(true);
            if (ended.ok) stepwise = ended.value;
          }
          const after = hdCommand.apply(stepwise, lost);
          expect(after.ok && after.value).toEqual(direct.value);
          // Nothing of his is left to end by hand.
          expect(direct.value.sides[sideId].modifiers.some((m) => m.fighterId === id)).toBe(false);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('a spend is accepted exactly when it is a whole number no larger than current', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.oneof(fc.integer({ min: -5, max: 40 }), fc.double({ noNaN: false })),
        fc.boolean(),
        (cmd, spend, permanent) => {
          const started = [
            { type: 'rosterSet', side: 'A', fighters: [{ name: 'chef', cmd }] },
            { type: 'start' },
          ].reduce<HdState>((s, e) => {
            const r = hdCommand.apply(s, e as HdEvent);
            if (!r.ok) throw new Error(r.error.code);
            return r.value;
          }, hdCommand.initialState(hdCommand.defaultConfig));
          const result = hdCommand.apply(started, { type: 'spend', side: 'A', amount: spend, permanent });
          const legal = Number.isInteger(spend) && spend >= 0 && spend <= cmd;
          expect(result.ok).toBe(legal);
          if (result.ok) {
            expect(result.value.sides.A.current).toBe(cmd - spend);
            expect(result.value.sides.A.base).toBe(permanent ? cmd - spend : cmd);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
