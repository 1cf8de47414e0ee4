// The demo table's Hell Dorado Command army: Arnaud's Occident company (15 Command) against Tarik's
// Orient caravan (11), fifteen fighters each (src/rules/hell-dorado-army.ts). Mid-game, turn 2: both
// spent points in turn 1 and again since the upkeep, Bretteur 2 was killed (his token is drawn lost,
// his CMD gone from both of Arnaud's values). Mark another fighter dead and the popup proposes his loss.
import { HD_COMPANIES, hdScene, hdTokens } from '../hell-dorado-army';
import type { DemoScene } from '../descriptor';
import { SIDE_IDS, type HdEvent } from './types';

const sides = SIDE_IDS.map((side, i) => ({ side, company: HD_COMPANIES[i]! }));

const events: HdEvent[] = [
  // Each company named and coloured in the game as on the table: one colour on the board and in the popup.
  ...sides.map(({ side, company }): HdEvent => ({
    type: 'sideEdited',
    side,
    name: company.name,
    colour: company.colour,
  })),
  ...sides.map(({ side, company }): HdEvent => ({
    type: 'rosterSet',
    side,
    fighters: company.fighters.map((f) => ({ name: f.name, cmd: f.cmd })),
  })),
  { type: 'start' },
  { type: 'spend', side: 'A', amount: 3, permanent: false },
  { type: 'spend', side: 'B', amount: 4, permanent: false },
  { type: 'upkeep' },
  { type: 'spend', side: 'B', amount: 2, permanent: false },
  // Bretteur 2 is the company's 9th fighter: A9.
  { type: 'fighterLost', side: 'A', fighterId: 'A9', how: 'killed' },
  { type: 'spend', side: 'A', amount: 5, permanent: false },
];

export const hdCommandArmy: DemoScene<HdEvent> = hdScene(
  'demo_scene_hd_command_army',
  // Fighters get ids in roster order: A1…A15, B1…B15.
  hdTokens((company, i) => `${SIDE_IDS[company]}${i + 1}`),
  events,
  Object.fromEntries(sides.map(({ side, company }) => [company.side, side])),
);
