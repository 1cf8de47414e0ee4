import { parseManualDice } from '../../src/dice';
import { errorText } from '../../src/i18n/errors';
import { text, type Text } from '../../src/i18n/text';
import { useApi, useTr } from '../context';
import { FieldInput, useNumberField, useTextField, type Problem } from '../fields';
import { useState } from 'preact/hooks';

export interface DiceEntryProps {
  /** Faces of each die (6, 8, 10…). */
  readonly sides: number;
  /** How many dice; a range lets the player roll fewer by choice. */
  readonly count: number | { readonly min: number; readonly max: number };
  /** Why there are no more dice than `count` allows ("Desharbes has 4 dice"), said when more are asked for. */
  readonly why?: Text;
  /** Gets the dice, rolled fairly or typed by the player; resolves false if the action was refused. */
  readonly onDice: (dice: number[]) => Promise<boolean> | boolean | void;
  /** Label of the roll button, e.g. "Roll 3 morale tests". */
  readonly rollLabel: string;
  readonly testId: string;
  /** The game position the dice are for: dice typed for another are not offered again. */
  readonly scope?: string | number;
  /** The roll is the game's next action (the first screen keeps it in view). */
  readonly next?: boolean;
}

/**
 * One way to get dice into any rule system: roll them here (fair, cryptographic source) or type what
 * the real dice on the table show. Either way the rule system receives plain numbers. What was typed
 * is kept while the popup is closed, until it is used.
 */
export function DiceEntry({ sides, count, why, onDice, rollLabel, testId, scope, next }: DiceEntryProps) {
  const { dice } = useApi();
  const tr = useTr();
  const { min, max } = typeof count === 'number' ? { min: count, max: count } : count;
  const typedLabel = tr('dice_typed', sides);
  const typed = useTextField(
    `${testId}-typed`,
    { label: typedLabel, max: 200, optional: true },
    '',
    `${testId}-typed`,
    scope,
  );
  const howMany = useNumberField(
    `${testId}-count`,
    { label: tr('dice_how_many'), min, max, ...(why ? { why } : {}) },
    max,
    `${testId}-count`,
    scope,
  );
  const [problem, setProblem] = useState<Problem | null>(null);

  /** The dice typed, or null after saying what is wrong with them (nothing typed, left: nothing to say). */
  const checkTyped = (leaving = false): number[] | null => {
    const raw = typed.check();
    if (raw === null || (leaving && raw === '')) return (setProblem(null), null);
    const parsed = parseManualDice(raw, sides, count);
    setProblem(
      parsed.ok ? null : [text('field_named', typedLabel), errorText(parsed.error), text('dice_faces', sides)],
    );
    return parsed.ok ? parsed.value : null;
  };
  const submitTyped = async (e: Event) => {
    e.preventDefault();
    const values = checkTyped();
    if (values && (await onDice(values)) !== false) typed.reset();
  };
  const roll = () => {
    setProblem(null);
    const n = min === max ? max : howMany.check();
    if (n !== null) void onDice(dice.roll(sides, n));
  };

  return (
    <div class="dice-entry" data-testid={testId}>
      <div class="row">
        {min !== max && (
          <>
            <label for={`${testId}-count`}>{tr('dice_how_many')}</label>
            <FieldInput field={howMany} numeric onEnter={roll} />
          </>
        )}
        <button type="button" data-testid={`${testId}-roll`} data-next={next ? '' : undefined} onClick={roll}>
          🎲 {rollLabel}
        </button>
      </div>
      <form class="row" noValidate onSubmit={submitTyped}>
        <label for={typed.id}>{typedLabel}</label>
        {/* The dice read as the rules read them: what is wrong with them is this field's message too. */}
        <FieldInput
          field={{
            ...typed,
            error: problem ?? typed.error,
            setRaw: (raw) => (setProblem(null), typed.setRaw(raw)),
            check: () => checkTyped(true),
          }}
          inputMode="numeric"
          maxLength={200}
        />
        <button type="submit" data-testid={`${testId}-use`}>
          {tr('dice_use')}
        </button>
      </form>
    </div>
  );
}
