import { ENDABLE_SCOPES, hdModifiers, type HdmEvent } from '../../src/rules/hd-modifiers';
import { describeEvent } from '../../src/rules/hd-modifiers/history';
import type { StoredGame } from '../../src/store/root';
import type { Send } from '../context';
import { HistoryList, RefusedLog, UndoBar, useReplay } from '../components/game';
import { useT, useTr } from '../context';
import { AddEffect, AddFighter, FighterOptions, recentEffects, usualKind } from './Forms';
import { FighterCard } from './FighterCard';
import { Settings } from './Settings';
import type { Dispatch } from './dispatch';

/** Hell Dorado characteristic modifiers: each fighter's values with their breakdown, states, effects, scopes, history. */
export function HdModifiersPanel({ game, send }: { game: StoredGame<'hd-modifiers'>; send: Send }) {
  const tr = useTr();
  const t = useT();
  const { replayed, history } = useReplay(hdModifiers, game, describeEvent);
  if (!replayed.ok) return <RefusedLog />;
  const state = replayed.value;
  const dispatch: Dispatch = (event) => send({ type: 'game/dispatch', system: 'hd-modifiers', event });
  const played = game.log.events.slice(0, game.log.cursor);

  return (
    <>
      <div class="row hdm-bar">
        <label for="hdm-active">{tr('hdm_active_fighter')}</label>
        <select
          id="hdm-active"
          data-testid="hdm-active"
          data-next
          value={state.active ?? ''}
          onChange={(e) => {
            const value = (e.currentTarget as HTMLSelectElement).value;
            void dispatch({ type: 'activeFighterSet', fighter: value === '' ? null : value });
          }}
        >
          <FighterOptions fighters={state.fighters} />
        </select>
      </div>
      <div class="row hdm-bar" role="group" aria-label={tr('hdm_end_of')}>
        <span aria-hidden="true">{tr('hdm_end_of')}</span>
        {ENDABLE_SCOPES.map((scope) => (
          <button
            key={scope}
            type="button"
            class="small"
            data-testid={`hdm-end-${scope}`}
            data-next
            title={tr('hdm_end_hint')}
            onClick={() => void dispatch({ type: 'scopeEnded', scope })}
          >
            {tr(`hdm_scope_${scope}`)}
          </button>
        ))}
      </div>
      {state.fighters.length > 0 && (
        <AddEffect state={state} dispatch={dispatch} recent={recentEffects(played)} usual={usualKind(played)} />
      )}
      <section aria-labelledby="hdm-fighters">
        <h2 id="hdm-fighters">{tr('hdm_fighters')}</h2>
        {state.fighters.length === 0 && <p class="hint">{tr('hdm_no_fighters')}</p>}
        {/* The active fighter first: his states are what the player changes next, whatever the company's size. */}
        {[
          ...state.fighters.filter((f) => f.id === state.active),
          ...state.fighters.filter((f) => f.id !== state.active),
        ].map((f) => (
          <FighterCard key={f.id} fighter={f} state={state} dispatch={dispatch} />
        ))}
      </section>
      <AddFighter dispatch={dispatch} open={state.fighters.length === 0} />
      <UndoBar
        system="hd-modifiers"
        log={game.log}
        send={send}
        last={history.length ? t(history[history.length - 1]!) : null}
      />
      <HistoryList id="hdm-history-heading" lines={history} format={t} />
      <Settings config={state.config} dispatch={dispatch} />
    </>
  );
}
