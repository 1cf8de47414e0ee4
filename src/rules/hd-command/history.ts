import { plural, text, type Text } from '../../i18n/text';
import type { HdEvent, HdState, SideId } from './types';

/** One readable line of a game's history: "Turn 2 · Side A · permanent spend 2 · base 5, current 1". */
export interface HdHistoryLine {
  readonly turn: number;
  readonly side: SideId | null;
  readonly action: Text;
  /** The side's Command after the event; null for events that do not touch one side's pool. */
  readonly totals: { readonly base: number; readonly current: number } | null;
}

const fighterName = (state: HdState, side: SideId, id: string): string =>
  state.sides[side].fighters.find((f) => f.id === id)?.name ?? id;

/** Describes an accepted event, with the states around it (the names it needs may be gone after it). */
export function describeEvent(before: HdState, event: HdEvent, after: HdState): HdHistoryLine {
  const line = (side: SideId | null, action: Text): HdHistoryLine => ({
    turn: after.turn,
    side,
    action,
    totals: side ? { base: after.sides[side].base, current: after.sides[side].current } : null,
  });
  switch (event.type) {
    case 'configure':
      return line(null, text('hd_history_configure'));
    case 'sideEdited':
      return line(event.side, text('hd_history_side_edited', after.sides[event.side].name));
    case 'rosterSet':
      return line(event.side, plural('hd_history_roster', event.fighters.length, after.sides[event.side].base));
    case 'start':
      return line(null, text('hd_history_start', after.sides.A.base, after.sides.B.base));
    case 'newGame':
      return line(null, text('hd_history_new_game'));
    case 'upkeep':
      return line(null, text('hd_history_upkeep', after.sides.A.current, after.sides.B.current));
    case 'spend':
      return line(
        event.side,
        text(event.permanent ? 'hd_history_spend_permanent' : 'hd_history_spend_temporary', event.amount),
      );
    case 'fighterLost':
      return line(event.side, text(`hd_history_lost_${event.how}`, fighterName(before, event.side, event.fighterId)));
    case 'fighterEnters': {
      const pending = after.sides[event.side].pending.some((p) => p.kind === 'entry' && p.dueTurn > after.turn);
      return line(event.side, text(pending ? 'hd_history_enters_later' : 'hd_history_enters', event.name, event.cmd));
    }
    case 'modifierApplied':
      return line(
        event.side,
        text('hd_history_modifier', fighterName(before, event.side, event.fighterId), signed(event.delta)),
      );
    case 'modifierEnded': {
      const modifier = before.sides[event.side].modifiers.find((m) => m.id === event.modifierId);
      const who = modifier ? fighterName(before, event.side, modifier.fighterId) : '';
      return line(event.side, text('hd_history_modifier_ended', who, signed(modifier?.delta ?? 0)));
    }
  }
}

export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
