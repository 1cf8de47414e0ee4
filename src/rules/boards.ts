import type { SystemBoard } from '../board/system';
import { bdcBoard } from './bdc/board';
import { crBoard } from './cr/board';
import { dcBoard } from './dc/board';
import { hdCommandBoard } from './hd-command/board';
import { hdModifiersBoard } from './hd-modifiers/board';
import type { SystemId } from './ids';
import type { FactsOf } from './types';

/**
 * Every rule system's board view, by id: what tabletops run (the Roll20 content script, the demo
 * table, Owlbear). Kept apart from the descriptors so that a tabletop never loads the rules: a
 * board view reads only the facts each descriptor publishes (`FactsOf`).
 */
export const BOARDS: { readonly [K in SystemId]: SystemBoard<FactsOf<K>> } = {
  'hd-command': hdCommandBoard,
  'hd-modifiers': hdModifiersBoard,
  dc: dcBoard,
  bdc: bdcBoard,
  cr: crBoard,
};
