/** Désastre Colonial: leaders, activation and the holding of the initiative (spec: shared/rules/desastre-colonial.md). */

export const DC_SIDES = ['colonial', 'native'] as const;
export type DcSide = (typeof DC_SIDES)[number];

/** Axial hex coordinates, as the command-range engine uses them. */
export interface DcHex {
  readonly q: number;
  readonly r: number;
}

/** `NdX/R`: N dice of X faces, command radius R hexes. */
export interface DcProfile {
  readonly dice: number;
  readonly die: number;
  readonly radius: number;
}

/**
 * "The hex path from leader to unit may not cross a hex occupied by an enemy unit": the text does not
 * say how the path is traced. `straight-line`: the straight hex line between the two hexes (along a
 * hexside, blocked only if both sides are). `around-enemies`: the usual hex-wargame reading, any path
 * of at most R hexes (the leader's radius) that goes around hexes held by enemy units.
 */
export const DC_PATH_READINGS = ['straight-line', 'around-enemies'] as const;
export type DcPathReading = (typeof DC_PATH_READINGS)[number];

/**
 * Our readings where the text is silent, house defaults the players can change: the activation
 * thresholds, inferred from the worked example (a 3 was not enough, a 4 was, a fragile unit needed a
 * 6), and how the path from leader to unit is traced.
 */
export interface DcHouseRules {
  readonly threshold: number;
  readonly fragileThreshold: number;
  readonly path: DcPathReading;
}

export const DEFAULT_DC_HOUSE_RULES: DcHouseRules = { threshold: 4, fragileThreshold: 6, path: 'straight-line' };

export interface DcConfig {
  readonly houseRules: DcHouseRules;
}

export const DEFAULT_DC_CONFIG: DcConfig = { houseRules: DEFAULT_DC_HOUSE_RULES };

/** Rules, not defaults: fragile from 2 losses, eliminated at 5, Drama decks exist for values 1 to 3. */
export const DC_RULES = {
  fragileAt: 2,
  eliminatedAt: 5,
  dramaCap: 3,
  minDice: 2,
  maxDice: 5,
  dice: [6, 8, 10],
  minRadius: 1,
  maxRadius: 5,
} as const;

export interface DcLeader {
  /** `L1`, `L2`… in order of entry. */
  readonly id: string;
  readonly name: string;
  readonly side: DcSide;
  readonly profile: DcProfile;
  readonly at: DcHex | null;
  /** Deactivated for the rest of the turn. */
  readonly deactivated: boolean;
}

/** white = not commanded yet this turn; commanded = icon side (activated, to shoot or fight); done = marker removed. */
export type DcMarker = 'white' | 'commanded' | 'done';

export interface DcUnit {
  /** `U1`, `U2`… in order of entry. */
  readonly id: string;
  readonly name: string;
  readonly side: DcSide;
  readonly losses: number;
  readonly marker: DcMarker;
  readonly at: DcHex | null;
}

/** The units a leader commands in this activation, then the dice and whether the reroll was used. */
export interface DcCommand {
  readonly units: readonly string[];
  /** Reroll condition: every commanded unit adjacent to another (engine or the player's word). */
  readonly adjacent: boolean;
  /** True when the engine checked range, spread and paths; false when the player vouched for them. */
  readonly checked: boolean;
  readonly dice: readonly number[] | null;
  readonly rerolled: boolean;
}

/** One side's holding of the initiative, from gaining it to losing it. */
export interface DcHolding {
  readonly side: DcSide;
  /** Times in a row the initiative has been kept: each costs one die on the next roll. */
  readonly keeps: number;
  /** Colonial "1"s rolled in this holding, rerolls included (the Drama card value, capped). */
  readonly ones: number;
  readonly leader: string | null;
  /** Dice available to the active leader for this activation (N − keeps; 0 while no leader is active). */
  readonly dice: number;
  readonly command: DcCommand | null;
  /** Every commanded unit activated: the player keeps or concedes. */
  readonly deciding: boolean;
}

export interface DcState {
  readonly phase: 'setup' | 'playing';
  readonly config: DcConfig;
  readonly turn: number;
  readonly leaders: readonly DcLeader[];
  readonly units: readonly DcUnit[];
  readonly serial: number;
  readonly initiative: DcHolding | null;
  /** Fragile units commanded but not activated: morale test, then the marker goes. */
  readonly moraleDue: readonly string[];
  /** Units commanded this turn but not activated (their die too low): marker removed, without acting. */
  readonly notActivated: readonly string[];
  /** After the Colonial player lost the initiative: the Native player may draw a Drama card up to this value. */
  readonly drama: number | null;
}

export type DcEvent =
  | { readonly type: 'configure'; readonly houseRules: Partial<DcHouseRules> }
  | {
      readonly type: 'leaderAdded';
      readonly side: DcSide;
      readonly name: string;
      readonly profile: string;
      readonly at?: DcHex | null;
    }
  | {
      readonly type: 'unitAdded';
      readonly side: DcSide;
      readonly name: string;
      readonly losses?: number;
      readonly at?: DcHex | null;
    }
  | { readonly type: 'removed'; readonly id: string }
  | { readonly type: 'placed'; readonly id: string; readonly at: DcHex | null }
  | { readonly type: 'lossesSet'; readonly unit: string; readonly losses: number }
  | { readonly type: 'start' }
  | { readonly type: 'newTurn' }
  | { readonly type: 'initiativeGained'; readonly side: DcSide }
  | { readonly type: 'leaderActivated'; readonly leader: string }
  | {
      readonly type: 'unitsCommanded';
      readonly units: readonly string[];
      /** When positions are unknown: the player's word that range, spread and paths hold, and whether all are adjacent. */
      readonly word?: { readonly inRange: boolean; readonly adjacent: boolean };
      /** Hexes read from the board when the command was given (pieces linked to tokens); they take the place of `at`. */
      readonly positions?: Readonly<Record<string, DcHex>>;
    }
  | { readonly type: 'diceRolled'; readonly dice: readonly number[] }
  | { readonly type: 'dieRerolled'; readonly index: number; readonly value: number }
  | { readonly type: 'diceAssigned'; readonly assign: readonly { readonly unit: string; readonly die: number }[] }
  | { readonly type: 'initiativeKept'; readonly leader: string }
  | { readonly type: 'initiativeConceded' }
  | { readonly type: 'moraleTaken'; readonly unit: string }
  | { readonly type: 'unitActed'; readonly unit: string }
  | { readonly type: 'dramaResolved'; readonly value: number }
  | { readonly type: 'newGame' };

export type DcEventType = DcEvent['type'];

export const DC_LIMITS = { nameLength: 60, maxPieces: 80, coord: 999 } as const;
