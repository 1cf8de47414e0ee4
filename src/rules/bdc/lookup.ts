import { plural, text, type Text } from '../../i18n/text';
import { numbers, type TopicNumbers } from '../../lookup/numbers';
// From the rules' index, which the popup loads with these numbers anyway: no new chunk boundary inside the rules.
import { DEFAULT_RULES, stepsOf, type BdcRules, type BdcState } from '.';

/** Which house rules each topic of docs/rules/bdc.md states (the experience table is checked on its own). */
const HOUSE: { readonly [topic: string]: readonly (keyof BdcRules)[] } = {
  morale: ['factorDrops'],
  'morale-tests': ['moraleTests', 'routedFails'],
  doctrine: ['teamPa'],
  command: ['measureFrom', 'bases', 'commandCm'],
  radio: ['contactCm', 'bases'],
};

/** The current game's troops, by topic of the rule lookup: rally costs, morale, AP, command distance. */
export function bdcNumbers(state: BdcState): TopicNumbers {
  const { rules, experience } = state.config;
  const changed = (topic: string): Text[] =>
    (HOUSE[topic] ?? []).some((k) => rules[k] !== DEFAULT_RULES[k]) ||
    (topic === 'action-points' && experience.some((row) => row.verified))
      ? [text('lk_house_changed')]
      : [];
  const inPlay = state.troops.filter((t) => !t.broken);
  // Each PA spent raises morale one step: the full rally costs as many PA as the steps lost.
  const rally = inPlay
    .filter((t) => t.state !== 'normal')
    .map((t) => text(`lk_bdc_rally_${t.state}`, t.name, stepsOf(t.state)));
  const broken = state.troops.filter((t) => t.broken).map((t) => text('lk_bdc_broken', t.name));
  const unfit = inPlay
    .filter((t) => t.kind === 'leader' && stepsOf(t.state) >= 2)
    .map((t) => text('lk_bdc_cannot_command', t.name));

  return numbers({
    d10: state.troops.flatMap((t) =>
      t.kind === 'leader' && t.aptitude.kind
        ? [
            text(
              'lk_bdc_aptitude',
              t.name,
              t.aptitude.kind,
              t.aptitude.modifier > 0 ? `+${t.aptitude.modifier}` : `${t.aptitude.modifier}`,
            ),
          ]
        : [],
    ),
    morale: [...inPlay.map((t) => text(`lk_bdc_morale_${t.state}`, t.name, t.factor)), ...broken, ...changed('morale')],
    'morale-tests': [
      ...(state.troops.length
        ? [text(`lk_bdc_tests_${rules.moraleTests}`), text(`lk_bdc_routed_${rules.routedFails.replace('-', '_')}`)]
        : []),
      ...changed('morale-tests'),
    ],
    rally: state.troops.length ? [...(rally.length ? rally : [text('lk_bdc_rally_none')]), ...unfit, ...broken] : [],
    'action-points': [
      ...inPlay
        .filter((t) => t.counters.length > 0)
        .map((t) => text('lk_bdc_counters', t.name, t.counters.join(' · '))),
      ...experience.map((row, i) =>
        text(
          row.verified ? 'lk_bdc_experience' : 'lk_bdc_experience_unverified',
          i + 1,
          row.factor,
          row.pa[0],
          row.pa[1],
        ),
      ),
      ...changed('action-points'),
    ],
    doctrine: [
      ...inPlay.flatMap((t) =>
        t.kind === 'unit'
          ? [
              t.doctrine === 'rigid'
                ? text('lk_bdc_rigid', t.name)
                : plural(`lk_bdc_flexible_${rules.teamPa}`, t.teams, t.name),
            ]
          : [],
      ),
      ...changed('doctrine'),
    ],
    command: [text(`lk_bdc_command_${rules.measureFrom}`, rules.commandCm), ...unfit, ...changed('command')],
    radio: changed('radio'),
  });
}
