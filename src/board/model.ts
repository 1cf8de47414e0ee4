// How a game meets a tabletop: its roster entries ("pieces") linked to the tabletop's tokens, and
// what every rule system's board view returns. Tabletop-neutral: Roll20, the demo table and Owlbear
// scenes all arrive as a `Table` (src/table/model.ts) and leave as a `BoardView`.
import type { Text } from '../i18n/text';
import type { RangeShape } from '../geometry/shapes';
import type { BaseBox } from '../geometry/bases';
import type { Hex } from '../geometry/hex';
import type { Scene, Token, Vec2 } from '../table/model';

/** A roster entry of a game that tokens can stand for: a fighter, a unit or a leader. */
export type PieceKind = 'fighter' | 'unit' | 'leader';

export interface Piece {
  readonly id: string;
  readonly name: string;
  readonly kind: PieceKind;
  /** The game's side id (`A`, `colonial`…); null for systems without sides. */
  readonly side: string | null;
  /** A leader's unit: the one the game says he leads, null for none; absent: his token's own grouping. */
  readonly unit?: string | null;
  /** Out of the game (killed, eliminated, broken): its tokens are drawn as lost and take no part. */
  readonly gone?: boolean;
  /** Carries a radio (BdC). */
  readonly radio?: boolean;
  /** The piece id of the leader above this one (BdC company → platoon leader). */
  readonly commander?: string | null;
}

/** How one game is bound to a tabletop. Token ids are the tabletop's own; they survive reloads and page switches. */
export interface Binding {
  /** Token id → piece id. A token stands for one piece; a unit may have many tokens. */
  readonly links: Readonly<Record<string, string>>;
  /** The tabletop's side (a controller, a colour…) → the game's side. */
  readonly sides: Readonly<Record<string, string>>;
}

export const EMPTY_BINDING: Binding = Object.freeze({ links: Object.freeze({}), sides: Object.freeze({}) });

/** Bounds of the popup's summary of a board (./summary-schema.ts): figures listed, changes remembered. */
export const MAX_FIGURES = 1000;
export const MAX_CHANGES = 50;

/** Bounds that keep a binding small in storage and in messages. */
export const BINDING_LIMITS = { links: 2000, sides: 16, id: 64 } as const;

/**
 * What a board view needs from the game, published by the worker for the active system whenever the
 * game changes (storage key BOARD_KEY): the roster and the system's own facts (leaders' radii,
 * morale states, the slot being played…). Views never see the event log.
 */
export interface BoardInput<F = unknown> {
  readonly system: string;
  readonly binding: Binding;
  readonly pieces: readonly Piece[];
  readonly facts: F;
}

/** A tabletop token after the binding: side, unit and role from the game where it is linked. */
export interface BoundToken extends Token {
  /** The piece this token stands for, or null. */
  readonly piece: Piece | null;
  /**
   * The tabletop's side for this token (through the binding's side map), where the game gives its piece
   * none: a system whose pieces have no side (Hell Dorado's modifiers, Les bandes de Champagne) still
   * has the players' sides on the table, and "the side whose turn it is" reads them.
   */
  readonly tableSide?: string | null;
}

export interface BoundTable {
  readonly scene: Scene;
  /** Tokens taking part, grouped by unit (the chain engine is fastest that way). Tokens of gone pieces are excluded. */
  readonly tokens: readonly BoundToken[];
  /** Tokens whose piece is out of the game: drawn as lost. */
  readonly lost: readonly BoundToken[];
  readonly pieces: ReadonlyMap<string, Piece>;
  /** The tokens that stand for each piece (ids), in table order. */
  readonly tokensOf: (pieceId: string) => readonly BoundToken[];
}

/**
 * What a mark on a token says. `leader`: a leader (his range is drawn); `blocked`: a leader who
 * cannot command now (demoralised, routed, disordered), with why; `commanded`/`link`: in command
 * (directly / through a chain link); `eligible`: may be chosen or ordered now; `active`: the fighter
 * whose activation it is (a system that reads no positions); `out`: may not, with a reason; `lost`:
 * its piece is out of the game; `none`: read by the rules, but nothing to do now.
 */
export const MARK_STATUSES = [
  'leader',
  'blocked',
  'commanded',
  'link',
  'eligible',
  'active',
  'out',
  'lost',
  'none',
] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];

/** Why a token is out: a stable code (translated as `board_reason_<code>`) and the numbers that explain it. */
export interface Reason {
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface Mark {
  readonly id: string;
  readonly name: string;
  /** Centre and footprint radius, scene px. */
  readonly x: number;
  readonly y: number;
  readonly r: number;
  /**
   * A base read as its box (an oblong 2×1 base; any base under the `box` setting), scene px: the
   * status ring hugs it (./draw.ts markOutline) instead of circling `r`.
   */
  readonly box?: BaseBox;
  readonly status: MarkStatus;
  readonly reason: Reason | null;
  readonly piece: string | null;
  /** BdC rigid doctrine: not commanded, must move closer. */
  readonly closeUp?: boolean;
  /** The unit the token stands in (a game unit's piece id, else the tabletop's grouping); null: none. */
  readonly unit?: string | null;
}

/** What a range ring means: a command radius (BdC, DC), 1" control or a rolled signal (command roll). */
export type RingKind = 'command' | 'control' | 'signal';

export interface Ring {
  /** The leader's token. */
  readonly id: string;
  readonly name: string;
  readonly kind: RingKind;
  /** Centre, scene px (a hex map: the centre of the leader's hex). */
  readonly x: number;
  readonly y: number;
  /** Radius in cells, for tools that draw their own (Roll20 auras, Owlbear shapes). */
  readonly radiusCells: number;
  readonly shape: RangeShape;
  /**
   * Measured from a whole unit (the command roll's 1" from the leader's unit): the tokens it is
   * measured from, and the outline of their rings put together (closed loops, scene px, holes the
   * other way round), drawn instead of the shape.
   */
  readonly from?: readonly string[];
  readonly outline?: readonly (readonly Vec2[])[];
}

export type EdgeKind = 'chain' | 'voice' | 'radio';

export interface Edge {
  readonly from: string;
  readonly to: string;
  readonly kind: EdgeKind;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** Why nothing can be computed on this table (the overlay says so and draws no status). */
export type BoardError = 'incompatible-units' | 'invalid-scale' | 'not-a-hex-grid';

export interface BoardView {
  readonly marks: readonly Mark[];
  readonly rings: readonly Ring[];
  readonly edges: readonly Edge[];
  /** Lines shown in a corner of the board (Hell Dorado: each side's Command). */
  readonly notes: readonly Text[];
  readonly error: BoardError | null;
}

/** Where a piece stands on the board: its tokens and, on a hex map, their hexes. */
export interface PiecePlace {
  readonly tokens: readonly string[];
  readonly hexes: readonly Hex[];
}
