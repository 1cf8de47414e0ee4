import { sayReason } from '../../src/i18n/reasons';
import { LOCALE_KEY, text } from '../../src/i18n/text';
import { useBoard, useGameBoard, useT, useTr } from '../context';

const IN_COMMAND = new Set(['commanded', 'link', 'eligible', 'leader']);

/**
 * What the live board says of one roster entry: a single token's status and why, or for a unit of
 * several figures how many are in command and how many must close up. Nothing without a board.
 */
export function PieceStatus({ piece }: { piece: string }) {
  const tr = useTr();
  const t = useT();
  const board = useBoard();
  const game = useGameBoard();
  if (!board || !game || board.summary.system !== game.system) return null;
  const figures = board.summary.figures.filter((f) => f.piece === piece);
  if (figures.length === 0) return null;
  if (figures.length === 1) {
    const f = figures[0]!;
    return (
      <span class="hint" data-testid={`piece-status-${piece}`} data-status={f.status}>
        {' '}
        · {tr(`board_status_${f.status}`)}
        {f.reason && ` (${sayReason(f.reason, t, t(text(LOCALE_KEY)))})`}
      </span>
    );
  }
  const ok = figures.filter((f) => IN_COMMAND.has(f.status)).length;
  const closeUp = figures.filter((f) => f.closeUp).length;
  return (
    <span class="hint" data-testid={`piece-status-${piece}`}>
      {' '}
      · {tr('board_piece_in_command', ok, figures.length)}
      {closeUp > 0 && ` · ${tr('board_piece_close_up', closeUp)}`}
    </span>
  );
}
