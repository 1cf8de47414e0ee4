import * as v from 'valibot';
import { nameText } from '../../game/validate';
import { CHARACTERISTICS, ENDABLE_SCOPES, SCOPES, STATES, type HdmConfig, type HdmEvent } from './types';

/*
 * Structural checks for events and settings from outside (messages, the store, scenario files): wrong
 * shapes and unknown keys are rejected here; the rules then judge the values (a DEF of 30 is
 * well-formed but refused by the model with its own reason).
 */
const shortText = nameText(200); // cleaned of control and bidirectional characters (src/game/clean.ts)
const id = v.pipe(v.string(), v.maxLength(20));
const count = v.number();
const characteristic = v.picklist(CHARACTERISTICS);
const card = v.strictObject(
  Object.fromEntries(CHARACTERISTICS.map((c) => [c, v.optional(count)])) as {
    [C in (typeof CHARACTERISTICS)[number]]: v.OptionalSchema<v.NumberSchema<undefined>, undefined>;
  },
);

const rules = v.strictObject({
  directTie: v.picklist(['most-recent', 'lowest', 'highest']),
  nonCumulativeKeeps: v.picklist(['largest', 'most-recent']),
  repeatedState: v.picklist(['once', 'stacks']),
  scopeNesting: v.picklist(['nested', 'separate']),
});
const presets = v.strictObject({ wounded: card, stunned: card, fanatic: card });

export const hdmConfigSchema = v.strictObject({ rules, states: presets });

const effectTarget = { type: v.literal('effectAdded'), fighter: id, characteristic, source: v.optional(shortText) };

export const hdmEventSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('configure'),
    rules: v.optional(v.partial(rules)),
    states: v.optional(v.partial(presets)),
  }),
  v.strictObject({ type: v.literal('fighterAdded'), name: shortText, card }),
  v.strictObject({ type: v.literal('fighterRemoved'), fighter: id }),
  v.variant('kind', [
    v.strictObject({ ...effectTarget, kind: v.literal('increase'), amount: count, ceiling: v.optional(count) }),
    v.strictObject({ ...effectTarget, kind: v.literal('bonus'), amount: count, nonCumulative: v.optional(shortText) }),
    v.strictObject({
      ...effectTarget,
      kind: v.literal('direct'),
      value: count,
      imposedBy: v.optional(id),
      scope: v.picklist(SCOPES),
    }),
  ]),
  v.strictObject({ type: v.literal('effectRemoved'), effect: id }),
  v.strictObject({ type: v.literal('stateApplied'), fighter: id, state: v.picklist(STATES) }),
  v.strictObject({ type: v.literal('stateRemoved'), fighter: id, state: v.picklist(STATES) }),
  v.strictObject({ type: v.literal('activeFighterSet'), fighter: v.nullable(id) }),
  v.strictObject({ type: v.literal('scopeEnded'), scope: v.picklist(ENDABLE_SCOPES) }),
]);

// Compile-time proof that whatever the schemas accept is a valid model event or config.
type Assignable<A, B> = [A] extends [B] ? true : false;
const eventsFit: Assignable<v.InferOutput<typeof hdmEventSchema>, HdmEvent> = true;
const configFits: Assignable<v.InferOutput<typeof hdmConfigSchema>, HdmConfig> = true;
void eventsFit;
void configFits;
