import type { HdState } from '../../src/rules/hd-command';
import type { HdHistoryLine } from '../../src/rules/hd-command/history';
import { useT, useTr } from '../context';

/** Newest first: "Turn 2 · Arnaud · permanent spend 2 · base 5, current 1". */
export function History({ history, state }: { history: readonly HdHistoryLine[]; state: HdState }) {
  const tr = useTr();
  const t = useT();
  const lines = history.map((line, index) => {
    const parts = [line.turn === 0 ? tr('hd_setup_short') : tr('hd_turn', line.turn)];
    if (line.side) parts.push(state.sides[line.side].name);
    parts.push(t(line.action));
    if (line.totals) parts.push(tr('hd_totals', line.totals.base, line.totals.current));
    return { index, text: parts.join(' · ') };
  });
  return (
    <section class="history" aria-labelledby="history-heading">
      <h2 id="history-heading">{tr('history')}</h2>
      {lines.length === 0 ? (
        <p class="hint">{tr('history_empty')}</p>
      ) : (
        <ol reversed data-testid="history">
          {lines.reverse().map((l) => (
            <li key={l.index}>{l.text}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
