/**
 * Every rule system answers an event with either the next state or a typed refusal.
 * Refusals carry a stable `code` (translated by the UI through `error_<code>` messages)
 * and the numbers that explain them, never an English sentence.
 */
export interface RuleError {
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RuleError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const refuse = (code: string, params?: Record<string, string | number>): Result<never> =>
  params === undefined ? { ok: false, error: { code } } : { ok: false, error: { code, params } };
