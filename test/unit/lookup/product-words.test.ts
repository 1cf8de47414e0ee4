// The lookup finds the product's own words: every status and reason the board or the popup writes
// ("out of command", "can be commanded now", "must close up", "an enemy unit … blocks the path") is
// typed into the search as the player reads it, in English, French and Russian, with the system on
// screen, and the rule it comes from is the best match.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import { buildRulesIndex, RULE_LANGUAGES } from '../../../scripts/rules-index.mjs';
import { prepare, search, type RulesIndex } from '../../../src/lookup/search';
import type { SystemId } from '../../../src/rules/ids';

/** The message key of each word the board or popup shows, and the topic that explains it, by the system that shows it. */
const WORDS: Readonly<Record<SystemId, Readonly<Record<string, string>>>> = {
  bdc: {
    board_status_leader: 'command',
    board_status_blocked: 'command',
    board_status_commanded: 'command',
    board_status_link: 'command',
    board_status_out: 'command',
    board_close_up: 'doctrine',
    board_reason_out_of_range: 'command',
    board_reason_leader_cannot_command: 'command',
    board_reason_no_leader: 'command',
    board_reason_no_unit: 'command',
    board_reason_no_radio_self: 'radio',
    board_reason_no_radio_commander: 'radio',
    board_reason_unknown_commander: 'radio',
    board_status_lost: 'morale-tests',
    board_reason_piece_gone: 'morale-tests',
  },
  dc: {
    board_status_leader: 'leaders',
    board_status_eligible: 'choosing-units',
    board_status_out: 'choosing-units',
    board_reason_dc_out_of_range: 'choosing-units',
    board_reason_dc_path_blocked: 'choosing-units',
    board_reason_dc_path_no_detour: 'choosing-units',
    board_reason_dc_spread_too_wide: 'choosing-units',
    board_reason_dc_not_on_board: 'choosing-units',
    board_reason_dc_unit_ticked: 'choosing-units',
    board_reason_dc_no_die_left: 'choosing-units',
    board_reason_dc_unit_done: 'activation',
    board_reason_dc_unit_activated: 'activation',
    board_reason_dc_not_activated: 'activation',
    board_reason_dc_leader_deactivated: 'initiative',
    board_reason_dc_leader_not_linked: 'leaders',
    board_status_lost: 'losses',
  },
  cr: {
    board_status_leader: 'roster',
    board_status_eligible: 'direct-orders',
    board_status_out: 'direct-orders',
    board_reason_cr_too_far: 'direct-orders',
    board_reason_cr_too_far_unknown: 'direct-orders',
    board_reason_cr_leader_disordered: 'direct-orders',
    board_reason_cr_leader_off_board: 'slots',
    board_reason_cr_acted: 'slots',
    board_reason_cr_c_in_c: 'c-in-c',
    board_status_blocked: 'direct-orders',
  },
  'hd-command': {
    board_status_lost: 'losses',
    board_reason_piece_gone: 'losses',
  },
  'hd-modifiers': {
    board_status_active: 'direct',
  },
};

/** What the player reads: the message with its numbers and names left out (he types the words, not "32.5"). */
const readAs = (message: string): string =>
  message
    .replace(/\$[A-Za-z_]+\$(?:['’]s\b)?/g, ' ')
    .replace(/[·();:,’'"“”«»]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe.each(RULE_LANGUAGES)('the lookup in %s finds the rule behind each word the board writes', (lang) => {
  const catalogue = loadCatalogue(lang) as Record<string, { message: string }>;
  const index = prepare(buildRulesIndex(lang) as RulesIndex);
  const cases = Object.entries(WORDS).flatMap(([system, words]) =>
    Object.entries(words).map(([key, topic]) => ({ system: system as SystemId, key, topic })),
  );

  it.each(cases)('$system: $key', ({ system, key, topic }) => {
    // A counted text (a family of plural forms) as its `_other` form reads.
    const query = readAs((catalogue[key] ?? catalogue[`${key}_other`])!.message);
    expect(query.length, key).toBeGreaterThan(0);
    const best = search(index, query, system)[0];
    expect(best && `${best.system}/${best.topic.id}`, `“${query}”`).toBe(`${system}/${topic}`);
  });
});
