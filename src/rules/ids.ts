/**
 * The rule systems' ids, without their code: views list the systems from here and load a system's
 * rules only when it is opened. src/rules/index.ts pairs each id with its rules.
 */
export const SYSTEM_IDS = ['hd-command', 'hd-modifiers', 'bdc', 'dc', 'cr'] as const;

export type SystemId = (typeof SYSTEM_IDS)[number];

export const isSystemId = (id: unknown): id is SystemId =>
  typeof id === 'string' && (SYSTEM_IDS as readonly string[]).includes(id);
