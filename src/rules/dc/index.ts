import { parseWith } from '../../game/validate';
import type { RuleSystem } from '../../game/system';
import { applyEvent, initialState } from './model';
import { dcConfigSchema, dcEventSchema } from './schema';
import { DEFAULT_DC_CONFIG, type DcConfig, type DcEvent, type DcState } from './types';

export * from './types';
export { applyEvent, initialState, otherSide, stepOf, type DcStep } from './model';
export { checkChoice, diceAvailable, isEliminated, isFragile, pickable, thresholdOf, type DcPick } from './choice';
export { formatProfile, parseProfile } from './profile';
export { dcConfigSchema, dcEventSchema } from './schema';

export const dc: RuleSystem<DcState, DcEvent, DcConfig> = {
  id: 'dc',
  defaultConfig: DEFAULT_DC_CONFIG,
  parseConfig: (raw) => parseWith(dcConfigSchema, raw, 'config-malformed'),
  parseEvent: (raw) => parseWith(dcEventSchema, raw, 'event-malformed'),
  initialState,
  apply: applyEvent,
};

// The history lines (./history) are imported by views directly, so the background worker does not carry them.
