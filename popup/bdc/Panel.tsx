import { useMemo } from 'preact/hooks';
import { canRedo, canUndo, replay } from '../../src/game/log';
import { bdc, type BdcEvent, type BdcState } from '../../src/rules/bdc';
import { describeEvent, type BdcHistoryLine } from '../../src/rules/bdc/history';
import type { StoredGame } from '../../src/store/root';
import type { Send } from '../App';
import { useT, useTr } from '../context';
import { AddTroop, Settings } from './Setup';
import { TestRoller } from './TestRoller';
import { TroopCard } from './TroopCard';

export type Dispatch = (event: BdcEvent) => Promise<boolean>;

/** Les bandes de Champagne: units and leaders with morale, PA counters, tests, rally, settings, history. */
export function BdcPanel({ game, send }: { game: StoredGame<'bdc'>; send: Send }) {
  const tr = useTr();
  const t = useT();
  const { replayed, history } = useMemo(() => {
    const lines: BdcHistoryLine[] = [];
    const result = replay(bdc, game.config, game.log, (before: BdcState, event, after) => lines.push(describeEvent(before, event, after)));
    return { replayed: result, history: lines };
  }, [game]);
  if (!replayed.ok) return <p role="alert">{tr('error_log_event_refused')}</p>;
  const state = replayed.value;
  const dispatch: Dispatch = (event) => send({ type: 'game/dispatch', system: 'bdc', event });
  const last = state.last;
  const lastWho = last?.who ? state.troops.find((x) => x.id === last.who) : undefined;

  return (
    <>
      {last && (
        <p class="bdc-last" data-testid="bdc-last" aria-live="polite">
          {[
            lastWho?.name,
            last.tests.map((x) => tr('bdc_roll', x.natural, x.natural + x.modifier, x.target, tr(x.success ? 'bdc_success' : 'bdc_failure'))).join('; '),
            last.after && `${tr(`bdc_state_${last.before}`)} → ${tr(`bdc_state_${last.after}`)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      <section aria-labelledby="bdc-troops">
        <h2 id="bdc-troops">{tr('bdc_troops')}</h2>
        {state.troops.length === 0 && <p class="hint">{tr('bdc_no_troops')}</p>}
        {state.troops.map((troop) => (
          <TroopCard key={troop.id} troop={troop} state={state} dispatch={dispatch} />
        ))}
        <AddTroop dispatch={dispatch} />
      </section>
      <TestRoller state={state} dispatch={dispatch} />
      <Settings state={state} dispatch={dispatch} />
      <nav class="undo-bar" aria-label={tr('history_controls')}>
        <button type="button" data-testid="undo" disabled={!canUndo(game.log)} onClick={() => void send({ type: 'game/undo', system: 'bdc' })}>
          {tr('undo')}
        </button>
        <button type="button" data-testid="redo" disabled={!canRedo(game.log)} onClick={() => void send({ type: 'game/redo', system: 'bdc' })}>
          {tr('redo')}
        </button>
        <button type="button" data-testid="bdc-end-turn" onClick={() => void dispatch({ type: 'turnEnded' })}>
          {tr('bdc_end_turn')}
        </button>
      </nav>
      <details class="history">
        <summary>{tr('history')}</summary>
        {history.length === 0 ? (
          <p class="hint">{tr('history_empty')}</p>
        ) : (
          <ol reversed data-testid="history">
            {history
              .map((l, i) => (
                <li key={i}>{[l.who, t(l.action), l.state && tr(`bdc_state_${l.state}`)].filter(Boolean).join(' · ')}</li>
              ))
              .reverse()}
          </ol>
        )}
      </details>
    </>
  );
}
