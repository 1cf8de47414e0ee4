// How the board looks on every tabletop (the browser overlay, Owlbear's local items, Roll20's auras,
// the legend): one palette, and for each status a stroke pattern and a badge as well as a colour, so
// that a player who cannot tell red from green still tells "out" from "in command".
import type { EdgeKind, MarkStatus, RingKind } from './model';

/** A small sign drawn at a mark's upper right, in screen px. */
export type Badge = 'star' | 'bar' | 'check' | 'chain' | 'diamond' | 'dot' | 'cross' | 'slash' | 'none';

export interface MarkLook {
  readonly colour: string;
  /** Dash pattern of the ring around the token, screen px ([]: solid). */
  readonly dash: readonly number[];
  /** Stroke width, screen px. */
  readonly width: number;
  readonly badge: Badge;
}

export const MARK_LOOKS: Readonly<Record<MarkStatus, MarkLook>> = {
  leader: { colour: '#2563eb', dash: [], width: 3, badge: 'star' },
  blocked: { colour: '#2563eb', dash: [3, 3], width: 3, badge: 'bar' },
  commanded: { colour: '#16a34a', dash: [], width: 3, badge: 'check' },
  link: { colour: '#d97706', dash: [8, 3], width: 3, badge: 'chain' },
  eligible: { colour: '#0891b2', dash: [2, 3], width: 3, badge: 'diamond' },
  active: { colour: '#9333ea', dash: [], width: 4, badge: 'dot' },
  out: { colour: '#dc2626', dash: [], width: 4, badge: 'cross' },
  lost: { colour: '#4b5563', dash: [], width: 3, badge: 'slash' },
  none: { colour: '#9ca3af', dash: [1, 4], width: 2, badge: 'none' },
};

/** BdC rigid doctrine: out of command and must close up — the out mark, dashed. */
export const CLOSE_UP_DASH: readonly number[] = [6, 3];

export const MARK_COLOURS: Readonly<Record<MarkStatus, string>> = Object.fromEntries(Object.entries(MARK_LOOKS).map(([k, v]) => [k, v.colour])) as Record<MarkStatus, string>;

export const RING_COLOURS: Readonly<Record<RingKind, string>> = { command: '#2563eb', control: '#7c3aed', signal: '#ea580c' };
/** Rings differ by pattern too: a command range solid, 1" control dotted, a rolled signal dashed. */
export const RING_DASH: Readonly<Record<RingKind, readonly number[]>> = { command: [], control: [2, 4], signal: [12, 6] };

/** A radio link in the signal's colour; chains and voice links in the link mark's. */
export const EDGE_COLOURS: Readonly<Record<EdgeKind, string>> = { chain: '#d97706', voice: '#d97706', radio: '#7c3aed' };
/** A chain link dashed, a voice link dotted, a radio link in long dashes. */
export const EDGE_DASH: Readonly<Record<EdgeKind, readonly number[]>> = { chain: [6, 4], voice: [2, 3], radio: [12, 4, 2, 4] };

/** The outline of a badge of size 1 centred at 0,0, as an SVG path (the overlay, the legend, Owlbear's curves). */
export const BADGE_PATHS: Readonly<Record<Exclude<Badge, 'none'>, string>> = {
  star: 'M0 -0.5L0.12 -0.16L0.48 -0.16L0.19 0.06L0.29 0.4L0 0.2L-0.29 0.4L-0.19 0.06L-0.48 -0.16L-0.12 -0.16Z',
  bar: 'M-0.45 -0.14H0.45V0.14H-0.45Z',
  check: 'M-0.42 0.02L-0.26 -0.14L-0.1 0.02L0.28 -0.36L0.44 -0.2L-0.1 0.34Z',
  chain: 'M-0.45 0A0.2 0.2 0 1 0 -0.05 0A0.2 0.2 0 1 0 -0.45 0ZM0.05 0A0.2 0.2 0 1 0 0.45 0A0.2 0.2 0 1 0 0.05 0Z',
  diamond: 'M0 -0.45L0.45 0L0 0.45L-0.45 0Z',
  dot: 'M-0.32 0A0.32 0.32 0 1 0 0.32 0A0.32 0.32 0 1 0 -0.32 0Z',
  cross: 'M-0.45 -0.3L-0.3 -0.45L0 -0.15L0.3 -0.45L0.45 -0.3L0.15 0L0.45 0.3L0.3 0.45L0 0.15L-0.3 0.45L-0.45 0.3L-0.15 0Z',
  slash: 'M0.3 -0.45L0.45 -0.3L-0.3 0.45L-0.45 0.3Z',
};

/** A badge's size on screen, px: fixed, so that it stays readable at any zoom. */
export const BADGE_PX = 12;
