import {
  LEVEL_FACTOR,
  MAX_STEPS,
  MORALE_STATES,
  type BdcConfig,
  type BdcRules,
  type MoraleState,
  type TestRecord,
  type Troop,
} from './types';

/**
 * A D10 test, roll-under: success if natural + modifier ≤ target. A natural 1 always succeeds and a
 * natural 10 always fails, whatever the modifiers (they cannot be modified).
 */
export function d10Test(natural: number, target: number, modifier = 0): TestRecord {
  const success = natural === 1 ? true : natural === 10 ? false : natural + modifier <= target;
  return { natural, target, modifier, success };
}

export const stepsOf = (state: MoraleState): number => MORALE_STATES.indexOf(state);
export const stateAt = (steps: number): MoraleState => MORALE_STATES[Math.max(0, Math.min(MAX_STEPS, steps))]!;

/** The troop's morale factor before any degradation: its level (units) or its card (leaders). */
export const baseFactor = (troop: Troop): number => (troop.kind === 'unit' ? LEVEL_FACTOR[troop.level] : troop.morale);

/** factor(level) − steps (house default; fits the text's only example), or the level's factor. */
export const factorAt = (base: number, steps: number, rules: BdcRules): number =>
  rules.factorDrops ? base - steps : base;

export const currentFactor = (troop: Troop, config: BdcConfig): number =>
  factorAt(baseFactor(troop), stepsOf(troop.state), config.rules);

export interface MoraleOutcome {
  readonly tests: readonly TestRecord[];
  readonly state: MoraleState;
  /** Routed, failed again, and the `breaks` rule is on. */
  readonly broken: boolean;
}

/**
 * N hits → N morale tests. Sequential (default): each test against the factor left by the previous
 * failures. Simultaneous: every test against the factor before the hits, failures added afterwards.
 */
export function moraleTests(
  troop: Troop,
  naturals: readonly number[],
  modifier: number,
  rules: BdcRules,
): MoraleOutcome {
  const base = baseFactor(troop);
  const start = stepsOf(troop.state);
  let steps = start;
  let broken = troop.broken;
  const tests: TestRecord[] = [];
  for (const natural of naturals) {
    const test = d10Test(natural, factorAt(base, rules.moraleTests === 'sequential' ? steps : start, rules), modifier);
    tests.push(test);
    if (test.success) continue;
    if (steps >= MAX_STEPS && rules.routedFails === 'breaks') broken = true;
    steps = Math.min(MAX_STEPS, steps + 1);
  }
  return { tests, state: stateAt(steps), broken };
}

/** What `pa` PA of rally give: one step each, never above normal; the cost is what was spent. */
export function rallyOutcome(
  state: MoraleState,
  pa: number,
): { readonly state: MoraleState; readonly recovered: number } {
  const steps = stepsOf(state);
  const recovered = Math.max(0, Math.min(pa, steps));
  return { state: stateAt(steps - recovered), recovered };
}

/** PA on each counter when a unit draws a card: one counter (rigid), or one per team, full or split. */
export function countersFor(pa: number, teams: number, rules: BdcRules): number[] {
  if (teams <= 1 || rules.teamPa === 'full') return Array.from({ length: Math.max(1, teams) }, () => pa);
  // Split: as even as possible, the first teams get the remainder.
  return Array.from({ length: teams }, (_, i) => Math.floor(pa / teams) + (i < pa % teams ? 1 : 0));
}
