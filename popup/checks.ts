// How a typed value is checked, and what is said when it cannot be taken: the field named as its form
// labels it, the range it takes, what was typed. Pure (no DOM): the popup's fields (./fields.tsx) and
// the demo table's settings use it.
import { plural, text, type Text } from '../src/i18n/text';
import { formatInteger, MINUS } from './format';

export interface NumberSpec {
  /** The field's label, as the form shows it. */
  readonly label: string;
  readonly min: number;
  readonly max: number;
  /** Decimals allowed (a scale); whole numbers otherwise. */
  readonly decimal?: boolean;
  /** 0 is not a value of this field (a modifier). */
  readonly nonZero?: boolean;
  /** Why the maximum is what it is, said with a value above it ("Desharbes has 4 dice."). */
  readonly why?: Text;
}

export interface TextSpec {
  readonly label: string;
  readonly max: number;
  /** May be left empty. */
  readonly optional?: boolean;
}

/** Why a value cannot be taken: a sentence, and where it helps a second one saying why the bound is there. */
export type Problem = readonly Text[];

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Problem };

/** What was typed, as a message quotes it: a long paste is cut, so that the message stays a sentence. */
export const quoted = (raw: string): string => {
  const shown = raw.trim();
  return shown.length > 24 ? `${shown.slice(0, 20)}…` : shown;
};

/** A bound as a message gives it: a number (each language writes its decimals in its own mark), or a negative one with the minus sign. */
const bound = (n: number, decimal: boolean | undefined): string | number =>
  n >= 0 ? n : decimal ? String(n).replace('-', MINUS) : formatInteger(n);

/** The number typed in a field of `spec`, or the message that says why it is not one. */
export function checkNumber(raw: string, spec: NumberSpec): Checked<number> {
  const typed = raw.trim().replace(MINUS, '-').replace(/^\+/, '');
  const min = bound(spec.min, spec.decimal);
  const max = bound(spec.max, spec.decimal);
  if (typed === '')
    return {
      ok: false,
      error: [text(spec.decimal ? 'field_empty_decimal' : 'field_empty_number', spec.label, min, max)],
    };
  const shape = spec.decimal ? /^-?(\d+([.,]\d*)?|[.,]\d+)$/ : /^-?\d+$/;
  const value = shape.test(typed) ? Number(typed.replace(',', '.')) : Number.NaN;
  const inRange = Number.isFinite(value) && value >= spec.min && value <= spec.max && !(spec.nonZero && value === 0);
  if (inRange) return { ok: true, value };
  const key = spec.decimal
    ? 'field_decimal_between'
    : spec.nonZero
      ? 'field_whole_between_nonzero'
      : 'field_whole_between';
  const message = text(key, spec.label, min, max, quoted(raw));
  // Above the maximum, the field says why there is one.
  return { ok: false, error: spec.why && Number.isFinite(value) && value > spec.max ? [message, spec.why] : [message] };
}

/** The text typed in a field of `spec`, trimmed, or the message that says why it cannot be taken. */
export function checkText(raw: string, spec: TextSpec): Checked<string> {
  const value = raw.trim();
  if (value === '' && !spec.optional) return { ok: false, error: [plural('field_empty_text', spec.max, spec.label)] };
  if (value.length > spec.max)
    return { ok: false, error: [plural('field_text_long', spec.max, spec.label, value.length)] };
  return { ok: true, value };
}
