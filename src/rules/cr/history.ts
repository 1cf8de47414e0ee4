import { text, type Text } from '../../i18n/text';
import { currentSlot } from './model';
import type { CrEvent, CrState, SideId, Slot } from './types';

/** One readable line of a game's history: "Turn 2 · A · slot 4: Ney, direct orders to 2 units". */
export interface CrHistoryLine {
  readonly turn: number;
  readonly side: SideId | null;
  readonly action: Text;
}

const leaderName = (state: CrState, side: SideId, id: string): string =>
  state.sides[side].leaders.find((l) => l.id === id)?.name ?? id;
const unitNames = (state: CrState, side: SideId, ids: readonly string[]): string =>
  ids.map((id) => state.sides[side].units.find((u) => u.id === id)?.name ?? id).join(', ');
const sideOfUnit = (state: CrState, unit: string): SideId =>
  state.sides.B.units.some((u) => u.id === unit) ? 'B' : 'A';

/**
 * Describes an accepted event with the states around it. Roster contents are secret on a shared screen,
 * so a roster change says that it happened, not what it wrote.
 */
export function describeEvent(before: CrState, event: CrEvent, after: CrState): CrHistoryLine {
  const line = (side: SideId | null, action: Text): CrHistoryLine => ({ turn: after.turn, side, action });
  const slot = currentSlot(before);
  const atSlot = (key: string, ...subs: (string | number)[]) =>
    line(
      slot?.side ?? null,
      text(key, slot?.slot ?? 0, slot ? holderName(before, slot.side, slot.holder) : '', ...subs),
    );
  switch (event.type) {
    case 'configure':
      return line(null, text('cr_history_configure'));
    case 'sideEdited':
      return line(event.side, text('cr_history_side_named', event.name));
    case 'leaderAdded':
      return line(event.side, text('cr_history_leader_added', event.name));
    case 'leaderRemoved':
      return line(event.side, text('cr_history_leader_removed', leaderName(before, event.side, event.leader)));
    case 'unitAdded':
      return line(event.side, text('cr_history_unit_added', event.name));
    case 'unitRemoved':
      return line(event.side, text('cr_history_unit_removed', unitNames(before, event.side, [event.unit])));
    case 'cInCSet':
      return line(event.side, text('cr_history_c_in_c', leaderName(before, event.side, event.leader)));
    case 'rosterSet':
      return line(event.side, text('cr_history_roster'));
    case 'leaderStatus': {
      const l = after.sides[event.side].leaders.find((x) => x.id === event.leader);
      const state = !l?.present ? 'absent' : l.disordered ? 'disordered' : 'ready';
      return line(event.side, text(`cr_history_leader_${state}`, l?.name ?? event.leader));
    }
    case 'start':
      return line(null, text('cr_history_start'));
    case 'newGame':
      return line(null, text('cr_history_new_game'));
    case 'commandRoll': {
      const round = after.round!;
      if (round.queue.length === 0)
        return line(
          null,
          text(round.weather > (before.round?.weather ?? 0) ? 'cr_history_tie_weather' : 'cr_history_tie', event.A),
        );
      return line(null, text('cr_history_roll', event.A, event.B, planText(after)));
    }
    case 'unitActivated':
      return atSlot('cr_history_unit_slot', unitNames(before, slot!.side, [event.unit]));
    case 'directOrders':
      if (event.word)
        return atSlot(
          'cr_history_direct_word',
          unitNames(before, slot!.side, event.units),
          unitNames(before, slot!.side, event.word.out),
        );
      return atSlot('cr_history_direct', unitNames(before, slot!.side, event.units));
    case 'signalRolled':
      return atSlot(`cr_history_signal_${after.config.houseRules.signalUnit}`, event.order, event.die);
    case 'signalObeyed':
      if (event.word)
        return atSlot(
          'cr_history_signal_obeyed_word',
          unitNames(before, slot!.side, event.units),
          unitNames(before, slot!.side, event.word.out),
        );
      return atSlot('cr_history_signal_obeyed', event.units.length ? unitNames(before, slot!.side, event.units) : '—');
    case 'rosterRewritten':
      return atSlot('cr_history_rewrite');
    case 'unitMarked':
      return line(
        sideOfUnit(before, event.unit),
        text('cr_history_unit_marked', unitNames(before, sideOfUnit(before, event.unit), [event.unit])),
      );
    case 'slotDone':
      return atSlot('cr_history_slot_done');
    case 'nextTurn':
      return line(null, text('cr_history_next_turn', after.turn));
  }
}

/** "A 4, 3 · B 2, 1": the queue of the turn, as numbers (who stands on them stays secret). */
export function planText(state: CrState): string {
  const queue = state.round?.queue ?? [];
  const groups: string[] = [];
  for (const side of ['first', 'second'] as const) {
    const sideId = side === 'first' ? queue[0]?.side : queue[queue.length - 1]?.side;
    if (!sideId) continue;
    const numbers = queue.filter((q) => q.side === sideId).map((q) => q.slot);
    if (numbers.length) groups.push(`${state.sides[sideId].name} ${numbers.join(', ')}`);
  }
  return groups.join(' · ');
}

export const holderName = (state: CrState, side: SideId, holder: Slot): string =>
  holder === 'unit' ? '' : leaderName(state, side, holder);
