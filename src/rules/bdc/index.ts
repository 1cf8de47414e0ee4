import { parseWith } from '../../game/validate';
import type { RuleSystem } from '../../game/system';
import { applyEvent, initialState } from './model';
import { bdcConfigSchema, bdcEventSchema } from './schema';
import { DEFAULT_BDC_CONFIG, type BdcConfig, type BdcEvent, type BdcState } from './types';

export * from './types';
export { applyEvent, initialState } from './model';
export { bdcConfigSchema, bdcEventSchema } from './schema';
export { baseFactor, countersFor, currentFactor, d10Test, moraleTests, rallyOutcome, stepsOf } from './tests';

export const bdc: RuleSystem<BdcState, BdcEvent, BdcConfig> = {
  id: 'bdc',
  defaultConfig: DEFAULT_BDC_CONFIG,
  parseConfig: (raw) => parseWith(bdcConfigSchema, raw, 'config-malformed'),
  parseEvent: (raw) => parseWith(bdcEventSchema, raw, 'event-malformed'),
  initialState,
  apply: applyEvent,
};

// History lines (./history) and the command status on a table (./command) are imported by views
// and adapters directly, so the background worker carries neither.
