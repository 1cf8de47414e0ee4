/**
 * A secret value shared sealed (src/rules/descriptor.ts `Secrets`): `sealed:` and a commitment to the
 * value that only its author can open. Rules that keep secrets accept such a value as "written, not
 * known"; the shared game (src/shared-game/) opens it when its author says what it was.
 */
export const SEAL_PREFIX = 'sealed:';

export const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(SEAL_PREFIX);
