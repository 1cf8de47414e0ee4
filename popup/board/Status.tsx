// How the board is read: what stops it from being read, said where it cannot be missed, and what the
// board section says of it opened (the tabletop's data it lacks, its page, how this system measures).
import type { BoardSummary } from '../../src/board/summary';
import type { AnyDescriptor } from '../../src/rules/descriptor';
import type { Tr } from './at';

/** What stops the board from being read, said where it cannot be missed (not folded away). */
export function Status({ summary, tr }: { summary: BoardSummary; tr: Tr }) {
  const missing = summary.missing.join(', ');
  if (summary.state === 'waiting')
    return (
      <p role="status" data-testid="board-state">
        {tr('board_state_waiting')}
      </p>
    );
  if (summary.state === 'unavailable') {
    // The tabletop's data was there but could not be read: said as such, not as a missing part.
    const unreadable = summary.missing.includes('interfering')
      ? 'board_state_interfering'
      : summary.missing.includes('too-many-tokens')
        ? 'board_state_too_many'
        : summary.missing.some((m) => m === 'page' || m === 'snapshot')
          ? 'board_state_unreadable'
          : null;
    return (
      <p role="alert" data-testid="board-state">
        {unreadable ? tr(unreadable) : tr('board_state_unavailable', missing || '?')}
      </p>
    );
  }
  if (!summary.error) return null;
  return (
    <p role="alert" data-testid="board-error">
      {tr(`board_error_${summary.error.replaceAll('-', '_')}`, summary.page?.units ?? '')}
    </p>
  );
}

/** What the board is read from: only its data (the parts it lacks), and its page with its scale. */
export function PageNotes({ summary, tr }: { summary: BoardSummary; tr: Tr }) {
  return (
    <>
      {summary.mode === 'data-only' && (
        <p role="status" class="board-notice" data-testid="board-data-only">
          {tr('board_data_only', summary.missing.join(', ') || '?')}
        </p>
      )}
      {summary.page && (
        <p class="hint" data-testid="board-page">
          {tr(
            'board_page',
            summary.page.name,
            summary.page.scale,
            summary.page.units,
            tr(`board_engine_${summary.engine}`),
          )}
        </p>
      )}
    </>
  );
}

/** How this system measures on the board (its default; the game's own settings may change it). */
export function Measure({ descriptor, tr }: { descriptor: AnyDescriptor; tr: Tr }) {
  const { radius, from } = descriptor.measure;
  if (radius === null) return null;
  return (
    <p class="hint" data-testid="board-measure">
      {radius === 'each-leader'
        ? tr('board_measure_each_leader')
        : tr(
            'board_measure_range',
            radius.value,
            radius.unit,
            tr(from === 'edge' ? 'board_from_edge' : 'board_from_centre'),
          )}
    </p>
  );
}
