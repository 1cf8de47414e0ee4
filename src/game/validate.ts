import * as v from 'valibot';
import { cleanText } from './clean';
import { ok, refuse, type Result } from './result';

/** Runs a valibot schema and turns its first issue into a RuleError a person can act on. */
export function parseWith<T>(schema: v.GenericSchema<unknown, T>, raw: unknown, code: string): Result<T> {
  const parsed = v.safeParse(schema, raw);
  if (parsed.success) return ok(parsed.output);
  const issue = parsed.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return refuse(code, { path: path || '(root)', problem: issue.message });
}

/** The value if it has the schema's shape, else null (for readers that drop what they cannot use). */
export function parseOrNull<T>(schema: v.GenericSchema<unknown, T>, raw: unknown): T | null {
  const parsed = v.safeParse(schema, raw);
  return parsed.success ? parsed.output : null;
}

/** A name or a short text of at most `max` characters, cleaned (cleanText). */
export const nameText = (max: number) => v.pipe(v.string(), v.maxLength(max), v.transform(cleanText));
