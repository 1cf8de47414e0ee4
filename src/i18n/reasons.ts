import type { Reason } from '../board/model';
import { text, type Text } from './text';

/**
 * The words for why a token is out of command: key `board_reason_<code>` with the reason's params in
 * this order. One table for every rule system's board view (the overlay's labels and the popup).
 */
const PARAM_ORDER: Readonly<Record<string, readonly string[]>> = {
  'out-of-range': ['by', 'unit', 'nearest'],
  'leader-cannot-command': ['leader', 'state'],
  'no-leader': [],
  'no-unit': [],
  'no-radio-self': [],
  'no-radio-commander': [],
  'unknown-commander': [],
  'piece-gone': ['name'],
  'dc-out-of-range': ['distance', 'leader', 'radius'],
  'dc-path-blocked': ['leader', 'blocker'],
  'dc-path-no-detour': ['radius', 'leader'],
  'dc-spread-too-wide': ['other', 'distance', 'max'],
  'dc-not-on-board': [],
  'dc-unit-done': [],
  'dc-leader-not-linked': [],
  'dc-leader-deactivated': [],
  'dc-unit-activated': [],
  'dc-not-activated': [],
  'dc-unit-ticked': ['leader'],
  'dc-no-die-left': ['dice', 'leader'],
  'cr-too-far': ['distance', 'unit', 'leader', 'max'],
  'cr-too-far-unknown': ['leader'],
  'cr-leader-disordered': ['leader'],
  'cr-leader-off-board': ['leader'],
  'cr-acted': [],
  'cr-c-in-c': [],
};

/**
 * The short form of each reason, for a crowded board (`board_short_<code>`): what is left when the
 * long one has no room ("✕ 2 cm", "✕ Lieutenant"). A code without one keeps its long form only.
 */
const SHORT_ORDER: Readonly<Record<string, readonly string[]>> = {
  'out-of-range': ['by', 'unit'],
  'leader-cannot-command': ['leader'],
  'no-leader': [],
  'no-radio-self': [],
  'no-radio-commander': [],
  'unknown-commander': [],
  'dc-out-of-range': ['distance', 'radius'],
  'dc-path-blocked': [],
  'dc-path-no-detour': [],
  'dc-spread-too-wide': ['distance', 'max'],
  'dc-unit-done': [],
  'dc-unit-activated': [],
  'dc-not-activated': [],
  'dc-leader-deactivated': [],
  'dc-unit-ticked': [],
  'dc-no-die-left': [],
  'cr-too-far': ['distance', 'unit'],
  'cr-leader-disordered': ['leader'],
  'cr-leader-off-board': [],
  'cr-acted': [],
  'cr-c-in-c': [],
};

/**
 * Params that differ from one figure of a unit to the next for the same cause (how far each one is,
 * from whom): a unit whose figures are all out for one cause gets one note, in its own words
 * (`board_unit_reason_<code>`) where the figures' words carry such params.
 */
const PER_FIGURE: Readonly<Record<string, readonly string[]>> = {
  'out-of-range': ['by', 'nearest'],
};

/**
 * Reasons worded by one of their numbers ("at most 1 hex", "at most 2 hexes"): that param, which comes
 * first in their order, picks the plural form of their words (`board_reason_<code>_one`, `_other`…).
 * Distances out of reach are more than a radius of at least 1, so only a radius can be 1.
 */
const COUNTED: Readonly<Record<string, string>> = {
  'dc-path-no-detour': 'radius',
};

export const REASON_CODES = Object.keys(PARAM_ORDER);
export const SHORT_REASON_CODES = Object.keys(SHORT_ORDER);
export const UNIT_REASON_CODES = Object.keys(PER_FIGURE);

/** A distance as a player measures it: a tenth of the unit, whole millimetres (the engine keeps six decimals, so that ties hold). */
function shown(v: string | number, unit: unknown): string | number {
  if (typeof v !== 'number') return v;
  const step = unit === 'mm' ? 1 : 10;
  return Math.round(v * step) / step;
}

const keyOf = (code: string) => code.replaceAll('-', '_');
const subsOf = (reason: Reason, order: readonly string[]) =>
  order.map((name) => shown(reason.params?.[name] ?? '', reason.params?.unit));

