// The demo table page around the board: the scene picker, "Reset to the example", the way back to
// the popup, the board's settings (grid, scale, measurement), the selected figure (kill, remove) and a
// form to add one. The board itself is plain DOM (./board-view.ts), mounted here once.
import { useEffect, useRef, useState } from 'preact/hooks';
import { sceneOfBoard } from '../src/adapters/demo/model';
import { SCENE_IDS, sceneRef, type SceneId } from '../src/adapters/demo/scenes';
import { BoardHost } from './BoardHost';
import type { BoardView } from './board-view';
import { useFinderKey, useHistory } from './keys';
import { Confirm, Notices } from './Notices';
import { Panel } from './Panel';
import type { DemoState, DemoTable } from './table';
import { systemName, type Tr } from './words';

export type { Tr } from './words';
export { systemName } from './words';

/** A scene in the picker: the worked example by its system's name, the army after it. */
const sceneName = (tr: Tr, id: SceneId): string => {
  const { system, kind } = sceneRef(id)!;
  return kind === 'army' ? tr('demo_scene_army', systemName(tr, system)) : systemName(tr, system);
};

interface Props {
  table: DemoTable;
  view: BoardView;
  tr: Tr;
  openPopup: () => void;
}

function useDemoState(table: DemoTable): DemoState {
  const [state, setState] = useState(table.current);
  useEffect(() => {
    const unsubscribe = table.subscribe(setState);
    // Effects run after the first paint: catch up with what changed meanwhile.
    setState(table.current);
    return unsubscribe;
  }, [table]);
  return state;
}

export function App({ table, view, tr, openPopup }: Props) {
  const state = useDemoState(table);
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    host.current?.append(view.root);
    table.fit();
  }, [view]);
  const undo = useHistory(table, state, tr);
  useFinderKey(table, state);
  const { board } = state;
  const system = board?.system ?? 'hd-command';
  const scene = board ? sceneOfBoard(board) : system;

  return (
    <div class="demo">
      <header class="demo-header">
        <h1>{tr('demo_title')}</h1>
        <label class="field">
          <span>{tr('demo_scene')}</span>
          <select
            data-testid="demo-scene"
            value={scene}
            onChange={(e) => void table.open(e.currentTarget.value as SceneId)}
          >
            {SCENE_IDS.map((id) => (
              <option key={id} value={id}>
                {sceneName(tr, id)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="demo-reset" onClick={() => void table.loadExample(scene)}>
          {tr('demo_reset')}
        </button>
        <button type="button" class="primary" data-testid="demo-open-popup" onClick={openPopup}>
          {tr('demo_open_popup')}
        </button>
      </header>
      <Notices state={state} system={system} scene={scene} table={table} tr={tr} />
      <div class="demo-main">
        <BoardHost host={host} state={state} table={table} view={view} tr={tr} undo={undo} />
        <aside class="demo-panel">
          {board && (
            <Panel
              board={board}
              scene={scene}
              state={state}
              table={table}
              view={view}
              tr={tr}
              onRemoved={(name) => undo.setUndone(tr('demo_removed', name))}
            />
          )}
        </aside>
      </div>
      {state.asking && <Confirm system={state.asking.system} answer={state.asking.answer} tr={tr} />}
    </div>
  );
}
