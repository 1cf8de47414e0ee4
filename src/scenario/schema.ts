// A scenario is a rule system, its settings and a list of steps; each step applies an event (or undoes
// or redoes one, or moves a token on the scenario's table) and may state what it expects: a partial
// state, a refusal with its code, or what the board shows. Format: docs/scenarios.md; the schema
// here is checked before anything runs.
import * as v from 'valibot';
import { MARK_STATUSES } from '../board/model';
import type { Result } from '../game/result';
import { parseWith } from '../game/validate';

const num = v.pipe(v.number(), v.finite());
const hex = v.strictObject({ q: v.pipe(v.number(), v.integer()), r: v.pipe(v.number(), v.integer()) });
const tokenSchema = v.strictObject({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.optional(v.string()),
  /** Centre in scene px, or the hex it stands in. */
  x: v.optional(num),
  y: v.optional(num),
  hex: v.optional(hex),
  /** Footprint side in scene px (default 0: a point), or its width and height. */
  size: v.optional(num),
  width: v.optional(num),
  height: v.optional(num),
  /** Degrees the token is turned, clockwise. */
  rotation: v.optional(num),
  /** Round base diameter. */
  base: v.optional(v.strictObject({ value: num, unit: v.string() })),
  side: v.optional(v.nullable(v.string())),
  unit: v.optional(v.nullable(v.string())),
  role: v.optional(v.picklist(['leader', 'figure', 'radio-operator'])),
  radio: v.optional(v.boolean()),
  /** The roster entry this token stands for (a link of the game's binding). */
  piece: v.optional(v.string()),
});
export type TokenSpec = v.InferOutput<typeof tokenSchema>;

const sceneSchema = v.strictObject({
  pixelsPerCell: num,
  unitsPerCell: num,
  unitName: v.string(),
  grid: v.picklist(['none', 'square', 'hex-pointy', 'hex-flat']),
  measurement: v.picklist(['euclidean', 'chebyshev', 'manhattan', 'alternating', 'hex']),
  hexOrigin: v.optional(v.strictObject({ x: num, y: num })),
  hexPitch: v.optional(v.strictObject({ x: num, y: num })),
});

const stepSchema = v.strictObject({
  note: v.optional(v.string()),
  event: v.optional(v.unknown()),
  undo: v.optional(v.literal(true)),
  redo: v.optional(v.literal(true)),
  /** Table steps: a token moves (to x, y or a hex), arrives, is removed, is marked dead; links change. */
  move: v.optional(
    v.strictObject({
      id: v.string(),
      x: v.optional(num),
      y: v.optional(num),
      hex: v.optional(hex),
      rotation: v.optional(num),
    }),
  ),
  add: v.optional(tokenSchema),
  remove: v.optional(v.string()),
  kill: v.optional(v.string()),
  link: v.optional(v.record(v.string(), v.nullable(v.string()))),
  /** The pieces the player has ticked in the popup, not sent yet (every event clears them, as it does the popup's draft). */
  tick: v.optional(v.array(v.string())),
  expect: v.optional(v.unknown()),
  reject: v.optional(v.string()),
});

export const scenarioSchema = v.strictObject({
  system: v.string(),
  title: v.optional(v.string()),
  source: v.optional(v.string()),
  config: v.optional(v.unknown()),
  /** A tabletop: its scene and tokens, each linked to a roster id by `piece`; `sides` maps its sides onto the game's. */
  table: v.optional(
    v.strictObject({
      scene: sceneSchema,
      tokens: v.array(tokenSchema),
      sides: v.optional(v.record(v.string(), v.string())),
    }),
  ),
  steps: v.pipe(v.array(stepSchema), v.minLength(1)),
});

export type Scenario = v.InferOutput<typeof scenarioSchema>;
export type ScenarioStep = Scenario['steps'][number];

/** What `expect.board` may say (each part partial). */
export const boardExpectSchema = v.strictObject({
  tokens: v.optional(
    v.record(
      v.string(),
      v.nullable(
        v.strictObject({
          status: v.optional(v.picklist(MARK_STATUSES)),
          reason: v.optional(v.nullable(v.string())),
          params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
          closeUp: v.optional(v.boolean()),
          mark: v.optional(v.picklist(['circle', 'box'])),
        }),
      ),
    ),
  ),
  rings: v.optional(
    v.record(
      v.string(),
      v.nullable(
        v.strictObject({
          kind: v.optional(v.string()),
          shape: v.optional(v.string()),
          radius: v.optional(num),
          extent: v.optional(num),
        }),
      ),
    ),
  ),
  edges: v.optional(
    v.record(v.string(), v.nullable(v.strictObject({ from: v.optional(v.string()), kind: v.optional(v.string()) }))),
  ),
  proposals: v.optional(v.array(v.string())),
  notes: v.optional(v.array(v.string())),
  error: v.optional(v.nullable(v.string())),
});

export function parseScenario(raw: unknown): Result<Scenario> {
  return parseWith(scenarioSchema, raw, 'scenario-malformed');
}
