import { parseWith } from '../../game/validate';
import type { RuleSystem } from '../../game/system';
import { applyEvent, initialState } from './model';
import { hdConfigSchema, hdEventSchema } from './schema';
import { DEFAULT_HD_CONFIG, type HdConfig, type HdEvent, type HdState } from './types';

export * from './types';
export { applyEvent, initialState } from './model';
export { hdConfigSchema, hdEventSchema } from './schema';

export const hdCommand: RuleSystem<HdState, HdEvent, HdConfig> = {
  id: 'hd-command',
  defaultConfig: DEFAULT_HD_CONFIG,
  parseConfig: (raw) => parseWith(hdConfigSchema, raw, 'config-malformed'),
  parseEvent: (raw) => parseWith(hdEventSchema, raw, 'event-malformed'),
  initialState,
  apply: applyEvent,
};

// The history lines (./history) are imported by views directly, so the background worker does not carry them.
