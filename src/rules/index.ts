import type { AnyDescriptor } from './descriptor';
import type { SystemId } from './ids';
import { descriptor as hdCommand } from './hd-command';
import { descriptor as hdModifiers } from './hd-modifiers';
import { descriptor as dc } from './dc';
import { descriptor as bdc } from './bdc';
import { descriptor as cr } from './cr';

/**
 * Every rule system's descriptor, by id: what the worker, the scenario runner and the tests go
 * through. A new system is one folder, one line here and one in ./boards.ts (and its popup panel in
 * popup/panels.tsx). Views that load one system at a time use ./load.ts instead.
 */
export const DESCRIPTORS = {
  'hd-command': hdCommand,
  'hd-modifiers': hdModifiers,
  dc,
  bdc,
  cr,
} as const satisfies { readonly [K in SystemId]: AnyDescriptor };

export { SYSTEM_IDS, isSystemId, type SystemId } from './ids';
