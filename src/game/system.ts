import type { Result } from './result';

/**
 * What the event log, the store, the scenario runner and the popup need from a rule system.
 * Each system under `src/rules/<id>/` exports one of these.
 */
export interface RuleSystem<State, Event, Config> {
  readonly id: string;
  readonly defaultConfig: Config;
  /** Structural validation of untrusted settings (store, scenario files). */
  parseConfig(raw: unknown): Result<Config>;
  /** Structural validation of untrusted events (messages, store, scenario files). */
  parseEvent(raw: unknown): Result<Event>;
  initialState(config: Config): State;
  /** The rules: the next state, or a typed refusal that leaves `state` as it was. */
  apply(state: State, event: Event): Result<State>;
  /**
   * What a player may no longer ask for, though a stored game may still hold it (so that every game
   * saved before still reads): checked on the events of a request, never on a stored log.
   */
  refuseNew?(event: Event): Result<Event>;
}

/** For registries that hold systems of different types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its precise type where it is defined
export type AnyRuleSystem = RuleSystem<any, any, any>;
