// The demo table's Les bandes de Champagne scene: a platoon of two groups, each with its leader, under
// a captain with a radio, on 25 mm bases measured base edge to base edge (10 cm). Groupe 1 (rigid)
// stands as vectors B8 (A 8 cm from its lieutenant, B chained through A, C 12 cm from everyone: out,
// must close up) and B10 (the lieutenant's radio links him to the captain, far out of voice range);
// Groupe 2 (flexible) has its corporal within voice range of the captain, a figure chained through
// another, and one standing by Groupe 1's figures, commanded by none of them (B11).
import type { DemoScene } from '../descriptor';
import type { BdcEvent } from './types';

const base = { value: 25, unit: 'mm' } as const;
const aptitude = { kind: '', modifier: 0 };

export const bdcDemo: DemoScene<BdcEvent> = {
  title: 'demo_scene_bdc',
  // 1 cell = 2.5 cm at 25 px: 10 px a centimetre.
  scene: { pixelsPerCell: 25, unitsPerCell: 2.5, unitName: 'cm', grid: 'none', measurement: 'euclidean' },
  sides: [{ id: 'section', label: 'demo_side_platoon', colour: '#02377b' }],
  tokens: [
    {
      id: 'Cpt',
      name: 'Capitaine',
      side: 'section',
      unit: null,
      role: 'leader',
      radio: true,
      at: { x: 100, y: 150 },
      base,
      piece: 'l1',
    },
    {
      id: 'L',
      name: 'Lieutenant',
      side: 'section',
      unit: '1',
      role: 'leader',
      radio: true,
      at: { x: 400, y: 300 },
      base,
      piece: 'l3',
    },
    {
      id: 'A',
      name: 'Fusilier A',
      side: 'section',
      unit: '1',
      role: 'figure',
      at: { x: 505, y: 300 },
      base,
      piece: 'u2',
    },
    {
      id: 'B',
      name: 'Fusilier B',
      side: 'section',
      unit: '1',
      role: 'figure',
      at: { x: 615, y: 300 },
      base,
      piece: 'u2',
    },
    {
      id: 'C',
      name: 'Fusilier C',
      side: 'section',
      unit: '1',
      role: 'figure',
      at: { x: 505, y: 445 },
      base,
      piece: 'u2',
    },
    {
      id: 'Cpl',
      name: 'Caporal',
      side: 'section',
      unit: '2',
      role: 'leader',
      at: { x: 100, y: 240 },
      base,
      piece: 'l5',
    },
    {
      id: 'D',
      name: 'Grenadier D',
      side: 'section',
      unit: '2',
      role: 'figure',
      at: { x: 100, y: 330 },
      base,
      piece: 'u4',
    },
    {
      id: 'E',
      name: 'Grenadier E',
      side: 'section',
      unit: '2',
      role: 'figure',
      at: { x: 190, y: 330 },
      base,
      piece: 'u4',
    },
    {
      id: 'F',
      name: 'Grenadier F',
      side: 'section',
      unit: '2',
      role: 'figure',
      at: { x: 490, y: 205 },
      base,
      piece: 'u4',
    },
  ],
  events: [
    { type: 'leaderAdded', leader: { name: 'Capitaine', morale: 8, pa: 4, aptitude, radio: true } },
    { type: 'unitAdded', unit: { name: 'Groupe 1', level: 'confiant', experience: 2, doctrine: 'rigid', teams: 1 } },
    {
      type: 'leaderAdded',
      leader: { name: 'Lieutenant', morale: 7, pa: 3, aptitude, leads: 'u2', radio: true, commander: 'l1' },
    },
    { type: 'unitAdded', unit: { name: 'Groupe 2', level: 'confiant', experience: 2, doctrine: 'flexible', teams: 2 } },
    { type: 'leaderAdded', leader: { name: 'Caporal', morale: 6, pa: 3, aptitude, leads: 'u4', commander: 'l1' } },
  ],
  gameSides: {},
};
