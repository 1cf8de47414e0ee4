import { bdc, type BdcEvent } from '../../src/rules/bdc';
import { describeEvent } from '../../src/rules/bdc/history';
import type { StoredGame } from '../../src/store/root';
import type { Send } from '../context';
import { HistoryList, RefusedLog, UndoBar, useReplay } from '../components/game';
import { useT, useTr } from '../context';
import { AddTroop, Settings } from './Setup';
import { TestRoller } from './TestRoller';
import { TroopCard } from './TroopCard';
import type { Dispatch } from './dispatch';

/** Les bandes de Champagne: units and leaders with morale, PA counters, tests, rally, settings, history. */
export function BdcPanel({ game, send }: { game: StoredGame<'bdc'>; send: Send }) {
  const tr = useTr();
  const t = useT();
  const { replayed, history } = useReplay(bdc, game, describeEvent);
  if (!replayed.ok) return <RefusedLog />;
  const state = replayed.value;
  const dispatch: Dispatch = (event) => send({ type: 'game/dispatch', system: 'bdc', event });
  const last = state.last;
  const lastWho = last?.who ? state.troops.find((x) => x.id === last.who) : undefined;

  const format = (l: (typeof history)[number]) =>
    [l.who, t(l.action), l.state && tr(`bdc_state_${l.state}`)].filter(Boolean).join(' · ');

  return (
    <>
      <div class="turn-bar">
        <h2 id="bdc-troops">{tr('bdc_troops')}</h2>
        <button
          type="button"
          class="primary"
          data-testid="bdc-end-turn"
          data-next
          onClick={() => void dispatch({ type: 'turnEnded' })}
        >
          {tr('bdc_end_turn')}
        </button>
      </div>
      {last && (
        <p class="bdc-last" data-testid="bdc-last" aria-live="polite">
          {[
            lastWho?.name,
            last.tests
              .map((x) =>
                tr(
                  'bdc_roll',
                  x.natural,
                  x.natural + x.modifier,
                  x.target,
                  tr(x.success ? 'bdc_success' : 'bdc_failure'),
                ),
              )
              .join('; '),
            last.after && `${tr(`bdc_state_${last.before}`)} → ${tr(`bdc_state_${last.after}`)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      <section aria-labelledby="bdc-troops">
        {state.troops.length === 0 && <p class="hint">{tr('bdc_no_troops')}</p>}
        {state.troops.map((troop) => (
          <TroopCard key={troop.id} troop={troop} state={state} dispatch={dispatch} />
        ))}
      </section>
      <TestRoller state={state} dispatch={dispatch} />
      <UndoBar
        system="bdc"
        log={game.log}
        send={send}
        last={history.length ? format(history[history.length - 1]!) : null}
      />
      <HistoryList collapsed id="bdc-history-heading" lines={history} format={format} />
      <AddTroop dispatch={dispatch} open={state.troops.length === 0} />
      <Settings state={state} dispatch={dispatch} />
    </>
  );
}
