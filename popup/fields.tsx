/*
 * The fields a player types in, checked where he types: a value the field cannot take is refused
 * before anything is sent, in his words: the field named as the form labels it, the range it takes
 * and what he typed ("Amount must be a whole number from 1 to 7; you typed “abc”."). The message goes
 * when the field is fixed or the next action succeeds. Numbers are typed in text fields (inputmode
 * numeric): a number field would hide what was typed ("abc" reads as empty) and cut "−1".
 */
import type { PartialInputHTMLAttributes } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { checkNumber, checkText, type Checked, type NumberSpec, type Problem, type TextSpec } from './checks';
import { useDraft } from './use-draft';
import { ActionsContext, useT } from './context';
import { formatInteger, formatSigned, MINUS } from './format';

export { checkNumber, checkText, type Checked, type NumberSpec, type Problem, type TextSpec } from './checks';

/** A field's message, shown until it is fixed or the next action succeeds. */
function useProblem(): [Problem | null, (problem: Problem | null) => void] {
  const succeeded = useContext(ActionsContext);
  const [kept, keep] = useState<{ readonly problem: Problem; readonly at: number } | null>(null);
  return [
    kept && kept.at === succeeded ? kept.problem : null,
    (problem) => keep(problem && { problem, at: succeeded }),
  ];
}

export interface Field<T> {
  readonly id: string;
  readonly raw: string;
  readonly error: Problem | null;
  /** What the field holds now, even before the popup has drawn it again (an action right after typing). */
  current(): string;
  setRaw(raw: string): void;
  /** The value, or null after showing why there is none. */
  check(): T | null;
  /** Back to the field's first value (the action was sent). */
  reset(): void;
}

function useField<T>(
  id: string,
  draft: string,
  initial: string,
  validate: (raw: string) => Checked<T>,
  scope?: string | number,
): Field<T> {
  const [raw, setStored] = useDraft<string>(draft, initial, scope);
  const [error, setError] = useProblem();
  // What the field holds now, even before the popup has drawn it again (Enter right after a paste).
  const latest = useRef(raw);
  latest.current = raw;
  return {
    id,
    raw,
    error,
    current: () => latest.current,
    setRaw(next) {
      latest.current = next;
      setStored(next);
      // Fixed: the message goes at once; still wrong: it stays until the next check.
      if (error && validate(next).ok) setError(null);
    },
    check() {
      const checked = validate(latest.current);
      setError(checked.ok ? null : checked.error);
      return checked.ok ? checked.value : null;
    },
    reset() {
      latest.current = initial;
      setStored(initial);
      setError(null);
    },
  };
}

/**
 * A number field whose text is kept as a draft under `draft` (for the game position `scope`, if
 * given) while the popup is closed. Its value is read with `check()`, when its action is taken.
 */
export const useNumberField = (
  id: string,
  spec: NumberSpec,
  initial: number | '',
  draft = id,
  scope?: string | number,
): Field<number> =>
  useField(id, draft, initial === '' ? '' : formatInteger(initial), (raw) => checkNumber(raw, spec), scope);

export const useTextField = (
  id: string,
  spec: TextSpec,
  initial = '',
  draft = id,
  scope?: string | number,
): Field<string> => useField(id, draft, initial, (raw) => checkText(raw, spec), scope);

type InputProps = Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'value' | 'onInput' | 'id' | 'type' | 'role'>;

