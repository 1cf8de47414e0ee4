import { hdCommand, SIDE_IDS, type HdEvent } from '../../src/rules/hd-command';
import { describeEvent } from '../../src/rules/hd-command/history';
import type { StoredGame } from '../../src/store/root';
import type { Send } from '../context';
import { HistoryList, RefusedLog, UndoBar, useReplay } from '../components/game';
import { useT, useTr } from '../context';
import { Setup } from './Setup';
import { useConfirm } from '../components/Confirm';
import { useSideName } from '../board/sides';
import { SideCard } from './SideCard';

/** The Hell Dorado Command tracker: setup before the game, one card per side during it, history and undo. */
export function HdCommandPanel({ game, send }: { game: StoredGame<'hd-command'>; send: Send }) {
  const tr = useTr();
  const t = useT();
  const confirm = useConfirm();
  const named = useSideName();
  const { replayed, history } = useReplay(hdCommand, game, describeEvent);
  if (!replayed.ok) return <RefusedLog />;
  const state = replayed.value;
  // "Turn 2 · Arnaud · permanent spend 2 · base 5, current 1"
  const format = (line: (typeof history)[number]) =>
    [
      line.turn === 0 ? tr('hd_setup_short') : tr('hd_turn', line.turn),
      line.side && named(line.side, state.sides[line.side].name),
      t(line.action),
      line.totals && tr('hd_totals', line.totals.base, line.totals.current),
    ]
      .filter(Boolean)
      .join(' · ');
  const dispatch = (event: HdEvent) => send({ type: 'game/dispatch', system: 'hd-command', event });

  const upkeepPreview = SIDE_IDS.map((id) => `${named(id, state.sides[id].name)} ${state.sides[id].base}`).join(', ');
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
              data-next
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
      <UndoBar
        system="hd-command"
        log={game.log}
        send={send}
        last={history.length ? format(history[history.length - 1]!) : null}
      >
        {state.phase === 'playing' && (
          <button
            type="button"
            data-testid="new-game"
            onClick={async () => {
              if (await confirm({ message: tr('hd_new_game_confirm'), confirm: tr('hd_new_game'), offerExport: true }))
                void dispatch({ type: 'newGame' });
            }}
          >
            {tr('hd_new_game')}
          </button>
        )}
      </UndoBar>
      <HistoryList lines={history} format={format} id="history-heading" />
    </>
  );
}
