import type { DemoScene } from './descriptor';
import { bdcArmy } from './bdc/army';
import { bdcDemo } from './bdc/demo';
import { crArmy } from './cr/army';
import { crDemo } from './cr/demo';
import { dcArmy } from './dc/army';
import { dcDemo } from './dc/demo';
import { hdCommandArmy } from './hd-command/army';
import { hdCommandDemo } from './hd-command/demo';
import { hdModifiersArmy } from './hd-modifiers/army';
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

/**
 * Beside each worked example, a real army of the system (src/rules/<id>/army.ts): thirty to forty-one
 * tokens, a game played to the middle of a turn. The scenes the screenshots, the browser tests and the
 * benchmarks of a crowded board use (scene ids: src/adapters/demo/scenes.ts).
 */
export const ARMIES: { readonly [K in SystemId]: DemoScene<EventOf<K>> } = {
  'hd-command': hdCommandArmy,
  'hd-modifiers': hdModifiersArmy,
  bdc: bdcArmy,
  dc: dcArmy,
  cr: crArmy,
};