/** The reason as a text of the catalogue (`board_reason_<code>`), its numbers rounded as a player measures. */
export function reasonText(reason: Reason): Text {
  return counted(
    reason,
    'long',
    text(`board_reason_${keyOf(reason.code)}`, ...subsOf(reason, PARAM_ORDER[reason.code] ?? [])),
  );
}

/** A counted reason's long words as a family of plural forms, chosen by its count. */
function counted(reason: Reason, form: ReasonForm, t: Text): Text {
  const name = COUNTED[reason.code];
  const count = name === undefined ? undefined : reason.params?.[name];
  return form === 'long' && typeof count === 'number' ? { ...t, count } : t;
}

/** What makes two figures' reasons one cause: the code and every param that is not the figure's own. */
export function causeOf(reason: Reason): string {
  const own = PER_FIGURE[reason.code] ?? [];
  const params = Object.entries(reason.params ?? {})
    .filter(([k]) => !own.includes(k))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([reason.code, params]);
}

/**
 * Whether two reasons are one cause, as `causeOf(a) === causeOf(b)` says, without writing either out:
 * a board asks it of every figure of every unit, every move. Values that differ are compared as JSON
 * writes them (NaN and null alike, as causeOf has them).
 */
export function sameCause(a: Reason, b: Reason): boolean {
  if (a.code !== b.code) return false;
  const own = PER_FIGURE[a.code] ?? [];
  const [pa, pb] = [a.params ?? {}, b.params ?? {}];
  const ka = Object.keys(pa).filter((k) => !own.includes(k));
  const kb = Object.keys(pb).filter((k) => !own.includes(k));
  return (
    ka.length === kb.length &&
    ka.every((k) => kb.includes(k) && (pa[k] === pb[k] || JSON.stringify([pa[k]]) === JSON.stringify([pb[k]])))
  );
}

/** A context's catalogue, as the board needs it: a text in the user's words (an unknown key gives ''). */
export type Say = (t: Text) => string;

/**
 * How a reason is said: in full, in its short form for a crowded board (the full one where it has
 * none), or as the cause of a whole unit being out (without what is each figure's own).
 */
export type ReasonForm = 'long' | 'short' | 'unit';

export const hasShortForm = (reason: Reason): boolean => reason.code in SHORT_ORDER;

/** Params the catalogue words itself (`board_word_<value>`): a unit of length ("po", "см"), a morale state ("démoralisé"). */
const WORDED = new Set(['unit', 'state']);
export const WORDED_VALUES = ['mm', 'cm', 'm', 'in', 'ft', 'hex', 'normal', 'pinned', 'demoralised', 'routed'] as const;

/**
 * A reason in the user's language and number format: numbers as the locale writes them ("1,5"),
 * rounded as a player measures; units and morale states in the catalogue's words (`board_word_<value>`).
 */
export function sayReason(reason: Reason, say: Say, locale: string, form: ReasonForm = 'long'): string {
  const code = keyOf(reason.code);
  const unitWords = form === 'unit' && reason.code in PER_FIGURE;
  const short = form === 'short' && reason.code in SHORT_ORDER;
  const key = unitWords ? `board_unit_reason_${code}` : short ? `board_short_${code}` : `board_reason_${code}`;
  const order = unitWords ? [] : short ? SHORT_ORDER[reason.code]! : (PARAM_ORDER[reason.code] ?? []);
  const subs = order.map((name) => {
    const v = shown(reason.params?.[name] ?? '', reason.params?.unit);
    if (typeof v === 'number') return formatNumber(v, locale);
    return WORDED.has(name) && v ? say(text(`board_word_${v}`)) || v : v;
  });
  return say(counted(reason, unitWords ? 'unit' : short ? 'short' : 'long', text(key, ...subs)));
}

const formats = new Map<string, { format: Intl.NumberFormat; done: Map<number, string> }>();
/** A number in the locale's format, at most one decimal (the same distances come back every frame: remembered). */
export function formatNumber(n: number, locale: string): string {
  let f = formats.get(locale);
  if (!f) {
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    } catch {
      format = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
    }
    formats.set(locale, (f = { format, done: new Map() }));
  }
  let s = f.done.get(n);
  if (s === undefined) {
    s = f.format.format(n);
    if (f.done.size > 2000) f.done.clear();
    f.done.set(n, s);
  }
  return s;
}
