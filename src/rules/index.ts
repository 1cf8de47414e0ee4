import type { AnyRuleSystem } from '../game/system';
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
} as const satisfies Record<string, AnyRuleSystem>;

export type SystemId = keyof typeof SYSTEMS;
export const SYSTEM_IDS = Object.keys(SYSTEMS) as SystemId[];
export const isSystemId = (id: unknown): id is SystemId => typeof id === 'string' && Object.hasOwn(SYSTEMS, id);
