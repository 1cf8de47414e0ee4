// The one shape every rule system plugs into the product with: each `src/rules/<id>/index.ts`
// exports a descriptor, and the store, the popup, the scenario runner and every tabletop go through
// the registries of descriptors (src/rules/index.ts) and of board views (src/rules/boards.ts)
// instead of naming a system. The system's popup panel sits beside it in popup/<id>/ (the core
// stays free of the UI) and is registered in popup/panels.tsx.
import type { Binding, Piece, PieceKind, PiecePlace } from '../board/model';
import type { RuleSystem } from '../game/system';
import type { Text } from '../i18n/text';
import type { Hex } from '../geometry/hex';
import type { Length, MeasureFrom, Scene, TokenRole } from '../table/model';
import type { SystemId } from './ids';

/** A system's way of measuring when its text is silent or before a game sets its own (a house default). */
export interface MeasureDefault {
  readonly from: MeasureFrom;
  /** A range, each leader's own (Désastre Colonial: NdX/R hexes), or none (the rule reads no distance). */
  readonly radius: Length | 'each-leader' | null;
}

/** A tabletop token as the board reports it to the popup (its own side, grouping and role). */
export interface TableFigure {
  readonly id: string;
  readonly name: string;
  readonly side: string | null;
  readonly unit: string | null;
  readonly role: 'leader' | 'figure' | 'radio-operator';
  /** Hidden from players (Owlbear): only the game master's board has it, and no roster is taken from it. */
  readonly hidden?: boolean;
}

/** One field the player fills in while reviewing the roster taken from the board. */
export interface DraftField {
  readonly key: string;
  /** Message key of its label. */
  readonly label: string;
  readonly kind: 'number' | 'text';
  readonly min?: number;
  readonly max?: number;
  /** The kinds of piece that have it. */
  readonly for: readonly PieceKind[];
}

export interface DraftEntry {
  /** Stable within one draft (the tabletop grouping or token it comes from). */
  readonly key: string;
  readonly tokens: readonly string[];
  readonly kind: PieceKind;
  /** The game's side. */
  readonly side: string | null;
  readonly name: string;
  readonly fields: Readonly<Record<string, string | number>>;
  readonly include: boolean;
}

/** The roster the board suggests, for review: nothing is applied until the player says so. */
export interface RosterDraft {
  /** Tabletop side → game side. */
  readonly sides: Readonly<Record<string, string>>;
  readonly entries: readonly DraftEntry[];
}

/**
 * A link to make once a batch of events is applied: `token` stands for the piece `events[event]`
 * creates (the `nth` one, in roster order, when the event creates several: a Hell Dorado roster).
 */
export interface NewLink {
  readonly token: string;
  readonly event: number;
  readonly nth?: number;
}

export interface RosterFromBoard<S, E> {
  readonly fields: readonly DraftField[];
  /** A draft from the tokens not linked yet (their tabletop grouping, role and name). */
  draft(figures: readonly TableFigure[], state: S, binding: Binding): RosterDraft;
  /** The setup events for the included entries, and which token links to the piece each creates. */
  events(draft: RosterDraft, state: S): { readonly events: E[]; readonly links: NewLink[] };
}

/** What happened on the tabletop since it was opened, as far as a game may care. */
export interface TableChanges {
  /**
   * Tokens removed, or marked dead, while the game was on; `stoodFor`: the piece each stood for when it
   * left (its link, else the piece of its name then in play: src/board/departures.ts), null for none,
   * absent when the board did not see it go (it went before the page was opened).
   */
  readonly gone: readonly {
    readonly id: string;
    readonly name: string;
    readonly side: string | null;
    readonly how: 'removed' | 'dead';
    readonly stoodFor?: string | null;
  }[];
  /** Tokens put on the table after it was first read. */
  readonly arrived: readonly { readonly id: string; readonly name: string; readonly side: string | null }[];
}

/** A game change the board suggests; one click applies it, nothing is applied silently. */
export interface Proposal<E> {
  /** Stable while the proposal stands (e.g. `loss:A2`). */
  readonly key: string;
  readonly text: Text;
  /** A number the player gives first (a late entrant's CMD). */
  readonly input?: { readonly label: string; readonly min: number; readonly max: number; readonly value: number };
  events(input?: number): E[];
  readonly links?: readonly NewLink[];
}

