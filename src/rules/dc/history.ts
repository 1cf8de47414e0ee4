import { plural, text, type Text } from '../../i18n/text';
import { formatProfile } from './profile';
import type { DcEvent, DcSide, DcState } from './types';

/** One readable line of a game's history: "Turn 1 · Colonial · Desharbes rolls 1 2 3 5". */
export interface DcHistoryLine {
  readonly turn: number;
  readonly side: DcSide | null;
  readonly action: Text;
}

const nameOf = (s: DcState, id: string): string =>
  s.leaders.find((l) => l.id === id)?.name ?? s.units.find((u) => u.id === id)?.name ?? id;

/** Describes an accepted event, with the states around it. */
export function describeEvent(before: DcState, event: DcEvent, after: DcState): DcHistoryLine {
  const holder = before.initiative?.side ?? null;
  const line = (side: DcSide | null, action: Text): DcHistoryLine => ({ turn: after.turn, side, action });
  const leaderName = before.initiative?.leader ? nameOf(before, before.initiative.leader) : '';
  const lost = holder !== null && after.initiative?.side !== holder;
  switch (event.type) {
    case 'configure':
      if (event.houseRules.path !== undefined && event.houseRules.path !== before.config.houseRules.path) {
        return line(null, text(`dc_history_path_${after.config.houseRules.path.replaceAll('-', '_')}`));
      }
      return line(
        null,
        text('dc_history_configure', after.config.houseRules.threshold, after.config.houseRules.fragileThreshold),
      );
    case 'leaderAdded': {
      const l = after.leaders[after.leaders.length - 1]!;
      return line(event.side, text('dc_history_leader_added', l.name, formatProfile(l.profile)));
    }
    case 'unitAdded':
      return line(event.side, plural('dc_history_unit_added', event.losses ?? 0, event.name.trim()));
    case 'removed':
      return line(null, text('dc_history_removed', nameOf(before, event.id)));
    case 'placed':
      return line(
        null,
        event.at
          ? text('dc_history_placed', nameOf(before, event.id), event.at.q, event.at.r)
          : text('dc_history_unplaced', nameOf(before, event.id)),
      );
    case 'lossesSet':
      return line(null, plural('dc_history_losses', event.losses, nameOf(before, event.unit)));
    case 'start':
      return line(null, text('dc_history_start'));
    case 'newTurn':
      return line(null, text('dc_history_new_turn'));
    case 'newGame':
      return line(null, text('dc_history_new_game'));
    case 'initiativeGained':
      return line(event.side, text('dc_history_gained'));
    case 'leaderActivated':
      return line(holder, text(lost ? 'dc_history_no_dice' : 'dc_history_activated', nameOf(before, event.leader)));
    case 'unitsCommanded':
      return line(
        holder,
        text('dc_history_commanded', leaderName, event.units.map((u) => nameOf(before, u)).join(', ')),
      );
    case 'diceRolled':
      return line(holder, text('dc_history_rolled', leaderName, event.dice.join(' ')));
    case 'dieRerolled':
      return line(
        holder,
        text('dc_history_rerolled', before.initiative?.command?.dice?.[event.index] ?? '', event.value),
      );
    case 'diceAssigned': {
      const cmd = before.initiative?.command?.units ?? [];
      const ok = cmd
        .filter((u) => after.units.find((x) => x.id === u)?.marker === 'commanded')
        .map((u) => nameOf(before, u));
      const failed = cmd
        .filter((u) => after.units.find((x) => x.id === u)?.marker !== 'commanded')
        .map((u) => nameOf(before, u));
      return line(
        holder,
        failed.length
          ? text('dc_history_failed', ok.join(', ') || '—', failed.join(', '))
          : text('dc_history_all_activated', ok.join(', ')),
      );
    }
    case 'initiativeKept':
      return line(
        holder,
        text(
          lost ? 'dc_history_kept_no_dice' : 'dc_history_kept',
          nameOf(before, event.leader),
          (before.initiative?.keeps ?? 0) + 1,
        ),
      );
    case 'initiativeConceded':
      return line(holder, text('dc_history_conceded'));
    case 'moraleTaken':
      return line(null, text('dc_history_morale', nameOf(before, event.unit)));
    case 'unitActed':
      return line(null, text('dc_history_acted', nameOf(before, event.unit)));
    case 'dramaResolved':
      return line('native', event.value > 0 ? text('dc_history_drama', event.value) : text('dc_history_no_drama'));
  }
}
