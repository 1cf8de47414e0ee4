import fc from 'fast-check';
import { BASE_SHAPES } from '../../../src/geometry/bases';
import { describe, expect, it } from 'vitest';
import { append, emptyLog, type EventLog } from '../../../src/game/log';
import { check, deepFreeze, expectReplays, GAMES } from '../../support/games';
import {
  bdc,
  d10Test,
  MORALE_STATES,
  rallyOutcome,
  stepsOf,
  type BdcConfig,
  type BdcEvent,
  type BdcState,
  type MoraleState,
} from '../../../src/rules/bdc';

/*
 * Random games under every setting: morale never goes beyond routed nor above normal, a rally never
 * costs more PA than the steps it recovers, a refused event changes nothing, undo is exact; and the
 * D10 rule: natural 1 always succeeds, natural 10 always fails, whatever the modifiers and target.
 */
const id = fc.constantFrom('u1', 'u2', 'l3', 'l4', 'u9');
const natural = fc.integer({ min: 1, max: 10 });
const event: fc.Arbitrary<BdcEvent> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('moraleTests' as const),
      id,
      naturals: fc.array(natural, { minLength: 1, maxLength: 6 }),
      modifier: fc.integer({ min: -2, max: 2 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('rallied' as const),
      id,
      payer: id,
      pa: fc.integer({ min: 0, max: 4 }),
      team: fc.integer({ min: 0, max: 2 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ type: fc.constant('activated' as const), id, card: fc.integer({ min: 0, max: 3 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('paSpent' as const),
      id,
      team: fc.integer({ min: 0, max: 2 }),
      amount: fc.integer({ min: 0, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('unitEdited' as const),
      id,
      unit: fc.record({
        doctrine: fc.constantFrom('rigid' as const, 'flexible' as const),
        teams: fc.integer({ min: 1, max: 4 }),
      }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('tested' as const),
      target: fc.integer({ min: 0, max: 12 }),
      modifier: fc.integer({ min: -9, max: 9 }),
      natural,
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('turnEnded' as const) }) },
);
const setup: BdcEvent[] = [
  { type: 'unitAdded', unit: { name: 'G1', level: 'confiant', experience: 3, doctrine: 'rigid', teams: 1 } },
  { type: 'unitAdded', unit: { name: 'G2', level: 'hesitant', experience: 4, doctrine: 'flexible', teams: 2 } },
  { type: 'leaderAdded', leader: { name: 'L3', morale: 9, pa: 5, aptitude: { kind: 'tir', modifier: -2 } } },
  { type: 'leaderAdded', leader: { name: 'L4', morale: 5, pa: 2, aptitude: { kind: '', modifier: 0 } } },
];
const config: fc.Arbitrary<BdcConfig> = fc.record({
  rules: fc.record({
    moraleTests: fc.constantFrom('sequential' as const, 'simultaneous' as const),
    factorDrops: fc.boolean(),
    routedFails: fc.constantFrom('stays-routed' as const, 'breaks' as const),
    teamPa: fc.constantFrom('full' as const, 'split' as const),
    measureFrom: fc.constantFrom('edge' as const, 'centre' as const),
    commandCm: fc.constant(10),
    contactCm: fc.constantFrom(0, 0.5),
    bases: fc.constantFrom(...BASE_SHAPES),
  }),
  experience: fc.constant(bdc.defaultConfig.experience),
});

const totalPa = (s: BdcState): number => s.troops.reduce((sum, t) => sum + t.counters.reduce((a, b) => a + b, 0), 0);
const totalSteps = (s: BdcState): number => s.troops.reduce((sum, t) => sum + stepsOf(t.state), 0);

describe('bdc invariants over random games', () => {
  it('morale stays within normal…routed; a rally costs exactly the steps it recovers; a card is drawn once per turn; refusals change nothing; undo is exact', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        config,
        fc.array(event, { minLength: 10, maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        (cfg, events, probes) => {
          // Every state is frozen: a rule that altered the state it was given, refused or not, would throw.
          let state = deepFreeze(bdc.initialState(cfg));
          let log: EventLog<BdcEvent> = emptyLog();
          const states = [state];
          const drawn = new Set<string>();
          for (const e of [...setup, ...events]) {
            const next = append(bdc, state, log, e);
            if (!next.ok) continue;
            const key = e.type === 'activated' ? `${e.id}:${e.id.startsWith('l') ? 1 : e.card}` : '';
            const after = deepFreeze(next.value.state);
            const what = () => `after ${JSON.stringify(e)}`;
            // A card is drawn once per turn: a second draw is refused, so PA only ever grows at a first draw.
            if (e.type === 'activated') {
              check(!drawn.has(key), () => `a card drawn twice in a turn ${what()}`);
              drawn.add(key);
            } else {
              check(totalPa(after) <= totalPa(state), () => `PA grew ${what()}`);
            }
            if (e.type === 'turnEnded') drawn.clear();
            for (const t of after.troops) {
              check(
                MORALE_STATES.includes(t.state) && stepsOf(t.state) >= 0 && stepsOf(t.state) <= 3,
                () => `morale ${t.state} ${what()}`,
              );
              check(
                t.counters.every((c) => c >= 0),
                () => `negative PA ${what()}`,
              );
            }
            if (e.type === 'rallied') {
              const paid = totalPa(state) - totalPa(after);
              const recovered = totalSteps(state) - totalSteps(after);
              check(paid === e.pa && recovered === paid, () => `rally paid ${paid} for ${recovered} steps ${what()}`);
            }
            state = after;
            log = next.value.log;
            states.push(state);
          }
          accepted += log.cursor - setup.length;
          // Undo is a cursor move: the fold up to any cursor is the state the game had there.
          expectReplays(bdc, cfg, log, states, probes);
        },
      ),
      { numRuns: GAMES },
    );
    // The games get played, not only refused.
    expect(accepted / GAMES).toBeGreaterThan(5);
  }, 120_000);

  it('a card drawn a second time in the same turn is refused with its reason and changes nothing', () => {
    fc.assert(
      fc.property(
        config,
        fc.array(event, { maxLength: 30 }),
        fc.constantFrom('u1', 'u2', 'l3', 'l4'),
        fc.constantFrom(1, 2),
        (cfg, events, id, card) => {
          let state = bdc.initialState(cfg);
          for (const e of [...setup, ...events]) {
            const r = bdc.apply(state, e);
            if (r.ok) state = r.value;
          }
          const draw: BdcEvent = { type: 'activated', id, card };
          const first = bdc.apply(state, draw);
          if (!first.ok) return;
          const second = bdc.apply(first.value, draw);
          expect(second).toEqual({
            ok: false,
            error: id.startsWith('l')
              ? { code: 'bdc-leader-card-drawn', params: { name: id.toUpperCase() } }
              : { code: 'bdc-card-drawn', params: { name: id === 'u1' ? 'G1' : 'G2', card } },
          });
          // Once the turn ends, the card is back.
          const ended = bdc.apply(first.value, { type: 'turnEnded' });
          expect(ended.ok && bdc.apply(ended.value, draw).ok).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rallyOutcome never goes above normal and recovers at most the PA spent', () => {
    fc.assert(
      fc.property(fc.constantFrom<MoraleState>(...MORALE_STATES), fc.integer({ min: 0, max: 9 }), (from, pa) => {
        const { state, recovered } = rallyOutcome(from, pa);
        expect(recovered).toBeLessThanOrEqual(pa);
        expect(recovered).toBe(stepsOf(from) - stepsOf(state));
        expect(stepsOf(state)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('the D10 test', () => {
  it('natural 1 always succeeds and natural 10 always fails, whatever the modifiers and target', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -20, max: 30 }), (modifier, target) => {
        expect(d10Test(1, target, modifier).success).toBe(true);
        expect(d10Test(10, target, modifier).success).toBe(false);
      }),
    );
  });

  it('otherwise succeeds exactly when natural + modifiers ≤ target', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: -9, max: 9 }),
        fc.integer({ min: 0, max: 12 }),
        (n, modifier, target) => {
          expect(d10Test(n, target, modifier).success).toBe(n + modifier <= target);
        },
      ),
    );
  });

  it('in the fold as well: a tested event with natural 1 or 10 records success or failure', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 10),
        fc.integer({ min: -18, max: 18 }),
        fc.integer({ min: 1, max: 20 }),
        (natural, modifier, target) => {
          const r = bdc.apply(bdc.initialState(bdc.defaultConfig), { type: 'tested', target, modifier, natural });
          expect(r.ok && r.value.last?.tests[0]?.success).toBe(natural === 1);
        },
      ),
    );
  });
});
