import { useMemo } from 'preact/hooks';
import { canRedo, canUndo, replay } from '../../src/game/log';
import { commandRoll, type CrEvent, type CrState } from '../../src/rules/cr';
import { describeEvent, type CrHistoryLine } from '../../src/rules/cr/history';
import type { StoredGame } from '../../src/store/root';
import type { Send } from '../App';
import { useT, useTr } from '../context';
import { Play } from './Play';
import { Setup } from './Setup';

/** The d6 command roll: armies and secret rosters before the game; the duel, the queue and orders during it. */
export function CrPanel({ game, send }: { game: StoredGame<'cr'>; send: Send }) {
  const tr = useTr();
  const t = useT();
  const { replayed, history } = useMemo(() => {
    const lines: CrHistoryLine[] = [];
    const result = replay(commandRoll, game.config, game.log, (before: CrState, event, after) => lines.push(describeEvent(before, event, after)));
    return { replayed: result, history: lines };
  }, [game]);
  if (!replayed.ok) return <p role="alert">{tr('error_log_event_refused')}</p>;
  const state = replayed.value;
  const dispatch = (event: CrEvent) => send({ type: 'game/dispatch', system: 'cr', event });
  return (
    <>
      {state.phase === 'setup' ? <Setup state={state} dispatch={dispatch} /> : <Play state={state} dispatch={dispatch} />}
      <nav class="undo-bar" aria-label={tr('history_controls')}>
        <button type="button" data-testid="undo" disabled={!canUndo(game.log)} onClick={() => void send({ type: 'game/undo', system: 'cr' })}>
          {tr('undo')}
        </button>
        <button type="button" data-testid="redo" disabled={!canRedo(game.log)} onClick={() => void send({ type: 'game/redo', system: 'cr' })}>
          {tr('redo')}
        </button>
        {state.phase === 'playing' && (
          <button type="button" data-testid="cr-new-game" onClick={() => confirm(tr('cr_new_game_confirm')) && void dispatch({ type: 'newGame' })}>
            {tr('cr_new_game')}
          </button>
        )}
      </nav>
      <section class="history" aria-labelledby="cr-history-heading">
        <h2 id="cr-history-heading">{tr('history')}</h2>
        {history.length === 0 ? (
          <p class="hint">{tr('history_empty')}</p>
        ) : (
          <ol reversed data-testid="history">
            {history
              .map((line, i) => ({ i, text: [line.turn === 0 ? tr('cr_setup_short') : tr('cr_turn', line.turn), line.side ? state.sides[line.side].name : null, t(line.action)].filter(Boolean).join(' · ') }))
              .reverse()
              .map((l) => (
                <li key={l.i}>{l.text}</li>
              ))}
          </ol>
        )}
      </section>
    </>
  );
}
