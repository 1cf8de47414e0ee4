// Each rule system's live numbers for the rule lookup (src/rules/<id>/lookup.ts), from real states:
// the scenario files played by the rules, and a few events folded with applyEvent.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, loadCatalogue } from '../../../scripts/locales.mjs';
import { buildRulesIndex } from '../../../scripts/rules-index.mjs';
import { formatText, type Catalogue } from '../../../src/i18n/format';
import type { Text } from '../../../src/i18n/text';
import type { TopicNumbers } from '../../../src/lookup/numbers';
import type { RulesIndex } from '../../../src/lookup/search';
import {
  applyEvent as bdcApply,
  initialState as bdcInitial,
  type BdcEvent,
  type BdcState,
} from '../../../src/rules/bdc';
import { bdcNumbers } from '../../../src/rules/bdc/lookup';
import { crNumbers } from '../../../src/rules/cr/lookup';
import { dcNumbers } from '../../../src/rules/dc/lookup';
import { hdCommandNumbers } from '../../../src/rules/hd-command/lookup';
import { hdModifiersNumbers } from '../../../src/rules/hd-modifiers/lookup';
import { SYSTEM_IDS, type SystemId } from '../../../src/rules/ids';
import { parseScenario, runScenario } from '../../../src/scenario/run';

const NUMBERS: Record<SystemId, (state: never) => TopicNumbers> = {
  'hd-command': hdCommandNumbers,
  'hd-modifiers': hdModifiersNumbers,
  bdc: bdcNumbers,
  dc: dcNumbers,
  cr: crNumbers,
};
const catalogues = Object.fromEntries(LANGUAGES.map((l: string) => [l, loadCatalogue(l) as Catalogue])) as Record<
  string,
  Catalogue
>;
const english = (t: Text) => formatText(catalogues.en!, t);
const topics = (buildRulesIndex('en') as RulesIndex).systems;
const topicIds = (system: SystemId) => topics.find((s) => s.id === system)!.topics.map((t) => t.id);

const scenarioDir = path.join(__dirname, '../../scenarios');

/** The state after each step of a scenario file (a refused step leaves the one before). */
function states(file: string): unknown[] {
  const scenario = parseScenario(JSON.parse(fs.readFileSync(path.join(scenarioDir, file), 'utf8')));
  if (!scenario.ok) throw new Error(file);
  const out: unknown[] = [];
  let last: unknown = undefined;
  const run = runScenario(scenario.value, (o) => {
    if ('state' in o) last = o.state;
    out.push(last);
  });
  expect(run.failure, file).toBeNull();
  return out;
}

/** The numbers of `system` after step `step` (1-based) of a scenario, in English. */
function after(system: SystemId, file: string, step: number): Record<string, string[]> {
  const n = NUMBERS[system](states(`${system}/${file}`)[step - 1] as never);
  return Object.fromEntries(Object.entries(n).map(([topic, lines]) => [topic, lines.map(english)]));
}

