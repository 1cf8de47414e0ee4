// Which token stands for which piece of the game, linked from the token's side: the token selected on
// the board, tokens left linked to a piece the game no longer has, and every token by side and unit.
import { useMemo } from 'preact/hooks';
import { MARK_COLOURS } from '../../src/board/look';
import { unitLabels } from '../../src/board/names';
import type { BoardFigure } from '../../src/board/summary';
import { canRedo } from '../../src/game/log';
import { sayReason } from '../../src/i18n/reasons';
import { LOCALE_KEY, text } from '../../src/i18n/text';
import type { Request } from '../../src/messages';
import { useT, useTrn } from '../context';
import type { BoardAt } from './at';

/**
 * Tokens linked to a piece the game no longer has (an undo took back the piece's creation, or it was
 * removed): said at once, with the way back (redo) and the way to free the token.
 */
export function Orphans({ at: { summary, pieces, binding, system, game, send, tr } }: { at: BoardAt }) {
  const known = new Set(pieces.map((p) => p.id));
  const orphans = summary.figures.filter((f) => binding.links[f.id] !== undefined && !known.has(binding.links[f.id]!));
  if (orphans.length === 0) return null;
  const names =
    orphans
      .slice(0, 5)
      .map((f) => f.name)
      .join(', ') + (orphans.length > 5 ? ', …' : '');
  return (
    <p class="notice" role="status" data-testid="board-orphans">
      {tr('board_orphans', names, orphans.length)}{' '}
      {canRedo(game.log) && (
        <button
          type="button"
          class="small"
          data-testid="board-orphans-redo"
          onClick={() => void send({ type: 'game/redo', system })}
        >
          {tr('redo')}
        </button>
      )}{' '}
      <button
        type="button"
        class="small"
        data-testid="board-orphans-unlink"
        onClick={() =>
          void send({
            type: 'board/link',
            system,
            links: orphans.map((f) => ({ token: f.id, piece: null })),
          } as Request)
        }
      >
        {tr('board_orphans_unlink')}
      </button>
    </p>
  );
}

/** The token the player selected on the board: its status and why, and what it stands for, to link it there. */
export function SelectedTokens({ at }: { at: BoardAt }) {
  const { summary, tr } = at;
  const t = useT();
  const selected = summary.selected
    .map((id) => summary.figures.find((f) => f.id === id))
    .filter((f): f is BoardFigure => f !== undefined);
  if (selected.length === 0 || selected.length > 3) return null;
  return (
    <ul class="board-selected" data-testid="board-selected">
      {selected.map((f) => (
        <li key={f.id} data-token={f.id}>
          {tr('board_selected_token', f.name)} — {tr(`board_status_${f.status}`)}
          {f.reason && <span class="hint"> ({sayReason(f.reason, t, t(text(LOCALE_KEY)))})</span>}{' '}
          <LinkSelect at={at} figure={f} testId={`board-selected-link-${f.id}`} />
        </li>
      ))}
    </ul>
  );
}

/** What one token stands for in the game: a piece, or nothing. */
function LinkSelect({
  at: { pieces, binding, system, send, sideName, tr },
  figure: f,
  testId,
}: {
  at: BoardAt;
  figure: BoardFigure;
  testId: string;
}) {
  return (
    <select
      class="board-link-select"
      aria-label={tr('board_link_of', f.name)}
      data-testid={testId}
      value={binding.links[f.id] ?? ''}
      onChange={(e) =>
        void send({
          type: 'board/link',
          system,
          links: [{ token: f.id, piece: e.currentTarget.value || null }],
        } as Request)
      }
    >
      <option value="">{tr('board_not_linked')}</option>
      {pieces.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
          {p.side !== null ? ` (${sideName(p.side)})` : ''}
        </option>
      ))}
    </select>
  );
}

/** Every token's link, in a disclosure of its own: long with an army on the board, and seldom needed. */
export function TokenLinks({ at }: { at: BoardAt }) {
  const { summary, tr } = at;
  const trn = useTrn();
  return (
    <details class="board-links" data-testid="board-links">
      <summary>{tr('board_links_title', summary.figures.length)}</summary>
      <Figures at={at} />
      {summary.more > 0 && <p class="hint">{trn('board_more', summary.more)}</p>}
    </details>
  );
}

/** Every token by side and unit, with its status, why, and what it stands for in the game (editable). */
function Figures({ at }: { at: BoardAt }) {
  const { summary, tr } = at;
  const t = useT();
  const sides = useMemo(() => {
    const out = new Map<string | null, Map<string | null, BoardFigure[]>>();
    for (const f of summary.figures) {
      const units = out.get(f.side) ?? out.set(f.side, new Map()).get(f.side)!;
      (units.get(f.unit) ?? units.set(f.unit, []).get(f.unit)!).push(f);
    }
    return out;
  }, [summary.figures]);
  const label = new Map(summary.sides.map((s) => [s.id, s.label]));
  // A grouping by what the game or the table calls it (src/board/names.ts), never by its id.
  const unitLabel = unitLabels(summary.units ?? [], tr);
  return (
    <div class="board-figures">
      {[...sides].map(([side, units]) => (
        <div class="side board-side" key={side ?? ''} data-testid="board-side">
          <h3>{side === null ? tr('board_side_none') : (label.get(side) ?? side)}</h3>
          {[...units].map(([unit, figures]) => (
            <div key={unit ?? ''} class="board-unit">
              <h4>{unit === null ? tr('board_unit_none') : unitLabel(unit)}</h4>
              <ul>
                {figures.map((f) => (
                  <li
                    key={f.id}
                    data-testid="board-figure"
                    data-token={f.id}
                    data-status={f.status}
                    data-reason={f.reason?.code ?? ''}
                  >
                    <span class="board-dot" style={{ background: MARK_COLOURS[f.status] }} aria-hidden="true" />
                    <span data-testid="board-name">{f.name}</span> — {tr(`board_status_${f.status}`)}
                    {f.reason && (
                      <span class="hint" data-testid="board-reason">
                        {' '}
                        ({sayReason(f.reason, t, t(text(LOCALE_KEY)))})
                      </span>
                    )}
                    {f.closeUp && <span class="hint"> · {tr('board_close_up')}</span>}{' '}
                    <LinkSelect at={at} figure={f} testId={`board-link-${f.id}`} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
