import { dc, type DcEvent } from '../../src/rules/dc';
import { describeEvent } from '../../src/rules/dc/history';
import type { StoredGame } from '../../src/store/root';
import type { Send } from '../context';
import { HistoryList, RefusedLog, UndoBar, useReplay } from '../components/game';
import { useT, useTr } from '../context';
import { Activation } from './Activation';
import { Forces, HouseRules } from './Forces';
import { useConfirm } from '../components/Confirm';
import type { Dispatch } from './dispatch';

/** Désastre Colonial: forces and positions, then each holding of the initiative as a sequence of activations. */
export function DcPanel({ game, send }: { game: StoredGame<'dc'>; send: Send }) {
  const tr = useTr();
  const t = useT();
  const confirm = useConfirm();
  const { replayed, history } = useReplay(dc, game, describeEvent);
  if (!replayed.ok) return <RefusedLog />;
  const state = replayed.value;
  const dispatch: Dispatch = (event) => send({ type: 'game/dispatch', system: 'dc', event });
  const playing = state.phase === 'playing';
  const format = (line: (typeof history)[number]) =>
    [
      line.turn === 0 ? tr('dc_setup') : tr('dc_turn', line.turn),
      line.side && tr(`dc_side_${line.side}`),
      t(line.action),
    ]
      .filter(Boolean)
      .join(' · ');
  const undoBar = (
    <UndoBar system="dc" log={game.log} send={send} last={history.length ? format(history[history.length - 1]!) : null}>
      {playing && (
        <button
          type="button"
          data-testid="dc-new-game"
          onClick={async () => {
            if (await confirm({ message: tr('dc_new_game_confirm'), confirm: tr('dc_new_game'), offerExport: true }))
              void dispatch({ type: 'newGame' });
          }}
        >
          {tr('dc_new_game')}
        </button>
      )}
    </UndoBar>
  );
  const historyList = <HistoryList id="dc-history-heading" lines={history} format={format} />;

  // Mid-game the activation comes first; the forces, fixed at setup, fold away under it.
  if (playing) {
    return (
      <>
        <div class="turn-bar">
          <h2 data-testid="dc-turn">{tr('dc_turn', state.turn)}</h2>
          <button
            type="button"
            class="primary"
            data-testid="dc-new-turn"
            data-next
            onClick={() => void dispatch({ type: 'newTurn' })}
          >
            {tr('dc_new_turn')}
          </button>
        </div>
        <Activation key={game.log.cursor} state={state} dispatch={dispatch} position={game.log.cursor} />
        {undoBar}
        <Forces state={state} dispatch={dispatch} />
        {historyList}
        <HouseRules state={state} dispatch={dispatch} />
      </>
    );
  }
  return (
    <>
      <h2>{tr('dc_setup')}</h2>
      <Forces state={state} dispatch={dispatch} />
      <HouseRules state={state} dispatch={dispatch} />
      <button
        type="button"
        class="primary wide"
        data-testid="dc-start"
        onClick={() => void dispatch({ type: 'start' })}
      >
        {tr('dc_start')}
      </button>
      {undoBar}
      {historyList}
    </>
  );
}
