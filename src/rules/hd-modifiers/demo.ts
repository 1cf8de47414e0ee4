// The demo table's Hell Dorado modifiers scene: the Lancier of the errata's first example, Wounded,
// twice Célérité de l'ourébi and Stunned (DPT 6, DEF 3: vectors M1, M2), and Tarik, the active
// fighter, whose Coup critique sets the Succube's DEF to 3 over her Bouclier de luxure (vector M5).
// The board marks the active fighter; selecting a token opens its fighter in the popup.
import type { DemoScene } from '../descriptor';
import type { HdmEvent } from './types';

const base = { value: 30, unit: 'mm' } as const;
const celerite = "Célérité de l'ourébi";

export const hdModifiersDemo: DemoScene<HdmEvent> = {
  title: 'demo_scene_hd_modifiers',
  scene: { pixelsPerCell: 50, unitsPerCell: 5, unitName: 'cm', grid: 'none', measurement: 'euclidean' },
  sides: [
    { id: 'tarik', label: 'demo_side_tarik', colour: '#523217' },
    { id: 'succube', label: 'demo_side_succube', colour: '#601471' },
  ],
  tokens: [
    {
      id: 'lancier',
      name: 'Lancier',
      side: 'tarik',
      unit: null,
      role: 'figure',
      at: { x: 120, y: 230 },
      base,
      piece: 'f1',
    },
    {
      id: 'tarik',
      name: 'Tarik',
      side: 'tarik',
      unit: null,
      role: 'figure',
      at: { x: 260, y: 120 },
      base,
      piece: 'f2',
    },
    {
      id: 'succube',
      name: 'Succube',
      side: 'succube',
      unit: null,
      role: 'figure',
      at: { x: 290, y: 120 },
      base,
      piece: 'f3',
    },
  ],
  events: [
    { type: 'fighterAdded', name: 'Lancier', card: { DPT: 5, DEF: 4 } },
    { type: 'stateApplied', fighter: 'f1', state: 'wounded' },
    { type: 'effectAdded', fighter: 'f1', characteristic: 'DPT', kind: 'increase', amount: 1, source: celerite },
    { type: 'effectAdded', fighter: 'f1', characteristic: 'DPT', kind: 'increase', amount: 1, source: celerite },
    {
      type: 'effectAdded',
      fighter: 'f1',
      characteristic: 'DEF',
      kind: 'increase',
      amount: 1,
      source: celerite,
      ceiling: 5,
    },
    {
      type: 'effectAdded',
      fighter: 'f1',
      characteristic: 'DEF',
      kind: 'increase',
      amount: 1,
      source: celerite,
      ceiling: 5,
    },
    { type: 'stateApplied', fighter: 'f1', state: 'stunned' },
    { type: 'fighterAdded', name: 'Tarik', card: { DEF: 3 } },
    { type: 'fighterAdded', name: 'Succube', card: { DEF: 4 } },
    {
      type: 'effectAdded',
      fighter: 'f3',
      characteristic: 'DEF',
      kind: 'direct',
      value: 6,
      source: 'Bouclier de luxure',
      scope: 'turn',
      imposedBy: 'f3',
    },
    { type: 'activeFighterSet', fighter: 'f2' },
    {
      type: 'effectAdded',
      fighter: 'f3',
      characteristic: 'DEF',
      kind: 'direct',
      value: 3,
      source: 'Coup critique',
      scope: 'pass',
      imposedBy: 'f2',
    },
  ],
  gameSides: {},
};
