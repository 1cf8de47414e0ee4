import type { Length, Scene, Token, TokenRole } from '../../../src/table/model';
import { mulberry32 } from '../../../src/random/seeded';

/** A gridless table, 10 px per cm, measured in cm (1 cell = 5 cm = 50 px). */
export const CM_TABLE: Scene = {
  pixelsPerCell: 50,
  unitsPerCell: 5,
  unitName: 'cm',
  grid: 'none',
  measurement: 'euclidean',
};

/** A square grid where 1 cell = 1 inch, 70 px (Roll20 default cell). */
export const INCH_GRID: Scene = {
  pixelsPerCell: 70,
  unitsPerCell: 1,
  unitName: 'in',
  grid: 'square',
  measurement: 'euclidean',
};

export interface TokenSpec {
  id: string;
  x: number;
  y: number;
  unit?: string | null;
  side?: string | null;
  role?: TokenRole;
  radio?: boolean;
  size?: number;
  baseSize?: Length | null;
  commander?: string | null;
}

export function token(s: TokenSpec): Token {
  const size = s.size ?? 0;
  return {
    id: s.id,
    name: s.id,
    center: { x: s.x, y: s.y },
    footprint: { width: size, height: size },
    layer: 'objects',
    visible: true,
    side: s.side ?? 'A',
    unit: s.unit === undefined ? 'u1' : s.unit,
    role: s.role ?? 'figure',
    radio: s.radio ?? false,
    baseSize: s.baseSize ?? null,
    commander: s.commander ?? null,
  };
}

/** Seeded PRNG for reproducible random tables. */
export const rng = mulberry32;
