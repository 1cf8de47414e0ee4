// What the board shows, and to whom (src/board/visibility.ts), as every tabletop's settings offer it:
// the choice (the demo table's settings, Roll20's board settings, the game master's at a shared
// table), and what a player reads of the game master's.
import { BOARD_SHOWS, type BoardShow, type Visibility } from '../../src/board/visibility';

type Tr = (key: string, ...subs: (string | number)[]) => string;

/** "Show on the board": every figure, the side whose turn it is, or only the figure in focus. */
export function BoardShowField({
  value,
  onChange,
  tr,
  testId,
}: {
  value: BoardShow;
  onChange: (show: BoardShow) => void;
  tr: Tr;
  testId: string;
}) {
  return (
    <label class="field">
      <span>{tr('board_show')}</span>
      <select data-testid={testId} value={value} onChange={(e) => onChange(e.currentTarget.value as BoardShow)}>
        {BOARD_SHOWS.map((s) => (
          <option key={s} value={s}>
            {tr(`board_show_${s}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The game master's choice and "to him only", for the whole table. */
export function GameMasterVisibility({
  value,
  onChange,
  tr,
  prefix,
}: {
  value: Visibility;
  onChange: (v: Visibility) => void;
  tr: Tr;
  prefix: string;
}) {
  return (
    <div class={`${prefix}-visibility`}>
      <BoardShowField
        value={value.show}
        onChange={(show) => onChange({ ...value, show })}
        tr={tr}
        testId={`${prefix}-show`}
      />
      <label class="check">
        <input
          type="checkbox"
          data-testid={`${prefix}-gm-only-set`}
          checked={value.gmOnly}
          onChange={(e) => onChange({ ...value, gmOnly: e.currentTarget.checked })}
        />{' '}
        {tr('board_gm_only')}
      </label>
    </div>
  );
}

/** What a player reads of the game master's choice (nothing when every figure is shown to all). */
export function SaidVisibility({ value, tr, prefix }: { value: Visibility; tr: Tr; prefix: string }) {
  if (value.gmOnly)
    return (
      <p class="hint" role="status" data-testid={`${prefix}-gm-only`}>
        {tr('board_gm_only_player')}
      </p>
    );
  if (value.show === 'all') return null;
  return (
    <p class="hint" data-testid={`${prefix}-show-said`}>
      {tr('board_show')}: {tr(`board_show_${value.show}`)}
    </p>
  );
}
