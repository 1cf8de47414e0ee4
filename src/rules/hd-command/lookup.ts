import { text, type Text } from '../../i18n/text';
import { numbers, type TopicNumbers } from '../../lookup/numbers';
// From the rules' index, which the popup loads with these numbers anyway: no new chunk boundary inside the rules.
import { DEFAULT_HD_CONFIG, DEFAULT_HOUSE_RULES, SIDE_IDS, type HdState, type HouseRules, type SideState } from '.';

/** Which house rules each topic of docs/rules/hd-command.md states. */
const HOUSE: { readonly [topic: string]: readonly (keyof HouseRules)[] } = {
  losses: ['leavingCountsAsLoss'],
  'late-entry': ['lostBeforeCredit'],
  'cmd-modifiers': ['commandementModifierTiming', 'modifierEndGivesBack'],
};

/** Base after the next upkeep: the credits due by then, each floored at 0 as the upkeep does. */
function baseAfterUpkeep(side: SideState, turn: number): number {
  let base = side.base;
  for (const credit of side.pending) if (credit.dueTurn <= turn + 1) base = Math.max(0, base + credit.delta);
  return base;
}

const signed = (n: number): string => (n > 0 ? `+${n}` : `${n}`);

/** The current game's Command numbers, by topic of the rule lookup. */
export function hdCommandNumbers(state: HdState): TopicNumbers {
  const { edition, houseRules } = state.config;
  const changed = (topic: string): Text[] =>
    (HOUSE[topic] ?? []).some((k) => houseRules[k] !== DEFAULT_HOUSE_RULES[k]) ? [text('lk_house_changed')] : [];
  const editionLine = [
    text(`lk_hd_edition_${edition}`),
    ...(edition !== DEFAULT_HD_CONFIG.edition ? [text('lk_house_changed')] : []),
  ];
  // A side with no company yet has nothing to show.
  const sides = SIDE_IDS.map((id) => state.sides[id]).filter((s) => s.roster.length > 0 || s.fighters.length > 0);

  if (state.phase === 'setup') {
    return numbers({
      'command-points': sides.map((s) => text('lk_hd_initial', s.name, s.base)),
      losses: changed('losses'),
      'late-entry': changed('late-entry'),
      'cmd-modifiers': changed('cmd-modifiers'),
      editions: editionLine,
    });
  }

  const credits = sides.flatMap((s) => s.pending.map((p) => ({ side: s, credit: p })));
  const creditLine = ({ side, credit }: (typeof credits)[number]): Text =>
    text(
      credit.kind === 'entry' ? 'lk_hd_pending_entry' : 'lk_hd_pending_modifier',
      side.name,
      signed(credit.delta),
      credit.dueTurn,
      side.fighters.find((f) => f.id === credit.fighterId)?.name ?? credit.fighterId,
    );
  const lost = sides.flatMap((s) =>
    s.fighters.filter((f) => f.status !== 'on-table').map((f) => text(`lk_hd_lost_${f.status}`, s.name, f.name, f.cmd)),
  );
  const modifiers = sides.flatMap((s) =>
    s.modifiers.map((m) => {
      const fighter = s.fighters.find((f) => f.id === m.fighterId)?.name ?? m.fighterId;
      return text(
        m.credited ? 'lk_hd_modifier' : 'lk_hd_modifier_waiting',
        s.name,
        fighter,
        signed(m.delta),
        m.label || '—',
      );
    }),
  );

  return numbers({
    'command-points': sides.map((s) => text('lk_hd_pool', s.name, s.current, s.base)),
    spending: sides.map((s) => text('lk_hd_can_pay', s.name, s.current)),
    upkeep: [
      text('lk_hd_turn', state.turn),
      ...sides.map((s) => text('lk_hd_upkeep', s.name, baseAfterUpkeep(s, state.turn), s.current)),
      ...credits.map(creditLine),
    ],
    losses: [...(lost.length ? lost : [text('lk_hd_no_losses')]), ...changed('losses')],
    'late-entry': [...credits.filter((c) => c.credit.kind === 'entry').map(creditLine), ...changed('late-entry')],
    'cmd-modifiers': [...modifiers, ...changed('cmd-modifiers')],
    editions: editionLine,
  });
}
