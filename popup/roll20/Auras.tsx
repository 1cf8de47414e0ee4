// The game master's "write the command ranges into Roll20's auras" and its restore, in the Roll20 part.
import type { BoardData } from '../context';
import type { Tr } from '../board/at';

/** Game master: the command ranges into Roll20's own auras, once per click (nothing is written otherwise). */
export function Auras({ live, tr }: { live: BoardData['live']; tr: Tr }) {
  return (
    <details class="r20-auras">
      <summary>{tr('r20_auras')}</summary>
      <p class="hint">{tr('r20_auras_hint')}</p>
      <p class="row">
        <button type="button" class="small" data-testid="r20-auras-write" onClick={() => void live.auras('write')}>
          {tr('r20_auras_write')}
        </button>
        <button type="button" class="small" data-testid="r20-auras-restore" onClick={() => void live.auras('restore')}>
          {tr('r20_auras_restore')}
        </button>
      </p>
    </details>
  );
}