/** The input of a field, with its message under it when what was typed cannot be taken. */
export function FieldInput<T>({
  field,
  numeric,
  decimal,
  onEnter,
  ...rest
}: { field: Field<T>; numeric?: boolean; decimal?: boolean; onEnter?: () => void } & InputProps) {
  const message = `${field.id}-error`;
  return (
    <>
      <input
        {...rest}
        id={field.id}
        type="text"
        inputMode={numeric ? (decimal ? 'decimal' : 'numeric') : rest.inputMode}
        class={rest.class ?? (numeric ? 'number' : undefined)}
        value={field.raw}
        aria-invalid={field.error ? 'true' : undefined}
        aria-describedby={
          [field.error ? message : '', rest['aria-describedby'] ?? ''].filter(Boolean).join(' ') || undefined
        }
        onInput={(e) => field.setRaw((e.currentTarget as HTMLInputElement).value)}
        // Left with something it cannot take: said at once (the action checks it again).
        onChange={rest.onChange ?? (() => void field.check())}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && onEnter) {
            e.preventDefault();
            onEnter();
          }
        }}
      />
      <FieldError id={message} error={field.error} />
    </>
  );
}

export function FieldError({ id, error }: { id: string; error: Problem | null }) {
  const t = useT();
  if (!error) return null;
  return (
    <span class="field-error" role="alert" id={id} data-testid="field-error">
      {error.map(t).join(' ')}
    </span>
  );
}

/**
 * A setting typed in and applied when the player leaves the field (or presses Enter): refused in his
 * words when it cannot be taken, the stored value kept. Follows the stored value when it changes.
 */
function Setting<T>({
  id,
  shown,
  check,
  show,
  same,
  apply,
  numeric,
  decimal,
  ...rest
}: {
  id: string;
  shown: string;
  check: (raw: string) => Checked<T>;
  show: (value: T) => string;
  same: (value: T) => boolean;
  apply: (value: T) => unknown;
  numeric?: boolean;
  decimal?: boolean;
} & InputProps) {
  const [raw, setRaw] = useState(shown);
  const [error, setError] = useProblem();
  useEffect(() => setRaw(shown), [shown]);
  // What the field holds when it is left: its own value (a change event may come without an input one).
  const commit = (input: HTMLInputElement) => {
    const checked = check(input.value);
    if (!checked.ok) {
      setRaw(input.value);
      return setError(checked.error);
    }
    setError(null);
    // Shown as the popup writes it ("−2" for "-2"), and recorded only if it changes something.
    input.value = show(checked.value);
    setRaw(input.value);
    if (!same(checked.value)) void apply(checked.value);
  };
  const field: Field<T> = {
    id,
    raw,
    error,
    current: () => raw,
    setRaw(next) {
      setRaw(next);
      if (error && check(next).ok) setError(null);
    },
    check: () => null,
    reset: () => undefined,
  };
  // The change event comes with Enter and with leaving the field: one commit for each.
  return (
    <FieldInput
      field={field}
      numeric={numeric}
      decimal={decimal}
      onChange={(e) => commit(e.currentTarget as HTMLInputElement)}
      {...rest}
    />
  );
}

/** A number setting (a house rule's range, a leader's morale), applied when the player leaves the field. */
export function SettingNumber({
  id,
  spec,
  value,
  apply,
  signed,
  always,
  ...rest
}: {
  id: string;
  spec: NumberSpec;
  value: number;
  apply: (n: number) => unknown;
  signed?: boolean;
  always?: boolean;
} & InputProps) {
  const show = (n: number) =>
    spec.decimal ? String(n).replace('-', MINUS) : signed ? formatSigned(n) : formatInteger(n);
  // `always`: typing the same value again means something (it confirms an unverified default).
  return (
    <Setting
      id={id}
      shown={show(value)}
      check={(raw) => checkNumber(raw, spec)}
      show={show}
      same={(n) => !always && n === value}
      apply={apply}
      numeric
      decimal={spec.decimal}
      {...rest}
    />
  );
}

/** A text setting (a side's name), applied when the player leaves the field. */
export function SettingText({
  id,
  spec,
  value,
  apply,
  ...rest
}: { id: string; spec: TextSpec; value: string; apply: (text: string) => unknown } & InputProps) {
  return (
    <Setting
      id={id}
      shown={value}
      check={(raw) => checkText(raw, spec)}
      show={(t) => t}
      same={(t) => t === value}
      apply={apply}
      maxLength={spec.max}
      {...rest}
    />
  );
}
