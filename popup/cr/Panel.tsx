import { commandRoll, type CrEvent } from '../../src/rules/cr';
import { describeEvent } from '../../src/rules/cr/history';
import type { StoredGame } from '../../src/store/root';
import type { Send } from '../context';
import { HistoryList, RefusedLog, UndoBar, useReplay } from '../components/game';
import { useT, useTr } from '../context';
import { Play } from './Play';
import { Setup } from './Setup';
import { useConfirm } from '../components/Confirm';
import { useSideName } from '../board/sides';

/** The d6 command roll: armies and secret rosters before the game; the duel, the queue and orders during it. */
export function CrPanel({ game, send }: { game: StoredGame<'cr'>; send: Send }) {
  const tr = useTr();
  const t = useT();
  const confirm = useConfirm();
  const named = useSideName();
  const { replayed, history } = useReplay(commandRoll, game, describeEvent);
  if (!replayed.ok) return <RefusedLog />;
  const state = replayed.value;
  const dispatch = (event: CrEvent) => send({ type: 'game/dispatch', system: 'cr', event });
  const format = (line: (typeof history)[number]) =>
    [
      line.turn === 0 ? tr('cr_setup_short') : tr('cr_turn', line.turn),
      line.side ? named(line.side, state.sides[line.side].name) : null,
      t(line.action),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <>
      {state.phase === 'setup' ? (
        <Setup state={state} dispatch={dispatch} />
      ) : (
        <Play state={state} dispatch={dispatch} />
      )}
      <UndoBar
        system="cr"
        log={game.log}
        send={send}
        last={history.length ? format(history[history.length - 1]!) : null}
      >
        {state.phase === 'playing' && (
          <button
            type="button"
            data-testid="cr-new-game"
            onClick={async () => {
              if (await confirm({ message: tr('cr_new_game_confirm'), confirm: tr('cr_new_game'), offerExport: true }))
                void dispatch({ type: 'newGame' });
            }}
          >
            {tr('cr_new_game')}
          </button>
        )}
      </UndoBar>
      <HistoryList id="cr-history-heading" lines={history} format={format} />
    </>
  );
}
