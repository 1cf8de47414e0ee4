// Two Hell Dorado companies on the demo table, shared by the army scenes of Hell Dorado's two rule
// systems (src/rules/hd-command/army.ts, src/rules/hd-modifiers/army.ts): Arnaud's Occident company
// and Tarik's Orient caravan, fifteen fighters each on 30 mm bases, facing each other across 80 cm of table.
// Data only: each system makes its own game of them.
import type { DemoScene, DemoToken } from './descriptor';

export interface HdFighter {
  readonly token: string;
  readonly name: string;
  /** CMD (Hell Dorado Command) and the card's DEF and DPT (characteristic modifiers). */
  readonly cmd: number;
  readonly def: number;
  readonly dpt: number;
  /** Scene px. */
  readonly x: number;
  readonly y: number;
}

/** A company: the tabletop side its tokens stand on, its name (the game's side name too) and fighters. */
export interface HdCompany {
  readonly side: string;
  readonly name: string;
  readonly colour: string;
  readonly fighters: readonly HdFighter[];
}

/** `n` fighters of one profile, "Bretteur 1", "Bretteur 2"…, in a row from (x, y), 45 px apart. */
const row = (
  prefix: string,
  name: string,
  n: number,
  stats: Pick<HdFighter, 'cmd' | 'def' | 'dpt'>,
  x: number,
  y: number,
  dx = 45,
): HdFighter[] =>
  Array.from({ length: n }, (_, i) => ({
    token: `${prefix}${i + 1}`,
    name: n === 1 ? name : `${name} ${i + 1}`,
    ...stats,
    x: x + i * dx,
    y,
  }));

export const HD_COMPANIES: readonly [HdCompany, HdCompany] = [
  {
    side: 'arnaud',
    name: 'Arnaud',
    colour: '#6f1535',
    fighters: [
      ...row('fc', 'Franc-capitaine', 1, { cmd: 4, def: 4, dpt: 4 }, 300, 520),
      ...row('pe', 'Porte-étendard', 1, { cmd: 1, def: 3, dpt: 4 }, 360, 540),
      ...row('se', 'Sergent', 2, { cmd: 1, def: 3, dpt: 4 }, 180, 470, 300),
      ...row('mi', 'Missionnaire', 2, { cmd: 1, def: 3, dpt: 4 }, 220, 560, 200),
      ...row('vo', 'Voyageuse', 1, { cmd: 2, def: 3, dpt: 5 }, 560, 470),
      ...row('br', 'Bretteur', 4, { cmd: 1, def: 4, dpt: 5 }, 140, 400, 70),
      ...row('ar', 'Arquebusier', 4, { cmd: 0, def: 3, dpt: 4 }, 460, 410, 60),
    ],
  },
  {
    side: 'tarik',
    name: 'Tarik',
    colour: '#523217',
    fighters: [
      ...row('ta', 'Tarik', 1, { cmd: 3, def: 3, dpt: 5 }, 600, 90),
      ...row('vz', 'Vizir', 1, { cmd: 2, def: 3, dpt: 4 }, 680, 60),
      ...row('ha', 'Hashishin', 4, { cmd: 1, def: 5, dpt: 6 }, 400, 170, 70),
      ...row('la', 'Lancier', 4, { cmd: 0, def: 4, dpt: 5 }, 700, 170, 60),
      ...row('de', 'Derviche', 2, { cmd: 1, def: 3, dpt: 5 }, 300, 90, 80),
      ...row('ac', 'Archer', 3, { cmd: 0, def: 3, dpt: 4 }, 820, 80, 60),
    ],
  },
];

const base = { value: 30, unit: 'mm' } as const;

/** The companies' tokens, each standing for the piece `pieceOf` gives it. */
export const hdTokens = (pieceOf: (company: number, index: number) => string): DemoToken[] =>
  HD_COMPANIES.flatMap((c, ci) =>
    c.fighters.map((f, i): DemoToken => ({
      id: f.token,
      name: f.name,
      side: c.side,
      unit: null,
      role: 'figure',
      at: { x: f.x, y: f.y },
      base,
      piece: pieceOf(ci, i),
    })),
  );

/** The scene around the tokens: 10 px a centimetre, no grid; each company's side named as in its game. */
export const hdScene = <E>(
  title: string,
  tokens: readonly DemoToken[],
  events: readonly E[],
  gameSides: Readonly<Record<string, string>>,
): DemoScene<E> => ({
  title,
  scene: { pixelsPerCell: 50, unitsPerCell: 5, unitName: 'cm', grid: 'none', measurement: 'euclidean' },
  sides: HD_COMPANIES.map((c) => ({ id: c.side, label: c.name, colour: c.colour })),
  tokens,
  events,
  gameSides,
});
