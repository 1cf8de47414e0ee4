import type { Reason } from '../board/model';
import { text, type Text } from './text';

/**
 * The words for why a token is out of command: key `board_reason_<code>` with the reason's params in
 * this order. One table for every rule system's board view (the overlay's labels and the popup).
 */
const PARAM_ORDER: Readonly<Record<string, readonly string[]>> = {
  'out-of-range': ['by', 'unit', 'nearest'],
  'leader-cannot-command': ['leader'],
  'no-leader': [],
  'no-unit': [],
  'no-radio-self': [],
  'no-radio-commander': [],
  'unknown-commander': [],
  'piece-gone': ['name'],
  'dc-out-of-range': ['distance', 'leader', 'radius'],
  'dc-path-blocked': ['leader', 'q', 'r'],
  'dc-path-no-detour': ['radius', 'leader'],
  'dc-spread-too-wide': ['other', 'distance', 'max'],
  'dc-not-on-board': [],
  'dc-unit-done': [],
  'dc-leader-not-linked': [],
  'dc-unit-activated': [],
  'dc-not-activated': [],
  'cr-too-far': ['distance', 'unit', 'leader', 'max'],
  'cr-too-far-unknown': ['leader'],
  'cr-leader-disordered': ['leader'],
  'cr-leader-off-board': ['leader'],
  'cr-acted': [],
  'cr-c-in-c': [],
  'hdm-active': [],
};

export const REASON_CODES = Object.keys(PARAM_ORDER);

/** A number as people read a distance: at most two decimals (the engine keeps six, so that ties hold). */
const shown = (v: string | number): string | number => (typeof v === 'number' ? Math.round(v * 100) / 100 : v);

export function reasonText(reason: Reason): Text {
  const order = PARAM_ORDER[reason.code] ?? [];
  return text(`board_reason_${reason.code.replaceAll('-', '_')}`, ...order.map((name) => shown(reason.params?.[name] ?? '')));
}
