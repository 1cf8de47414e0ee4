/** Hell Dorado Command points: the state and events of one game (spec: shared/rules/hell-dorado-command.md). */

export const EDITIONS = ['gestion', 'commandement'] as const;
/** `gestion` = the 2009 "Gestion du Commandement" rework (default); `commandement` = the rulebook's "COMMANDEMENT". */
export type Edition = (typeof EDITIONS)[number];

export const SIDE_IDS = ['A', 'B'] as const;
export type SideId = (typeof SIDE_IDS)[number];

export const LOSS_KINDS = ['killed', 'eliminated', 'left'] as const;
export type LossKind = (typeof LOSS_KINDS)[number];

/**
 * Our own readings where the texts are silent. Each is a house default the user can change;
 * the popup shows them as such, never as the official rule.
 */
export interface HouseRules {
  /** `gestion` does not say what a fighter leaving the table costs: by default the same as an elimination. */
  readonly leavingCountsAsLoss: boolean;
  /** `commandement` does not cover CMD modifiers: by default they act at once, as in `gestion`. */
  readonly commandementModifierTiming: 'immediate' | 'next-upkeep';
  /** `commandement`: a late entrant lost before its credit arrives. */
  readonly lostBeforeCredit: 'cancel-credit' | 'literal';
  /** What an ended CMD modifier gives back: what it really changed (floors never create points), or its face value. */
  readonly modifierEndGivesBack: 'applied' | 'nominal';
}

export const DEFAULT_HOUSE_RULES: HouseRules = {
  leavingCountsAsLoss: true,
  commandementModifierTiming: 'immediate',
  lostBeforeCredit: 'cancel-credit',
  modifierEndGivesBack: 'applied',
};

export interface HdConfig {
  readonly edition: Edition;
  readonly houseRules: HouseRules;
}

export const DEFAULT_HD_CONFIG: HdConfig = { edition: 'gestion', houseRules: DEFAULT_HOUSE_RULES };

export interface RosterEntry {
  readonly name: string;
  readonly cmd: number;
}

export type FighterStatus = 'on-table' | LossKind;

export interface Fighter extends RosterEntry {
  /** `A1`, `A2`… in roster order, then late entrants: stable for the whole game. */
  readonly id: string;
  readonly status: FighterStatus;
}

export interface Modifier {
  readonly id: string;
  readonly fighterId: string;
  readonly label: string;
  readonly delta: number;
  /** False while a `next-upkeep` modifier waits for its upkeep. */
  readonly credited: boolean;
  /** What the modifier really changed, after the floors at 0. */
  readonly applied: { readonly base: number; readonly current: number };
}

/** A change to base Command that waits for an upkeep (commandement late entries, next-upkeep modifiers). */
export interface PendingCredit {
  readonly dueTurn: number;
  readonly kind: 'entry' | 'modifier' | 'modifier-end';
  readonly fighterId: string;
  readonly modifierId?: string;
  readonly delta: number;
}

export interface SideState {
  readonly name: string;
  /** `#rrggbb` */
  readonly colour: string;
  /** The company as set up before the game; a new game starts from it again. */
  readonly roster: readonly RosterEntry[];
  readonly fighters: readonly Fighter[];
  readonly base: number;
  readonly current: number;
  readonly modifiers: readonly Modifier[];
  readonly pending: readonly PendingCredit[];
}

export interface HdState {
  readonly phase: 'setup' | 'playing';
  readonly config: HdConfig;
  /** 0 during setup, 1 from the start. */
  readonly turn: number;
  readonly sides: { readonly [S in SideId]: SideState };
  /** Source of modifier ids (`m1`, `m2`…), so that replaying a log gives the same ids. */
  readonly modifierSerial: number;
}

export type HdEvent =
  | { readonly type: 'configure'; readonly edition?: Edition; readonly houseRules?: Partial<HouseRules> }
  | { readonly type: 'sideEdited'; readonly side: SideId; readonly name?: string; readonly colour?: string }
  | { readonly type: 'rosterSet'; readonly side: SideId; readonly fighters: readonly RosterEntry[] }
  | { readonly type: 'start' }
  | { readonly type: 'upkeep' }
  | { readonly type: 'spend'; readonly side: SideId; readonly amount: number; readonly permanent: boolean }
  | { readonly type: 'fighterLost'; readonly side: SideId; readonly fighterId: string; readonly how: LossKind }
  | { readonly type: 'fighterEnters'; readonly side: SideId; readonly name: string; readonly cmd: number }
  | {
      readonly type: 'modifierApplied';
      readonly side: SideId;
      readonly fighterId: string;
      readonly delta: number;
      readonly label?: string;
    }
  | { readonly type: 'modifierEnded'; readonly side: SideId; readonly modifierId: string }
  | { readonly type: 'newGame' };

export type HdEventType = HdEvent['type'];

/** Limits on what players type: generous for the game, tight enough to keep the store small. */
export const LIMITS = { nameLength: 60, labelLength: 40, maxCmd: 99, maxAmount: 999, maxFighters: 60 } as const;
