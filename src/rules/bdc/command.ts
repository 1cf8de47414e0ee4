import { computeChains, type ChainResult, type FigureCommand, type LeaderAbility } from '../../geometry';
import type { Scene, Token } from '../../table/model';
import { stepsOf } from './tests';
import type { BdcRules, BdcState, Troop } from './types';

/**
 * How table tokens map to this game's troops. By default a token belongs to the troop whose id or
 * name equals the token's id (leaders) or unit (figures); adapters may say otherwise.
 */
export interface TroopMapping {
  readonly leaderOf?: (token: Token) => string | null;
  readonly unitOf?: (token: Token) => string | null;
}

export interface CommandStatus {
  readonly chains: ChainResult;
  /** Every token's status, in token order. */
  readonly figures: readonly FigureCommand[];
  /** Figures of rigid-doctrine units that are not commanded: they must close up (the product highlights them). */
  readonly mustCloseUp: readonly string[];
}

const lookup = (troops: readonly Troop[], key: string | null): Troop | undefined =>
  key === null ? undefined : (troops.find((t) => t.id === key) ?? troops.find((t) => t.name === key));

/** A demoralised or routed leader (or one who broke) may not command. */
export function leaderAbility(leader: Troop | undefined): LeaderAbility {
  if (!leader) return true;
  if (leader.broken) return { state: 'routed' };
  return stepsOf(leader.state) >= 2 ? { state: leader.state } : true;
}

/**
 * Each figure's command status through the command-range engine: the game's command distance
 * (10 cm by default) measured base edge to base edge or centre to centre, as the settings say.
 */
export function commandStatus(tokens: readonly Token[], scene: Scene, state: BdcState, mapping: TroopMapping = {}): CommandStatus {
  const rules: BdcRules = state.config.rules;
  const leaderOf = mapping.leaderOf ?? ((t: Token) => t.id);
  const unitOf = mapping.unitOf ?? ((t: Token) => t.unit);
  const chains = computeChains(tokens, scene, {
    radius: { value: rules.commandCm, unit: 'cm' },
    from: rules.measureFrom,
    mayCommand: (leader) => leaderAbility(lookup(state.troops, leaderOf(leader)) ?? lookup(state.troops, leader.name)),
  });
  const figures = chains.figures;
  const mustCloseUp: string[] = [];
  tokens.forEach((token, i) => {
    if (token.role === 'leader' || figures[i]!.commanded) return;
    const unit = lookup(state.troops, unitOf(token));
    if (unit?.kind === 'unit' && unit.doctrine === 'rigid') mustCloseUp.push(token.id);
  });
  return { chains, figures, mustCloseUp };
}
