import { sayReason } from '../../src/i18n/reasons';
import { LOCALE_KEY, text } from '../../src/i18n/text';
import { useBoard, useGameBoard, useT, useTr } from '../context';

const IN_COMMAND = new Set(['commanded', 'link', 'eligible', 'leader']);

/**
 * What the live board says of one roster entry: a single token's status and why, or for a unit of
 * several figures how many are in command and how many must close up. Nothing without a board.
 * `countWord`: the system's own words for that count (the command roll's panel: "can be ordered now",
 * where "in command" says something else).
 */
export function PieceStatus({ piece, countWord = 'board_piece_in_command' }: { piece: string; countWord?: string }) {
  const tr = useTr();
  const t = useT();
  const board = useBoard();
  const game = useGameBoard();
  if (!board || !game || board.summary.system !== game.system) return null;
  const figures = board.summary.figures.filter((f) => f.piece === piece);
  if (figures.length === 0) return null;
  if (figures.length === 1) {
    const f = figures[0]!;
    // A leader is known as one: only why he is not commanding, if he is not, is worth a line.
    if ((f.status === 'leader' || f.status === 'none') && !f.reason) return null;
    // A leader who cannot command is said by why ("Sergent Fabre cannot command (demoralised)").
    const said = f.status === 'blocked' && f.reason ? null : tr(`board_status_${f.status}`);
    return (
      <span class="hint" data-testid={`piece-status-${piece}`} data-status={f.status}>
        {' '}
        · {said}
        {f.reason &&
          (said ? ` (${sayReason(f.reason, t, t(text(LOCALE_KEY)))})` : sayReason(f.reason, t, t(text(LOCALE_KEY))))}
      </span>
    );
  }
  const ok = figures.filter((f) => IN_COMMAND.has(f.status)).length;
  const closeUp = figures.filter((f) => f.closeUp).length;
  return (
    <span class="hint" data-testid={`piece-status-${piece}`}>
      {' '}
      · {tr(countWord, ok, figures.length)}
      {closeUp > 0 && ` · ${tr('board_piece_close_up', closeUp)}`}
    </span>
  );
}
