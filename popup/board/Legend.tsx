import { legendEntry, legendKey, legendText, type LegendEntry } from '../../src/board/legend';
import { swatch } from '../../src/board/look';
import { useBoard, useT } from '../context';

/**
 * The board's key, as the board shows it in its corner (src/board/legend.ts): each mark, ring and
 * line on the board now, drawn the same way, in the player's words. Nothing when the board shows none.
 */
export function Legend() {
  const t = useT();
  const board = useBoard();
  const entries = (board?.summary.key ?? []).map(legendEntry).filter((e): e is LegendEntry => e !== null);
  if (entries.length === 0) return null;
  return (
    <details class="board-key" data-testid="board-key">
      <summary>{t({ key: 'board_key_title' })}</summary>
      <ul>
        {entries.map((e) => (
          <li key={legendKey(e)} data-key={legendKey(e)}>
            <svg width="30" height="16" viewBox="0 0 30 16" aria-hidden="true" focusable="false">
              {swatch(e, 1, 8).map((part, i) => {
                const Tag = part.tag;
                return (
                  <Tag key={i} {...part.attrs}>
                    {part.text}
                  </Tag>
                );
              })}
            </svg>{' '}
            {t(legendText(e))}
          </li>
        ))}
      </ul>
    </details>
  );
}
