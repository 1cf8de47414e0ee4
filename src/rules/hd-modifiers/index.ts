import { parseWith } from '../../game/validate';
import type { RuleSystem } from '../../game/system';
import { applyEvent, initialState } from './model';
import { hdmConfigSchema, hdmEventSchema } from './schema';
import { DEFAULT_HDM_CONFIG, type HdmConfig, type HdmEvent, type HdmState } from './types';

export * from './types';
export { applyEvent, initialState } from './model';
export { breakdown, type Breakdown, type DirectTerm, type Term } from './compute';
export { hdmConfigSchema, hdmEventSchema } from './schema';

export const hdModifiers: RuleSystem<HdmState, HdmEvent, HdmConfig> = {
  id: 'hd-modifiers',
  defaultConfig: DEFAULT_HDM_CONFIG,
  parseConfig: (raw) => parseWith(hdmConfigSchema, raw, 'config-malformed'),
  parseEvent: (raw) => parseWith(hdmEventSchema, raw, 'event-malformed'),
  initialState,
  apply: applyEvent,
};

// The history lines (./history) are imported by views directly, so the background worker does not carry them.
