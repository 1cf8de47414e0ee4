// The board's place on the page: the zoom, fit, legend, finder and undo buttons over it, and the line
// where the finder and Undo say what they did. The board itself is mounted into it by App.
import type { RefObject } from 'preact';
import type { BoardView } from './board-view';
import type { History } from './keys';
import type { DemoState, DemoTable } from './table';
import type { Tr } from './words';

interface Props {
  host: RefObject<HTMLDivElement | null>;
  state: DemoState;
  table: DemoTable;
  view: BoardView;
  tr: Tr;
  undo: History;
}

export function BoardHost({ host, state, table, view, tr, undo }: Props) {
  return (
    <section class="board-host" ref={host} aria-label={tr('demo_board')}>
      <BoardTools state={state} table={table} view={view} tr={tr} history={undo.history} />
      {/*
        What the finder and Undo did, on a line of their own that is always there, one line high:
        the board never moves as they speak (on a tablet, the words wrapped the buttons' row and
        the board dropped a line). The finder's figure has its words in full in the panel.
      */}
      <div class="board-said">
        <span class="demo-undone" role="status" data-testid="demo-finder-said">
          {state.found}
        </span>
        <span class="demo-undone" role="status" data-testid="demo-undone">
          {undo.undone}
        </span>
      </div>
    </section>
  );
}

function BoardTools({
  state,
  table,
  view,
  tr,
  history,
}: Omit<Props, 'host' | 'undo'> & { history: History['history'] }) {
  return (
    <div class="zoom-tools">
      <button
        type="button"
        aria-label={tr('demo_zoom_in')}
        title={tr('demo_zoom_in')}
        data-testid="demo-zoom-in"
        onClick={() => view.zoomBy(1.25)}
      >
        +
      </button>
      <button
        type="button"
        aria-label={tr('demo_zoom_out')}
        title={tr('demo_zoom_out')}
        data-testid="demo-zoom-out"
        onClick={() => view.zoomBy(0.8)}
      >
        −
      </button>
      <button type="button" data-testid="demo-fit" onClick={() => table.fit()}>
        {tr('demo_fit')}
      </button>
      <button
        type="button"
        data-testid="demo-legend"
        aria-pressed={state.legend}
        onClick={() => table.setLegend(!state.legend)}
      >
        {tr('demo_legend')}
      </button>
      <button
        type="button"
        data-testid="demo-finder"
        disabled={state.out === 0}
        aria-keyshortcuts="N Shift+N"
        title={tr('board_finder_keys')}
        onClick={() => table.find(1)}
      >
        {tr('board_finder', state.out)}
      </button>
      <button
        type="button"
        data-testid="demo-undo"
        disabled={!table.edits.canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
        title={tr('demo_undo_keys')}
        onClick={() => history('undo')}
      >
        {tr('demo_undo')}
      </button>
      <button
        type="button"
        data-testid="demo-redo"
        disabled={!table.edits.canRedo}
        aria-keyshortcuts="Control+Y Control+Shift+Z Meta+Shift+Z Meta+Y"
        title={tr('demo_undo_keys')}
        onClick={() => history('redo')}
      >
        {tr('demo_redo')}
      </button>
    </div>
  );
}
