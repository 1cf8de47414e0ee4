// How the board looks on every tabletop (the browser overlay, Owlbear's local items, Roll20's auras,
// the legend): one palette, and for each status a stroke pattern and a badge as well as a colour, so
// that a player who cannot tell red from green still tells "out" from "in command".
import type { LegendEntry } from './legend';
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

// Read without colour too (issue 27; test/unit/board/palette.test.ts): the solid rings one board shows
// at once (leader, in command, out) stand apart in lightness as well as hue — leader darkest, out in
// the middle, in command lightest — so that they differ by ΔE2000 ≥ 10 under protanopia,
// deuteranopia, tritanopia and in greyscale, both greys: of linear light and of the encoded values
// (CSS grayscale(), where the former blue #0550d5 and red #e82e2a were 4 apart, issue 39); the leader
// blue is light enough to stand 10 apart from the dark sides (navy, brown, wine) in those greys too;
// every other pair differs by badge and ring pattern both;
// out of the game has a pattern of its own (dash, dot) and a grey lighter than every side's colour.
export const MARK_LOOKS: Readonly<Record<MarkStatus, MarkLook>> = {
  leader: { colour: '#2b5cda', dash: [], width: 3, badge: 'star' },
  blocked: { colour: '#2b5cda', dash: [3, 3], width: 3, badge: 'bar' },
  commanded: { colour: '#11d48a', dash: [], width: 3, badge: 'check' },
  link: { colour: '#d97706', dash: [8, 3], width: 3, badge: 'chain' },
  eligible: { colour: '#0891b2', dash: [2, 3], width: 3, badge: 'diamond' },
  active: { colour: '#9a3cf0', dash: [], width: 4, badge: 'dot' },
  out: { colour: '#e06252', dash: [], width: 4, badge: 'cross' },
  lost: { colour: '#6b7280', dash: [6, 2, 2, 2], width: 3, badge: 'slash' },
  none: { colour: '#9ca3af', dash: [1, 4], width: 2, badge: 'none' },
};

/** Darker words than each mark's colour, for text on a light box (the labels of every painter). */
export const TEXT_COLOURS: Readonly<Record<MarkStatus, string>> = {
  leader: '#1e3a8a',
  blocked: '#1e3a8a',
  commanded: '#14532d',
  link: '#78350f',
  eligible: '#164e63',
  active: '#581c87',
  out: '#7f1d1d',
  lost: '#1f2937',
  none: '#1f2937',
};

/** BdC rigid doctrine: out of command and must close up — the out mark, dashed. */
export const CLOSE_UP_DASH: readonly number[] = [6, 3];

export const MARK_COLOURS: Readonly<Record<MarkStatus, string>> = Object.fromEntries(
  Object.entries(MARK_LOOKS).map(([k, v]) => [k, v.colour]),
) as Record<MarkStatus, string>;

export const RING_COLOURS: Readonly<Record<RingKind, string>> = {
  command: '#2b5cda',
  control: '#7c3aed',
  signal: '#ea580c',
};
/** Rings differ by pattern too: a command range solid, 1" control dotted, a rolled signal dashed. */
export const RING_DASH: Readonly<Record<RingKind, readonly number[]>> = {
  command: [],
  control: [2, 4],
  signal: [12, 6],
};

/** A radio link in the signal's colour; chains and voice links in the link mark's. */
export const EDGE_COLOURS: Readonly<Record<EdgeKind, string>> = {
  chain: '#d97706',
  voice: '#d97706',
  radio: '#7c3aed',
};
/** A chain link dashed, a voice link dotted, a radio link in long dashes. */
export const EDGE_DASH: Readonly<Record<EdgeKind, readonly number[]>> = {
  chain: [6, 4],
  voice: [2, 3],
  radio: [12, 4, 2, 4],
};

type Point = readonly [number, number];

/**
 * Each badge of size 1 centred at 0,0: a polygon, or circles (centre and radius). The overlay draws
 * them as SVG paths (BADGE_PATHS), Owlbear as curves and circles.
 */
export const BADGE_SHAPES: Readonly<
  Record<
    Exclude<Badge, 'none'>,
    { readonly polygon?: readonly Point[]; readonly circles?: readonly (readonly [number, number, number])[] }
  >
> = {
  star: {
    polygon: [
      [0, -0.5],
      [0.12, -0.16],
      [0.48, -0.16],
      [0.19, 0.06],
      [0.29, 0.4],
      [0, 0.2],
      [-0.29, 0.4],
      [-0.19, 0.06],
      [-0.48, -0.16],
      [-0.12, -0.16],
    ],
  },
  bar: {
    polygon: [
      [-0.45, -0.14],
      [0.45, -0.14],
      [0.45, 0.14],
      [-0.45, 0.14],
    ],
  },
  check: {
    polygon: [
      [-0.42, 0.02],
      [-0.26, -0.14],
      [-0.1, 0.02],
      [0.28, -0.36],
      [0.44, -0.2],
      [-0.1, 0.34],
    ],
  },
  chain: {
    circles: [
      [-0.24, 0, 0.2],
      [0.24, 0, 0.2],
    ],
  },
  diamond: {
    polygon: [
      [0, -0.45],
      [0.45, 0],
      [0, 0.45],
      [-0.45, 0],
    ],
  },
  dot: { circles: [[0, 0, 0.42]] },
  cross: {
    polygon: [
      [-0.45, -0.3],
      [-0.3, -0.45],
      [0, -0.15],
      [0.3, -0.45],
      [0.45, -0.3],
      [0.15, 0],
      [0.45, 0.3],
      [0.3, 0.45],
      [0, 0.15],
      [-0.3, 0.45],
      [-0.45, 0.3],
      [-0.15, 0],
    ],
  },
  slash: {
    polygon: [
      [0.3, -0.45],
      [0.45, -0.3],
      [-0.3, 0.45],
      [-0.45, 0.3],
    ],
  },
};

