// The demo table's Hell Dorado Command scene: Arnaud's company of the rulebook's worked example
// (franc-capitaine 4, bretteur 1, missionnaire 1, sergent 1, so 7 Command) against Margaux's, one
// fighter, the game started at 7/7. Each side is called on the table as in the game. Each token
// stands for its fighter; marking one dead proposes its loss.
import type { DemoScene } from '../descriptor';
import type { HdEvent } from './types';

const base = { value: 30, unit: 'mm' } as const;

export const hdCommandDemo: DemoScene<HdEvent> = {
  title: 'demo_scene_hd_command',
  scene: { pixelsPerCell: 50, unitsPerCell: 5, unitName: 'cm', grid: 'none', measurement: 'euclidean' },
  sides: [
    { id: 'arnaud', label: 'Arnaud', colour: '#6f1535' },
    { id: 'opponent', label: 'Margaux', colour: '#02377b' },
  ],
  tokens: [
    {
      id: 'fc',
      name: 'Franc-capitaine',
      side: 'arnaud',
      unit: null,
      role: 'figure',
      at: { x: 100, y: 150 },
      base,
      piece: 'A1',
    },
    {
      id: 'br',
      name: 'Bretteur',
      side: 'arnaud',
      unit: null,
      role: 'figure',
      at: { x: 170, y: 90 },
      base,
      piece: 'A2',
    },
    {
      id: 'mi',
      name: 'Missionnaire',
      side: 'arnaud',
      unit: null,
      role: 'figure',
      at: { x: 170, y: 210 },
      base,
      piece: 'A3',
    },
    {
      id: 'se',
      name: 'Sergent',
      side: 'arnaud',
      unit: null,
      role: 'figure',
      at: { x: 240, y: 150 },
      base,
      piece: 'A4',
    },
    {
      id: 'en',
      name: 'Ennemi',
      side: 'opponent',
      unit: null,
      role: 'figure',
      at: { x: 560, y: 150 },
      base,
      piece: 'B1',
    },
  ],
  events: [
    { type: 'sideEdited', side: 'A', name: 'Arnaud' },
    { type: 'sideEdited', side: 'B', name: 'Margaux' },
    {
      type: 'rosterSet',
      side: 'A',
      fighters: [
        { name: 'Franc-capitaine', cmd: 4 },
        { name: 'Bretteur', cmd: 1 },
        { name: 'Missionnaire', cmd: 1 },
        { name: 'Sergent', cmd: 1 },
      ],
    },
    { type: 'rosterSet', side: 'B', fighters: [{ name: 'Ennemi', cmd: 3 }] },
    { type: 'start' },
  ],
  gameSides: { arnaud: 'A', opponent: 'B' },
};
