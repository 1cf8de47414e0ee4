import { text, type Text } from '../../i18n/text';
import { numbers, type TopicNumbers } from '../../lookup/numbers';
// From the rules' index, which the popup loads with these numbers anyway: no new chunk boundary inside the rules.
import { DC_RULES, DEFAULT_DC_HOUSE_RULES, diceAvailable, isEliminated, isFragile, type DcState } from '.';

/** The current game's leaders, dice and units, by topic of the rule lookup. */
export function dcNumbers(state: DcState): TopicNumbers {
  const { threshold, fragileThreshold } = state.config.houseRules;
  const changed: Text[] =
    threshold !== DEFAULT_DC_HOUSE_RULES.threshold || fragileThreshold !== DEFAULT_DC_HOUSE_RULES.fragileThreshold
      ? [text('lk_house_changed')]
      : [];
  const holding = state.initiative;
  const command = holding?.command ?? null;
  const white = (['colonial', 'native'] as const).map((side) =>
    text(
      `lk_dc_white_${side}`,
      state.units.filter((u) => u.side === side && u.marker === 'white' && !isEliminated(u)).length,
    ),
  );

  const reroll: Text[] = [];
  if (command?.dice) {
    if (command.rerolled) reroll.push(text('lk_dc_reroll_used'));
    else if (!command.adjacent) reroll.push(text('lk_dc_reroll_not_adjacent'));
    else if (command.dice.every((d) => d === 1)) reroll.push(text('lk_dc_reroll_only_ones'));
    else reroll.push(text('lk_dc_reroll_allowed'));
  } else if (command) {
    reroll.push(text(command.adjacent ? 'lk_dc_reroll_will' : 'lk_dc_reroll_not_adjacent'));
  }

  return numbers({
    leaders: state.leaders.map((l) =>
      l.deactivated
        ? text('lk_dc_leader_off', l.name, l.profile.dice, l.profile.die, l.profile.radius)
        : text('lk_dc_leader', l.name, l.profile.dice, l.profile.die, l.profile.radius, diceAvailable(state, l)),
    ),
    'choosing-units': state.phase === 'playing' ? white : [],
    initiative: holding ? [text(`lk_dc_holding_${holding.side}`, holding.keeps)] : [],
    reroll,
    activation: [text('lk_dc_thresholds', threshold, fragileThreshold), ...changed],
    losses: [
      ...state.units
        .filter((u) => u.losses > 0)
        .map((u) =>
          text(
            isEliminated(u) ? 'lk_dc_eliminated' : isFragile(u) ? 'lk_dc_fragile' : 'lk_dc_losses',
            u.name,
            u.losses,
            fragileThreshold,
          ),
        ),
      ...state.moraleDue.map((id) => text('lk_dc_morale_due', state.units.find((u) => u.id === id)?.name ?? id)),
    ],
    drama: [
      ...(holding?.side === 'colonial'
        ? [
            holding.ones > 0
              ? text('lk_dc_ones', holding.ones, Math.min(holding.ones, DC_RULES.dramaCap))
              : text('lk_dc_no_ones'),
          ]
        : []),
      ...(state.drama !== null ? [text('lk_dc_drama', state.drama)] : []),
    ],
  });
}
