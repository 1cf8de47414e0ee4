// Each rule system's default way of measuring (rules/*.md). Users may override them; the
// product shows a "(default)" as a house default, not the official rule.
import type { Length, MeasureFrom } from '../table/model';

export interface MeasureDefault {
  readonly from: MeasureFrom;
  readonly radius?: Length;
}

export const MEASURE_DEFAULTS = {
  /** BdC: 10 cm, base edge to base edge (default; the user may choose centre to centre). */
  bdc: { from: 'edge', radius: { value: 10, unit: 'cm' } },
  /** Désastre Colonial: hex steps between the hexes the counters stand in. */
  dc: { from: 'centre' },
  /** Command roll: 1" direct control between units, nearest figures base edge to base edge. */
  cr: { from: 'edge', radius: { value: 1, unit: 'in' } },
} as const satisfies Record<string, MeasureDefault>;
