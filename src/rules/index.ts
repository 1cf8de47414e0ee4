import type { AnyRuleSystem } from '../game/system';
import type { SystemId } from './ids';
import { hdCommand } from './hd-command';
import { hdModifiers } from './hd-modifiers';
import { dc } from './dc';
import { bdc } from './bdc';
import { commandRoll } from './cr';

/** Every rule system the product implements, by id. A new system is one folder and one line here. */
export const SYSTEMS = {
  'hd-command': hdCommand,
  'hd-modifiers': hdModifiers,
  dc: dc,
  bdc: bdc,
  cr: commandRoll,
} as const satisfies { readonly [K in SystemId]: AnyRuleSystem };

export { SYSTEM_IDS, isSystemId, type SystemId } from './ids';
