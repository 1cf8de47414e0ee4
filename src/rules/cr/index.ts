import { parseWith } from '../../game/validate';
import type { RuleSystem } from '../../game/system';
import { applyEvent, initialState } from './model';
import { crConfigSchema, crEventSchema } from './schema';
import { DEFAULT_CR_CONFIG, type CrConfig, type CrEvent, type CrState } from './types';

export * from './types';
export { applyEvent, awaitingRoll, currentSlot, initialState, planFor, slotKind, turnOver, type CurrentSlot, type SlotKind } from './model';
export { crConfigSchema, crEventSchema } from './schema';

export const commandRoll: RuleSystem<CrState, CrEvent, CrConfig> = {
  id: 'cr',
  defaultConfig: DEFAULT_CR_CONFIG,
  parseConfig: (raw) => parseWith(crConfigSchema, raw, 'config-malformed'),
  parseEvent: (raw) => parseWith(crEventSchema, raw, 'event-malformed'),
  initialState,
  apply: applyEvent,
};

// Views import ./history directly (the background worker does not carry it); tabletop reach is in ./reach.
