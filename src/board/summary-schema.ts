// The popup's view of a live tabletop, whichever it is (Roll20, the demo table, Owlbear): plain,
// bounded JSON that the tabletop's page builds (./summary.ts) and the worker validates again before
// keeping it for the popup (storage.session, per tab). Apart from the builder, so that content
// scripts do not carry the schema.
import { visibilitySchema } from './visibility-schema';
import * as v from 'valibot';
import { LEGEND_KEYS } from './legend';
import { checkResultSchema } from '../adapters/roll20/check-schema';
import { nameText } from '../game/validate';
import { MARK_STATUSES, MAX_CHANGES, MAX_FIGURES } from './model';
import { unvouchedSchema } from '../shared-game/unvouched-schema';

const id = v.pipe(v.string(), v.maxLength(64));
// Names as the tabletop holds them, cleaned of control and bidirectional characters.
const name = nameText(200);
const num = v.pipe(v.number(), v.finite());
const side = v.nullable(v.pipe(v.string(), v.maxLength(2000)));
const param = v.union([v.pipe(v.string(), v.maxLength(200)), num]);
const text = v.strictObject({
  key: v.pipe(v.string(), v.maxLength(64)),
  subs: v.optional(v.pipe(v.array(param), v.maxLength(9))),
});

export const boardSummarySchema = v.strictObject({
  tabletop: v.picklist(['roll20', 'demo', 'owlbear']),
  state: v.picklist(['waiting', 'live', 'unavailable']),
  /** `data-only`: tokens are read, but there is no camera to draw over. */
  mode: v.picklist(['full', 'data-only']),
  /** The tabletop's renderer (Roll20 `legacy`/`jumpgate`), `none` when not found. */
  engine: v.pipe(v.string(), v.maxLength(32)),
  missing: v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(8)),
  page: v.nullable(
    v.strictObject({
      name,
      grid: v.pipe(v.string(), v.maxLength(16)),
      diagonal: v.pipe(v.string(), v.maxLength(16)),
      cellPx: num,
      scale: num,
      units: v.pipe(v.string(), v.maxLength(32)),
      /** Page settings the tabletop could not read, shown with its defaults instead. */
      defaulted: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(8))),
      /** A Roll20 hex page's lattice (src/adapters/roll20/lattice.ts): which, why, its pitches (px), the share of the tokens looked at on it. */
      lattice: v.optional(
        v.strictObject({
          source: v.picklist(['roll20', 'regular', 'fitted']),
          reason: v.picklist(['page', 'tokens', 'fitted']),
          col: num,
          row: num,
          onLattice: num,
          tokens: num,
        }),
      ),
    }),
  ),
  /** The rule system whose view the board shows. */
  system: v.nullable(id),
  error: v.nullable(v.picklist(['incompatible-units', 'invalid-scale', 'not-a-hex-grid'])),
  /** The tabletop's sides, with what to call them (a Roll20 side is its players). */
  sides: v.pipe(
    v.array(v.strictObject({ id: v.pipe(v.string(), v.maxLength(2000)), label: nameText(400) })),
    v.maxLength(50),
  ),
  figures: v.pipe(
    v.array(
      v.strictObject({
        id,
        name,
        /** The tabletop's own side, grouping and role (what "roster from the board" reads). */
        side,
        unit: v.nullable(v.pipe(v.string(), v.maxLength(2100))),
        role: v.picklist(['leader', 'figure', 'radio-operator']),
        piece: v.nullable(id),
        status: v.picklist(MARK_STATUSES),
        reason: v.nullable(
          v.strictObject({
            code: v.pipe(v.string(), v.maxLength(64)),
            params: v.optional(v.record(v.pipe(v.string(), v.maxLength(32)), param)),
          }),
        ),
        closeUp: v.boolean(),
        hex: v.nullable(v.strictObject({ q: num, r: num })),
        /** A token hidden from players (only the game master's board lists it): never offered to a roster. */
        hidden: v.optional(v.literal(true)),
      }),
    ),
    v.maxLength(MAX_FIGURES),
  ),
  /**
   * The figures' groupings with what to call them (src/board/names.ts): the game's name, else their
   * leader's, else the one their figures share, else their number; never the grouping's id.
   */
  units: v.pipe(
    v.array(
      v.strictObject({
        id: v.pipe(v.string(), v.maxLength(2100)),
        name: v.nullable(name),
        leader: v.nullable(name),
        n: v.pipe(v.number(), v.integer(), v.minValue(1)),
      }),
    ),
    v.maxLength(MAX_FIGURES),
  ),
  /** Figures beyond MAX_FIGURES, not listed. */
  more: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** `stoodFor`: the piece the token stood for when the board saw it leave (absent: not seen). */
  gone: v.pipe(
    v.array(
      v.strictObject({ id, name, side, how: v.picklist(['removed', 'dead']), stoodFor: v.optional(v.nullable(id)) }),
    ),
    v.maxLength(MAX_CHANGES),
  ),
  arrived: v.pipe(v.array(v.strictObject({ id, name, side })), v.maxLength(MAX_CHANGES)),
  /** Tokens the player has selected on the tabletop. */
  selected: v.pipe(v.array(id), v.maxLength(100)),
  notes: v.pipe(v.array(text), v.maxLength(8)),
  /** What the board's key names now (src/board/legend.ts): the popup shows the same key. */
  key: v.optional(v.pipe(v.array(v.picklist(LEGEND_KEYS)), v.maxLength(LEGEND_KEYS.length))),
  /** Messages and tokens dropped as forged or malformed. */
  dropped: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /**
   * Roll20's one game for the table (src/adapters/roll20/ledger.ts): `none` until the game master
   * makes the ledgers; who acts for which side (Roll20's "controlled by" of each side's ledger); the
   * sides this player acts for; what the ledgers dropped.
   */
  shared: v.optional(
    v.strictObject({
      state: v.picklist(['none', 'ready']),
      gm: v.boolean(),
      sides: v.pipe(
        v.array(
          v.strictObject({
            label: nameText(200),
            players: v.pipe(v.array(nameText(200)), v.maxLength(50)),
            anyone: v.boolean(),
          }),
        ),
        v.maxLength(8),
      ),
      mine: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7))), v.maxLength(8)),
      dropped: v.pipe(v.number(), v.integer(), v.minValue(0)),
      /** Sides whose ledger is gone from the journal: who the game seats there, and whether this player is one of them. */
      missing: v.optional(
        v.pipe(
          v.array(
            v.strictObject({
              side: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7)),
              players: v.pipe(v.array(nameText(200)), v.maxLength(50)),
              mine: v.boolean(),
            }),
          ),
          v.maxLength(8),
        ),
      ),
      /** Someone else wrote under this player's name on his ledger (his tab wrote his own back). */
      writtenOver: v.optional(v.boolean()),
      /** "Check this table" as the game master's tab last ran it (src/adapters/roll20/check.ts). */
      check: v.optional(checkResultSchema),
      /** What the game master says the board shows, and whether to him only (src/board/visibility.ts). */
      visibility: v.optional(visibilitySchema),
      /** The ledgers hold a checkpoint no game master at the table stands behind (src/shared-game/types.ts `Unvouched`): not played. */
      unvouched: v.optional(unvouchedSchema),
    }),
  ),
});
export type BoardSummary = v.InferOutput<typeof boardSummarySchema>;
export type BoardFigure = BoardSummary['figures'][number];
