// Checks on the demo table's boards: in a `demo/save` request (the worker) and read back from storage
// (the demo page). Storage can be damaged or written by an older version: a board that does not pass
// is dropped, and the page lays its example out again and says so. Nothing here throws.
import * as v from 'valibot';
import { VISIBILITY_FIELDS } from '../../board/visibility-schema';
import { parseOrNull } from '../../game/validate';
import { MAX_CHANGES } from '../../board/model';
import { SYSTEM_IDS } from '../../rules/ids';
import { DEMO_LIMITS, sceneOfBoard, type DemoBoard, type DemoBoards } from './model';
import { SCENE_IDS, SCENE_KINDS, type SceneId } from './scenes';

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(DEMO_LIMITS.id));
const name = v.pipe(v.string(), v.maxLength(DEMO_LIMITS.name));
const coordinate = v.pipe(
  v.number(),
  v.finite(),
  v.minValue(-DEMO_LIMITS.coordinate),
  v.maxValue(DEMO_LIMITS.coordinate),
);
const positive = v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(100_000));
const unitName = v.pipe(v.string(), v.minLength(1), v.maxLength(32));
const side = v.nullable(id);

const sceneSchema = v.strictObject({
  pixelsPerCell: v.pipe(positive, v.minValue(4), v.maxValue(1000)),
  unitsPerCell: positive,
  unitName,
  grid: v.picklist(['none', 'square', 'hex-pointy', 'hex-flat']),
  measurement: v.picklist(['euclidean', 'chebyshev', 'manhattan', 'alternating', 'hex']),
  hexOrigin: v.optional(v.strictObject({ x: coordinate, y: coordinate })),
});

const tokenSchema = v.strictObject({
  id,
  name,
  side,
  unit: v.nullable(id),
  role: v.picklist(['leader', 'figure', 'radio-operator']),
  radio: v.boolean(),
  x: coordinate,
  y: coordinate,
  base: v.strictObject({ value: v.pipe(positive, v.maxValue(10_000)), unit: unitName }),
  length: v.optional(v.strictObject({ value: v.pipe(positive, v.maxValue(10_000)), unit: unitName })),
  rotation: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(359))),
  dead: v.boolean(),
});

export const demoBoardSchema = v.pipe(
  v.strictObject({
    system: v.picklist(SYSTEM_IDS),
    kind: v.optional(v.picklist(SCENE_KINDS)),
    title: v.pipe(v.string(), v.maxLength(64)),
    scene: sceneSchema,
    sides: v.pipe(
      v.array(v.strictObject({ id, label: name, colour: v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/)) })),
      v.maxLength(DEMO_LIMITS.sides),
    ),
    tokens: v.pipe(v.array(tokenSchema), v.maxLength(DEMO_LIMITS.tokens)),
    changes: v.strictObject({
      gone: v.pipe(
        v.array(v.strictObject({ id, name, side, how: v.picklist(['removed', 'dead']) })),
        v.maxLength(MAX_CHANGES),
      ),
      arrived: v.pipe(v.array(v.strictObject({ id, name, side })), v.maxLength(MAX_CHANGES)),
    }),
    serial: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
    show: v.optional(VISIBILITY_FIELDS.show),
  }),
  v.check((b) => new Set(b.tokens.map((t) => t.id)).size === b.tokens.length, 'two tokens with one id'),
);

/** A board as a request carries it or storage holds it; null when it does not pass. */
export const parseDemoBoard = (raw: unknown): DemoBoard | null => parseOrNull(demoBoardSchema, raw) as DemoBoard | null;

/** What the demo page keeps, by scene (a worked example under its system's id): the board as the player left it. */
export interface StoredDemo {
  readonly version: 1;
  readonly boards: DemoBoards;
}

export interface ReadDemo {
  readonly boards: DemoBoards;
  /** Boards that were stored but could not be read (the page lays their scene out again and says so). */
  readonly damaged: readonly SceneId[];
}

/** Reads the stored demo value, board by board: a damaged one is left out and named, never thrown. */
export function readDemo(raw: unknown): ReadDemo {
  if (raw === undefined || raw === null) return { boards: {}, damaged: [] };
  const stored = raw as { version?: unknown; boards?: unknown };
  if (typeof raw !== 'object' || stored.version !== 1 || typeof stored.boards !== 'object' || stored.boards === null) {
    return { boards: {}, damaged: [...SCENE_IDS] };
  }
  const boards: { [K in SceneId]?: DemoBoard } = {};
  const damaged: SceneId[] = [];
  for (const scene of SCENE_IDS) {
    const value = (stored.boards as Record<string, unknown>)[scene];
    if (value === undefined) continue;
    // Its lists' sizes checked before they are walked (a damaged store can hold anything).
    const b = value as { tokens?: unknown; sides?: unknown } | null;
    const small =
      typeof value === 'object' &&
      value !== null &&
      Array.isArray(b!.tokens) &&
      b!.tokens.length <= DEMO_LIMITS.tokens &&
      Array.isArray(b!.sides) &&
      b!.sides.length <= DEMO_LIMITS.sides;
    const board = small ? parseDemoBoard(value) : null;
    if (board && sceneOfBoard(board) === scene) boards[scene] = board;
    else damaged.push(scene);
  }
  return { boards, damaged };
}
