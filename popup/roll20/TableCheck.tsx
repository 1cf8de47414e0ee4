// The game master's "Check this table" at the Roll20 table's one game: the button and its answer in words.
import type { BoardSummary } from '../../src/board/summary';
import type { BoardData } from '../context';
import type { Tr } from '../board/at';

/**
 * "Check this table", the game master's: what Roll20's server does at this table (does it refuse a
 * player's write on a ledger he does not control, how long a change takes to come back, does a long
 * value reach the players), said in plain words. Its answer is also in the tab's diagnostics.
 */
export function TableCheck({
  check,
  live,
  tr,
}: {
  check: NonNullable<BoardSummary['shared']>['check'];
  live: BoardData['live'];
  tr: Tr;
}) {
  const lines = !check
    ? []
    : check.state === 'running'
      ? [tr('r20_check_running')]
      : check.answered === 0
        ? [tr('r20_check_nobody')]
        : [
            tr(
              check.enforced === 'yes'
                ? 'r20_check_enforced'
                : check.enforced === 'no'
                  ? 'r20_check_trusting'
                  : 'r20_check_enforced_unknown',
            ),
            tr('r20_check_round_trip', Math.round(check.roundTripMs ?? 0), check.answered),
            tr(check.longValue === 'whole' ? 'r20_check_long_whole' : 'r20_check_long_cut'),
          ];
  return (
    <div class="r20-check" data-testid="r20-check" data-state={check?.state ?? 'none'} data-enforced={check?.enforced}>
      <p class="row">
        <button
          type="button"
          class="small"
          data-testid="r20-check-run"
          disabled={!live.check || check?.state === 'running'}
          onClick={() => void live.check?.()}
        >
          {tr('r20_check')}
        </button>
      </p>
      <p class="hint">{tr('r20_check_hint')}</p>
      {lines.length > 0 && (
        <ul role="status" data-testid="r20-check-result">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
