import {
  BOUNDS,
  STATES,
  type BonusEffect,
  type Characteristic,
  type DirectEffect,
  type Effect,
  type HdmConfig,
  type HdmFighter,
  type Scope,
  type StateId,
} from './types';

/** One increase, malus or bonus as it enters the computation, with where it comes from. */
export interface Term {
  /** The effect's id, or absent for a state's term. */
  readonly effect?: string;
  readonly state?: StateId;
  /** The effect's source label; empty for states (the view names the state). */
  readonly source: string;
  readonly amount: number;
  /** How many applications of the state this term stands for (states that stack). */
  readonly times?: number;
  /** False when a non-cumulative tag keeps another effect instead. */
  readonly counted: boolean;
  readonly tag?: string;
}

export interface DirectTerm {
  readonly effect: string;
  readonly source: string;
  readonly value: number;
  readonly imposedBy?: string;
  readonly scope: Scope;
  readonly wins: boolean;
}

/** card → increases → maluses (floor) → bonuses (maximum) → direct value, each step with its result. */
export interface Breakdown {
  readonly characteristic: Characteristic;
  readonly card: number;
  readonly min: number;
  readonly max: number | null;
  readonly increases: readonly Term[];
  /** The ceiling carried by an increase, when it lowered the value. */
  readonly ceiling: { readonly value: number; readonly source: string } | null;
  /** Whether the characteristic's maximum lowered the value after the increases. */
  readonly maxAfterIncreases: boolean;
  readonly afterIncreases: number;
  readonly maluses: readonly Term[];
  /** Whether the minimum stopped the maluses. */
  readonly floored: boolean;
  readonly afterMaluses: number;
  readonly bonuses: readonly Term[];
  readonly maxAfterBonuses: boolean;
  readonly afterBonuses: number;
  readonly directs: readonly DirectTerm[];
  readonly value: number;
}

const sum = (terms: readonly Term[]): number => terms.reduce((total, t) => total + (t.counted ? t.amount : 0), 0);

/**
 * Among bonuses (or maluses) sharing a non-cumulative tag only one counts: the largest in size
 * (the most recent on equal size), or the most recent, as the house rule says.
 */
function keepNonCumulative(
  effects: readonly BonusEffect[],
  keeps: HdmConfig['rules']['nonCumulativeKeeps'],
): Set<string> {
  const kept = new Map<string, BonusEffect>();
  const counted = new Set<string>();
  for (const e of effects) {
    if (e.nonCumulative === undefined) {
      counted.add(e.id);
      continue;
    }
    const group = `${Math.sign(e.amount)}:${e.nonCumulative}`;
    const best = kept.get(group);
    const better =
      !best ||
      (keeps === 'largest'
        ? Math.abs(e.amount) > Math.abs(best.amount) ||
          (Math.abs(e.amount) === Math.abs(best.amount) && e.serial > best.serial)
        : e.serial > best.serial);
    if (better) kept.set(group, e);
  }
  for (const e of kept.values()) counted.add(e.id);
  return counted;
}

/** Direct values: those imposed by the active fighter if any, else all; then the house rule picks one. */
function winningDirect(
  directs: readonly DirectEffect[],
  active: string | null,
  tie: HdmConfig['rules']['directTie'],
): DirectEffect | null {
  const byActive = active === null ? [] : directs.filter((d) => d.imposedBy === active);
  const pool = byActive.length > 0 ? byActive : directs;
  let best: DirectEffect | null = null;
  for (const d of pool) {
    const better =
      !best ||
      (tie === 'most-recent'
        ? d.serial > best.serial
        : tie === 'lowest'
          ? d.value < best.value || (d.value === best.value && d.serial > best.serial)
          : d.value > best.value || (d.value === best.value && d.serial > best.serial));
    if (better) best = d;
  }
  return best;
}

/** The effective value of one characteristic, always from the card and the lists (spec "Computation"). */
export function breakdown(
  config: HdmConfig,
  fighter: HdmFighter,
  effects: readonly Effect[],
  active: string | null,
  characteristic: Characteristic,
): Breakdown {
  const { min, max } = BOUNDS[characteristic];
  const card = fighter.card[characteristic] ?? 0;
  const mine = effects.filter((e) => e.fighter === fighter.id && e.characteristic === characteristic);

  // 1. Increases change the card; ceilings carried by increases, then the maximum, then the minimum.
  const increases = mine.filter((e) => e.kind === 'increase');
  const increaseTerms: Term[] = increases.map((e) => ({
    effect: e.id,
    source: e.source,
    amount: e.amount,
    counted: true,
  }));
  let v = card + sum(increaseTerms);
  let ceiling: Breakdown['ceiling'] = null;
  const capped = increases.filter((e) => e.ceiling !== undefined && e.amount > 0);
  if (capped.length > 0) {
    const lowest = capped.reduce((a, b) => (b.ceiling! < a.ceiling! ? b : a));
    // A ceiling limits what its increases add; it never takes the fighter below where it stood without them.
    const without = card + increases.filter((e) => !capped.includes(e)).reduce((t, e) => t + e.amount, 0);
    const limit = Math.max(lowest.ceiling!, without);
    if (v > limit) {
      v = limit;
      ceiling = { value: lowest.ceiling!, source: lowest.source };
    }
  }
  const maxAfterIncreases = max !== null && v > max;
  if (max !== null) v = Math.min(v, max);
  v = Math.max(min, v);
  const afterIncreases = v;

  // 2. All maluses, then the minimum, then all bonuses, then the maximum again.
  const bonusEffects = mine.filter((e) => e.kind === 'bonus');
  const counted = keepNonCumulative(bonusEffects, config.rules.nonCumulativeKeeps);
  const terms: Term[] = bonusEffects.map((e) => ({
    effect: e.id,
    source: e.source,
    amount: e.amount,
    counted: counted.has(e.id),
    ...(e.nonCumulative === undefined ? {} : { tag: e.nonCumulative }),
  }));
  for (const state of STATES) {
    const applied = fighter.states[state] ?? 0;
    const amount = config.states[state][characteristic] ?? 0;
    if (applied === 0 || amount === 0) continue;
    const times = config.rules.repeatedState === 'once' ? 1 : applied;
    terms.push({ state, source: '', amount: amount * times, counted: true, ...(times > 1 ? { times } : {}) });
  }
  const maluses = terms.filter((t) => t.amount < 0);
  const bonuses = terms.filter((t) => t.amount > 0);
  const lowered = afterIncreases + sum(maluses);
  const floored = lowered < min;
  const afterMaluses = Math.max(min, lowered);
  const raised = afterMaluses + sum(bonuses);
  const maxAfterBonuses = max !== null && raised > max;
  const afterBonuses = max === null ? raised : Math.min(max, raised);

  // 3. Direct values last, not capped.
  const directEffects = mine.filter((e) => e.kind === 'direct');
  const winner = winningDirect(directEffects, active, config.rules.directTie);
  const directs: DirectTerm[] = directEffects.map((e) => ({
    effect: e.id,
    source: e.source,
    value: e.value,
    scope: e.scope,
    wins: e === winner,
    ...(e.imposedBy === undefined ? {} : { imposedBy: e.imposedBy }),
  }));

  return {
    characteristic,
    card,
    min,
    max,
    increases: increaseTerms,
    ceiling,
    maxAfterIncreases,
    afterIncreases,
    maluses,
    floored,
    afterMaluses,
    bonuses,
    maxAfterBonuses,
    afterBonuses,
    directs,
    value: winner ? winner.value : afterBonuses,
  };
}
