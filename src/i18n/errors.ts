import type { RuleError } from '../game/result';
import { text, type Text } from './text';

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
  'dice-not-a-number': ['value'],
  'die-out-of-range': ['value', 'sides'],
  'dice-count': ['count', 'min', 'max'],
  'dice-count-exact': ['count', 'expected'],
  'bdc-value-invalid': ['field', 'value', 'min', 'max'],
  'bdc-unknown-troop': ['id'],
  'bdc-troop-broken': ['name'],
  'bdc-not-activated': ['name'],
  'bdc-pa-short': ['needed', 'left'],
  'bdc-nothing-to-rally': ['name'],
  'bdc-rally-too-many': ['pa', 'steps'],
  'bdc-payer-not-leader': ['name'],
  'bdc-leader-cannot-command': ['name'],
};

export function errorText(error: RuleError): Text {
  const order = PARAM_ORDER[error.code] ?? [];
  return text(`error_${error.code.replaceAll('-', '_')}`, ...order.map((name) => error.params?.[name] ?? ''));
}
