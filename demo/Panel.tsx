// The side panel beside the board: the scene's title and what to try in it, the selected figure, the
// form that adds one and the board's settings.
import { sideText, type DemoBoard } from '../src/adapters/demo/model';
import type { SceneId } from '../src/adapters/demo/scenes';
import { AddToken } from './AddToken';
import type { BoardView } from './board-view';
import { Selected } from './Selected';
import { Settings } from './Settings';
import type { DemoState, DemoTable } from './table';
import { key, type Tr } from './words';

interface Props {
  board: DemoBoard;
  scene: SceneId;
  state: DemoState;
  table: DemoTable;
  view: BoardView;
  tr: Tr;
  onRemoved: (name: string) => void;
}

export function Panel({ board, scene, state, table, view, tr, onRemoved }: Props) {
  const selected = board.tokens.find((t) => t.id === state.selected) ?? null;
  return (
    <>
      <h2>{tr(board.title)}</h2>
      <SceneText board={board} scene={scene} state={state} table={table} tr={tr} />
      <p class="hint">{tr('demo_help')}</p>
      <Selected board={board} token={selected} said={state.said} table={table} tr={tr} onRemoved={onRemoved} />
      <AddToken board={board} table={table} view={view} tr={tr} />
      <Settings board={board} labels={state.labels} table={table} tr={tr} />
    </>
  );
}

/**
 * What the scene shows and what to try: the scene's own words while the stored game is the one its
 * example laid out; once the game moved on (a new game, an undo, a move in the popup), the game as
 * it stands, recomputed from the board (who is out of command, whose turn it is), never the
 * example's turn.
 */
function SceneText({
  board,
  scene,
  state,
  table,
  tr,
}: {
  board: DemoBoard;
  scene: SceneId;
  state: DemoState;
  table: DemoTable;
  tr: Tr;
}) {
  if (state.sceneGame !== false) {
    return (
      <p class="hint" data-testid="demo-try" data-game="scene">
        {tr(`demo_try_${key(scene)}`)}
      </p>
    );
  }
  const turn = table.turnSides();
  const sides = turn ? board.sides.filter((s) => turn.has(s.id)).map((s) => sideText(s.label, tr)) : [];
  const words = [
    tr('demo_try_moved', tr('demo_reset')),
    tr('demo_try_out', state.out),
    ...(sides.length > 0 ? [tr('demo_try_turn', sides.join(', '))] : []),
  ];
  return (
    <p class="hint" data-testid="demo-try" data-game="moved">
      {words.join(' ')}
    </p>
  );
}
