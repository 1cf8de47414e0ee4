// The demo table's command-roll scene: two armies on 1" bases, measured between the nearest figures of
// two units, base edge to base edge. The French rolled 4 against 2: Murat's number. His 1" control
// reaches the 2nd Line 0.8" from his unit and not the Cuirassiers 1.5" away (vector R7); a signal
// die of 3 would reach both (R8). Each leader and unit token stands for its roster entry; each army
// is called on the table as in the game, after its commander-in-chief.
import type { DemoScene } from '../descriptor';
import type { CrEvent } from './types';

const base = { value: 1, unit: 'in' } as const;

export const crDemo: DemoScene<CrEvent> = {
  title: 'demo_scene_cr',
  // 1 cell = 1 inch at 70 px; bases touch at 70 px between centres.
  scene: { pixelsPerCell: 70, unitsPerCell: 1, unitName: 'in', grid: 'none', measurement: 'euclidean' },
  sides: [
    { id: 'fr', label: 'Davout', colour: '#02377b' },
    { id: 'ru', label: 'Kutuzov', colour: '#672034' },
  ],
  tokens: [
    { id: 'dv', name: 'Davout', side: 'fr', unit: null, role: 'leader', at: { x: -245, y: 70 }, base, piece: 'AL1' },
    { id: 'ny', name: 'Ney', side: 'fr', unit: null, role: 'leader', at: { x: -175, y: -140 }, base, piece: 'AL2' },
    { id: 'm', name: 'Murat', side: 'fr', unit: '1', role: 'leader', at: { x: 35, y: 70 }, base, piece: 'AL3' },
    { id: 'l1a', name: '1st Line a', side: 'fr', unit: '1', role: 'figure', at: { x: 0, y: 0 }, base, piece: 'AU4' },
    { id: 'l1b', name: '1st Line b', side: 'fr', unit: '1', role: 'figure', at: { x: 70, y: 0 }, base, piece: 'AU4' },
    // 0.8" from the 1st Line (edge to edge), 1.5" from it, in the control and signal distances of R7/R8.
    { id: 'l2', name: '2nd Line', side: 'fr', unit: '2', role: 'figure', at: { x: 196, y: 0 }, base, piece: 'AU5' },
    {
      id: 'cu',
      name: 'Cuirassiers',
      side: 'fr',
      unit: '3',
      role: 'figure',
      at: { x: 70, y: -175 },
      base,
      piece: 'AU6',
    },
    { id: 'ku', name: 'Kutuzov', side: 'ru', unit: null, role: 'leader', at: { x: 560, y: 280 }, base, piece: 'BL1' },
    { id: 'ba', name: 'Bagration', side: 'ru', unit: null, role: 'leader', at: { x: 420, y: 280 }, base, piece: 'BL2' },
    { id: 'j', name: 'Jägers', side: 'ru', unit: '4', role: 'figure', at: { x: 315, y: 175 }, base, piece: 'BU3' },
    { id: 'gr', name: 'Grenadiers', side: 'ru', unit: '5', role: 'figure', at: { x: 455, y: 175 }, base, piece: 'BU4' },
    { id: 'co', name: 'Cossacks', side: 'ru', unit: '6', role: 'figure', at: { x: 560, y: 70 }, base, piece: 'BU5' },
  ],
  events: [
    { type: 'sideEdited', side: 'A', name: 'Davout' },
    { type: 'sideEdited', side: 'B', name: 'Kutuzov' },
    { type: 'leaderAdded', side: 'A', name: 'Davout' },
    { type: 'leaderAdded', side: 'A', name: 'Ney' },
    { type: 'leaderAdded', side: 'A', name: 'Murat' },
    { type: 'unitAdded', side: 'A', name: '1st Line' },
    { type: 'unitAdded', side: 'A', name: '2nd Line' },
    { type: 'unitAdded', side: 'A', name: 'Cuirassiers' },
    { type: 'leaderAdded', side: 'B', name: 'Kutuzov' },
    { type: 'leaderAdded', side: 'B', name: 'Bagration' },
    { type: 'unitAdded', side: 'B', name: 'Jägers' },
    { type: 'unitAdded', side: 'B', name: 'Grenadiers' },
    { type: 'unitAdded', side: 'B', name: 'Cossacks' },
    { type: 'rosterSet', side: 'A', slots: ['unit', 'unit', 'AL2', 'AL3', 'unit', 'AL1'] },
    { type: 'rosterSet', side: 'B', slots: ['unit', 'BL2', 'unit', 'unit', 'unit', 'BL1'] },
    { type: 'start' },
    { type: 'commandRoll', A: 4, B: 2 },
  ],
  gameSides: { fr: 'A', ru: 'B' },
};
