/** "Les bandes de Champagne": troop characteristics, D10 tests, morale and command (spec: shared/rules/bandes-de-champagne.md). */
import { DEFAULT_BASE_SHAPE, type BaseShape } from '../../geometry/bases';

/** Morale levels of the earlier draft, with their factor. */
export const MORALE_LEVELS = ['hesitant', 'confiant', 'intrepide', 'fanatique'] as const;
export type MoraleLevel = (typeof MORALE_LEVELS)[number];
export const LEVEL_FACTOR: { readonly [L in MoraleLevel]: number } = {
  hesitant: 5,
  confiant: 6,
  intrepide: 7,
  fanatique: 8,
};

/** Morale states in order: each is one step below the previous one. */
export const MORALE_STATES = ['normal', 'pinned', 'demoralised', 'routed'] as const;
export type MoraleState = (typeof MORALE_STATES)[number];
export const MAX_STEPS = MORALE_STATES.length - 1;

export const DOCTRINES = ['rigid', 'flexible'] as const;
export type Doctrine = (typeof DOCTRINES)[number];

/** One row of the experience table: test factor and the PA of the unit's two activation cards. */
export interface ExperienceRow {
  readonly factor: number;
  readonly pa: readonly [number, number];
  /** The seed's table is lost: default rows are guesses until a player confirms or edits them. */
  readonly verified: boolean;
}

/** Levels 1–4 (index 0–3). */
export const DEFAULT_EXPERIENCE: readonly ExperienceRow[] = [
  { factor: 4, pa: [1, 1], verified: false },
  { factor: 5, pa: [2, 1], verified: false },
  { factor: 6, pa: [2, 2], verified: false },
  { factor: 7, pa: [3, 2], verified: false },
];

/** Our readings where the text is silent or we chose one reading: each is a visible house default. */
export interface BdcRules {
  /** N hits: each test against the factor left by the previous failures, or all against the factor before the hits. */
  readonly moraleTests: 'sequential' | 'simultaneous';
  /** The current factor is factor(level) − steps, or stays factor(level). */
  readonly factorDrops: boolean;
  /** A routed unit that fails again stays routed, or breaks (leaves the fight). */
  readonly routedFails: 'stays-routed' | 'breaks';
  /** Flexible doctrine: each team gets the card's full PA, or the card's PA is split between teams. */
  readonly teamPa: 'full' | 'split';
  /** Command distance measured base edge to base edge, or centre to centre. */
  readonly measureFrom: 'edge' | 'centre';
  /** What a token's base is, edge to edge and for base contact: the text says "base" without a shape. */
  readonly bases: BaseShape;
  /** Command distance of a leader by voice or gesture, in cm. */
  readonly commandCm: number;
  /** Base contact with a radio operator: the largest gap between the two bases that still counts, in cm (0: touching). */
  readonly contactCm: number;
}

export const DEFAULT_RULES: BdcRules = {
  moraleTests: 'sequential',
  factorDrops: true,
  routedFails: 'stays-routed',
  teamPa: 'full',
  measureFrom: 'edge',
  bases: DEFAULT_BASE_SHAPE,
  commandCm: 10,
  contactCm: 0,
};

export interface BdcConfig {
  readonly rules: BdcRules;
  readonly experience: readonly ExperienceRow[];
}

export const DEFAULT_BDC_CONFIG: BdcConfig = { rules: DEFAULT_RULES, experience: DEFAULT_EXPERIENCE };

/** What units and leaders share for morale. */
export interface Morale {
  readonly id: string;
  readonly name: string;
  readonly state: MoraleState;
  /** Current morale factor, kept by the fold from the level or card, the state and the settings. */
  readonly factor: number;
  /** Routed and failed again with the `breaks` rule. */
  readonly broken: boolean;
  /** PA left on each counter: one per group (rigid) or per team (flexible); empty when not activated. */
  readonly counters: readonly number[];
  /**
   * Activation cards drawn this turn (a unit's cards 1 and 2; a leader's own card counts as 1): each
   * card is drawn once per turn, so its PA cannot be drawn again until the turn ends.
   */
  readonly drawn: readonly number[];
}