describe('every state of every scenario gives numbers on known topics, in every language', () => {
  it.each(SYSTEM_IDS)('%s', (system) => {
    const files = fs.readdirSync(path.join(scenarioDir, system)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    const ids = new Set(topicIds(system));
    const seen = new Set<string>();
    for (const file of files) {
      for (const state of states(`${system}/${file}`)) {
        if (state === undefined) continue;
        for (const [topic, lines] of Object.entries(NUMBERS[system](state as never))) {
          expect(ids.has(topic), `${file}: topic ${topic}`).toBe(true);
          expect(lines.length, `${file}: ${topic} is listed without lines`).toBeGreaterThan(0);
          seen.add(topic);
          for (const line of lines) {
            for (const lang of LANGUAGES) {
              // A counted line names a family of plural forms, all with the same placeholders.
              const entry = catalogues[lang]![line.count === undefined ? line.key : `${line.key}_other`];
              expect(entry, `${lang}: ${line.key}`).toBeDefined();
              expect(Object.keys(entry!.placeholders ?? {}).length, `${line.key}: substitutions`).toBe(
                line.subs?.length ?? 0,
              );
              const shown = formatText(catalogues[lang]!, line);
              expect(shown, `${lang}: ${line.key}`).not.toMatch(/\$[A-Z0-9]/);
            }
          }
        }
      }
    }
    // Every system has numbers for most of its topics somewhere in its scenarios.
    expect(seen.size, `${system}: ${[...seen].join(' ')}`).toBeGreaterThanOrEqual(Math.min(5, ids.size - 1));
  });
});

describe('bdc', () => {
  it('rally: each degraded troop with the AP that rallies it fully (vector B2)', () => {
    expect(after('bdc', 'b2-rally-demoralised.json', 3).rally).toEqual(['Rally Groupe 1 from Demoralised: 2 AP']);
    // Partial rally with 1 AP: pinned, 1 AP to go.
    expect(after('bdc', 'b2-rally-demoralised.json', 5).rally).toEqual(['Rally Groupe 1 from Pinned: 1 AP']);
    expect(after('bdc', 'b7-rally-routed.json', 3).rally).toEqual(['Rally Groupe 1 from Routed: 3 AP']);
  });

  it('morale, AP counters, command distance and a demoralised leader, folded with applyEvent', () => {
    const events: BdcEvent[] = [
      {
        type: 'unitAdded',
        unit: { name: 'Groupe 1', level: 'confiant', experience: 2, doctrine: 'flexible', teams: 2 },
      },
      { type: 'leaderAdded', leader: { name: 'Lt Morel', morale: 8, pa: 5, aptitude: { kind: 'tir', modifier: -1 } } },
      { type: 'moraleTests', id: 'l2', naturals: [10, 10] },
      { type: 'activated', id: 'u1', card: 1 },
      { type: 'configure', rules: { commandCm: 15, measureFrom: 'centre' } },
    ];
    let state: BdcState = bdcInitial();
    for (const e of events) {
      const next = bdcApply(state, e);
      if (!next.ok) throw new Error(JSON.stringify(next.error));
      state = next.value;
    }
    const n = Object.fromEntries(Object.entries(bdcNumbers(state)).map(([k, v]) => [k, v.map(english)]));
    expect(n.morale).toEqual(['Groupe 1: Normal, morale factor 6', 'Lt Morel: Demoralised, morale factor 6']);
    expect(n.rally).toEqual([
      'Rally Lt Morel from Demoralised: 2 AP',
      "Lt Morel is demoralised or routed: commands nobody and pays for no other troop's rally.",
    ]);
    expect(n['action-points']![0]).toBe('Groupe 1: AP left 2 · 2');
    expect(n.doctrine).toEqual(["Groupe 1: flexible doctrine, 2 teams, each with the card's full AP"]);
    expect(n.command).toEqual([
      'Command distance in this game: 15 cm, centre to centre',
      "Lt Morel is demoralised or routed: commands nobody and pays for no other troop's rally.",
      'This game has changed a house default of this rule.',
    ]);
    expect(n.d10).toEqual(['Lt Morel: aptitude tir -1']);
  });
});

describe('dc', () => {
  it('leaders: NdX/R with the dice left after each keep (the Desharbes worked example)', () => {
    expect(after('dc', 'desharbes-worked-example.json', 10).leaders).toEqual([
      'Desharbes: 4D8, radius 3 (dice now: 4)',
      'Aubert: 3D8, radius 4 (dice now: 3)',
      'Chief: 3D6, radius 2 (dice now: 3)',
    ]);
    // Kept once: Desharbes has 3 dice, and Aubert would have 2.
    expect(after('dc', 'desharbes-worked-example.json', 21).leaders!.slice(0, 2)).toEqual([
      'Desharbes: 4D8, radius 3 (dice now: 3)',
      'Aubert: 3D8, radius 4 (dice now: 2)',
    ]);
    expect(after('dc', 'desharbes-worked-example.json', 21).initiative).toEqual([
      'The Colonial player holds the initiative (kept 1× in a row)',
    ]);
  });

  it('reroll, thresholds, fragile units and the Drama card along the example', () => {
    expect(after('dc', 'desharbes-worked-example.json', 16).reroll).toEqual([
      'Reroll allowed now: one die, never a "1".',
    ]);
    expect(after('dc', 'desharbes-worked-example.json', 31).reroll).toEqual([
      'No reroll: not every commanded unit is adjacent to another.',
    ]);
    const end = after('dc', 'desharbes-worked-example.json', 33);
    expect(end.activation).toEqual(['In this game: activation on 4+, fragile units on 6+']);
    expect(end.losses).toContain('Infantry 3: losses 4, fragile (needs 6+)');
    expect(end.losses).toContain(
      'Infantry 3: fragile, commanded but not activated → morale test, then remove its marker',
    );
    expect(end.drama).toEqual(['The Native player may draw a Drama card of value 2 or lower.']);
    expect(end.leaders![0]).toBe('Desharbes: 4D8, radius 3 (deactivated this turn)');
  });
});

describe('hd-command', () => {
  it('upkeep: what each company gets back (the worked example)', () => {
    expect(after('hd-command', 'worked-example-gestion.json', 4).upkeep).toEqual([
      'Turn 1',
      'Upkeep: Arnaud back to 7 (now 4)',
    ]);
    expect(after('hd-command', 'worked-example-gestion.json', 8)['command-points']).toEqual([
      'Arnaud: 0 of 1 Command left',
    ]);
    expect(after('hd-command', 'worked-example-gestion.json', 8).losses).toEqual([
      'Arnaud: franc-capitaine killed (CMD 4)',
    ]);
  });

  it('commandement: a late entry waits for the next upkeep, which the upkeep line already counts', () => {
    const n = after('hd-command', 'late-entry-commandement.json', 9);
    expect(n.upkeep).toEqual([
      'Turn 3',
      'Upkeep: A back to 3 (now 1)',
      'A: +2 base at the upkeep of turn 4 (renfort entered)',
    ]);
    expect(n['late-entry']).toEqual(['A: +2 base at the upkeep of turn 4 (renfort entered)']);
    expect(n.editions).toEqual([
      'This game follows COMMANDEMENT (rulebook).',
      'This game has changed a house default of this rule.',
    ]);
  });
});

describe('hd-modifiers', () => {
  it('DEF: each fighter’s value with what it is made of (vector M2: DEF 3)', () => {
    const n = after('hd-modifiers', 'M2-lancier-def.json', 7);
    expect(n.def).toEqual(['Lancier: DEF 3 (card 4 · increases 2 · maluses 2 · bonuses 0 · direct values 0)']);
    expect(n['bonus-malus']).toContain('Lancier, DEF: 5, maluses -2 → 3, bonuses 0 → 3');
    expect(n.computation).toEqual(['Lancier: DEF 3 · DPT 6']);
    expect(n.states).toEqual(['Lancier: Wounded', 'Lancier: Stunned']);
  });

  it('direct values: the active fighter’s wins (vector M5)', () => {
    const n = after('hd-modifiers', 'M5-tarik-succube.json', states('hd-modifiers/M5-tarik-succube.json').length);
    expect(n.direct!.some((l) => /in force/.test(l))).toBe(true);
    expect(n.def!.some((l) => l.includes('DEF 3'))).toBe(true);
  });
});

describe('cr', () => {
  it('C-in-C: who it is, and his number only when it comes up (the roster is secret; vector R5)', () => {
    expect(after('cr', 'r5-c-in-c-rewrite.json', 13)['c-in-c']).toEqual([
      'A: Davout is Commander-in-Chief; his number stays secret until it comes up',
      'B: Kutuzov is Commander-in-Chief; his number stays secret until it comes up',
    ]);
    const atFive = after('cr', 'r5-c-in-c-rewrite.json', 15);
    expect(atFive['c-in-c']![0]).toBe(
      'A: Davout, Commander-in-Chief, is on number 5, now: he may rewrite the roster instead of acting',
    );
    expect(atFive['command-roll']).toEqual(['A rolled 5, B rolled 1: A 5, 4, 3, 2 → B 1']);
    expect(atFive.slots![0]).toBe('Now: A, number 5: Davout');
    // After the rewrite and slot 5: X (Ney) acts at number 4; Davout's number is secret again.
    const atFour = after('cr', 'r5-c-in-c-rewrite.json', 20);
    expect(atFour.slots![0]).toBe('Now: A, number 4: Ney');
    expect(atFour['c-in-c']![0]).toBe('A: Davout is Commander-in-Chief; his number stays secret until it comes up');
  });

  it('never names who stands on a number that has not come up', () => {
    for (const file of fs.readdirSync(path.join(scenarioDir, 'cr'))) {
      for (const state of states(`cr/${file}`)) {
        if (!state) continue;
        const text = Object.values(crNumbers(state as never))
          .flat()
          .map(english)
          .join('\n');
        expect(text, file).not.toMatch(/is on number \d(?!, now)/);
      }
    }
  });
});
