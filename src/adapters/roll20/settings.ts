// How a Roll20 game maps onto the table model: the user's choices, stored beside the game store
// (key ROLL20_SETTINGS_KEY, written by the worker, read by the content script and the popup).
// Every default is visible and changeable in the popup's live-table section.
import * as v from 'valibot';
import { MEASURE_DEFAULTS } from '../../geometry/rule-defaults';

export const ROLL20_SETTINGS_KEY = 'commandPost.roll20';

/** Where a token's side comes from (Roll20 has no side field, roll20.md §1.1). */
export const SIDE_SOURCES = ['controlledby', 'tint', 'marker', 'prefix'] as const;
export type SideSource = (typeof SIDE_SOURCES)[number];
/** Where a token's unit comes from: the number badge of a status marker (`name@N`), or its name without a trailing number. */
export const UNIT_SOURCES = ['badge', 'name'] as const;
export type UnitSource = (typeof UNIT_SOURCES)[number];
export const RADIUS_UNITS = ['cm', 'mm', 'in', 'ft', 'm', 'cell', 'page'] as const;
export type RadiusUnit = (typeof RADIUS_UNITS)[number];

export interface TokenAssignment {
  /** Unit id typed in the popup; null = none; absent = from the markers. */
  readonly unit?: string | null;
  readonly role?: 'leader' | 'figure';
}

export interface Roll20Settings {
  readonly sideFrom: SideSource;
  readonly unitFrom: UnitSource;
  /** Status marker that makes a token its unit's leader (house default: `flying-flag`). */
  readonly leaderMarker: string;
  /** Status marker meaning "dead" (Roll20's own `dead` cross). */
  readonly deadMarker: string;
  /** Generic command radius until a rule system's own settings take over (rules.ts). `page` = the page's scale units. */
  readonly radius: { readonly value: number; readonly unit: RadiusUnit };
  readonly from: 'centre' | 'edge';
  readonly overlay: boolean;
  /** GM only: write radii into leaders' aura 1 so that Roll20 draws them for everyone (reversible). */
  readonly nativeAuras: boolean;
  /** Per token id, popup overrides of unit and role. */
  readonly assignments: Readonly<Record<string, TokenAssignment>>;
}

export const DEFAULT_ROLL20_SETTINGS: Roll20Settings = {
  sideFrom: 'controlledby',
  unitFrom: 'badge',
  leaderMarker: 'flying-flag',
  deadMarker: 'dead',
  // BdC: 10 cm, base edge to base edge (rule-defaults.ts).
  radius: { value: MEASURE_DEFAULTS.bdc.radius.value, unit: 'cm' },
  from: MEASURE_DEFAULTS.bdc.from,
  overlay: true,
  nativeAuras: false,
  assignments: {},
};

const marker = v.pipe(v.string(), v.maxLength(64), v.regex(/^[^,@]*$/));
const assignment = v.strictObject({
  unit: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  role: v.optional(v.picklist(['leader', 'figure'])),
});

export const roll20SettingsSchema = v.strictObject({
  sideFrom: v.picklist(SIDE_SOURCES),
  unitFrom: v.picklist(UNIT_SOURCES),
  leaderMarker: marker,
  deadMarker: marker,
  radius: v.strictObject({ value: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(10_000)), unit: v.picklist(RADIUS_UNITS) }),
  from: v.picklist(['centre', 'edge']),
  overlay: v.boolean(),
  nativeAuras: v.boolean(),
  assignments: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(64)), assignment),
    v.check((r) => Object.keys(r).length <= 2000, 'too many assignments'),
  ),
});

/** Stored settings, or the defaults where a stored value is missing or unusable (never throws). */
export function readSettings(raw: unknown): Roll20Settings {
  if (raw === undefined || raw === null || typeof raw !== 'object') return DEFAULT_ROLL20_SETTINGS;
  const merged = v.safeParse(roll20SettingsSchema, { ...DEFAULT_ROLL20_SETTINGS, ...(raw as object) });
  return merged.success ? (merged.output as Roll20Settings) : DEFAULT_ROLL20_SETTINGS;
}
