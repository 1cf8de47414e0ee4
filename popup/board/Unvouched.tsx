// The scene's game that no game master at the table stands behind (src/shared-game/types.ts
// `Unvouched`): what its game master is asked, and what a player is told meanwhile. The same on every
// tabletop (Roll20's popup, Owlbear's popover).
import type { Unvouched } from '../../src/shared-game/types';

type Tr = (key: string, ...subs: (string | number)[]) => string;

export function UnvouchedQuestion({
  unvouched,
  gm,
  choose,
  tr,
  testid,
}: {
  unvouched: Unvouched;
  gm: boolean;
  choose: (choice: 'take' | 'fresh') => void;
  tr: Tr;
  /** Its test id; its buttons' are `${testid}-take` and `${testid}-fresh`. */
  testid: string;
}) {
  const { gen, events, writers, key, disputed, kept } = unvouched;
  return (
    <div class="owlbear-problems" role="status" data-testid={testid}>
      <p>
        {gm ? tr('table_unvouched_gm', gen, events ?? '?', writers, key ?? '—') : tr('table_unvouched_player', gen)}
      </p>
      {disputed && <p>{tr('table_unvouched_disputed')}</p>}
      {gm && (
        <p>
          <button type="button" data-testid={`${testid}-take`} onClick={() => choose('take')}>
            {tr('table_unvouched_take')}
          </button>{' '}
          {/* Not this game: his browser's own put back where it kept one, else an empty one. */}
          <button type="button" data-testid={`${testid}-fresh`} onClick={() => choose('fresh')}>
            {kept !== null ? tr('table_unvouched_keep', kept) : tr('table_unvouched_fresh')}
          </button>
        </p>
      )}
    </div>
  );
}
