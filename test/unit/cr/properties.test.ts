import fc from 'fast-check';
import { BASE_SHAPES } from '../../../src/geometry/bases';
import { describe, expect, it } from 'vitest';
import { append, emptyLog, type EventLog } from '../../../src/game/log';
import { check, deepFreeze, expectReplays, GAMES } from '../../support/games';
import { commandRoll, planFor, type CrConfig, type CrEvent, type CrState } from '../../../src/rules/cr';

/*
 * Random games under every house rule: the plan of any roll, the queue, and the units that acted keep
 * the spec's invariants after every event; a refused event changes nothing; the log replays exactly.
 */
describe('the command-roll plan', () => {
  it('gives the higher player his roll down to one above the other, then the lower player his roll down to 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (a, b) => {
        const plan = planFor(a, b);
        if (a === b) {
          expect(plan).toBeNull();
          return;
        }
        const [high, low] = a > b ? (['A', 'B'] as const) : (['B', 'A'] as const);
        const hi = Math.max(a, b);
        const lo = Math.min(a, b);
        const down = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
        expect(plan!.filter((q) => q.side === high).map((q) => q.slot)).toEqual(down(hi, lo + 1));
        expect(plan!.filter((q) => q.side === low).map((q) => q.slot)).toEqual(down(lo, 1));
        // The higher player's numbers all come first; each number is used at most once; the queue is strictly descending.
        expect(plan!.map((q) => q.side)).toEqual([...Array(hi - lo).fill(high), ...Array(lo).fill(low)]);
        expect(plan!.map((q) => q.slot)).toEqual(down(hi, 1));
      }),
    );
  });

  it('shows the literal consequence of 6 vs 5: one number for the higher player, five for the lower', () => {
    expect(planFor(6, 5)!.filter((q) => q.side === 'A')).toHaveLength(1);
    expect(planFor(5, 6)!.filter((q) => q.side === 'A')).toHaveLength(5);
  });
});

const leaders = ['AL1', 'AL2', 'AL3', 'BL1', 'BL2', 'BX'];
const units = ['AU4', 'AU5', 'AU6', 'BU3', 'BU4', 'BU5', 'ZZ'];
// Mostly rosters of the side's own leaders (so that games get going), sometimes a wrong one.
const slotsOf = (...ids: string[]) => fc.array(fc.constantFrom('unit', 'unit', ...ids), { minLength: 6, maxLength: 6 });
const slotsA = slotsOf('AL1', 'AL2', 'AL3');
const slotsB = slotsOf('BL1', 'BL2');
const slots = fc.oneof(
  { weight: 4, arbitrary: slotsA },
  { weight: 4, arbitrary: slotsB },
  { weight: 1, arbitrary: slotsOf(...leaders) },
);
const die = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 1, max: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 7) },
);
const unitsA = ['AU4', 'AU5', 'AU6'];
const unitsB = ['BU3', 'BU4', 'BU5'];
const someUnits = fc.oneof(
  fc.subarray(unitsA, { minLength: 1 }),
  fc.subarray(unitsB, { minLength: 1 }),
  fc.subarray(units, { maxLength: 3 }),
);
const side = fc.constantFrom('A' as const, 'B' as const);
const event: fc.Arbitrary<CrEvent> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('commandRoll' as const), A: die, B: die }) },
  { weight: 10, arbitrary: fc.record({ type: fc.constant('slotDone' as const) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('nextTurn' as const) }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('unitActivated' as const), unit: fc.constantFrom(...units) }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('directOrders' as const), units: someUnits }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('signalRolled' as const), order: fc.constantFrom('attack', ' '), die }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('signalObeyed' as const), units: someUnits }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('rosterRewritten' as const), slots }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('unitMarked' as const), unit: fc.constantFrom(...units) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('leaderStatus' as const),
      side,
      leader: fc.constantFrom(...leaders),
      present: fc.boolean(),
      disordered: fc.boolean(),
    }),
  },
);
const setup: CrEvent[] = [
  ...['Davout', 'Ney', 'Murat'].map((name): CrEvent => ({ type: 'leaderAdded', side: 'A', name })),
  ...['1st', '2nd', '3rd'].map((name): CrEvent => ({ type: 'unitAdded', side: 'A', name })),
  ...['Kutuzov', 'Bagration'].map((name): CrEvent => ({ type: 'leaderAdded', side: 'B', name })),
  ...['Jägers', 'Grenadiers', 'Cossacks'].map((name): CrEvent => ({ type: 'unitAdded', side: 'B', name })),
];
const config: fc.Arbitrary<CrConfig> = fc.record({
  houseRules: fc.record({
    tie: fc.constantFrom('weather-reroll' as const, 'reroll' as const),
    signalDie: fc.constantFrom(4 as const, 6 as const),
    signalUnit: fc.constantFrom('in' as const, 'cm' as const),
    orderMixing: fc.constantFrom('per-leader' as const, 'per-army' as const, 'per-activation' as const),
    unitActsOnce: fc.boolean(),
    absentLeaderSlot: fc.constantFrom('skip' as const, 'unit' as const),
    leaderOnce: fc.boolean(),
    bases: fc.constantFrom(...BASE_SHAPES),
  }),
});
const game = fc.tuple(config, slotsA, slotsB, fc.array(event, { minLength: 15, maxLength: 40 }));

