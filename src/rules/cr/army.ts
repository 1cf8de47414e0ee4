// The demo table's command-roll army: Borodino, 1812, on 1" bases, two bases a unit, measured between
// the nearest bases of two units, edge to edge. Ney's III Corps (the C-in-C and three divisional
// generals, eight units) faces Bagration's Second Army (the C-in-C and three generals, eight units).
// Mid-turn: the French rolled 5 against 2, so they play 5, 4 and 3, then the Russians 2 and 1.
// Marchand, on 5, gave direct orders to the two units within 1" of his own; now Ledru's number 4 is
// played: his 1" control reaches the units beside his, not those further off.
import type { DemoScene, DemoToken } from '../descriptor';
import { crDemo } from './demo';
import type { CrEvent, SideId } from './types';

const base = { value: 1, unit: 'in' } as const;
/** 70 px an inch (the example's scale): bases of one unit touch at 70 px between centres. */
const INCH = crDemo.scene.pixelsPerCell;

const events: CrEvent[] = [];
const tokens: DemoToken[] = [];
const serial: Record<SideId, number> = { A: 0, B: 0 };
const TABLE_SIDE: Record<SideId, string> = { A: 'fr', B: 'ru' };

const leader = (side: SideId, token: string, name: string, group: string | null, x: number, y: number): string => {
  events.push({ type: 'leaderAdded', side, name });
  const id = `${side}L${++serial[side]}`;
  tokens.push({
    id: token,
    name,
    side: TABLE_SIDE[side],
    unit: group,
    role: 'leader',
    at: { x: x * INCH, y: y * INCH },
    base,
    piece: id,
  });
  return id;
};
/** Cavalry on 2" × 1" bases, their length turned to face the enemy (Roll20 draws them 140×70 turned 90°). */
const CAVALRY = { length: { value: 2, unit: 'in' }, rotation: 90 } as const;
/** A unit of two bases side by side, the first at (x, y) inches. */
const unit = (
  side: SideId,
  token: string,
  name: string,
  x: number,
  y: number,
  bases: Pick<DemoToken, 'length' | 'rotation'> = {},
): string => {
  events.push({ type: 'unitAdded', side, name });
  const id = `${side}U${++serial[side]}`;
  for (const [i, letter] of ['a', 'b'].entries()) {
    tokens.push({
      id: `${token}-${letter}`,
      name: `${name} ${letter}`,
      side: TABLE_SIDE[side],
      unit: token,
      role: 'figure',
      at: { x: (x + i) * INCH, y: y * INCH },
      base,
      ...bases,
      piece: id,
    });
  }
  return id;
};

// The French, facing north. Each general stands with a unit of his division (in its grouping); Ney
// behind the line, a unit of his own.
const ney = leader('A', 'ney', 'Ney', null, 7, 8);
const ledru = leader('A', 'ledru', 'Ledru', 'l24', 2.5, 5);
const razout = leader('A', 'razout', 'Razout', 'l4', 8.5, 5);
const marchand = leader('A', 'marchand', 'Marchand', 'l72', 14.5, 5);
// Ledru's division: the 24e léger, the 46e 0.35" from it, the 18e 1.5" off.
unit('A', 'l24', '24e léger', 2, 4);
unit('A', 'l46', '46e de ligne', 0, 3.1);
unit('A', 'l18', '18e de ligne', 5.5, 4);
unit('A', 'l4', '4e de ligne', 8, 4);
unit('A', 'l93', '93e de ligne', 10.5, 3);
unit('A', 'l72', '72e de ligne', 14, 4);
const h11 = unit('A', 'h11', '11e hussards', 16.5, 4);
const art = unit('A', 'art', 'Artillerie du IIIe corps', 13, 2.6);

// The Russians, facing south.
const bagration = leader('B', 'bagration', 'Bagration', null, 8, -5);
const raevsky = leader('B', 'raevsky', 'Raevsky', 'ladoga', 3.5, -2);
const borozdin = leader('B', 'borozdin', 'Borozdin', 'orel', 9.5, -2);
const neverovsky = leader('B', 'neverovsky', 'Neverovsky', 'odessa', 15.5, -2);
unit('B', 'ladoga', 'Ladoga', 3, -1);
unit('B', 'poltava', 'Poltava', 0.5, -1.5);
unit('B', 'orel', 'Orel', 9, -1);
unit('B', 'nizhny', 'Nizhny Novgorod', 11.5, -1.5);
unit('B', 'odessa', 'Odessa', 15, -1);
unit('B', 'jager5', '5th Jägers', 6, 0);
unit('B', 'akhtyrka', 'Akhtyrka hussars', 17.5, -2.5);
// The Cossacks on cavalry bases, 1.5" behind Nizhny Novgorod's, edge to edge.
unit('B', 'cossacks', 'Cossacks', 12.5, -4.5, CAVALRY);

events.push(
  // The secret rosters: number n is slots[n - 1].
  { type: 'rosterSet', side: 'A', slots: ['unit', razout, 'unit', ledru, marchand, ney] },
  { type: 'rosterSet', side: 'B', slots: ['unit', raevsky, borozdin, 'unit', neverovsky, bagration] },
  { type: 'start' },
  { type: 'commandRoll', A: 5, B: 2 },
  // Number 5, Marchand: direct orders to the 11e hussards and the artillery, both within 1" of the 72e.
  { type: 'directOrders', units: [h11, art] },
  { type: 'slotDone' },
);

// The worked example's table (1" a cell at 70 px) and colours; each army called, on the table as in the
// game, after its commander-in-chief.
export const crArmy: DemoScene<CrEvent> = {
  ...crDemo,
  title: 'demo_scene_cr_army',
  sides: crDemo.sides.map((s, i) => ({ ...s, label: ['Ney', 'Bagration'][i]! })),
  tokens,
  events: [
    { type: 'sideEdited', side: 'A', name: 'Ney' },
    { type: 'sideEdited', side: 'B', name: 'Bagration' },
    ...events,
  ],
};
