// Tabletop-neutral table model. Roll20, Owlbear and the demo table adapters produce it;
// the geometry engine consumes it and knows nothing of where it came from.

/** A point in scene pixels (y grows downwards, as on both tabletops). */
export interface Vec2 {
  readonly x: number;
  readonly y: number;
}

/** A length with its unit: a real unit (cm, mm, m, in, ft, …), the scene's own unit name, or `cell`. */
export interface Length {
  readonly value: number;
  /** `cell` = grid cells (hex steps on a hex grid); anything else goes through the scene scale. */
  readonly unit: string;
}

export type TokenRole = 'leader' | 'figure' | 'radio-operator';

export interface Token {
  readonly id: string;
  readonly name: string;
  /** Centre of the token in scene pixels (Roll20 `left`/`top`; Owlbear computed centre). */
  readonly center: Vec2;
  /** Footprint in scene pixels (Roll20 `width`/`height`; Owlbear image size × scale). */
  readonly footprint: { readonly width: number; readonly height: number };
  /** Tabletop layer name as the adapter reports it (`objects`, `CHARACTER`, …). */
  readonly layer: string;
  readonly visible: boolean;
  /** Side/army id; `null` when unknown (never an enemy of anyone). */
  readonly side: string | null;
  /** Unit id; `null` when the token belongs to no unit. */
  readonly unit: string | null;
  /** The name a person gave that unit on the tabletop (the demo's unit field), when the tabletop has one; never an id it made up. */
  readonly unitName?: string;
  readonly role: TokenRole;
  /** Carries a radio (BdC). */
  readonly radio?: boolean;
  /** Degrees the token is turned, clockwise on screen (Roll20 and Owlbear `rotation`); 0 when absent. */
  readonly rotation?: number;
  /** Round base diameter if declared; otherwise the footprint stands for the base (src/geometry/bases.ts). */
  readonly baseSize?: Length | null;
  /** For a leader: id of the leader above him (BdC company leader), for radio and voice links. */
  readonly commander?: string | null;
}

export type GridType = 'none' | 'square' | 'hex-pointy' | 'hex-flat';

/**
 * How the tabletop measures. Roll20 `diagonaltype`: foure → chebyshev, threefive → alternating,
 * manhattan, pythagorean → euclidean, hex → hex. Owlbear `getMeasurement()` maps by name.
 */
export type Measurement = 'euclidean' | 'chebyshev' | 'manhattan' | 'alternating' | 'hex';

export interface Scene {
  /**
   * Pixels per grid cell. Square: cell side (Roll20 `70 × snapping_increment`, Owlbear dpi).
   * Hex: distance between the centres of two adjacent hexes (Roll20 `70 × si`; Owlbear dpi).
   */
  readonly pixelsPerCell: number;
  /** Map units per cell (Roll20 `scale_number`, Owlbear `scale.parsed.multiplier`). */
  readonly unitsPerCell: number;
  /** Unit name (Roll20 `scale_units`, Owlbear `scale.parsed.unit`): ft, m, in, cm, hex, … */
  readonly unitName: string;
  readonly grid: GridType;
  readonly measurement: Measurement;
  /** Hex grids: pixel centre of hex (0,0). Roll20 `hex`: (35·si, 70·si/√3). Default (0,0). */
  readonly hexOrigin?: Vec2;
  /**
   * Hex grids whose lattice is not regular: the pitch in px between neighbouring columns (x) and
   * rows (y). Pointy: x = between neighbours in a row, y = between rows; flat: x = between
   * columns, y = between neighbours in a column. Absent: regular hexagons of `pixelsPerCell`
   * (pointy (ppc, ppc·√3/2), flat (ppc·√3/2, ppc)). Measured distances still count hex steps.
   */
  readonly hexPitch?: Vec2;
}

export interface Table {
  readonly scene: Scene;
  readonly tokens: readonly Token[];
}

/** Whether distances run centre to centre or base edge to base edge. */
export type MeasureFrom = 'centre' | 'edge';
