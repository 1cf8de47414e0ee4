import type { Request } from '../../src/messages';
import { useBoard, useGameBoard, useTr } from '../context';

/**
 * Beside a roster entry: the board token it stands for, to link or unlink from the game's side (the
 * board section links from the token's side). Shown only while a tabletop is open.
 */
export function PieceLink({ piece, name }: { piece: string; name: string }) {
  const tr = useTr();
  const board = useBoard();
  const game = useGameBoard();
  if (!board || !game) return null;
  const { links } = game.binding;
  const mine = board.summary.figures.filter((f) => links[f.id] === piece);
  const free = board.summary.figures.filter((f) => links[f.id] === undefined);
  const send = (changes: { token: string; piece: string | null }[]) =>
    void game.send({ type: 'board/link', system: game.system, links: changes } as Request);
  // A unit of several figures is linked token by token, from the board's list.
  if (mine.length > 1) {
    return (
      <span class="hint piece-link" data-testid={`piece-link-${piece}`}>
        {tr('board_piece_tokens', mine.length)}
      </span>
    );
  }
  return (
    <select
      class="piece-link"
      aria-label={tr('board_piece_link', name)}
      data-testid={`piece-link-${piece}`}
      value={mine[0]?.id ?? ''}
      onChange={(e) => {
        const token = e.currentTarget.value;
        // The token chosen here stands for the piece instead of the one it had.
        send([...mine.map((f) => ({ token: f.id, piece: null })), ...(token ? [{ token, piece }] : [])]);
      }}
    >
      <option value="">{tr('board_piece_not_on_board')}</option>
      {[...mine, ...free].map((f) => (
        <option key={f.id} value={f.id}>
          {f.name}
        </option>
      ))}
    </select>
  );
}
