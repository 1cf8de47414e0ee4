// The popup's view of a live Roll20 table: plain, bounded JSON that the content script sends and
// the worker validates again before keeping it for the popup (storage.session, per tab).
import * as v from 'valibot';
import { MAX_FIGURES, MAX_LOSSES } from './limits';

const id = v.pipe(v.string(), v.maxLength(64));
const name = v.pipe(v.string(), v.maxLength(200));
const num = v.pipe(v.number(), v.finite());

const reasonSchema = v.strictObject({
  code: v.picklist(['out-of-range', 'leader-cannot-command', 'no-leader', 'no-unit', 'no-radio', 'unknown-commander']),
  /** out-of-range: by how much, in the radius unit. */
  by: v.optional(num),
  /** The nearest commanded figure / the blocked leader / the unknown commander, by name. */
  who: v.optional(name),
});

export const liveTableSchema = v.strictObject({
  state: v.picklist(['waiting', 'live', 'unavailable']),
  mode: v.picklist(['full', 'data-only']),
  engine: v.picklist(['legacy', 'jumpgate', 'none']),
  missing: v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(8)),
  page: v.nullable(v.strictObject({ name, grid: v.pipe(v.string(), v.maxLength(16)), diagonal: v.pipe(v.string(), v.maxLength(16)), cellPx: num, scale: num, units: v.pipe(v.string(), v.maxLength(32)) })),
  radius: v.strictObject({ value: num, unit: v.pipe(v.string(), v.maxLength(32)) }),
  error: v.nullable(v.picklist(['incompatible-units', 'invalid-scale'])),
  players: v.pipe(v.array(v.strictObject({ id, name })), v.maxLength(200)),
  figures: v.pipe(
    v.array(
      v.strictObject({
        id,
        name,
        side: v.nullable(v.pipe(v.string(), v.maxLength(2000))),
        unit: v.nullable(v.pipe(v.string(), v.maxLength(2100))),
        role: v.picklist(['leader', 'figure', 'radio-operator']),
        status: v.picklist(['leader', 'commanded', 'link', 'out', 'none']),
        by: v.nullable(name),
        distance: v.nullable(num),
        reasons: v.pipe(v.array(reasonSchema), v.maxLength(8)),
      }),
    ),
    v.maxLength(MAX_FIGURES),
  ),
  /** Figures beyond MAX_FIGURES, not listed. */
  more: v.pipe(v.number(), v.integer(), v.minValue(0)),
  losses: v.pipe(v.array(v.strictObject({ id, name, how: v.picklist(['removed', 'dead']) })), v.maxLength(MAX_LOSSES)),
  dropped: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type LiveTable = v.InferOutput<typeof liveTableSchema>;
export type LiveFigure = LiveTable['figures'][number];

