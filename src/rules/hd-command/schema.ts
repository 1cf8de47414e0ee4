import * as v from 'valibot';
import { nameText } from '../../game/validate';
import { EDITIONS, LOSS_KINDS, SIDE_IDS, type HdConfig, type HdEvent } from './types';

/*
 * Structural checks for events and settings that arrive from outside (messages, the store, scenario
 * files). They reject wrong shapes and unknown keys; the rules themselves then judge the values
 * (a negative spend is well-formed but refused by the model with its own reason).
 */
const side = v.picklist(SIDE_IDS);
const shortText = nameText(200); // cleaned of control and bidirectional characters (src/game/clean.ts)
const count = v.number();

const houseRules = v.strictObject({
  leavingCountsAsLoss: v.boolean(),
  commandementModifierTiming: v.picklist(['immediate', 'next-upkeep']),
  lostBeforeCredit: v.picklist(['cancel-credit', 'literal']),
  modifierEndGivesBack: v.picklist(['applied', 'nominal']),
});

export const hdConfigSchema = v.strictObject({ edition: v.picklist(EDITIONS), houseRules });

export const hdEventSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('configure'),
    edition: v.optional(v.picklist(EDITIONS)),
    houseRules: v.optional(v.partial(houseRules)),
  }),
  v.strictObject({ type: v.literal('sideEdited'), side, name: v.optional(shortText), colour: v.optional(shortText) }),
  v.strictObject({
    type: v.literal('rosterSet'),
    side,
    fighters: v.pipe(v.array(v.strictObject({ name: shortText, cmd: count })), v.maxLength(200)),
  }),
  v.strictObject({ type: v.literal('start') }),
  v.strictObject({ type: v.literal('upkeep') }),
  v.strictObject({ type: v.literal('newGame') }),
  v.strictObject({ type: v.literal('spend'), side, amount: count, permanent: v.boolean() }),
  v.strictObject({ type: v.literal('fighterLost'), side, fighterId: shortText, how: v.picklist(LOSS_KINDS) }),
  v.strictObject({ type: v.literal('fighterEnters'), side, name: shortText, cmd: count }),
  v.strictObject({
    type: v.literal('modifierApplied'),
    side,
    fighterId: shortText,
    delta: count,
    label: v.optional(shortText),
  }),
  v.strictObject({ type: v.literal('modifierEnded'), side, modifierId: shortText }),
]);

// Compile-time proof that whatever the schemas accept is a valid model event or config.
type Assignable<A, B> = [A] extends [B] ? true : false;
const eventsFit: Assignable<v.InferOutput<typeof hdEventSchema>, HdEvent> = true;
const configFits: Assignable<v.InferOutput<typeof hdConfigSchema>, HdConfig> = true;
void eventsFit;
void configFits;
