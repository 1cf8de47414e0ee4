import { useMemo } from 'preact/hooks';
import { useBoard, useGameBoard } from '../context';

/** The pieces whose tokens the player has selected on the board (the popup opens them). */
export function useSelectedPieces(): readonly string[] {
  const board = useBoard();
  const game = useGameBoard();
  return useMemo(() => {
    if (!board || !game) return [];
    return [
      ...new Set(
        board.summary.selected.map((token) => game.binding.links[token]).filter((p): p is string => p !== undefined),
      ),
    ];
  }, [board, game]);
}
