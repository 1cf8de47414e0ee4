import * as v from 'valibot';
import { EMPTY_BINDING, MARK_STATUSES, type Binding, type BoardView } from '../board/model';
import { bindTable } from '../board/bind';
import { standsFor } from '../board/departures';
import { placesOf } from '../board/run';
import { hexToPixel } from '../geometry/hex';
import { append, emptyLog, redo, replay, undo, type EventLog } from '../game/log';
import type { Result, RuleError } from '../game/result';
import { parseWith } from '../game/validate';
import { DESCRIPTORS, isSystemId } from '../rules';
import { BOARDS } from '../rules/boards';
import type { AnyDescriptor, TableChanges } from '../rules/descriptor';
import type { AnyBoard } from '../board/system';
import type { Scene, Table, Token } from '../table/model';
import { deepMerge, partialMismatches, type Mismatch } from './match';

/*
 * A scenario is a rule system, its settings and a list of steps; each step applies an event (or undoes
 * or redoes one, or moves a token on the scenario's table) and may state what it expects: a partial
 * state, a refusal with its code, or what the board shows. Format: docs/scenarios.md.
 */
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
type TokenSpec = v.InferOutput<typeof tokenSchema>;

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
const boardExpectSchema = v.strictObject({
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

export type StepOutcome =
  | { readonly step: number; readonly action: string; readonly state: unknown }
  | { readonly step: number; readonly action: string; readonly refused: RuleError };

export interface ScenarioFailure {
  readonly step: number;
  readonly action: string;
  readonly reason:
    'state-mismatch' | 'board-mismatch' | 'expected-refusal' | 'unexpected-refusal' | 'wrong-refusal' | 'malformed';
  readonly message: string;
  readonly mismatches: readonly Mismatch[];
}

export interface ScenarioRun {
  readonly outcomes: readonly StepOutcome[];
  readonly failure: ScenarioFailure | null;
}

const describeStep = (step: ScenarioStep): string => {
  if (step.undo) return 'undo';
  if (step.redo) return 'redo';
  if (step.move) return `move ${step.move.id}`;
  if (step.add) return `add ${step.add.id}`;
  if (step.remove !== undefined) return `remove ${step.remove}`;
  if (step.kill !== undefined) return `kill ${step.kill}`;
  if (step.link) return 'link';
  if (step.tick) return `tick ${step.tick.join(', ') || 'nothing'}`;
  if (step.event === undefined) return 'look';
  const type = (step.event as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' ? type : '(no event)';
};

export function parseScenario(raw: unknown): Result<Scenario> {
  return parseWith(scenarioSchema, raw, 'scenario-malformed');
}

const centreOf = (spec: { x?: number; y?: number; hex?: { q: number; r: number } }, scene: Scene) =>
  spec.hex
    ? hexToPixel(
        spec.hex,
        scene.pixelsPerCell,
        scene.grid === 'hex-flat' ? 'flat' : 'pointy',
        scene.hexOrigin,
        scene.hexPitch,
      )
    : { x: spec.x ?? 0, y: spec.y ?? 0 };

function toToken(spec: TokenSpec, scene: Scene): Token {
  const size = spec.size ?? 0;
  return {
    id: spec.id,
    name: spec.name ?? spec.id,
    center: centreOf(spec, scene),
    footprint: { width: spec.width ?? size, height: spec.height ?? size },
    ...(spec.rotation !== undefined ? { rotation: spec.rotation } : {}),
    layer: 'objects',
    visible: true,
    side: spec.side ?? null,
    unit: spec.unit ?? null,
    role: spec.role ?? 'figure',
    radio: spec.radio ?? false,
    baseSize: spec.base ?? null,
  };
}

/** What a view shows, in the terms `expect.board` uses. */
export function boardSummary(
  view: BoardView,
  scene: Scene,
  proposals: readonly string[],
  tokens: readonly { readonly id: string }[] = [],
): unknown {
  const r2 = (x: number) => Math.round(x * 100) / 100;
  // A token the view does not mark shows as null, so that a file can say "no mark here".
  const unmarked = tokens.filter((t) => !view.marks.some((m) => m.id === t.id)).map((t) => [t.id, null]);
  // A leader without a ring shows as null, so that a file can say "no ring here".
  const ringless = view.marks
    .filter((m) => (m.status === 'leader' || m.status === 'blocked') && !view.rings.some((r) => r.id === m.id))
    .map((m) => [m.id, null]);
  return {
    tokens: Object.fromEntries([
      ...unmarked,
      ...view.marks.map((m) => [
        m.id,
        {
          status: m.status,
          reason: m.reason?.code ?? null,
          params: m.reason?.params ?? {},
          closeUp: m.closeUp === true,
          mark: m.box ? 'box' : 'circle',
        },
      ]),
    ]),
    rings: Object.fromEntries([
      ...ringless,
      ...view.rings.map((r) => [
        r.id,
        {
          kind: r.kind,
          shape: r.shape.kind,
          radius: r2(r.radiusCells * scene.pixelsPerCell),
          extent: r2(
            r.shape.kind === 'circle' ? r.shape.radius : Math.max(...r.shape.points.map((p) => Math.abs(p.x))),
          ),
        },
      ]),
    ]),
    // A token no edge reaches shows as null, so that a file can say "no link drawn to him".
    edges: Object.fromEntries([
      ...tokens.filter((t) => !view.edges.some((e) => e.to === t.id)).map((t) => [t.id, null]),
      ...view.edges.map((e) => [e.to, { from: e.from, kind: e.kind }]),
    ]),
    proposals,
    notes: view.notes.map((n) => [n.key, ...(n.subs ?? [])].join(' ')),
    error: view.error,
  };
}

/** Runs a scenario to its end or to the first step that does not do what it says. */
export function runScenario(scenario: Scenario, onStep?: (outcome: StepOutcome) => void): ScenarioRun {
  const outcomes: StepOutcome[] = [];
  const fail = (
    step: number,
    action: string,
    reason: ScenarioFailure['reason'],
    message: string,
    mismatches: Mismatch[] = [],
  ) => ({
    outcomes,
    failure: { step, action, reason, message, mismatches },
  });
  if (!isSystemId(scenario.system)) return fail(0, 'setup', 'malformed', `unknown system "${scenario.system}"`);
  // Widened: with several systems the registry entry is a union that TypeScript cannot call generically.
  const descriptor: AnyDescriptor = DESCRIPTORS[scenario.system];
  const board: AnyBoard = BOARDS[scenario.system];
  const system = descriptor.rules;
  const config = system.parseConfig(deepMerge(system.defaultConfig, scenario.config));
  if (!config.ok)
    return fail(0, 'setup', 'malformed', `config: ${config.error.params?.path}: ${config.error.params?.problem}`);

  const scene = scenario.table?.scene as Scene | undefined;
  let tokens: Token[] = scene ? scenario.table!.tokens.map((t) => toToken(t, scene)) : [];
  let binding: Binding = scene
    ? {
        links: Object.fromEntries(
          scenario.table!.tokens.filter((t) => t.piece !== undefined).map((t) => [t.id, t.piece!]),
        ),
        sides: scenario.table!.sides ?? {},
      }
    : EMPTY_BINDING;
  const changes: { gone: TableChanges['gone'][number][]; arrived: TableChanges['arrived'][number][] } = {
    gone: [],
    arrived: [],
  };
  const table = (): Table => ({ scene: scene!, tokens });
  const bound = (state: unknown) => bindTable(table(), binding, descriptor.pieces(state));

  let log: EventLog<unknown> = emptyLog();
  let state: unknown = system.initialState(config.value);
  let ticks: readonly string[] = [];
  for (const [index, step] of scenario.steps.entries()) {
    const number = index + 1;
    const action = describeStep(step);
    const tableStep =
      step.move || step.add || step.remove !== undefined || step.kill !== undefined || step.link || step.tick;
    if (tableStep && !scene) return fail(number, action, 'malformed', 'a table step needs the scenario\'s "table"');
    let result: Result<unknown>;
    if (step.move) {
      const { id } = step.move;
      const turn = step.move.rotation;
      const moved = step.move.x !== undefined || step.move.y !== undefined || step.move.hex !== undefined;
      if (!tokens.some((t) => t.id === id)) return fail(number, action, 'malformed', `no token "${id}" on the table`);
      // A move names where the token goes, a turn how far it is turned, or both.
      tokens = tokens.map((t) =>
        t.id === id
          ? {
              ...t,
              ...(moved || turn === undefined ? { center: centreOf(step.move!, scene!) } : {}),
              ...(turn !== undefined ? { rotation: turn } : {}),
            }
          : t,
      );
      result = { ok: true, value: state };
    } else if (step.add) {
      const t = toToken(step.add, scene!);
      tokens = [...tokens, t];
      if (step.add.piece !== undefined) binding = { ...binding, links: { ...binding.links, [t.id]: step.add.piece } };
      // Changes are net, as tabletops report them: a token back on the table is no longer gone (nor new).
      const back = changes.gone.some((g) => g.id === t.id);
      changes.gone = changes.gone.filter((g) => g.id !== t.id);
      if (!back) changes.arrived.push({ id: t.id, name: t.name, side: t.side });
      result = { ok: true, value: state };
    } else if (step.remove !== undefined || step.kill !== undefined) {
      const id = (step.remove ?? step.kill)!;
      const gone = tokens.find((t) => t.id === id);
      if (!gone) return fail(number, action, 'malformed', `no token "${id}" on the table`);
      const how = step.kill !== undefined ? 'dead' : 'removed';
      // What it stood for as it left, as the board runner writes it down on a tabletop.
      const table = bound(state);
      const boundToken = [...table.tokens, ...table.lost].find((t) => t.id === id)!;
      tokens = tokens.filter((t) => t.id !== id);
      const came = changes.arrived.some((a) => a.id === id);
      changes.arrived = changes.arrived.filter((a) => a.id !== id);
      // A token put on the table during the game and taken off again is no removal (a death still is).
      if (!(came && how === 'removed'))
        changes.gone.push({ id, name: gone.name, side: gone.side, how, stoodFor: standsFor(boundToken, table) });
      result = { ok: true, value: state };
    } else if (step.link) {
      const links: Record<string, string> = { ...binding.links };
      for (const [token, piece] of Object.entries(step.link)) {
        if (piece === null) delete links[token];
        else links[token] = piece;
      }
      binding = { ...binding, links };
      result = { ok: true, value: state };
    } else if (step.tick) {
      ticks = step.tick;
      result = { ok: true, value: state };
    } else if (step.event === undefined && !step.undo && !step.redo) {
      // A step that only looks (its `expect`).
      result = { ok: true, value: state };
    } else if (step.undo || step.redo) {
      ticks = [];
      const moved = step.undo ? undo(log) : redo(log);
      const replayed = moved.ok ? replay(system, config.value, moved.value) : moved;
      if (moved.ok && replayed.ok) log = moved.value;
      result = replayed;
    } else {
      const parsed = system.parseEvent(step.event);
      if (!parsed.ok) {
        return fail(
          number,
          action,
          'malformed',
          `event: ${parsed.error.params?.path}: ${parsed.error.params?.problem}`,
        );
      }
      // What the popup sends reads the board first (Désastre Colonial: the pieces' hexes).
      const event =
        scene && descriptor.fromBoard
          ? descriptor.fromBoard(parsed.value, placesOf(bound(state)), state)
          : parsed.value;
      ticks = [];
      const appended = append(system, state, log, event);
      if (appended.ok) log = appended.value.log;
      result = appended.ok ? { ok: true, value: appended.value.state } : appended;
    }

    if (!result.ok) {
      outcomes.push({ step: number, action, refused: result.error });
      onStep?.(outcomes.at(-1)!);
      if (step.reject === undefined) {
        return fail(
          number,
          action,
          'unexpected-refusal',
          `refused with "${result.error.code}" ${JSON.stringify(result.error.params ?? {})}`,
        );
      }
      if (step.reject !== result.error.code) {
        return fail(number, action, 'wrong-refusal', `refused with "${result.error.code}", expected "${step.reject}"`);
      }
    } else {
      state = result.value;
      outcomes.push({ step: number, action, state });
      onStep?.(outcomes.at(-1)!);
      if (step.reject !== undefined) {
        return fail(number, action, 'expected-refusal', `accepted, but the scenario expects refusal "${step.reject}"`);
      }
    }
    if (step.expect !== undefined) {
      const { board: boardExpect, ...stateExpect } = step.expect as { board?: unknown } & Record<string, unknown>;
      const mismatches = partialMismatches(stateExpect, state);
      if (mismatches.length > 0)
        return fail(number, action, 'state-mismatch', 'state differs from expectation', mismatches);
      if (boardExpect !== undefined) {
        if (!scene) return fail(number, action, 'malformed', 'expect.board needs the scenario\'s "table"');
        const shape = v.safeParse(boardExpectSchema, boardExpect);
        if (!shape.success) return fail(number, action, 'malformed', `expect.board: ${shape.issues[0].message}`);
        const b = bound(state);
        const facts = descriptor.facts(state);
        const view = board.view(b, facts, ticks);
        const proposals = descriptor.propose ? descriptor.propose(state, binding, changes).map((p) => p.key) : [];
        const found = partialMismatches(shape.output, boardSummary(view, scene, proposals, tokens), 'board');
        if (found.length > 0)
          return fail(number, action, 'board-mismatch', 'the board differs from expectation', found);
      }
    }
  }
  return { outcomes, failure: null };
}

/** A readable account of a failure, for the terminal and for test output. */
export function formatFailure(failure: ScenarioFailure, file = ''): string {
  const head = `${file ? `${file}: ` : ''}step ${failure.step} (${failure.action}): ${failure.message}`;
  const lines = failure.mismatches.map(
    (m) => `  ${m.path}\n    - expected ${JSON.stringify(m.expected)}\n    + actual   ${JSON.stringify(m.actual)}`,
  );
  return [head, ...lines].join('\n');
}
