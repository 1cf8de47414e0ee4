import { DEFAULT_BASE_SHAPE, type BaseShape } from '../../geometry/bases';
/** d6 command roll with leader slots (spec: shared/rules/command-roll.md, seed 004). */

export const SIDE_IDS = ['A', 'B'] as const;
export type SideId = (typeof SIDE_IDS)[number];

/** Die numbers 1–6: each is a slot of the roster. */
export const SLOT_NUMBERS = [1, 2, 3, 4, 5, 6] as const;
/** What a roster writes against a number: a leader's id, or the word "unit" (any unit that has not acted). */
export type Slot = 'unit' | string;

export const TIE_RULES = ['weather-reroll', 'reroll'] as const;
export const ORDER_MIXING = ['per-leader', 'per-army', 'per-activation'] as const;
export const ABSENT_LEADER_SLOT = ['skip', 'unit'] as const;
export const SIGNAL_DICE = [4, 6, 8, 10, 12] as const;
export const SIGNAL_UNITS = ['in', 'cm'] as const;

/**
 * Where the text is silent or refers to rules outside the excerpt. Each is a house default the user
 * can change; the popup shows them as such.
 */
export interface HouseRules {
  /** A tie calls the weather rules (not in the excerpt): record a weather step, then both roll again; or just roll again. */
  readonly tie: (typeof TIE_RULES)[number];
  /** Faces of the signal die; the number rolled is the radius in `signalUnit`. */
  readonly signalDie: (typeof SIGNAL_DICE)[number];
  readonly signalUnit: (typeof SIGNAL_UNITS)[number];
  /** "The two kinds of order cannot be mixed in one turn": for each leader, for the whole army, or only within one activation. */
  readonly orderMixing: (typeof ORDER_MIXING)[number];
  /** A unit acts at most once per turn. */
  readonly unitActsOnce: boolean;
  /** The slot of a dead or absent leader is skipped, or lets any unit act. */
  readonly absentLeaderSlot: (typeof ABSENT_LEADER_SLOT)[number];
  /** Our reading of "write one of his leaders against each number": a leader stands on one number at most. */
  readonly leaderOnce: boolean;
  /** What a unit's figures stand on, for "1 inch from the unit": the text says nothing of base shapes. */
  readonly bases: BaseShape;
}

export const DEFAULT_HOUSE_RULES: HouseRules = {
  tie: 'weather-reroll',
  signalDie: 6,
  signalUnit: 'in',
  orderMixing: 'per-leader',
  unitActsOnce: true,
  absentLeaderSlot: 'skip',
  leaderOnce: true,
  bases: DEFAULT_BASE_SHAPE,
};

export interface CrConfig {
  readonly houseRules: HouseRules;
}

export const DEFAULT_CR_CONFIG: CrConfig = { houseRules: DEFAULT_HOUSE_RULES };

/** Direct orders reach units no further than this from the leader's unit (the text's rule, not a default). */
export const DIRECT_RADIUS = { value: 1, unit: 'in' } as const;

export interface Leader {
  /** `AL1`, `AL2`…: stable for the whole game, never reused after a removal. */
  readonly id: string;
  readonly name: string;
  /** False when dead or absent. */
  readonly present: boolean;
  readonly disordered: boolean;
}

export interface Unit {
  /** `AU1`, `AU2`… */
  readonly id: string;
  readonly name: string;
}

export interface SideState {
  readonly name: string;
  readonly leaders: readonly Leader[];
  readonly units: readonly Unit[];
  /** Six entries: `slots[n - 1]` is what is written against die number n. Secret from the other player. */
  readonly slots: readonly Slot[];
  /** The Commander-in-Chief's leader id. */
  readonly cInC: string | null;
  /** Source of ids, so that ids survive removals and replays. */
  readonly serial: number;
}

export type OrderKind = 'direct' | 'signal';

/** One slot of the turn's queue: a die number of one player's roster. */
export interface QueueSlot {
  readonly side: SideId;
  readonly slot: number;
}

