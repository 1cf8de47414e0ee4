// What "Check this table" found (./check.ts `CheckResult`), checked where it crosses: in the popup's
// summary of the board and in the Roll20 tab's diagnostics. Apart from check.ts so that those schemas
// carry nothing else of it.
import * as v from 'valibot';

export const checkResultSchema = v.strictObject({
  state: v.picklist(['running', 'done']),
  answered: v.pipe(v.number(), v.integer(), v.minValue(0)),
  enforced: v.picklist(['yes', 'no', 'unknown']),
  roundTripMs: v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0))),
  longValue: v.picklist(['whole', 'cut', 'unknown']),
});
