import type { TopicNumbers } from '../lookup/numbers';
import type { SystemId } from './ids';
import type { StateOf } from './types';
import type { DESCRIPTORS } from './index';

/**
 * One system's descriptor, loaded when a view opens that system: the popup's first load carries
 * no rules. Each entry is a separate chunk.
 */
export const LOADERS: { readonly [K in SystemId]: () => Promise<(typeof DESCRIPTORS)[K]> } = {
  'hd-command': () => import('./hd-command').then((m) => m.descriptor),
  'hd-modifiers': () => import('./hd-modifiers').then((m) => m.descriptor),
  dc: () => import('./dc').then((m) => m.descriptor),
  bdc: () => import('./bdc').then((m) => m.descriptor),
  cr: () => import('./cr').then((m) => m.descriptor),
};

/**
 * One system's live numbers for the rule lookup (src/rules/<id>/lookup.ts): loaded with its rules
 * only when the search shows one of its topics and a game of it is stored.
 */
export const NUMBERS: { readonly [K in SystemId]: () => Promise<(state: StateOf<K>) => TopicNumbers> } = {
  'hd-command': () => import('./hd-command/lookup').then((m) => m.hdCommandNumbers),
  'hd-modifiers': () => import('./hd-modifiers/lookup').then((m) => m.hdModifiersNumbers),
  dc: () => import('./dc/lookup').then((m) => m.dcNumbers),
  bdc: () => import('./bdc/lookup').then((m) => m.bdcNumbers),
  cr: () => import('./cr/lookup').then((m) => m.crNumbers),
};
