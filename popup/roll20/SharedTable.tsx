// The Roll20 part's section for the table's one game: the ledgers' making and seats, ledgers gone,
// an unvouched game, what the board shows, and the game master's table check.
import { useState } from 'preact/hooks';
import { DEFAULT_VISIBILITY } from '../../src/board/visibility';
import { GameMasterVisibility, SaidVisibility } from '../board/Visibility';
import type { BoardSummary } from '../../src/board/summary';
import type { BoardData } from '../context';
import type { Tr } from '../board/at';
import { TableCheck } from './TableCheck';
import { UnvouchedQuestion } from '../board/Unvouched';

type Shared = NonNullable<BoardSummary['shared']>;

/**
 * Roll20's one game for the table: the game master's click that makes the ledger characters, then who
 * acts for which side (Roll20's own "controlled by" of each side's ledger) and for which this player.
 * Every system has at most two sides: two side ledgers, named "Side 1" and "Side 2" in the game
 * master's language (the game's system may change; the seats are by side's place).
 */
export function SharedTable({ shared, live, tr }: { shared: Shared; live: BoardData['live']; tr: Tr }) {
  const [asked, setAsked] = useState<boolean | null>(null);
  if (shared.state === 'none') {
    return (
      <section class="r20-shared" data-testid="r20-shared" data-state="none">
        <h3>{tr('r20_shared')}</h3>
        <Missing shared={shared} live={live} tr={tr} />
        <p class="hint">{tr('r20_share_hint')}</p>
        {shared.gm ? (
          <p class="row">
            <button
              type="button"
              class="small"
              data-testid="r20-share"
              disabled={!live.share}
              onClick={() => void live.share?.(sideNames(tr)).then(setAsked)}
            >
              {tr('r20_share')}
            </button>{' '}
            {asked !== null && (
              <span role="status" class="hint" data-testid="r20-share-result">
                {tr(asked ? 'r20_share_asked' : 'r20_share_failed')}
              </span>
            )}
          </p>
        ) : (
          <p class="hint">{tr('r20_share_not_gm')}</p>
        )}
      </section>
    );
  }
  const mine = shared.mine.map((i) => shared.sides[i]?.label ?? String(i + 1));
  const lost = (shared.missing ?? []).some((m) => m.mine);
  return (
    <section class="r20-shared" data-testid="r20-shared" data-state="ready">
      <h3>{tr('r20_shared')}</h3>
      <Missing shared={shared} live={live} tr={tr} />
      {seats(shared, tr)}
      {/* A player whose side's ledger is gone is told so (Missing), not that he watches. */}
      {(shared.gm || mine.length > 0 || !lost) && (
        <p class="hint" data-testid="r20-mine">
          {shared.gm
            ? tr('r20_shared_gm')
            : mine.length
              ? tr('r20_shared_mine', mine.join(', '))
              : tr('r20_shared_mine_none')}
        </p>
      )}
      {shared.dropped > 0 && shared.gm && (
        <p class="hint" data-testid="r20-shared-dropped">
          {tr('r20_shared_dropped', shared.dropped)}
        </p>
      )}
      {shared.writtenOver && (
        <p class="hint" role="status" data-testid="r20-written-over">
          {tr('r20_shared_written_over')}
        </p>
      )}
      {shared.unvouched && (
        <UnvouchedQuestion
          unvouched={shared.unvouched}
          gm={shared.gm}
          choose={(choice) => void live.choose?.(choice)}
          tr={tr}
          testid="r20-unvouched"
        />
      )}
      <SharedVisibility shared={shared} live={live} tr={tr} />
      {shared.gm && <TableCheck check={shared.check} live={live} tr={tr} />}
    </section>
  );
}

/** Who acts for which side: each side's ledger's "controlled by". */
function seats(shared: Shared, tr: Tr) {
  return (
    <ul data-testid="r20-seats">
      {shared.sides.map((s) => (
        <li key={s.label}>
          {tr(
            'r20_shared_side',
            s.label,
            s.anyone ? tr('r20_shared_anyone') : s.players.length ? s.players.join(', ') : tr('r20_shared_nobody'),
          )}
        </li>
      ))}
    </ul>
  );
}

/** The names the popup gives the sides' ledgers (every system has at most two sides). */
const sideNames = (tr: Tr) => [tr('owlbear_side', 1), tr('owlbear_side', 2)];

/**
 * Side ledgers gone from the journal (a player's script may delete one where Roll20 lets it): the game
 * master is told, with one click to make them again seated as before (the table's "make the
 * ledgers"); a player seated there is told why he cannot act, and that the game master can fix it.
 */
function Missing({ shared, live, tr }: { shared: Shared; live: BoardData['live']; tr: Tr }) {
  const [asked, setAsked] = useState<boolean | null>(null);
  const missing = shared.missing ?? [];
  const names = sideNames(tr);
  const label = (side: number) => names[side] ?? tr('owlbear_side', side + 1);
  if (!shared.gm) {
    const mine = missing.filter((m) => m.mine);
    return mine.length ? (
      <p class="hint" role="status" data-testid="r20-missing-mine">
        {tr('r20_shared_missing_mine', mine.map((m) => label(m.side)).join(', '))}
      </p>
    ) : null;
  }
  if (!missing.length) return null;
  return (
    <div class="owlbear-problems" role="status" data-testid="r20-missing">
      {missing.map((m) => (
        <p key={m.side}>
          {tr('r20_shared_missing', label(m.side), m.players.length ? m.players.join(', ') : tr('r20_shared_nobody'))}
        </p>
      ))}
      {/* Before the table's game is back (every side's ledger gone), the share button below makes them. */}
      {shared.state === 'ready' && (
        <p class="row">
          <button
            type="button"
            class="small"
            data-testid="r20-missing-make"
            disabled={!live.share}
            onClick={() => void live.share?.(names).then(setAsked)}
          >
            {tr('r20_shared_missing_make')}
          </button>{' '}
          {asked !== null && (
            <span class="hint" data-testid="r20-missing-result">
              {tr(asked ? 'r20_share_asked' : 'r20_share_failed')}
            </span>
          )}
        </p>
      )}
    </div>
  );
}

/** What the board shows, and to whom, at the table's one game: the game master's to say; a player reads what he said. */
function SharedVisibility({ shared, live, tr }: { shared: Shared; live: BoardData['live']; tr: Tr }) {
  const v = shared.visibility ?? DEFAULT_VISIBILITY;
  if (!shared.gm) return <SaidVisibility value={v} tr={tr} prefix="r20" />;
  return (
    <GameMasterVisibility value={v} onChange={(next) => void live?.visibility?.(next)} tr={tr} prefix="r20-shared" />
  );
}
