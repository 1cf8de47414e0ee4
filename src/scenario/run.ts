import * as v from 'valibot';
import { append, emptyLog, redo, replay, undo, type EventLog } from '../game/log';
import type { Result, RuleError } from '../game/result';
import type { AnyRuleSystem } from '../game/system';
import { parseWith } from '../game/validate';
import { SYSTEMS, isSystemId } from '../rules';
import { deepMerge, partialMismatches, type Mismatch } from './match';

/*
 * A scenario is a rule system, its settings and a list of steps; each step applies an event (or undoes
 * or redoes one) and may state what it expects: a partial state, or a refusal with its code.
 * Format: docs/scenarios.md.
 */
const stepSchema = v.strictObject({
  note: v.optional(v.string()),
  event: v.optional(v.unknown()),
  undo: v.optional(v.literal(true)),
  redo: v.optional(v.literal(true)),
  expect: v.optional(v.unknown()),
  reject: v.optional(v.string()),
});

export const scenarioSchema = v.strictObject({
  system: v.string(),
  title: v.optional(v.string()),
  source: v.optional(v.string()),
  config: v.optional(v.unknown()),
  steps: v.pipe(v.array(stepSchema), v.minLength(1)),
});

export type Scenario = v.InferOutput<typeof scenarioSchema>;
export type ScenarioStep = Scenario['steps'][number];

export type StepOutcome =
  | { readonly step: number; readonly action: string; readonly state: unknown }
  | { readonly step: number; readonly action: string; readonly refused: RuleError };

export interface ScenarioFailure {
  readonly step: number;
  readonly action: string;
  readonly reason: 'state-mismatch' | 'expected-refusal' | 'unexpected-refusal' | 'wrong-refusal' | 'malformed';
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
  const type = (step.event as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' ? type : '(no event)';
};

export function parseScenario(raw: unknown): Result<Scenario> {
  return parseWith(scenarioSchema, raw, 'scenario-malformed');
}

/** Runs a scenario to its end or to the first step that does not do what it says. */
export function runScenario(scenario: Scenario, onStep?: (outcome: StepOutcome) => void): ScenarioRun {
  const outcomes: StepOutcome[] = [];
  const fail = (step: number, action: string, reason: ScenarioFailure['reason'], message: string, mismatches: Mismatch[] = []) => ({
    outcomes,
    failure: { step, action, reason, message, mismatches },
  });
  if (!isSystemId(scenario.system)) return fail(0, 'setup', 'malformed', `unknown system "${scenario.system}"`);
  // Widened: with several systems the registry entry is a union that TypeScript cannot call generically.
  const system: AnyRuleSystem = SYSTEMS[scenario.system];
  const config = system.parseConfig(deepMerge(system.defaultConfig, scenario.config));
  if (!config.ok) return fail(0, 'setup', 'malformed', `config: ${config.error.params?.path}: ${config.error.params?.problem}`);

  let log: EventLog<unknown> = emptyLog();
  let state: unknown = system.initialState(config.value);
  for (const [index, step] of scenario.steps.entries()) {
    const number = index + 1;
    const action = describeStep(step);
    let result: Result<unknown>;
    if (step.undo || step.redo) {
      const moved = step.undo ? undo(log) : redo(log);
      const replayed = moved.ok ? replay(system, config.value, moved.value) : moved;
      if (moved.ok && replayed.ok) log = moved.value;
      result = replayed;
    } else {
      const event = system.parseEvent(step.event);
      if (!event.ok) {
        return fail(number, action, 'malformed', `event: ${event.error.params?.path}: ${event.error.params?.problem}`);
      }
      const appended = append(system, state, log, event.value);
      if (appended.ok) log = appended.value.log;
      result = appended.ok ? { ok: true, value: appended.value.state } : appended;
    }

    if (!result.ok) {
      outcomes.push({ step: number, action, refused: result.error });
      onStep?.(outcomes.at(-1)!);
      if (step.reject === undefined) {
        return fail(number, action, 'unexpected-refusal', `refused with "${result.error.code}" ${JSON.stringify(result.error.params ?? {})}`);
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
      const mismatches = partialMismatches(step.expect, state);
      if (mismatches.length > 0) return fail(number, action, 'state-mismatch', 'state differs from expectation', mismatches);
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
