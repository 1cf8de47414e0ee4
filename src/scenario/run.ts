// Runs a scenario (./schema.ts, docs/scenarios.md): each step applies an event (or undoes or redoes one,
// or changes the scenario's table, ./table.ts) and may state what it expects: a partial state, a refusal
// with its code, or what the board shows.
import * as v from 'valibot';
import { EMPTY_BINDING, type BoardView, type BoundTable } from '../board/model';
import { bindTable } from '../board/bind';
import { placesOf } from '../board/run';
import { append, emptyLog, redo, replay, undo, type EventLog } from '../game/log';
import type { Result, RuleError } from '../game/result';
import { DESCRIPTORS, isSystemId } from '../rules';
import { BOARDS } from '../rules/boards';
import type { AnyDescriptor } from '../rules/descriptor';
import type { AnyBoard } from '../board/system';
import type { Scene } from '../table/model';
import { deepMerge, partialMismatches, type Mismatch } from './match';
import { boardExpectSchema, type Scenario, type ScenarioStep } from './schema';
import { applyTableStep, isTableStep, toToken, type TableNow } from './table';

export { parseScenario, type Scenario } from './schema';

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
  const system = descriptor.rules;
  const config = system.parseConfig(deepMerge(system.defaultConfig, scenario.config));
  if (!config.ok)
    return fail(0, 'setup', 'malformed', `config: ${config.error.params?.path}: ${config.error.params?.problem}`);

  const scene = scenario.table?.scene as Scene | undefined;
  const now: TableNow = {
    tokens: scene ? scenario.table!.tokens.map((t) => toToken(t, scene)) : [],
    binding: scene
      ? {
          links: Object.fromEntries(
            scenario.table!.tokens.filter((t) => t.piece !== undefined).map((t) => [t.id, t.piece!]),
          ),
          sides: scenario.table!.sides ?? {},
        }
      : EMPTY_BINDING,
    changes: { gone: [], arrived: [] },
    ticks: [],
  };
  const bound = (state: unknown) =>
    bindTable({ scene: scene!, tokens: now.tokens }, now.binding, descriptor.pieces(state));

  let log: EventLog<unknown> = emptyLog();
  let state: unknown = system.initialState(config.value);
  for (const [index, step] of scenario.steps.entries()) {
    const number = index + 1;
    const action = describeStep(step);
    let result: Result<unknown> = { ok: true, value: state };
    if (isTableStep(step)) {
      if (!scene) return fail(number, action, 'malformed', 'a table step needs the scenario\'s "table"');
      const wrong = applyTableStep(now, step, scene, () => bound(state));
      if (wrong) return fail(number, action, 'malformed', wrong);
    } else if (step.undo || step.redo || step.event !== undefined) {
      const played = playGameStep(descriptor, config.value, state, log, step, scene ? () => bound(state) : null);
      if (typeof played === 'string') return fail(number, action, 'malformed', played);
      now.ticks = [];
      ({ log, result } = played);
    } // (Else a step that only looks: its `expect`.)

    if (result.ok) state = result.value;
    outcomes.push(result.ok ? { step: number, action, state } : { step: number, action, refused: result.error });
    onStep?.(outcomes.at(-1)!);
    const wrong =
      answerWrong(step.reject, result) ??
      (step.expect !== undefined
        ? checkExpect(step.expect, state, descriptor, BOARDS[scenario.system], scene, now, () => bound(state))
        : null);
    if (wrong) return fail(number, action, wrong.reason, wrong.message, wrong.mismatches);
  }
  return { outcomes, failure: null };
}

/**
 * A step of the game (an event, an undo, a redo) played on the log: the log after it and the game's
 * answer, or what is wrong with its event. `bound`: the scenario's table as the game binds it, if any.
 */
function playGameStep(
  descriptor: AnyDescriptor,
  config: unknown,
  state: unknown,
  log: EventLog<unknown>,
  step: ScenarioStep,
  bound: (() => BoundTable) | null,
): { log: EventLog<unknown>; result: Result<unknown> } | string {
  const system = descriptor.rules;
  if (step.undo || step.redo) {
    const moved = step.undo ? undo(log) : redo(log);
    const replayed = moved.ok ? replay(system, config, moved.value) : moved;
    return { log: moved.ok && replayed.ok ? moved.value : log, result: replayed };
  }
  const parsed = system.parseEvent(step.event);
  if (!parsed.ok) return `event: ${parsed.error.params?.path}: ${parsed.error.params?.problem}`;
  // What the popup sends reads the board first (Désastre Colonial: the pieces' hexes).
  const event =
    bound && descriptor.fromBoard ? descriptor.fromBoard(parsed.value, placesOf(bound()), state) : parsed.value;
  const appended = append(system, state, log, event);
  return appended.ok
    ? { log: appended.value.log, result: { ok: true, value: appended.value.state } }
    : { log, result: appended };
}

/** What is wrong with a step, said as its failure. */
interface Wrong {
  readonly reason: ScenarioFailure['reason'];
  readonly message: string;
  readonly mismatches?: Mismatch[];
}

/** A step's answer (accepted, or refused with a code) against the refusal it expects, if any: null when they agree. */
function answerWrong(reject: string | undefined, result: Result<unknown>): Wrong | null {
  if (result.ok)
    return reject === undefined
      ? null
      : { reason: 'expected-refusal', message: `accepted, but the scenario expects refusal "${reject}"` };
  const { code, params } = result.error;
  if (reject === undefined)
    return { reason: 'unexpected-refusal', message: `refused with "${code}" ${JSON.stringify(params ?? {})}` };
  return reject === code ? null : { reason: 'wrong-refusal', message: `refused with "${code}", expected "${reject}"` };
}

/** A step's `expect` against the state it left and, for `expect.board`, what the board shows: null when it holds. */
function checkExpect(
  expect: unknown,
  state: unknown,
  descriptor: AnyDescriptor,
  board: AnyBoard,
  scene: Scene | undefined,
  now: TableNow,
  bound: () => BoundTable,
): Wrong | null {
  const { board: boardExpect, ...stateExpect } = expect as { board?: unknown } & Record<string, unknown>;
  const mismatches = partialMismatches(stateExpect, state);
  if (mismatches.length > 0) return { reason: 'state-mismatch', message: 'state differs from expectation', mismatches };
  if (boardExpect === undefined) return null;
  if (!scene) return { reason: 'malformed', message: 'expect.board needs the scenario\'s "table"' };
  const shape = v.safeParse(boardExpectSchema, boardExpect);
  if (!shape.success) return { reason: 'malformed', message: `expect.board: ${shape.issues[0].message}` };
  const view = board.view(bound(), descriptor.facts(state), now.ticks);
  const proposals = descriptor.propose ? descriptor.propose(state, now.binding, now.changes).map((p) => p.key) : [];
  const found = partialMismatches(shape.output, boardSummary(view, scene, proposals, now.tokens), 'board');
  return found.length > 0
    ? { reason: 'board-mismatch', message: 'the board differs from expectation', mismatches: found }
    : null;
}

/** A readable account of a failure, for the terminal and for test output. */
export function formatFailure(failure: ScenarioFailure, file = ''): string {
  const head = `${file ? `${file}: ` : ''}step ${failure.step} (${failure.action}): ${failure.message}`;
  const lines = failure.mismatches.map(
    (m) => `  ${m.path}\n    - expected ${JSON.stringify(m.expected)}\n    + actual   ${JSON.stringify(m.actual)}`,
  );
  return [head, ...lines].join('\n');
}
