// The demo table's Désastre Colonial scene: the worked example's layout on pointy hexes (1 hex a
// cell). Colonel Desharbes (4D8/3) and Colonel Aubert (3D8/4), four infantry units in line 3 hexes
// from Desharbes, the two ends 3 hexes apart (losses 0, 1, 4, 1), the cavalry 3 hexes from him and
// from the rightmost infantry; a Native chief and his warriors. The game is started and the Colonial
// player holds the initiative: both colonels' ranges are drawn, every Colonial unit can be chosen.
import type { DemoScene } from '../descriptor';
import type { DcEvent } from './types';

const base = { value: 0.85, unit: 'cell' } as const;

export const dcDemo: DemoScene<DcEvent> = {
  title: 'demo_scene_dc',
  scene: { pixelsPerCell: 70, unitsPerCell: 1, unitName: 'hex', grid: 'hex-pointy', measurement: 'hex', hexOrigin: { x: 0, y: 0 } },
  sides: [
    { id: 'colonial', label: 'dc_side_colonial', colour: '#02377b' },
    { id: 'native', label: 'dc_side_native', colour: '#563015' },
  ],
  tokens: [
    { id: 'tD', name: 'Desharbes', side: 'colonial', unit: null, role: 'leader', at: { hex: { q: 0, r: 0 } }, base, piece: 'L1' },
    { id: 'tA', name: 'Aubert', side: 'colonial', unit: null, role: 'leader', at: { hex: { q: -2, r: 2 } }, base, piece: 'L2' },
    { id: 'i1', name: 'Infantry 1', side: 'colonial', unit: null, role: 'figure', at: { hex: { q: 0, r: -3 } }, base, piece: 'U3' },
    { id: 'i2', name: 'Infantry 2', side: 'colonial', unit: null, role: 'figure', at: { hex: { q: 1, r: -3 } }, base, piece: 'U4' },
    { id: 'i3', name: 'Infantry 3', side: 'colonial', unit: null, role: 'figure', at: { hex: { q: 2, r: -3 } }, base, piece: 'U5' },
    { id: 'i4', name: 'Infantry 4', side: 'colonial', unit: null, role: 'figure', at: { hex: { q: 3, r: -3 } }, base, piece: 'U6' },
    { id: 'cav', name: 'Cavalry', side: 'colonial', unit: null, role: 'figure', at: { hex: { q: 3, r: 0 } }, base, piece: 'U7' },
    { id: 'tC', name: 'Chief', side: 'native', unit: null, role: 'leader', at: { hex: { q: 0, r: 6 } }, base, piece: 'L8' },
    { id: 'w', name: 'Warriors', side: 'native', unit: null, role: 'figure', at: { hex: { q: 1, r: 5 } }, base, piece: 'U9' },
  ],
  events: [
    { type: 'leaderAdded', side: 'colonial', name: 'Desharbes', profile: '4D8/3' },
    { type: 'leaderAdded', side: 'colonial', name: 'Aubert', profile: '3D8/4' },
    { type: 'unitAdded', side: 'colonial', name: 'Infantry 1', losses: 0 },
    { type: 'unitAdded', side: 'colonial', name: 'Infantry 2', losses: 1 },
    { type: 'unitAdded', side: 'colonial', name: 'Infantry 3', losses: 4 },
    { type: 'unitAdded', side: 'colonial', name: 'Infantry 4', losses: 1 },
    { type: 'unitAdded', side: 'colonial', name: 'Cavalry', losses: 0 },
    { type: 'leaderAdded', side: 'native', name: 'Chief', profile: '3D6/2' },
    { type: 'unitAdded', side: 'native', name: 'Warriors' },
    { type: 'start' },
    { type: 'initiativeGained', side: 'colonial' },
  ],
  gameSides: { colonial: 'colonial', native: 'native' },
};
