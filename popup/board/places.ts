import { useMemo } from 'preact/hooks';
import type { PiecePlace } from '../../src/board/model';
import { placesFromSummary } from '../../src/board/places';
import { useBoard, useGameBoard } from '../context';

const NO_PLACES: ReadonlyMap<string, PiecePlace> = new Map();

/**
 * Where the game's linked pieces stand on the live board: their tokens and, on a hex map, their
 * hexes. Empty without a board, or while the board still shows another system.
 */
export function usePlaces(): ReadonlyMap<string, PiecePlace> {
  const board = useBoard();
  const game = useGameBoard();
  return useMemo(
    () => (board && game && board.summary.system === game.system ? placesFromSummary(board.summary) : NO_PLACES),
    [board, game],
  );
}