function checkInvariants(state: CrState, e: CrEvent) {
  const round = state.round;
  if (!round) return;
  const what = () => `after ${JSON.stringify(e)}`;
  const numbers = round.queue.map((q) => q.slot);
  for (let i = 1; i < numbers.length; i++)
    check(numbers[i]! < numbers[i - 1]!, () => `queue not strictly descending ${what()}: ${numbers}`);
  check(new Set(numbers).size === numbers.length, () => `a number twice in the queue ${what()}`);
  check(round.cursor <= round.queue.length, () => `cursor past the queue ${what()}`);
  if (state.config.houseRules.unitActsOnce) {
    for (const s of ['A', 'B'] as const)
      check(new Set(round.acted[s]).size === round.acted[s].length, () => `a unit acted twice ${what()}`);
  }
  // A unit that acted belongs to the army it acted for.
  for (const s of ['A', 'B'] as const)
    for (const u of round.acted[s])
      check(
        state.sides[s].units.some((x) => x.id === u),
        () => `unit ${u} acted for the wrong army ${what()}`,
      );
  for (const s of ['A', 'B'] as const)
    check(state.sides[s].slots.length === 6, () => `side ${s} lost its six slots ${what()}`);
}

describe('cr invariants (property tests)', () => {
  it('queues strictly descending, each number once, no unit twice a turn, refusals change nothing, replay is exact', () => {
    let accepted = 0;
    fc.assert(
      fc.property(game, fc.array(fc.nat(), { maxLength: 3 }), ([cfg, rosterA, rosterB, events], probes) => {
        // Every state is frozen: a rule that altered the state it was given, refused or not, would throw.
        let state = deepFreeze(commandRoll.initialState(cfg));
        let log: EventLog<CrEvent> = emptyLog();
        const states = [state];
        const all: CrEvent[] = [
          ...setup,
          { type: 'rosterSet', side: 'A', slots: rosterA },
          { type: 'rosterSet', side: 'B', slots: rosterB },
          { type: 'start' },
          ...events,
        ];
        for (const e of all) {
          const result = append(commandRoll, state, log, e);
          if (!result.ok) continue;
          ({ state, log } = result.value);
          states.push(deepFreeze(state));
          checkInvariants(state, e);
        }
        accepted += log.cursor;
        expectReplays(commandRoll, cfg, log, states, probes);
      }),
      { numRuns: GAMES },
    );
    // The random games do get played, not just refused (13 setup events, then several of the random ones accepted).
    expect(accepted / GAMES).toBeGreaterThan(18);
  }, 120_000);
});
