import type { RuleError } from '../game/result';
import { plural, text, type Text } from './text';

/**
 * The message for a refusal: key `error_<code>` with the error's params in this order.
 * One table for every rule system, so a code means the same thing everywhere.
 */
const PARAM_ORDER: Readonly<Record<string, readonly string[]>> = {
  'amount-exceeds-current': ['amount', 'current'],
  'amount-invalid': ['amount'],
  'cmd-invalid': ['cmd', 'max'],
  'colour-invalid': ['colour'],
  'delta-invalid': ['delta', 'max'],
  'edition-invalid': ['edition'],
  'fighter-not-on-table': ['name'],
  'loss-kind-invalid': ['how'],
  'name-invalid': ['max'],
  'roster-too-large': ['max'],
  'unknown-fighter': ['fighterId'],
  'unknown-modifier': ['modifierId'],
  'unknown-side': ['side'],
  'bad-message': ['path', 'problem'],
  'backup-unknown': ['key'],
  'backup-unusable': ['key', 'detail'],
  'import-invalid': ['detail'],
  'board-unknown-piece': ['piece'],
  'board-link-no-piece': ['event'],
  'dice-not-a-number': ['value'],
  'die-out-of-range': ['value', 'sides'],
  'dice-count': ['count', 'min', 'max'],
  'dice-count-exact': ['count', 'expected'],
  'hdm-card-value-invalid': ['characteristic', 'value', 'max'],
  'hdm-card-empty': [],
  'hdm-not-on-card': ['characteristic', 'name'],
  'hdm-amount-invalid': ['amount', 'max'],
  'hdm-ceiling-invalid': ['ceiling', 'max'],
  'hdm-direct-invalid': ['value', 'min', 'max'],
  'hdm-unknown-effect': ['effectId'],
  'hdm-state-not-applied': ['name'],
  'hdm-too-many-effects': ['max'],
  'dc-profile-format': ['profile'],
  'dc-profile-dice': ['dice', 'min', 'max'],
  'dc-profile-die': ['die'],
  'dc-profile-radius': ['radius', 'min', 'max'],
  'dc-position-invalid': ['max'],
  'dc-no-morale-test': ['unit'],
  'dc-drama-invalid': ['value', 'max'],
  'dc-threshold-invalid': ['value'],
  'dc-losses-invalid': ['losses', 'max'],
  'dc-unknown-piece': ['id'],
  'dc-not-your-leader': ['leader'],
  'dc-leader-deactivated': ['leader'],
  'dc-dice-count': ['count', 'min', 'max'],
  'dc-die-index': ['index'],
  'dc-die-twice': ['index'],
  'dc-not-commanded': ['unit'],
  'dc-not-activated': ['unit'],
  'dc-enemy-unit': ['unit'],
  'dc-unit-eliminated': ['unit'],
  'dc-unit-not-white': ['unit'],
  'dc-too-many-units': ['count', 'max'],
  'dc-out-of-range': ['unit', 'distance', 'radius'],
  'dc-path-blocked': ['unit', 'blocker'],
  'dc-path-no-detour': ['unit', 'radius'],
  'dc-spread-too-wide': ['unit', 'other', 'distance', 'max'],
  'bdc-value-invalid': ['field', 'value', 'min', 'max'],
  'bdc-unknown-troop': ['id'],
  'bdc-troop-broken': ['name'],
  'bdc-not-activated': ['name'],
  'bdc-pa-short': ['needed', 'left'],
  'bdc-nothing-to-rally': ['name'],
  'bdc-rally-too-many': ['pa', 'steps'],
  'bdc-payer-not-leader': ['name'],
  'bdc-leader-cannot-command': ['name'],
  'bdc-commander-loop': ['name'],
  'bdc-card-drawn': ['name', 'card'],
  'bdc-leader-card-drawn': ['name'],
  'cr-unknown-leader': ['leader'],
  'cr-unknown-unit': ['unit'],
  'cr-leader-twice': ['name'],
  'cr-no-c-in-c': ['side'],
  'cr-army-too-large': ['max'],
  'cr-unit-acted': ['name'],
  'cr-leader-disordered': ['name'],
  'cr-slot-sealed': ['slot'],
  'owlbear-not-in-scene': ['type'],
  'roll20-not-shared': ['type'],
  'table-opening-refused': ['code'],
  'table-not-your-side': ['side'],
  'table-action-too-large': ['size', 'max'],
  'table-too-many-tabs': ['max'],
};

/**
 * Refusals worded by one of their numbers ("1 die entered", "3 dice entered"): that param, which
 * comes first ($1) in their messages, then the others in PARAM_ORDER.
 */
const COUNTED: Readonly<Record<string, string>> = {
  'dice-count': 'count',
  'dice-count-exact': 'count',
  'dc-dice-count': 'count',
  'dc-too-many-units': 'count',
  'dc-out-of-range': 'distance',
  'dc-spread-too-wide': 'distance',
  'dc-path-no-detour': 'radius',
  'dc-profile-dice': 'max',
  'dc-profile-radius': 'max',
  'name-invalid': 'max',
  'roster-too-large': 'max',
  'hdm-too-many-effects': 'max',
  'table-too-many-tabs': 'max',
};

/**
 * Refusals whose rules name a field by its id (`commandCm`): the message key of the label the popup
 * gives that field, so that the refusal names it as the form does.
 */
const FIELD_LABELS: Readonly<
  Record<string, { readonly param: string; readonly labels: Readonly<Record<string, string>> }>
> = {
  'bdc-value-invalid': {
    param: 'field',
    labels: {
      commandCm: 'bdc_rule_commandCm',
      level: 'bdc_level',
      factor: 'bdc_factor',
      pa: 'bdc_pa',
      amount: 'bdc_pa',
      experience: 'bdc_experience',
      doctrine: 'bdc_doctrine',
      teams: 'bdc_teams',
      team: 'bdc_teams',
      morale: 'bdc_morale',
      aptitude: 'bdc_modifier',
      modifier: 'bdc_modifier',
      target: 'bdc_target',
      card: 'bdc_card_drawn_word',
    },
  },
};

/**
 * The words of a refusal. With `name` (the catalogue's formatter), a refusal that names a field by its
 * rules id says the field's label instead ("Command distance (cm) must be…", never "commandCm must be…").
 */
export function errorText(error: RuleError, name?: (t: Text) => string): Text {
  const field = FIELD_LABELS[error.code];
  const label = field && field.labels[String(error.params?.[field.param] ?? '')];
  if (label && name)
    return text(
      'error_value_invalid',
      name(text(label)),
      ...['min', 'max', 'value'].map((p) => error.params?.[p] ?? ''),
    );
  const order = PARAM_ORDER[error.code] ?? [];
  const key = `error_${error.code.replaceAll('-', '_')}`;
  const by = COUNTED[error.code];
  const count = by === undefined ? undefined : error.params?.[by];
  if (typeof count === 'number')
    return plural(key, count, ...order.filter((name) => name !== by).map((name) => error.params?.[name] ?? ''));
  return text(key, ...order.map((name) => error.params?.[name] ?? ''));
}
