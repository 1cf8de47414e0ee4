import * as v from 'valibot';
import { nameText } from '../../game/validate';
import { BASE_SHAPES } from '../../geometry/bases';
import { DEFAULT_RULES, DOCTRINES, MORALE_LEVELS, type BdcConfig, type BdcEvent } from './types';

/*
 * Structural checks for events and settings that arrive from outside (messages, the store, scenario
 * files). The rules then judge the values (a morale of 12 is well-formed but refused by the model).
 */
const id = v.pipe(v.string(), v.maxLength(40));
const text = nameText(200); // cleaned of control and bidirectional characters (src/game/clean.ts)
const n = v.number();
const pair = v.tuple([n, n]);

const rules = v.strictObject({
  moraleTests: v.picklist(['sequential', 'simultaneous']),
  factorDrops: v.boolean(),
  routedFails: v.picklist(['stays-routed', 'breaks']),
  teamPa: v.picklist(['full', 'split']),
  measureFrom: v.picklist(['edge', 'centre']),
  bases: v.picklist(BASE_SHAPES),
  commandCm: n,
  contactCm: n,
});

export const bdcConfigSchema = v.strictObject({
  // Games saved before base contact or base shapes were settings have none: the defaults.
  rules: v.strictObject({
    ...rules.entries,
    contactCm: v.optional(n, DEFAULT_RULES.contactCm),
    bases: v.optional(v.picklist(BASE_SHAPES), DEFAULT_RULES.bases),
  }),
  experience: v.pipe(v.array(v.strictObject({ factor: n, pa: pair, verified: v.boolean() })), v.length(4)),
});

const unit = v.strictObject({
  name: text,
  level: v.picklist(MORALE_LEVELS),
  experience: n,
  doctrine: v.picklist(DOCTRINES),
  teams: n,
});
const leader = v.strictObject({
  name: text,
  morale: n,
  pa: n,
  aptitude: v.strictObject({ kind: text, modifier: n }),
  leads: v.optional(v.nullable(id)),
  radio: v.optional(v.boolean()),
  commander: v.optional(v.nullable(id)),
});

export const bdcEventSchema = v.variant('type', [
  v.strictObject({ type: v.literal('configure'), rules: v.partial(rules) }),
  v.strictObject({ type: v.literal('experienceEdited'), level: n, factor: n, pa: pair }),
  v.strictObject({ type: v.literal('unitAdded'), unit }),
  v.strictObject({ type: v.literal('leaderAdded'), leader }),
  v.strictObject({ type: v.literal('unitEdited'), id, unit: v.partial(unit) }),
  v.strictObject({ type: v.literal('leaderEdited'), id, leader: v.partial(leader) }),
  v.strictObject({ type: v.literal('removed'), id }),
  v.strictObject({ type: v.literal('activated'), id, card: v.optional(n) }),
  v.strictObject({ type: v.literal('paSpent'), id, team: v.optional(n), amount: n }),
  v.strictObject({
    type: v.literal('moraleTests'),
    id,
    naturals: v.pipe(v.array(n), v.maxLength(50)),
    modifier: v.optional(n),
  }),
  v.strictObject({ type: v.literal('rallied'), id, payer: id, pa: n, team: v.optional(n) }),
  v.strictObject({ type: v.literal('tested'), id: v.optional(id), target: n, modifier: n, natural: n }),
  v.strictObject({ type: v.literal('turnEnded') }),
]);

// Compile-time proof that whatever the schemas accept is a valid model event or config.
type Assignable<A, B> = [A] extends [B] ? true : false;
const eventsFit: Assignable<v.InferOutput<typeof bdcEventSchema>, BdcEvent> = true;
const configFits: Assignable<v.InferOutput<typeof bdcConfigSchema>, BdcConfig> = true;
void eventsFit;
void configFits;
