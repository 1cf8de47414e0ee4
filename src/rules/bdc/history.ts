import { plural, text, type Text } from '../../i18n/text';
import type { BdcEvent, BdcState, MoraleState } from './types';

/** One readable line: "Section 1 · 3 morale tests: 7 ✗ 6 ✗ 2 ✓ · demoralised". */
export interface BdcHistoryLine {
  readonly who: string | null;
  readonly action: Text;
  /** Morale state after a morale test or a rally (the view translates it). */
  readonly state: MoraleState | null;
}

const nameOf = (state: BdcState, id: string | undefined): string | null =>
  id === undefined ? null : (state.troops.find((t) => t.id === id)?.name ?? id);

/** Describes an accepted event, with the states around it (a removed troop's name is only in `before`). */
export function describeEvent(before: BdcState, event: BdcEvent, after: BdcState): BdcHistoryLine {
  const who = nameOf(before, 'id' in event ? event.id : undefined);
  const troop = after.troops.find((t) => 'id' in event && t.id === event.id);
  const withState = event.type === 'moraleTests' || event.type === 'rallied';
  const line = (key: string, ...subs: (string | number)[]): BdcHistoryLine => ({
    who,
    action: text(key, ...subs),
    state: withState && troop ? troop.state : null,
  });
  const rolls = (): string => (after.last?.tests ?? []).map((t) => `${t.natural}${t.success ? '✓' : '✗'}`).join(' ');
  switch (event.type) {
    case 'configure':
      return line('bdc_history_configure');
    case 'experienceEdited':
      return line('bdc_history_experience', event.level, event.factor, event.pa[0], event.pa[1]);
    case 'unitAdded':
      return { who: event.unit.name, action: text('bdc_history_added'), state: null };
    case 'leaderAdded':
      return { who: event.leader.name, action: text('bdc_history_added'), state: null };
    case 'unitEdited':
    case 'leaderEdited':
      return line('bdc_history_edited');
    case 'removed':
      return line('bdc_history_removed');
    case 'activated':
      return line('bdc_history_activated', (troop?.counters ?? []).join('+'));
    case 'paSpent':
      return line('bdc_history_pa_spent', event.amount);
    case 'moraleTests':
      return {
        who,
        action: plural('bdc_history_morale', event.naturals.length, rolls()),
        state: troop ? troop.state : null,
      };
    case 'rallied':
      return line('bdc_history_rallied', event.pa, nameOf(before, event.payer) ?? '');
    case 'tested':
      return line('bdc_history_tested', event.natural, event.modifier, event.target, rolls());
    case 'turnEnded':
      return line('bdc_history_turn_ended');
  }
}
