/** Hell Dorado characteristic modifiers: fighters, their effects and states (spec: shared/rules/hell-dorado-modifiers.md). */

export const CHARACTERISTICS = ['MOU', 'CBT', 'TIR', 'DEF', 'DPT', 'CMD'] as const;
export type Characteristic = (typeof CHARACTERISTICS)[number];

/** Rules, not settings: every characteristic has minimum 0, DEF minimum 1 and maximum 5 (direct values excepted). */
export const BOUNDS: { readonly [C in Characteristic]: { readonly min: number; readonly max: number | null } } = {
  MOU: { min: 0, max: null },
  CBT: { min: 0, max: null },
  TIR: { min: 0, max: null },
  DEF: { min: 1, max: 5 },
  DPT: { min: 0, max: null },
  CMD: { min: 0, max: null },
};

export const STATES = ['wounded', 'stunned', 'fanatic'] as const;
export type StateId = (typeof STATES)[number];

/** How long a direct value lasts; `lasting` ones end only when removed. */
export const SCOPES = ['pass', 'activation', 'turn', 'lasting'] as const;
export type Scope = (typeof SCOPES)[number];
/** The scopes a player can end with a button, shortest first. */
export const ENDABLE_SCOPES = ['pass', 'activation', 'turn'] as const satisfies readonly Scope[];
export type EndableScope = (typeof ENDABLE_SCOPES)[number];

export type Card = { readonly [C in Characteristic]?: number };

/** What a state gives, as signed bonuses (+) and maluses (−) per characteristic. */
export type StatePresets = { readonly [S in StateId]: Card };

/**
 * The spec's (default)s: our readings where the errata is silent. Each is visible and changeable, and
 * the popup marks the default choice as a house default.
 */
export interface HdmHouseRules {
  /** Two direct values compete and neither (or both) comes from the active fighter. */
  readonly directTie: 'most-recent' | 'lowest' | 'highest';
  /** Among bonuses (or maluses) sharing a non-cumulative tag, the one that counts. */
  readonly nonCumulativeKeeps: 'largest' | 'most-recent';
  /** A state applied again while present: counts once, or its bonuses/maluses stack. */
  readonly repeatedState: 'once' | 'stacks';
  /** Ending a turn also ends activations and passes of arms; ending an activation also ends passes of arms. */
  readonly scopeNesting: 'nested' | 'separate';
}

export const DEFAULT_HDM_RULES: HdmHouseRules = {
  directTie: 'most-recent',
  nonCumulativeKeeps: 'largest',
  repeatedState: 'once',
  scopeNesting: 'nested',
};

/**
 * The errata's examples show only these terms (Wounded −1 DPT and −1 DEF, Stunned −1 DEF, Fanatic +1 DEF);
 * every other cell is 0 because the text is silent: the whole table is editable.
 */
export const DEFAULT_STATE_PRESETS: StatePresets = {
  wounded: { DPT: -1, DEF: -1 },
  stunned: { DEF: -1 },
  fanatic: { DEF: 1 },
};

export interface HdmConfig {
  readonly rules: HdmHouseRules;
  readonly states: StatePresets;
}

export const DEFAULT_HDM_CONFIG: HdmConfig = { rules: DEFAULT_HDM_RULES, states: DEFAULT_STATE_PRESETS };

interface EffectBase {
  /** `e1`, `e2`… in order of arrival: the most recent direct value is the one with the highest serial. */
  readonly id: string;
  readonly serial: number;
  readonly fighter: string;
  readonly characteristic: Characteristic;
  /** Where the effect comes from ("Célérité de l'ourébi"), as the player typed it. */
  readonly source: string;
}

/** "+X CBT" / "−X DEF": changes the card; an increase may carry its own ceiling ("max 5"). */
export interface IncreaseEffect extends EffectBase {
  readonly kind: 'increase';
  readonly amount: number;
  readonly ceiling?: number;
}

/** "bonus de +X" / "malus de −X": recomputed from scratch, maluses then minimum then bonuses. */
export interface BonusEffect extends EffectBase {
  readonly kind: 'bonus';
  readonly amount: number;
  /** Effects sharing this tag do not stack: only one of them counts. */
  readonly nonCumulative?: string;
}

/** "DEF vaut X": applied last, not capped; the active fighter's value wins. */
export interface DirectEffect extends EffectBase {
  readonly kind: 'direct';
  readonly value: number;
  /** The fighter whose ability imposes the value, when it is on the table. */
  readonly imposedBy?: string;
  readonly scope: Scope;
}

export type Effect = IncreaseEffect | BonusEffect | DirectEffect;
export type EffectKind = Effect['kind'];
export const EFFECT_KINDS = ['increase', 'bonus', 'direct'] as const satisfies readonly EffectKind[];

export interface HdmFighter {
  /** `f1`, `f2`… in order of arrival, never reused. */
  readonly id: string;
  readonly name: string;
  readonly card: Card;
  /** How many times each present state was applied. */
  readonly states: { readonly [S in StateId]?: number };
  /** Effective values, recomputed from the card and the lists after every event (never a running total). */
  readonly values: Card;
}

export interface HdmState {
  readonly config: HdmConfig;
  readonly fighters: readonly HdmFighter[];
  readonly effects: readonly Effect[];
  readonly active: string | null;
  /** Sources of ids, so that replaying a log gives the same ids. */
  readonly fighterSerial: number;
  readonly effectSerial: number;
}

type Distribute<T> = T extends unknown ? Omit<T, 'id' | 'serial' | 'fighter' | 'characteristic' | 'source'> : never;
/** What an effectAdded event carries for each kind. */
export type EffectSpec = Distribute<Effect>;

export type HdmEvent =
  | { readonly type: 'configure'; readonly rules?: Partial<HdmHouseRules>; readonly states?: Partial<StatePresets> }
  | { readonly type: 'fighterAdded'; readonly name: string; readonly card: Card }
  | { readonly type: 'fighterRemoved'; readonly fighter: string }
  | ({
      readonly type: 'effectAdded';
      readonly fighter: string;
      readonly characteristic: Characteristic;
      readonly source?: string;
    } & EffectSpec)
  | { readonly type: 'effectRemoved'; readonly effect: string }
  | { readonly type: 'stateApplied'; readonly fighter: string; readonly state: StateId }
  | { readonly type: 'stateRemoved'; readonly fighter: string; readonly state: StateId }
  | { readonly type: 'activeFighterSet'; readonly fighter: string | null }
  | { readonly type: 'scopeEnded'; readonly scope: EndableScope };

export type HdmEventType = HdmEvent['type'];

export const HDM_LIMITS = {
  nameLength: 60,
  sourceLength: 40,
  tagLength: 30,
  maxValue: 20,
  maxAmount: 20,
  maxFighters: 30,
  maxEffects: 200,
} as const;
