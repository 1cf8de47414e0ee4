import type { SystemId } from './ids';
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
