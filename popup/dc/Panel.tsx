import { useMemo } from 'preact/hooks';
import { canRedo, canUndo, replay } from '../../src/game/log';
import { dc, type DcEvent, type DcState } from '../../src/rules/dc';
import { describeEvent, type DcHistoryLine } from '../../src/rules/dc/history';
import type { StoredGame } from '../../src/store/root';
import type { Send } from '../App';
import { useT, useTr } from '../context';
import { Activation } from './Activation';
import { Forces, HouseRules } from './Forces';

export type Dispatch = (event: DcEvent) => Promise<boolean>;

/** Désastre Colonial: forces and positions, then each holding of the initiative as a sequence of activations. */
export function DcPanel({ game, send }: { game: StoredGame<'dc'>; send: Send }) {
  const tr = useTr();
  const { replayed, history } = useMemo(() => {
    const lines: DcHistoryLine[] = [];
    const result = replay(dc, game.config, game.log, (before: DcState, event, after) => lines.push(describeEvent(before, event, after)));
    return { replayed: result, history: lines };
  }, [game]);
  if (!replayed.ok) return <p role="alert">{tr('error_log_event_refused')}</p>;
  const state = replayed.value;
  const dispatch: Dispatch = (event) => send({ type: 'game/dispatch', system: 'dc', event });
  const playing = state.phase === 'playing';

  return (
    <>
      {playing ? (
        <div class="turn-bar">
          <h2 data-testid="dc-turn">{tr('dc_turn', state.turn)}</h2>
          <button type="button" class="primary" data-testid="dc-new-turn" onClick={() => void dispatch({ type: 'newTurn' })}>
            {tr('dc_new_turn')}
          </button>
        </div>
      ) : (
        <h2>{tr('dc_setup')}</h2>
      )}
      {playing && <Activation key={game.log.cursor} state={state} dispatch={dispatch} />}
      <Forces state={state} dispatch={dispatch} />
      <HouseRules state={state} dispatch={dispatch} />
      {!playing && (
        <button type="button" class="primary wide" data-testid="dc-start" onClick={() => void dispatch({ type: 'start' })}>
          {tr('dc_start')}
        </button>
      )}
      <nav class="undo-bar" aria-label={tr('history_controls')}>
        <button type="button" data-testid="undo" disabled={!canUndo(game.log)} onClick={() => void send({ type: 'game/undo', system: 'dc' })}>
          {tr('undo')}
        </button>
        <button type="button" data-testid="redo" disabled={!canRedo(game.log)} onClick={() => void send({ type: 'game/redo', system: 'dc' })}>
          {tr('redo')}
        </button>
        {playing && (
          <button type="button" data-testid="dc-new-game" onClick={() => confirm(tr('dc_new_game_confirm')) && void dispatch({ type: 'newGame' })}>
            {tr('dc_new_game')}
          </button>
        )}
      </nav>
      <History history={history} />
    </>
  );
}

function History({ history }: { history: readonly DcHistoryLine[] }) {
  const tr = useTr();
  const t = useT();
  return (
    <section class="history" aria-labelledby="dc-history-heading">
      <h2 id="dc-history-heading">{tr('history')}</h2>
      {history.length === 0 ? (
        <p class="hint">{tr('history_empty')}</p>
      ) : (
        <ol reversed data-testid="history">
          {history
            .map((line, index) => {
              const parts = [line.turn === 0 ? tr('dc_setup') : tr('dc_turn', line.turn)];
              if (line.side) parts.push(tr(`dc_side_${line.side}`));
              parts.push(t(line.action));
              return <li key={index}>{parts.join(' · ')}</li>;
            })
            .reverse()}
        </ol>
      )}
    </section>
  );
}