export interface Unit extends Morale {
  readonly kind: 'unit';
  readonly level: MoraleLevel;
  /** 1–4. */
  readonly experience: number;
  readonly doctrine: Doctrine;
  /** Flexible doctrine: number of teams (2+); rigid: 1. */
  readonly teams: number;
  /** The card drawn last (1 or 2), 0 before any. */
  readonly card: number;
}

export interface Aptitude {
  /** The kind of roll it modifies: shooting, melee, … (free text). */
  readonly kind: string;
  /** Added to the die: negative helps (roll-under). */
  readonly modifier: number;
}

export interface Leader extends Morale {
  readonly kind: 'leader';
  /** 5 (worst) to 9 (best). */
  readonly morale: number;
  /** 2 to 5. */
  readonly pa: number;
  readonly aptitude: Aptitude;
  /** The unit he leads: its figures are commanded within his command distance (null: none said). */
  readonly leads: string | null;
  /** Carries a radio: commands a subordinate leader with a radio at any distance. */
  readonly radio: boolean;
  /** The leader above him (a company leader above a platoon leader), for voice and radio links. */
  readonly commander: string | null;
}

export type Troop = Unit | Leader;

export interface TestRecord {
  readonly natural: number;
  readonly target: number;
  readonly modifier: number;
  readonly success: boolean;
}

/** The last roll made, shown by the popup (tests are part of the log, so undo removes them too). */
export interface LastRoll {
  readonly who: string | null;
  readonly kind: 'test' | 'morale' | 'rally';
  readonly tests: readonly TestRecord[];
  readonly before: MoraleState | null;
  readonly after: MoraleState | null;
}

export interface BdcState {
  readonly config: BdcConfig;
  readonly troops: readonly Troop[];
  /** Source of ids (`u1`, `l2`…), so that replaying a log gives the same ids. */
  readonly serial: number;
  readonly last: LastRoll | null;
}

export interface UnitFields {
  readonly name: string;
  readonly level: MoraleLevel;
  readonly experience: number;
  readonly doctrine: Doctrine;
  readonly teams: number;
}

export interface LeaderFields {
  readonly name: string;
  readonly morale: number;
  readonly pa: number;
  readonly aptitude: Aptitude;
  /** Optional when added (older games have none): no unit, no radio, no commander. */
  readonly leads?: string | null;
  readonly radio?: boolean;
  readonly commander?: string | null;
}

export type BdcEvent =
  | { readonly type: 'configure'; readonly rules: Partial<BdcRules> }
  | {
      readonly type: 'experienceEdited';
      readonly level: number;
      readonly factor: number;
      readonly pa: readonly [number, number];
    }
  | { readonly type: 'unitAdded'; readonly unit: UnitFields }
  | { readonly type: 'leaderAdded'; readonly leader: LeaderFields }
  | { readonly type: 'unitEdited'; readonly id: string; readonly unit: Partial<UnitFields> }
  | { readonly type: 'leaderEdited'; readonly id: string; readonly leader: Partial<LeaderFields> }
  | { readonly type: 'removed'; readonly id: string }
  /** A unit draws activation card 1 or 2; a leader draws his own card (card omitted). */
  | { readonly type: 'activated'; readonly id: string; readonly card?: number }
  | { readonly type: 'paSpent'; readonly id: string; readonly team?: number; readonly amount: number }
  /** Morale tests for N hits: one natural die per hit. */
  | {
      readonly type: 'moraleTests';
      readonly id: string;
      readonly naturals: readonly number[];
      readonly modifier?: number;
    }
  /** Rally: `payer` (the troop itself or a leader) spends `pa` PA, one step each. */
  | {
      readonly type: 'rallied';
      readonly id: string;
      readonly payer: string;
      readonly pa: number;
      readonly team?: number;
    }
  /** A free D10 test (shooting, melee, …), by a troop (whose aptitude may be added) or by nobody in particular. */
  | {
      readonly type: 'tested';
      readonly id?: string;
      readonly target: number;
      readonly modifier: number;
      readonly natural: number;
    }
  | { readonly type: 'turnEnded' };

export type BdcEventType = BdcEvent['type'];

export const LIMITS = {
  nameLength: 40,
  maxTroops: 40,
  maxTeams: 6,
  maxHits: 20,
  maxModifier: 9,
  maxPa: 9,
  maxCm: 200,
  maxContactCm: 5,
} as const;
