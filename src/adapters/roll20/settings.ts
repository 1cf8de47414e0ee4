// How a Roll20 game maps onto the table model: the user's choices, stored beside the game store
// (key ROLL20_SETTINGS_KEY, written by the worker, read by the content script and the popup).
// Every default is visible and changeable in the popup's board settings. How far command reaches
// is the rule system's (its descriptor and the game's settings), not the tabletop's.
import type { BoardShow } from '../../board/visibility';
import { VISIBILITY_FIELDS } from '../../board/visibility-schema';
import * as v from 'valibot';

export { ROLL20_SETTINGS_KEY } from './settings-key';

/** Where a token's side comes from (Roll20 has no side field, roll20.md §1.1). */
export const SIDE_SOURCES = ['controlledby', 'tint', 'marker', 'prefix'] as const;
export type SideSource = (typeof SIDE_SOURCES)[number];
/** Where a token's unit comes from: the number badge of a status marker (`name@N`), or its name without a trailing number. */
export const UNIT_SOURCES = ['badge', 'name'] as const;
export type UnitSource = (typeof UNIT_SOURCES)[number];
export const ROLES = ['leader', 'figure', 'radio-operator'] as const;

export interface TokenAssignment {
  /** Unit id typed in the popup; null = none; absent = from the markers. */
  readonly unit?: string | null;
  readonly role?: (typeof ROLES)[number];
}

export interface Roll20Settings {
  readonly sideFrom: SideSource;
  readonly unitFrom: UnitSource;
  /** Status marker that makes a token its unit's leader (house default: `flying-flag`). */
  readonly leaderMarker: string;
  /** Status marker meaning "dead" (Roll20's own `dead` cross). */
  readonly deadMarker: string;
  readonly overlay: boolean;
  /** Words beside figures out of command ("out · 3 cm too far"). */
  readonly labels: boolean;
  /** The key to the marks in the board's corner. */
  readonly legend: boolean;
  /** What the board shows (src/board/visibility.ts) while this browser plays its own game; the table's one game carries the game master's. */
  readonly show: BoardShow;
  /** Per token id, popup overrides of unit and role. */
  readonly assignments: Readonly<Record<string, TokenAssignment>>;
}

export const DEFAULT_ROLL20_SETTINGS: Roll20Settings = {
  sideFrom: 'controlledby',
  unitFrom: 'badge',
  leaderMarker: 'flying-flag',
  deadMarker: 'dead',
  overlay: true,
  labels: true,
  legend: true,
  show: 'all',
  assignments: {},
};

const marker = v.pipe(v.string(), v.maxLength(64), v.regex(/^[^,@]*$/));
const assignment = v.strictObject({
  unit: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  role: v.optional(v.picklist(ROLES)),
});

/** One schema per field, so that a damaged field falls back alone. */
const FIELDS = {
  sideFrom: v.picklist(SIDE_SOURCES),
  unitFrom: v.picklist(UNIT_SOURCES),
  leaderMarker: marker,
  deadMarker: marker,
  overlay: v.boolean(),
  labels: v.boolean(),
  legend: v.boolean(),
  show: VISIBILITY_FIELDS.show,
  assignments: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(64)), assignment),
    v.check((r) => Object.keys(r).length <= 2000, 'too many assignments'),
  ),
} satisfies { readonly [K in keyof Roll20Settings]: v.GenericSchema<unknown, Roll20Settings[K]> };

export const roll20SettingsSchema = v.strictObject(FIELDS);

/**
 * Stored settings, field by field: a missing or damaged field takes its default and the others
 * stay; fields of older versions are dropped (never throws). `damaged` names the fields that were
 * there but unusable (missing ones and an older version's are not damage).
 */
export function repairSettings(raw: unknown): {
  readonly settings: Roll20Settings;
  readonly damaged: readonly string[];
} {
  if (raw === undefined || raw === null) return { settings: DEFAULT_ROLL20_SETTINGS, damaged: [] };
  if (typeof raw !== 'object' || Array.isArray(raw))
    return { settings: DEFAULT_ROLL20_SETTINGS, damaged: Object.keys(FIELDS) };
  const stored = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const damaged: string[] = [];
  for (const [key, schema] of Object.entries(FIELDS)) {
    const field = v.safeParse(schema as v.GenericSchema, stored[key]);
    out[key] = field.success ? field.output : DEFAULT_ROLL20_SETTINGS[key as keyof Roll20Settings];
    if (!field.success && stored[key] !== undefined) damaged.push(key);
  }
  return { settings: out as unknown as Roll20Settings, damaged };
}

export const readSettings = (raw: unknown): Roll20Settings => repairSettings(raw).settings;