function pathOf(shape: (typeof BADGE_SHAPES)[keyof typeof BADGE_SHAPES]): string {
  if (shape.polygon) return `M${shape.polygon.map(([x, y]) => `${x} ${y}`).join('L')}Z`;
  return (shape.circles ?? [])
    .map(([x, y, r]) => `M${x - r} ${y}A${r} ${r} 0 1 0 ${x + r} ${y}A${r} ${r} 0 1 0 ${x - r} ${y}Z`)
    .join('');
}

/** The badges as SVG paths of size 1 centred at 0,0 (the overlay and the legend). */
export const BADGE_PATHS: Readonly<Record<Exclude<Badge, 'none'>, string>> = Object.fromEntries(
  Object.entries(BADGE_SHAPES).map(([k, v]) => [k, pathOf(v)]),
) as Record<Exclude<Badge, 'none'>, string>;

/** A badge's size on screen, px: fixed, so that it stays readable at any zoom. */
export const BADGE_PX = 12;
/**
 * The least, beside a small figure (a badge is no larger than the figure's radius, down to this): each
 * shape then stands at least 8 px on screen, where a check tells itself from a cross (issue 27: beside
 * the Bandes de Champagne army's figures at fit, 7 px badges drew 6 px shapes).
 */
export const BADGE_MIN_PX = 10;

/** One SVG element of a key's drawing: its tag and attributes (the overlay and the popup build it each their own way). */
export interface SwatchPart {
  readonly tag: 'circle' | 'path' | 'line' | 'rect' | 'text';
  readonly attrs: Readonly<Record<string, string>>;
  readonly text?: string;
}

/** An SVG dash pattern. */
export const dash = (d: readonly number[]): string => (d.length ? d.join(' ') : 'none');

/** A number as an SVG attribute, to the hundredth. */
const svgNumber = (v: number) => String(Math.round(v * 100) / 100);

/** A status's swatch (a close-up's: the out ring, dashed as close up): its ring, and its badge where it has one. */
function markSwatch(entry: Extract<LegendEntry, { kind: 'mark' | 'close-up' }>, x: number, cy: number): SwatchPart[] {
  const look = MARK_LOOKS[entry.kind === 'mark' ? entry.status : 'out'];
  const ring: SwatchPart = {
    tag: 'circle',
    attrs: {
      cx: svgNumber(x + 8),
      cy: svgNumber(cy),
      r: '6',
      fill: 'none',
      stroke: look.colour,
      'stroke-width': String(Math.min(3, look.width)),
      'stroke-dasharray': dash(entry.kind === 'close-up' ? CLOSE_UP_DASH : look.dash),
    },
  };
  if (look.badge === 'none') return [ring];
  const badge: SwatchPart = {
    tag: 'path',
    attrs: {
      d: BADGE_PATHS[look.badge],
      transform: `translate(${svgNumber(x + 19)} ${svgNumber(cy - 4)}) scale(9)`,
      fill: look.colour,
      stroke: '#ffffff',
      'stroke-width': svgNumber(1.5 / 9),
    },
  };
  return [ring, badge];
}

/** The key's row for the board's count of words with no room ("+N"). */
function countSwatch(x: number, cy: number): SwatchPart[] {
  return [
    {
      tag: 'rect',
      attrs: {
        x: svgNumber(x),
        y: svgNumber(cy - 7),
        width: '24',
        height: '14',
        rx: '7',
        fill: '#111827',
        'fill-opacity': '0.85',
      },
    },
    {
      tag: 'text',
      attrs: {
        x: svgNumber(x + 12),
        y: svgNumber(cy),
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        fill: '#ffffff',
        'font-size': '10',
      },
      text: '+N',
    },
  ];
}

/** The small drawing before a key's words, 30 × 16 px with its left edge at x and its middle at cy: the mark, ring or line as the board draws it. */
export function swatch(entry: LegendEntry, x: number, cy: number): SwatchPart[] {
  switch (entry.kind) {
    case 'mark':
    case 'close-up':
      return markSwatch(entry, x, cy);
    case 'ring':
      return [
        {
          tag: 'circle',
          attrs: {
            cx: svgNumber(x + 12),
            cy: svgNumber(cy),
            r: '7',
            fill: RING_COLOURS[entry.ring],
            'fill-opacity': '0.15',
            stroke: RING_COLOURS[entry.ring],
            'stroke-width': '2',
            'stroke-dasharray': dash(RING_DASH[entry.ring]),
          },
        },
      ];
    case 'edge':
      return [
        {
          tag: 'line',
          attrs: {
            x1: svgNumber(x),
            y1: svgNumber(cy),
            x2: svgNumber(x + 26),
            y2: svgNumber(cy),
            stroke: EDGE_COLOURS[entry.edge],
            'stroke-width': '2',
            'stroke-dasharray': dash(EDGE_DASH[entry.edge]),
          },
        },
      ];
    case 'count':
      return countSwatch(x, cy);
    case 'short':
      return [
        {
          tag: 'text',
          attrs: {
            x: svgNumber(x + 12),
            y: svgNumber(cy),
            'text-anchor': 'middle',
            'dominant-baseline': 'central',
            fill: MARK_LOOKS.out.colour,
            'font-size': '12',
            'font-weight': '700',
          },
          text: '✕',
        },
      ];
  }
}