/** What happens at the slot being resolved. */
export interface Activation {
  /** What stood on the number when the slot came up: a rewrite made during the slot does not change it. */
  readonly holder: Slot;
  /** How the slot was used so far: a unit activated, orders given, the roster rewritten. */
  readonly used: 'unit' | OrderKind | 'rewrite' | null;
  /** The signal declared and its rolled radius, until the units that obey it are named. */
  readonly signal: { readonly order: string; readonly die: number; readonly radius: number } | null;
  /** Units that took an order or acted at this slot. */
  readonly units: readonly string[];
}

export interface Round {
  /** The last command roll (A, B); null before the first roll of the turn. */
  readonly rolls: { readonly A: number; readonly B: number } | null;
  /** Weather steps taken this turn (one per tie). */
  readonly weather: number;
  /** The numbers each player uses, strictly descending. Empty until a roll without a tie. */
  readonly queue: readonly QueueSlot[];
  /** Index of the slot being resolved in `queue`; `queue.length` once every slot is done. */
  readonly cursor: number;
  /** Queue indexes passed over because their leader was dead or absent. */
  readonly skipped: readonly number[];
  readonly activation: Activation | null;
  /** The kind of order already used this turn, by leader id or side (`orderMixing`). */
  readonly orderKinds: Readonly<Record<string, OrderKind>>;
  /** Units that acted this turn, in order (a unit appears twice only if `unitActsOnce` is off). */
  readonly acted: { readonly [S in SideId]: readonly string[] };
}

export interface CrState {
  readonly phase: 'setup' | 'playing';
  readonly config: CrConfig;
  /** 0 during setup, 1 from the start. */
  readonly turn: number;
  readonly sides: { readonly [S in SideId]: SideState };
  /** The current turn; null during setup. */
  readonly round: Round | null;
}

export type CrEvent =
  | { readonly type: 'configure'; readonly houseRules: Partial<HouseRules> }
  | { readonly type: 'sideEdited'; readonly side: SideId; readonly name: string }
  | { readonly type: 'leaderAdded'; readonly side: SideId; readonly name: string }
  | { readonly type: 'leaderRemoved'; readonly side: SideId; readonly leader: string }
  | { readonly type: 'unitAdded'; readonly side: SideId; readonly name: string }
  | { readonly type: 'unitRemoved'; readonly side: SideId; readonly unit: string }
  | { readonly type: 'cInCSet'; readonly side: SideId; readonly leader: string }
  | { readonly type: 'rosterSet'; readonly side: SideId; readonly slots: readonly Slot[] }
  | {
      readonly type: 'leaderStatus';
      readonly side: SideId;
      readonly leader: string;
      readonly present?: boolean;
      readonly disordered?: boolean;
    }
  | { readonly type: 'start' }
  /** Both players' d6, as rolled. */
  | { readonly type: 'commandRoll'; readonly A: number; readonly B: number }
  /** At a "unit" slot: the unit that acts. */
  | { readonly type: 'unitActivated'; readonly unit: string }
  /**
   * At a leader's slot: units within 1" of his unit that take his (different) orders, all at once.
   * `word`: given on the players' word, though the board put these units out of reach.
   */
  | { readonly type: 'directOrders'; readonly units: readonly string[]; readonly word?: OnTheirWord }
  /** At a leader's slot: the declared order and the signal die. */
  | { readonly type: 'signalRolled'; readonly order: string; readonly die: number }
  /** The units within the rolled radius, which carry the signalled order out. */
  | { readonly type: 'signalObeyed'; readonly units: readonly string[]; readonly word?: OnTheirWord }
  /** At the C-in-C's slot, instead of acting: the new roster, in force at once. */
  | { readonly type: 'rosterRewritten'; readonly slots: readonly Slot[] }
  /** A unit that acted by other means (the player's word). */
  | { readonly type: 'unitMarked'; readonly unit: string }
  /** The current slot is finished: the queue moves to the next number. */
  | { readonly type: 'slotDone' }
  | { readonly type: 'nextTurn' }
  | { readonly type: 'newGame' };

export type CrEventType = CrEvent['type'];

/** Orders the players gave though the board measured some of the units out of reach: which ones. */
export interface OnTheirWord {
  readonly out: readonly string[];
}

export const LIMITS = { nameLength: 60, orderLength: 40, maxLeaders: 12, maxUnits: 40 } as const;
