import { plural, text, type Text } from '../../i18n/text';
import { numbers, type TopicNumbers } from '../../lookup/numbers';
// From the rules' index, which the popup loads with these numbers anyway: no new chunk boundary inside the rules.
import { DEFAULT_HOUSE_RULES, SIDE_IDS, type CrState, type HouseRules, type SideId } from '.';

/** Which house rules each topic of docs/rules/cr.md states. */
const HOUSE: { readonly [topic: string]: readonly (keyof HouseRules)[] } = {
  roster: ['leaderOnce'],
  tie: ['tie'],
  slots: ['unitActsOnce', 'absentLeaderSlot'],
  signal: ['signalDie', 'signalUnit', 'orderMixing'],
};

/**
 * The current game's command roll, by topic of the rule lookup. The rosters are secret: who stands on
 * a number is said only for the number being played, as the popup's queue does.
 */
export function crNumbers(state: CrState): TopicNumbers {
  const rules = state.config.houseRules;
  const changed = (topic: string): Text[] =>
    (HOUSE[topic] ?? []).some((k) => rules[k] !== DEFAULT_HOUSE_RULES[k]) ? [text('lk_house_changed')] : [];
  const name = (side: SideId) => state.sides[side].name;
  const leader = (side: SideId, id: string) => state.sides[side].leaders.find((l) => l.id === id);
  const round = state.round;
  const current = round && round.cursor < round.queue.length ? round.queue[round.cursor]! : null;
  const holder = current && round?.activation ? round.activation.holder : null;

  const cInC = SIDE_IDS.map((side) => {
    const id = state.sides[side].cInC;
    const chief = id ? leader(side, id) : undefined;
    if (!chief) return text('lk_cr_no_c_in_c', name(side));
    if (current?.side === side && holder === chief.id)
      return text('lk_cr_c_in_c_now', name(side), chief.name, current.slot);
    return text('lk_cr_c_in_c', name(side), chief.name);
  });

  const now: Text[] = [];
  if (round && current) {
    const who = holder === 'unit' || holder === null ? undefined : leader(current.side, holder);
    if (holder === 'unit' || (!who?.present && rules.absentLeaderSlot === 'unit'))
      now.push(text('lk_cr_now_unit', name(current.side), current.slot));
    else if (!who?.present) now.push(text('lk_cr_now_absent', name(current.side), current.slot, who?.name ?? '—'));
    else if (who.disordered) now.push(text('lk_cr_now_disordered', name(current.side), current.slot, who.name));
    else now.push(text('lk_cr_now_leader', name(current.side), current.slot, who.name));
  } else if (round && round.queue.length > 0) now.push(text('lk_cr_turn_over', state.turn));

  const roll: Text[] = [];
  if (round?.rolls && round.queue.length > 0) {
    const plan = SIDE_IDS.map((side) => [side, round.queue.filter((q) => q.side === side).map((q) => q.slot)] as const)
      .filter(([, slots]) => slots.length > 0)
      .sort(([, a], [, b]) => b[0]! - a[0]!)
      .map(([side, slots]) => `${name(side)} ${slots.join(', ')}`)
      .join(' → ');
    roll.push(text('lk_cr_rolled', name('A'), round.rolls.A, name('B'), round.rolls.B, plan));
  } else if (round) roll.push(text('lk_cr_awaiting', state.turn));

  const orderKinds = round
    ? Object.entries(round.orderKinds).map(([key, kind]) => {
        const who =
          SIDE_IDS.map((s) => leader(s, key)?.name).find(Boolean) ?? (key === 'A' || key === 'B' ? name(key) : key);
        return text(`lk_cr_used_${kind}`, who);
      })
    : [];

  return numbers({
    roster: [
      ...SIDE_IDS.map((s) => text('lk_cr_army', name(s), state.sides[s].leaders.length, state.sides[s].units.length)),
      ...changed('roster'),
    ],
    'command-roll': roll,
    tie: [
      ...(round && round.weather > 0 ? [text('lk_cr_weather', round.weather)] : []),
      text(`lk_cr_tie_${rules.tie.replace('-', '_')}`),
      ...changed('tie'),
    ],
    slots: [
      ...now,
      ...(round
        ? SIDE_IDS.map((s) => plural('lk_cr_acted', new Set(round.acted[s]).size, name(s), state.sides[s].units.length))
        : []),
      ...changed('slots'),
    ],
    'c-in-c': cInC,
    'direct-orders': SIDE_IDS.flatMap((s) =>
      state.sides[s].leaders.flatMap((l) =>
        !l.present
          ? [text('lk_cr_absent', l.name, name(s))]
          : l.disordered
            ? [text('lk_cr_disordered', l.name, name(s))]
            : [],
      ),
    ),
    signal: [
      text(`lk_cr_signal_${rules.signalUnit}`, rules.signalDie),
      text(`lk_cr_mixing_${rules.orderMixing.replaceAll('-', '_')}`),
      ...orderKinds,
      ...changed('signal'),
    ],
  });
}
