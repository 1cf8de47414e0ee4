import * as v from 'valibot';
import { nameText } from '../../game/validate';
import { BASE_SHAPES, DEFAULT_BASE_SHAPE } from '../../geometry/bases';
import {
  ABSENT_LEADER_SLOT,
  ORDER_MIXING,
  SIDE_IDS,
  SIGNAL_DICE,
  SIGNAL_UNITS,
  TIE_RULES,
  type CrConfig,
  type CrEvent,
} from './types';

/*
 * Structural checks for events and settings from outside (messages, the store, scenario files). The
 * rules then judge the values (a die of 7 is well-formed here and refused by the model with its reason).
 */
const side = v.picklist(SIDE_IDS);
const shortText = nameText(200); // cleaned of control and bidirectional characters (src/game/clean.ts)
const ids = v.pipe(v.array(shortText), v.maxLength(100));
const slots = v.pipe(v.array(shortText), v.length(6));

const houseRules = v.strictObject({
  tie: v.picklist(TIE_RULES),
  signalDie: v.picklist(SIGNAL_DICE),
  signalUnit: v.picklist(SIGNAL_UNITS),
  orderMixing: v.picklist(ORDER_MIXING),
  unitActsOnce: v.boolean(),
  absentLeaderSlot: v.picklist(ABSENT_LEADER_SLOT),
  leaderOnce: v.boolean(),
  bases: v.picklist(BASE_SHAPES),
});

// Games saved before base shapes were a setting have none: the default.
export const crConfigSchema = v.strictObject({
  houseRules: v.strictObject({ ...houseRules.entries, bases: v.optional(v.picklist(BASE_SHAPES), DEFAULT_BASE_SHAPE) }),
});

export const crEventSchema = v.variant('type', [
  v.strictObject({ type: v.literal('configure'), houseRules: v.partial(houseRules) }),
  v.strictObject({ type: v.literal('sideEdited'), side, name: shortText }),
  v.strictObject({ type: v.literal('leaderAdded'), side, name: shortText }),
  v.strictObject({ type: v.literal('leaderRemoved'), side, leader: shortText }),
  v.strictObject({ type: v.literal('unitAdded'), side, name: shortText }),
  v.strictObject({ type: v.literal('unitRemoved'), side, unit: shortText }),
  v.strictObject({ type: v.literal('cInCSet'), side, leader: shortText }),
  v.strictObject({ type: v.literal('rosterSet'), side, slots }),
  v.strictObject({
    type: v.literal('leaderStatus'),
    side,
    leader: shortText,
    present: v.optional(v.boolean()),
    disordered: v.optional(v.boolean()),
  }),
  v.strictObject({ type: v.literal('start') }),
  v.strictObject({ type: v.literal('commandRoll'), A: v.number(), B: v.number() }),
  v.strictObject({ type: v.literal('unitActivated'), unit: shortText }),
  v.strictObject({ type: v.literal('directOrders'), units: ids, word: v.optional(v.strictObject({ out: ids })) }),
  v.strictObject({ type: v.literal('signalRolled'), order: shortText, die: v.number() }),
  v.strictObject({ type: v.literal('signalObeyed'), units: ids, word: v.optional(v.strictObject({ out: ids })) }),
  v.strictObject({ type: v.literal('rosterRewritten'), slots }),
  v.strictObject({ type: v.literal('unitMarked'), unit: shortText }),
  v.strictObject({ type: v.literal('slotDone') }),
  v.strictObject({ type: v.literal('nextTurn') }),
  v.strictObject({ type: v.literal('newGame') }),
]);

// Compile-time proof that whatever the schemas accept is a valid model event or config.
type Assignable<A, B> = [A] extends [B] ? true : false;
const eventsFit: Assignable<v.InferOutput<typeof crEventSchema>, CrEvent> = true;
const configFits: Assignable<v.InferOutput<typeof crConfigSchema>, CrConfig> = true;
void eventsFit;
void configFits;
