import type { DemoScene } from './descriptor';
import { bdcDemo } from './bdc/demo';
import { crDemo } from './cr/demo';
import { dcDemo } from './dc/demo';
import { hdCommandDemo } from './hd-command/demo';
import { hdModifiersDemo } from './hd-modifiers/demo';
import type { SystemId } from './ids';
import type { EventOf } from './types';

/**
 * Every rule system's worked example as a demo table scene, by id: data only (tokens and the setup
 * events the worker plays), so that the demo page never loads the rules. Kept apart from the
 * descriptors for that reason, as ./boards.ts is.
 */
export const DEMOS: { readonly [K in SystemId]: DemoScene<EventOf<K>> } = {
  'hd-command': hdCommandDemo,
  'hd-modifiers': hdModifiersDemo,
  bdc: bdcDemo,
  dc: dcDemo,
  cr: crDemo,
};
