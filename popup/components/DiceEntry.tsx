import { useState } from 'preact/hooks';
import { parseManualDice } from '../../src/dice';
import type { RuleError } from '../../src/game/result';
import { errorText } from '../../src/i18n/errors';
import { useApi, useTr } from '../context';

export interface DiceEntryProps {
  /** Faces of each die (6, 8, 10…). */
  readonly sides: number;
  /** How many dice; a range lets the player roll fewer by choice. */
  readonly count: number | { readonly min: number; readonly max: number };
  /** Gets the dice, rolled fairly or typed by the player; resolves false if the action was refused. */
  readonly onDice: (dice: number[]) => Promise<boolean> | void;
  /** Label of the roll button, e.g. "Roll 3 morale tests". */
  readonly rollLabel: string;
  readonly testId: string;
}

/**
 * One way to get dice into any rule system: roll them here (fair, cryptographic source) or type what
 * the real dice on the table show. Either way the rule system receives plain numbers.
 */
export function DiceEntry({ sides, count, onDice, rollLabel, testId }: DiceEntryProps) {
  const { dice, t } = useApi();
  const tr = useTr();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<RuleError | null>(null);
  const { min, max } = typeof count === 'number' ? { min: count, max: count } : count;
  const [howMany, setHowMany] = useState(max);
  const inputId = `${testId}-typed`;

  const submitTyped = async (e: Event) => {
    e.preventDefault();
    const parsed = parseManualDice(typed, sides, count);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    if ((await onDice(parsed.value)) !== false) setTyped('');
  };

  return (
    <div class="dice-entry" data-testid={testId}>
      <div class="row">
        {min !== max && (
          <>
            <label for={`${testId}-count`}>{tr('dice_how_many')}</label>
            <input
              id={`${testId}-count`}
              class="number"
              type="number"
              min={min}
              max={max}
              value={howMany}
              onInput={(e) => setHowMany(Number((e.currentTarget as HTMLInputElement).value))}
            />
          </>
        )}
        <button
          type="button"
          data-testid={`${testId}-roll`}
          onClick={() => {
            setError(null);
            void onDice(dice.roll(sides, Math.min(max, Math.max(min, howMany || min))));
          }}
        >
          🎲 {rollLabel}
        </button>
      </div>
      <form class="row" onSubmit={submitTyped}>
        <label for={inputId}>{tr('dice_typed', sides)}</label>
        <input id={inputId} value={typed} inputMode="numeric" onInput={(e) => setTyped((e.currentTarget as HTMLInputElement).value)} />
        <button type="submit" data-testid={`${testId}-use`}>
          {tr('dice_use')}
        </button>
      </form>
      {error && (
        <p class="refusal" role="alert">
          {t(errorText(error))}
        </p>
      )}
    </div>
  );
}
