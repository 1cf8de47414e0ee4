import { useMemo } from 'preact/hooks';
import { canRedo, canUndo, replay } from '../../src/game/log';
import { hdCommand, SIDE_IDS, type HdEvent, type HdState } from '../../src/rules/hd-command';
import { describeEvent, type HdHistoryLine } from '../../src/rules/hd-command/history';
import type { StoredGame } from '../../src/store/root';
import type { Send } from '../App';
import { useTr } from '../context';
import { History } from './History';
import { Setup } from './Setup';
import { SideCard } from './SideCard';

/** The Hell Dorado Command tracker: setup before the game, one card per side during it, history and undo. */
export function HdCommandPanel({ game, send }: { game: StoredGame<'hd-command'>; send: Send }) {
  const tr = useTr();
  // The worker only stores logs the rules accept, so this replay cannot fail; guard anyway.
  const { replayed, history } = useMemo(() => {
    const lines: HdHistoryLine[] = [];
    const result = replay(hdCommand, game.config, game.log, (before: HdState, event, after) => lines.push(describeEvent(before, event, after)));
    return { replayed: result, history: lines };
  }, [game]);
  if (!replayed.ok) return <p role="alert">{tr('error_log_event_refused')}</p>;
  const state = replayed.value;
  const dispatch = (event: HdEvent) => send({ type: 'game/dispatch', system: 'hd-command', event });

  const upkeepPreview = SIDE_IDS.map((id) => `${state.sides[id].name} ${state.sides[id].base}`).join(', ');
  return (
    <>
      {state.phase === 'setup' ? (
        <Setup state={state} dispatch={dispatch} />
      ) : (
        <section aria-labelledby="turn-heading">
          <div class="turn-bar">
            <h2 id="turn-heading" data-testid="turn">
              {tr('hd_turn', state.turn)}
            </h2>
            <span class="edition-badge">{tr(`hd_edition_${state.config.edition}`)}</span>
            <button
              type="button"
              class="primary"
              data-testid="upkeep"
              aria-describedby="upkeep-hint"
              onClick={() => void dispatch({ type: 'upkeep' })}
            >
              {tr('hd_next_turn')}
            </button>
            <p id="upkeep-hint" class="hint">
              {tr('hd_upkeep_hint', upkeepPreview)}
            </p>
          </div>
          {SIDE_IDS.map((id) => (
            <SideCard key={id} sideId={id} state={state} dispatch={dispatch} />
          ))}
        </section>
      )}
      <nav class="undo-bar" aria-label={tr('history_controls')}>
        <button type="button" data-testid="undo" disabled={!canUndo(game.log)} onClick={() => void send({ type: 'game/undo', system: 'hd-command' })}>
          {tr('undo')}
        </button>
        <button type="button" data-testid="redo" disabled={!canRedo(game.log)} onClick={() => void send({ type: 'game/redo', system: 'hd-command' })}>
          {tr('redo')}
        </button>
        {state.phase === 'playing' && (
          <button
            type="button"
            data-testid="new-game"
            onClick={() => {
              if (confirm(tr('hd_new_game_confirm'))) void dispatch({ type: 'newGame' });
            }}
          >
            {tr('hd_new_game')}
          </button>
        )}
      </nav>
      <History history={history} state={state} />
    </>
  );
}
