// The demo table's Désastre Colonial army: Tonkin, 1885, on pointy hexes (one counter a unit). The
// French column of Colonel Desharbes (4D8/3), Commandant Aubert (3D8/4) and Capitaine Lefèvre
// (3D6/2), fifteen units, against the Black Flags of three chiefs, twelve units, one of which has
// slipped between Desharbes and the Legion. Mid-game: the French hold the initiative; Aubert
// commanded two companies of Tonkinese rifles, rolled 5, 3, 6 and activated both; the player kept the
// initiative and handed it to Desharbes, who now has one die fewer (3) and his units to choose. The
// Zouaves, with five losses, have left the map.
import type { DemoScene, DemoToken } from '../descriptor';
import { dcDemo } from './demo';
import type { DcEvent, DcHex, DcSide } from './types';

const base = { value: 0.85, unit: 'cell' } as const;

const events: DcEvent[] = [];
const tokens: DemoToken[] = [];
const pieces: Record<string, string> = {};
const at: Record<string, DcHex> = {};
let serial = 0;

/** A piece of the game (ids follow its one serial for leaders and units) and the counter standing for it. */
function piece(
  token: string,
  side: DcSide,
  name: string,
  hex: DcHex,
  what: { profile: string } | { losses: number },
): string {
  events.push(
    'profile' in what
      ? { type: 'leaderAdded', side, name, profile: what.profile }
      : { type: 'unitAdded', side, name, losses: what.losses },
  );
  const id = `${'profile' in what ? 'L' : 'U'}${++serial}`;
  pieces[token] = id;
  at[id] = hex;
  tokens.push({
    id: token,
    name,
    side,
    unit: null,
    role: 'profile' in what ? 'leader' : 'figure',
    at: { hex },
    base,
    piece: id,
  });
  return id;
}
const unitsOf = (
  side: DcSide,
  list: readonly [token: string, name: string, q: number, r: number, losses?: number][],
) => {
  for (const [token, name, q, r, losses = 0] of list) piece(token, side, name, { q, r }, { losses });
};

const desharbes = piece('desharbes', 'colonial', 'Colonel Desharbes', { q: 0, r: 0 }, { profile: '4D8/3' });
const aubert = piece('aubert', 'colonial', 'Commandant Aubert', { q: -5, r: 4 }, { profile: '3D8/4' });
piece('lefevre', 'colonial', 'Capitaine Lefèvre', { q: 5, r: 1 }, { profile: '3D6/2' });
unitsOf('colonial', [
  // The worked example's line, 3 hexes from Desharbes: losses 0, 1, 4 (fragile), 1.
  ['im1', 'Infanterie de marine 1', 0, -3],
  ['im2', 'Infanterie de marine 2', 1, -3, 1],
  ['im3', 'Infanterie de marine 3', 2, -3, 4],
  ['im4', 'Infanterie de marine 4', 3, -3, 1],
  ['chasseurs', "Chasseurs d'Afrique", 3, 0],
  ['art', 'Batterie de 80', -1, 1],
  ['leg1', 'Légion 1', -3, 0],
  ['leg2', 'Légion 2', -2, 3, 2],
  ['tt1', 'Tirailleurs tonkinois 1', -4, 2],
  ['tt2', 'Tirailleurs tonkinois 2', -3, 2],
  ['tt3', 'Tirailleurs tonkinois 3', -6, 3],
  ['ta1', 'Tirailleurs algériens 1', -1, 4],
  ['ta2', 'Tirailleurs algériens 2', 0, 4],
  ['spahis', 'Spahis', 6, 0],
  ['zou', 'Zouaves', 6, 2, 5],
]);
piece('vinh', 'native', 'Chef Vinh', { q: 3, r: -7 }, { profile: '4D8/3' });
piece('ky', 'native', 'Chef Ky', { q: 8, r: -5 }, { profile: '3D6/2' });
piece('tan', 'native', 'Chef Tan', { q: -2, r: -6 }, { profile: '3D10/3' });
unitsOf('native', [
  ['pn1', 'Pavillons noirs 1', 1, -6],
  ['pn2', 'Pavillons noirs 2', 2, -6],
  ['pn3', 'Pavillons noirs 3', 3, -6, 1],
  ['pn4', 'Pavillons noirs 4', 4, -6],
  ['pn5', 'Pavillons noirs 5', 5, -6],
  // On the straight line from Desharbes to the Legion's first company.
  ['pn6', 'Pavillons noirs 6', -2, 0, 2],
  ['reg1', 'Réguliers chinois 1', 7, -4],
  ['reg2', 'Réguliers chinois 2', 8, -4],
  ['reg3', 'Réguliers chinois 3', 9, -5, 1],
  ['mil1', 'Milice 1', -3, -5],
  ['mil2', 'Milice 2', -2, -5],
  ['mil3', 'Milice 3', -1, -6],
]);

// Where every piece stands, as the popup reads the board into a command (descriptor.fromBoard).
const positions = { ...at };
events.push(
  { type: 'start' },
  { type: 'initiativeGained', side: 'colonial' },
  { type: 'leaderActivated', leader: aubert },
  { type: 'unitsCommanded', units: [pieces.tt1!, pieces.tt2!], positions },
  { type: 'diceRolled', dice: [5, 3, 6] },
  {
    type: 'diceAssigned',
    assign: [
      { unit: pieces.tt1!, die: 0 },
      { unit: pieces.tt2!, die: 2 },
    ],
  },
  { type: 'initiativeKept', leader: desharbes },
);

// The worked example's map and sides: one hex a cell, the Colonial and the Native player.
export const dcArmy: DemoScene<DcEvent> = { ...dcDemo, title: 'demo_scene_dc_army', tokens, events };
