import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { isSealed } from '../../src/game/seal';
import { SLOT_NUMBERS, type SideState, type Slot } from '../../src/rules/cr';
import { useTr } from '../context';

/**
 * Die numbers 1–6, each against a leader or "unit". With `leaderOnce`, choosing a leader moves him:
 * the number he stood on becomes "unit" (rather than a refusal the select would not show).
 */
export function RosterSelects(props: {
  side: SideState;
  slots: readonly Slot[];
  prefix: string;
  leaderOnce: boolean;
  onChange: (slots: Slot[]) => void;
}) {
  const { side, slots, prefix, leaderOnce, onChange } = props;
  const choose = (n: number, value: Slot) =>
    onChange(slots.map((s, i) => (i === n - 1 ? value : leaderOnce && value !== 'unit' && s === value ? 'unit' : s)));
  const tr = useTr();
  return (
    <ol class="cr-roster" data-testid={`${prefix}-slots`}>
      {SLOT_NUMBERS.map((n) => (
        <li key={n}>
          <label for={`${prefix}-${n}`}>{n}</label>
          <select
            id={`${prefix}-${n}`}
            value={slots[n - 1]}
            onChange={(e) => choose(n, (e.currentTarget as HTMLSelectElement).value)}
          >
            <option value="unit">{tr('cr_slot_unit')}</option>
            {/* Another player's number on a shared Owlbear table: written, not known. */}
            {isSealed(slots[n - 1]) && (
              <option value={slots[n - 1]} disabled>
                {tr('cr_slot_sealed')}
              </option>
            )}
            {side.leaders.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
                {l.id === side.cInC ? ` (${tr('cr_c_in_c_short')})` : ''}
              </option>
            ))}
          </select>
        </li>
      ))}
    </ol>
  );
}

/** A roster behind a "hide" toggle: hidden by default, so that reopening the popup never shows it to the other player. */
export function SecretRoster({
  sideId,
  side,
  children,
}: {
  sideId: string;
  side: SideState;
  children: ComponentChildren;
}) {
  const tr = useTr();
  const [hidden, setHidden] = useState(true);
  return (
    <div class="cr-secret" data-testid={`roster-${sideId}`}>
      <label class="cr-hide">
        <input
          type="checkbox"
          checked={hidden}
          data-testid={`hide-${sideId}`}
          onChange={(e) => setHidden((e.currentTarget as HTMLInputElement).checked)}
        />
        {tr('cr_hide_roster', side.name)}
      </label>
      {hidden ? <p class="hint cr-masked">{tr('cr_roster_masked')}</p> : children}
    </div>
  );
}
