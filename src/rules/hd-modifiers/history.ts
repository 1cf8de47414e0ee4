import { text, type Text } from '../../i18n/text';
import type { HdmEvent, HdmState } from './types';

const nameOf = (state: HdmState, id: string | null | undefined): string =>
  (id && state.fighters.find((f) => f.id === id)?.name) || (id ?? '');

export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** One readable history line for an accepted event, with the states around it (names may be gone after it). */
export function describeEvent(before: HdmState, event: HdmEvent, after: HdmState): Text {
  switch (event.type) {
    case 'configure':
      return text('hdm_history_configure');
    case 'fighterAdded':
      return text('hdm_history_fighter_added', event.name.trim());
    case 'fighterRemoved':
      return text('hdm_history_fighter_removed', nameOf(before, event.fighter));
    case 'effectAdded': {
      const who = nameOf(before, event.fighter);
      const now = after.fighters.find((f) => f.id === event.fighter)?.values[event.characteristic] ?? '';
      const what =
        event.kind === 'direct'
          ? `${event.characteristic} = ${event.value}`
          : `${signed(event.amount)} ${event.characteristic}`;
      return text(
        `hdm_history_${event.kind}`,
        who,
        what,
        event.source?.trim() || '—',
        `${event.characteristic} ${now}`,
      );
    }
    case 'effectRemoved': {
      const effect = before.effects.find((e) => e.id === event.effect);
      if (!effect) return text('hdm_history_configure');
      const now = after.fighters.find((f) => f.id === effect.fighter)?.values[effect.characteristic] ?? '';
      return text(
        'hdm_history_effect_removed',
        nameOf(before, effect.fighter),
        effect.source || '—',
        `${effect.characteristic} ${now}`,
      );
    }
    case 'stateApplied':
    case 'stateRemoved':
      return text(
        `hdm_history_${event.state}_${event.type === 'stateApplied' ? 'on' : 'off'}`,
        nameOf(before, event.fighter),
      );
    case 'activeFighterSet':
      return event.fighter === null
        ? text('hdm_history_no_active')
        : text('hdm_history_active', nameOf(before, event.fighter));
    case 'scopeEnded':
      return text(`hdm_history_end_${event.scope}`);
  }
}
