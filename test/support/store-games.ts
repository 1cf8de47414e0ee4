// A long game of each rule system as the store would hold it: the system's worked example (its demo
// scene's events, its tokens linked to its pieces, the tabletop's sides mapped onto the game's), then
// one of the system's own moves over and over (one its rules take at any point of the example's game,
// and that leaves the game the same size: a test rolled, a unit placed, a leader's status, a side's
// name, the active fighter), up to the length wanted.
import { exampleRequest } from '../../src/adapters/demo/example';
import type { Binding } from '../../src/board/model';
import type { LinkChange, SideChange } from '../../src/messages';
import { DESCRIPTORS } from '../../src/rules';
import type { SystemId } from '../../src/rules/ids';

/** The move played again and again, the `i`-th time. */
const AGAIN: { readonly [K in SystemId]: (i: number) => unknown } = {
  bdc: (i) => ({ type: 'tested', target: 6, modifier: (i % 5) - 2, natural: (i % 10) + 1 }),
  dc: (i) => ({ type: 'placed', id: 'U4', at: { q: 2, r: i % 2 === 0 ? 0 : 5 } }),
  cr: (i) => ({ type: 'leaderStatus', side: 'A', leader: 'AL3', disordered: i % 2 === 0 }),
  'hd-command': (i) =>
    i % 3 === 0 ? { type: 'upkeep' } : { type: 'sideEdited', side: i % 2 ? 'A' : 'B', name: `Compagnie ${i % 97}` },
  'hd-modifiers': (i) => ({ type: 'activeFighterSet', fighter: i % 2 === 0 ? 'f2' : 'f1' }),
};

export interface StoreGame {
  readonly config: unknown;
  readonly events: readonly unknown[];
  readonly binding: Binding;
}

/** `system`'s worked example played on to `length` events (at least the example's own), with its links to the board. */
export function longStoreGame(system: SystemId, length: number): StoreGame {
  const example = exampleRequest(system) as {
    events: readonly unknown[];
    links?: readonly LinkChange[];
    sides?: readonly SideChange[];
  };
  const events = [...example.events];
  for (let i = 0; events.length < length; i++) events.push(AGAIN[system](i));
  const links: Record<string, string> = {};
  for (const l of example.links ?? []) if (l.piece !== null) links[l.token] = l.piece;
  const sides: Record<string, string> = {};
  for (const s of example.sides ?? []) if (s.side !== null) sides[s.tabletop] = s.side;
  return { config: DESCRIPTORS[system].rules.defaultConfig, events, binding: { links, sides } };
}
