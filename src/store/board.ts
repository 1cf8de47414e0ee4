import type { BoardInput } from '../board/model';
import { DESCRIPTORS } from '../rules';
import type { AnyDescriptor } from '../rules/descriptor';
import { gameOf } from './load';
import { bindingOf } from './requests';
import type { StoreRoot } from './root';
import { GameStates } from './states';

/**
 * What tabletops draw for the active game: its binding, roster and the facts its board view reads.
 * The worker writes it beside the root (BOARD_KEY) so that content scripts never load the rules.
 */
export function boardInputOf(root: StoreRoot, states: GameStates = new GameStates()): BoardInput {
  const system = root.activeSystem;
  const descriptor: AnyDescriptor = DESCRIPTORS[system];
  const game = gameOf(root, system);
  const replayed = states.stateOf(system, descriptor.rules, game);
  // A checked store always replays; should it not, the board shows the system without a game.
  const state = replayed.ok ? replayed.value : descriptor.rules.initialState(game.config);
  return { system, binding: bindingOf(root, system), pieces: descriptor.pieces(state), facts: descriptor.facts(state) };
}
