// The demo table's Hell Dorado characteristic modifiers army: the two companies of the Command army
// (src/rules/hell-dorado-army.ts), each fighter with his card's DEF and DPT, in the middle of a pass
// of arms. Tarik is the active fighter; a Bretteur is Wounded, a Hashishin Stunned and Fanatic, a
// Lancier charges with Célérité de l'ourébi twice, the Voyageuse's Jugement de Dieu sets a Hashishin's
// DEF to 4. The board marks the active fighter; selecting a token opens its fighter in the popup.
import { HD_COMPANIES, hdScene, hdTokens } from '../hell-dorado-army';
import type { DemoScene } from '../descriptor';
import type { HdmEvent } from './types';

const fighters = HD_COMPANIES.flatMap((c) => c.fighters);
/** Fighters get ids in order of entry: f1, f2… */
const id = (token: string): string => `f${fighters.findIndex((f) => f.token === token) + 1}`;
const celerite = "Célérité de l'ourébi";

const events: HdmEvent[] = [
  ...fighters.map((f): HdmEvent => ({
    type: 'fighterAdded',
    name: f.name,
    card: { DEF: f.def, DPT: f.dpt, CMD: f.cmd },
  })),
  { type: 'stateApplied', fighter: id('br1'), state: 'wounded' },
  { type: 'stateApplied', fighter: id('ha2'), state: 'stunned' },
  { type: 'stateApplied', fighter: id('ha2'), state: 'fanatic' },
  { type: 'effectAdded', fighter: id('la1'), characteristic: 'DPT', kind: 'increase', amount: 1, source: celerite },
  { type: 'effectAdded', fighter: id('la1'), characteristic: 'DPT', kind: 'increase', amount: 1, source: celerite },
  { type: 'activeFighterSet', fighter: id('ta1') },
  {
    type: 'effectAdded',
    fighter: id('ha1'),
    characteristic: 'DEF',
    kind: 'direct',
    value: 4,
    source: 'Jugement de Dieu',
    scope: 'pass',
    imposedBy: id('vo1'),
  },
];

export const hdModifiersArmy: DemoScene<HdmEvent> = hdScene(
  'demo_scene_hd_modifiers_army',
  hdTokens((company, i) => id(HD_COMPANIES[company]!.fighters[i]!.token)),
  events,
  {},
);
