import * as v from 'valibot';
import { nameText } from '../../game/validate';
import { DC_PATH_READINGS, DC_SIDES, DEFAULT_DC_HOUSE_RULES, type DcConfig, type DcEvent } from './types';

/* Shapes only: the model judges the values (a radius of 0 is well-formed but refused with its reason). */
const side = v.picklist(DC_SIDES);
const shortText = nameText(200); // cleaned of control and bidirectional characters (src/game/clean.ts)
const id = v.pipe(v.string(), v.maxLength(20));
const num = v.number();
const hex = v.nullable(v.strictObject({ q: num, r: num }));

const houseRules = v.strictObject({ threshold: num, fragileThreshold: num, path: v.picklist(DC_PATH_READINGS) });

// Games saved before the path reading existed have no `path`: they keep the default reading.
export const dcConfigSchema = v.strictObject({
  houseRules: v.strictObject({
    ...houseRules.entries,
    path: v.optional(houseRules.entries.path, DEFAULT_DC_HOUSE_RULES.path),
  }),
});

export const dcEventSchema = v.variant('type', [
  v.strictObject({ type: v.literal('configure'), houseRules: v.partial(houseRules) }),
  v.strictObject({ type: v.literal('leaderAdded'), side, name: shortText, profile: shortText, at: v.optional(hex) }),
  v.strictObject({ type: v.literal('unitAdded'), side, name: shortText, losses: v.optional(num), at: v.optional(hex) }),
  v.strictObject({ type: v.literal('removed'), id }),
  v.strictObject({ type: v.literal('placed'), id, at: hex }),
  v.strictObject({ type: v.literal('lossesSet'), unit: id, losses: num }),
  v.strictObject({ type: v.literal('start') }),
  v.strictObject({ type: v.literal('newTurn') }),
  v.strictObject({ type: v.literal('newGame') }),
  v.strictObject({ type: v.literal('initiativeGained'), side }),
  v.strictObject({ type: v.literal('leaderActivated'), leader: id }),
  v.strictObject({
    type: v.literal('unitsCommanded'),
    units: v.pipe(v.array(id), v.maxLength(80)),
    word: v.optional(v.strictObject({ inRange: v.boolean(), adjacent: v.boolean() })),
    positions: v.optional(
      v.pipe(
        v.record(id, v.strictObject({ q: num, r: num })),
        v.check((p) => Object.keys(p).length <= 80, 'too many positions'),
      ),
    ),
  }),
  v.strictObject({ type: v.literal('diceRolled'), dice: v.pipe(v.array(num), v.maxLength(20)) }),
  v.strictObject({ type: v.literal('dieRerolled'), index: num, value: num }),
  v.strictObject({
    type: v.literal('diceAssigned'),
    assign: v.pipe(v.array(v.strictObject({ unit: id, die: num })), v.maxLength(20)),
  }),
  v.strictObject({ type: v.literal('initiativeKept'), leader: id }),
  v.strictObject({ type: v.literal('initiativeConceded') }),
  v.strictObject({ type: v.literal('moraleTaken'), unit: id }),
  v.strictObject({ type: v.literal('unitActed'), unit: id }),
  v.strictObject({ type: v.literal('dramaResolved'), value: num }),
]);

// Compile-time proof that whatever the schemas accept is a valid model event or config.
type Assignable<A, B> = [A] extends [B] ? true : false;
const eventsFit: Assignable<v.InferOutput<typeof dcEventSchema>, DcEvent> = true;
const configFits: Assignable<v.InferOutput<typeof dcConfigSchema>, DcConfig> = true;
void eventsFit;
void configFits;
