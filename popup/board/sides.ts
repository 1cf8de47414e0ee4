import type { SystemId } from '../../src/rules/ids';
import type { Binding } from '../../src/board/model';
import type { BoardSummary } from '../../src/board/summary';
import { useBoard, useGameBoard } from '../context';

/**
 * A game side by the name a player knows it by: the name the game gave it (a Hell Dorado company, a
 * command roll army), else the board's name for the side it maps to, else the system's own word for
 * it ("Colonial"), else its id.
 */
export function sideNameOf(
  state: unknown,
  system: SystemId,
  side: string,
  tr: (key: string) => string,
  onBoard?: string,
): string {
  const named = (state as { sides?: Record<string, { name?: unknown } | undefined> } | null)?.sides?.[side]?.name;
  // A side still called by its id ("A") goes by what the board calls it, if it says.
  if (typeof named === 'string' && named.trim() !== '' && (named !== side || !onBoard)) return named;
  if (onBoard) return onBoard;
  const key = `${system.replaceAll('-', '_')}_side_${side}`;
  const word = tr(key);
  return word && word !== key ? word : side;
}

/**
 * A game side's name as the panels write it: the name the game gave it, or, while the game still
 * calls it by its id ("A", "B"), what the live board calls the side it maps to ("French army").
 */
export function useSideName(): (side: string, name: string) => string {
  const board = useBoard();
  const game = useGameBoard();
  return (side, name) =>
    name !== side || !board || !game || board.summary.system !== game.system
      ? name
      : (boardLabelOf(board.summary, game.binding, side) ?? name);
}

/** What the live board calls the tabletop side a game side maps to, if it says. */
export function boardLabelOf(summary: BoardSummary, binding: Binding, side: string): string | undefined {
  const tabletop = Object.entries(binding.sides).find(([, s]) => s === side)?.[0];
  return summary.sides.find((s) => s.id === tabletop)?.label || undefined;
}
