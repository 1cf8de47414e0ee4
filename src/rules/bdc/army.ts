// The demo table's Les bandes de Champagne army: a French infantry company of 1940, 41 figures on
// 25 mm bases, 10 cm command base edge to base edge. Capitaine Morel, whose radio operator stands in
// base contact with him, commands three sections: the 1st (Lieutenant Vasseur, radio) and the 2nd
// (Adjudant Roux, radio) by radio, the 3rd (Sous-lieutenant Garnier, no radio) not at all, too far
// for his voice. Each section has two combat groups (groupes de combat) led by their sergeants, five
// men each: the FM team (tireur, pourvoyeur) and three voltigeurs. Mid-game: Sergent Fabre, twice
// shaken, is demoralised, so none of the 5th group is commanded and, rigid, they must close up; a
// voltigeur of the 2nd group (rigid) has fallen behind; two of the 6th (flexible) scout ahead, out
// of command but free to act apart; the 4th group is pinned.
import type { DemoScene, DemoToken } from '../descriptor';
import type { BdcEvent, Doctrine } from './types';

const base = { value: 25, unit: 'mm' } as const;
const aptitude = { kind: '', modifier: 0 };
const side = 'company';

/** Piece ids follow the game's one serial for units and leaders (u1, l2, …), in the order of `events`. */
const events: BdcEvent[] = [];
const tokens: DemoToken[] = [];
let serial = 0;
const unit = (name: string, doctrine: Doctrine): string => {
  events.push({
    type: 'unitAdded',
    unit: { name, level: 'confiant', experience: 2, doctrine, teams: doctrine === 'rigid' ? 1 : 2 },
  });
  return `u${++serial}`;
};
const leader = (
  name: string,
  morale: number,
  pa: number,
  more: { leads?: string; radio?: boolean; commander?: string },
): string => {
  events.push({ type: 'leaderAdded', leader: { name, morale, pa, aptitude, ...more } });
  return `l${++serial}`;
};
const place = (
  id: string,
  name: string,
  group: string | null,
  piece: string,
  x: number,
  y: number,
  role: DemoToken['role'] = 'figure',
): void => {
  tokens.push({ id, name, side, unit: group, role, at: { x, y }, base, piece });
};

// 10 px a centimetre. The groups stand in a line 150 px from the top, each five men 45 px apart (2 cm
// between bases); the sergeants 7.5 cm behind their group, the section leaders behind their two.
const FRONT = 150;
const groupX = (n: number) => 60 + (n - 1) * 210;
const centre = (n: number) => groupX(n) + 90;

const hq = unit('Commandement', 'rigid');
const morel = leader('Capitaine Morel', 8, 4, { leads: hq });
place('cpt', 'Capitaine Morel', 'hq', morel, 675, 480, 'leader');
// Bases touching: 25 px between centres of two 25 mm bases.
place('op', 'Opérateur radio', 'hq', hq, 700, 480, 'radio-operator');

const SECTIONS = [
  { id: 'lt1', name: 'Lieutenant Vasseur', radio: true, groups: [1, 2] },
  { id: 'lt2', name: 'Adjudant Roux', radio: true, groups: [3, 4] },
  { id: 'lt3', name: 'Sous-lieutenant Garnier', radio: false, groups: [5, 6] },
] as const;
const SERGEANTS = ['Lambert', 'Caron', 'Blanchard', 'Perrin', 'Fabre', 'Marchand'];
const FLEXIBLE = new Set([3, 6]);
const groups: Record<number, { unit: string; sergeant: string }> = {};

for (const s of SECTIONS) {
  const chief = leader(s.name, 7, 3, { radio: s.radio, commander: morel });
  place(s.id, s.name, null, chief, (centre(s.groups[0]) + centre(s.groups[1])) / 2, 280, 'leader');
  for (const n of s.groups) {
    const group = unit(`Groupe ${n}`, FLEXIBLE.has(n) ? 'flexible' : 'rigid');
    const sergeant = leader(`Sergent ${SERGEANTS[n - 1]}`, 6, 3, { leads: group, commander: chief });
    groups[n] = { unit: group, sergeant };
    place(`sg${n}`, `Sergent ${SERGEANTS[n - 1]}`, `g${n}`, sergeant, centre(n), FRONT + 75, 'leader');
    const men = ['FM', 'Pourvoyeur', 'Voltigeur a', 'Voltigeur b', 'Voltigeur c'].map((m) =>
      m.startsWith('Voltigeur') ? `Voltigeur ${n}${m.slice(-1)}` : `${m} ${n}`,
    );
    men.forEach((name, i) => {
      let x = groupX(n) + i * 45;
      let y = FRONT;
      // Out of command: a straggler of the 2nd group 11.5 cm from his sergeant; two scouts of the 6th.
      if (n === 2 && i === 4) [x, y] = [440, 340];
      if (n === 6 && i >= 3) [x, y] = [x + 30 * (i - 2), FRONT - 140 + 15 * (i - 3)];
      place(`g${n}-${i + 1}`, name, `g${n}`, group, x, y);
    });
  }
}

// The game so far: Sergent Fabre (morale 6) failed two tests, 9 then 8: pinned, then demoralised
// (factor 4), so he cannot command. The 4th group failed one (8 against 6): pinned. The 1st group
// drew its first card.
events.push({ type: 'moraleTests', id: groups[5]!.sergeant, naturals: [9, 8] });
events.push({ type: 'moraleTests', id: groups[4]!.unit, naturals: [8] });
events.push({ type: 'activated', id: groups[1]!.unit, card: 1 });

export const bdcArmy: DemoScene<BdcEvent> = {
  title: 'demo_scene_bdc_army',
  scene: { pixelsPerCell: 25, unitsPerCell: 2.5, unitName: 'cm', grid: 'none', measurement: 'euclidean' },
  sides: [{ id: side, label: 'demo_side_company', colour: '#02377b' }],
  tokens,
  events,
  gameSides: {},
};
