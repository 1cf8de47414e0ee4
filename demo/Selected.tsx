// The panel's selected figure: its name, side, unit, role and state in words, and the buttons that
// kill, revive or remove it.
import { sideText, type DemoBoard, type DemoBoardToken } from '../src/adapters/demo/model';
import { unitLabels } from '../src/board/names';
import type { DemoTable } from './table';
import { key, type Tr } from './words';

const sideLabel = (board: DemoBoard, tr: Tr, id: string | null): string => {
  const side = board.sides.find((s) => s.id === id);
  return side ? sideText(side.label, tr) : tr('demo_side_none');
};

export function Selected({
  board,
  token,
  said,
  table,
  tr,
  onRemoved,
}: {
  board: DemoBoard;
  token: DemoBoardToken | null;
  said: string | null;
  table: DemoTable;
  tr: Tr;
  onRemoved: (name: string) => void;
}) {
  return (
    <section class="panel-part" data-testid="demo-selected">
      <h3>{tr('demo_selected')}</h3>
      {!token ? (
        <p class="hint">{tr('demo_none_selected')}</p>
      ) : (
        <>
          <p>
            <strong data-testid="demo-selected-name">{token.name}</strong>
            {' · '}
            {sideLabel(board, tr, token.side)}
            {token.unit !== null && ` · ${tr('demo_unit')} ${unitLabels(table.unitNames(), tr)(token.unit)}`}
            {' · '}
            {tr(`demo_role_${key(token.role)}`)}
            {token.dead && ` · ${tr('demo_marker_dead')}`}
          </p>
          {/* Its status and words in full: a phone's board may have no room to open them (a tabletop's text, as text). */}
          {said && (
            <p class="demo-said" data-testid="demo-selected-said">
              {said}
            </p>
          )}
          <div class="row">
            <button type="button" data-testid="demo-kill" onClick={() => table.edits.kill(token.id, !token.dead)}>
              {tr(token.dead ? 'demo_revive' : 'demo_kill')}
            </button>
            <button
              type="button"
              data-testid="demo-remove"
              onClick={() => {
                // Taken off at once, and said with the way back (Ctrl+Z, or the Undo button).
                table.edits.remove(token.id);
                onRemoved(token.name);
              }}
            >
              {tr('demo_remove')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