export interface SystemDescriptor<S, E, C, F> {
  readonly id: SystemId;
  readonly rules: RuleSystem<S, E, C>;
  readonly measure: MeasureDefault;
  /** The game's sides, in order (a tabletop's first side maps to the first). Empty: no sides. */
  readonly sides: readonly string[];
  /** Roster entries tokens can stand for. */
  pieces(state: S): readonly Piece[];
  /** What the board view needs from the game (src/rules/<id>/board.ts reads it). */
  facts(state: S): F;
  readonly roster?: RosterFromBoard<S, E>;
  /** Fills in what an event reads from the board (Désastre Colonial: the pieces' hexes), before it is sent. */
  fromBoard?(event: E, places: ReadonlyMap<string, PiecePlace>, state: S): E;
  /** Game changes proposed by the board (Hell Dorado: losses and late entries). */
  propose?(state: S, binding: Binding, changes: TableChanges): Proposal<E>[];
  /**
   * The side whose player makes this event (one of `sides`), or null when either player may (a roll
   * both make, a new turn). A shared table (Owlbear) lets a player act only for the sides the game
   * master gave him. Without it: the event's own `side` field, when it names one of `sides`.
   */
  actor?(event: E, state: S): string | null;
  /** What a side keeps secret from the other on a shared table (the command roll's rosters). */
  readonly secrets?: Secrets<E, S>;
}

/**
 * Secret values inside events (the command roll's roster: who stands on each number). On a shared
 * table every player's client plays every event, so an event carrying secrets is shared sealed: each
 * secret value replaced by a commitment (`sealed:…`, src/game/seal.ts) that its author alone can
 * open. The rules take a sealed value as "written, not known" and stop where they would need it; its
 * owner opens it when the game reads it (a number comes up), and every client then plays it as written.
 */
export interface Secrets<E, S> {
  /**
   * The side whose secrets this event (played on `state`; undefined when only the values are wanted)
   * carries and the values, in order; null: nothing secret.
   */
  of(event: E, state: S | undefined): { readonly side: string; readonly values: readonly string[] } | null;
  /** The same event with these values in place of its secret ones (same count and order). */
  with(event: E, values: readonly string[]): E;
  /** The secret values (as the state holds them: sealed or opened) the game read in this move. */
  read(before: S, after: S): readonly string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- registries hold systems of different types
export type AnyDescriptor = SystemDescriptor<any, any, any, any>;

/** A token of a worked example laid out on the demo table. */
export interface DemoToken {
  readonly id: string;
  readonly name: string;
  /** The tabletop side (an id of the scene's `sides`), null for none. */
  readonly side: string | null;
  /** The tabletop grouping (a unit's tokens share one), null for none. */
  readonly unit: string | null;
  readonly role: TokenRole;
  readonly radio?: boolean;
  /** Where it stands: its centre in scene px, or the hex it stands in. */
  readonly at: { readonly x: number; readonly y: number } | { readonly hex: Hex };
  /** Round base diameter (mm, in, or `cell` on a hex map); a rectangular base's width. */
  readonly base: Length;
  /** A rectangular base's length (a 2×1 cavalry base: 2 in long, 1 in wide); absent: round. */
  readonly length?: Length;
  /** Degrees the token is turned, clockwise (its length runs along x unturned). */
  readonly rotation?: number;
  /** The roster entry of the example game it stands for. */
  readonly piece?: string;
}

/**
 * A system's worked example as a scene of the demo table (src/rules/<id>/demo.ts, registered in
 * src/rules/demos.ts): the table, its tokens and the example game's setup events, which the demo
 * page has the worker play before binding the tokens to the pieces they create.
 */
export interface DemoScene<E> {
  /** Message key of the scene's name (locales/<lang>/demo.json). */
  readonly title: string;
  readonly scene: Scene;
  /** The tabletop's sides: a message key for the label and a colour (#rrggbb). */
  readonly sides: readonly { readonly id: string; readonly label: string; readonly colour: string }[];
  readonly tokens: readonly DemoToken[];
  /** The example game, played from a new game with the system's default settings. */
  readonly events: readonly E[];
  /** Tabletop side → the game's side. */
  readonly gameSides: Readonly<Record<string, string>>;
}
