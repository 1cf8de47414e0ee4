// Real units ↔ grid cells ↔ pixels through the scene scale, so callers ask "within 10 cm"
// whatever the table's grid says (1 cell = 1 in, 1 cell = 5 cm, 1 cell = 5 ft, …).
import type { Length, Scene } from '../table/model';

/** Millimetres per unit, for the length units a tabletop scale may use. */
const MM_PER: Readonly<Record<string, number>> = {
  mm: 1,
  cm: 10,
  m: 1000,
  km: 1_000_000,
  in: 25.4,
  ft: 304.8,
  yd: 914.4,
  mi: 1_609_344,
};

/** Spellings seen in Roll20 `scale_units`, Owlbear scale strings and French/English rule texts. */
const ALIASES: Readonly<Record<string, string>> = {
  millimetre: 'mm',
  millimeter: 'mm',
  millimetres: 'mm',
  millimeters: 'mm',
  centimetre: 'cm',
  centimeter: 'cm',
  centimetres: 'cm',
  centimeters: 'cm',
  metre: 'm',
  meter: 'm',
  metres: 'm',
  meters: 'm',
  kilometre: 'km',
  kilometer: 'km',
  kilometres: 'km',
  kilometers: 'km',
  inch: 'in',
  inches: 'in',
  '"': 'in',
  '″': 'in',
  pouce: 'in',
  pouces: 'in',
  po: 'in',
  foot: 'ft',
  feet: 'ft',
  "'": 'ft',
  '′': 'ft',
  pied: 'ft',
  pieds: 'ft',
  pi: 'ft',
  yard: 'yd',
  yards: 'yd',
  mile: 'mi',
  miles: 'mi',
  cells: 'cell',
  square: 'cell',
  squares: 'cell',
  sq: 'cell',
};

/** The special unit meaning "grid cells" (hex steps on a hex grid). */
export const CELL = 'cell';

export function normalizeUnit(unit: string): string {
  const u = unit.trim().toLowerCase().replace(/\.$/, '');
  return ALIASES[u] ?? u;
}

export function isLengthUnit(unit: string): boolean {
  return MM_PER[normalizeUnit(unit)] !== undefined;
}

/** Raised when a distance is asked in a unit the scene scale cannot express (cm on a "hex" scene). */
export class IncompatibleUnitsError extends Error {
  readonly code = 'incompatible-units';
  constructor(
    readonly requested: string,
    readonly sceneUnit: string,
  ) {
    super(`incompatible-units: ${requested} vs scene ${sceneUnit}`);
    this.name = 'IncompatibleUnitsError';
  }
}

/** Raised when the scene scale is unusable (zero or negative cell size or units per cell). */
export class InvalidScaleError extends Error {
  readonly code = 'invalid-scale';
  constructor(
    readonly field: 'pixelsPerCell' | 'unitsPerCell',
    readonly value: number,
  ) {
    super(`invalid-scale: ${field} = ${value}`);
    this.name = 'InvalidScaleError';
  }
}

/** Converts between two length units; throws if either is not a length unit. */
export function convertLength(value: number, from: string, to: string): number {
  const f = normalizeUnit(from);
  const t = normalizeUnit(to);
  if (f === t) return value;
  const a = MM_PER[f];
  const b = MM_PER[t];
  if (a === undefined || b === undefined) throw new IncompatibleUnitsError(from, to);
  return (value * a) / b;
}

/** Factor such that `cells = value × factor` for lengths in `unit` on this scene. */
function cellsPerUnit(unit: string, scene: Scene): number {
  const u = normalizeUnit(unit);
  if (u === CELL) return 1;
  if (!(scene.unitsPerCell > 0)) throw new InvalidScaleError('unitsPerCell', scene.unitsPerCell);
  const s = normalizeUnit(scene.unitName);
  // Same name: works for non-length units too ("hex" on a hex scene, a custom "pace").
  if (u === s) return 1 / scene.unitsPerCell;
  const a = MM_PER[u];
  const b = MM_PER[s];
  if (a === undefined || b === undefined) throw new IncompatibleUnitsError(unit, scene.unitName);
  return a / b / scene.unitsPerCell;
}

/** A length in grid cells on this scene (the engine's working unit). */
export function toCells(length: Length, scene: Scene): number {
  return length.value * cellsPerUnit(length.unit, scene);
}

/** Grid cells back to the given unit (to report "out of range by 2.3 cm"). */
export function fromCells(cells: number, unit: string, scene: Scene): number {
  return cells / cellsPerUnit(unit, scene);
}

export function pixelsPerCell(scene: Scene): number {
  if (!(scene.pixelsPerCell > 0)) throw new InvalidScaleError('pixelsPerCell', scene.pixelsPerCell);
  return scene.pixelsPerCell;
}

export function toPixels(length: Length, scene: Scene): number {
  return toCells(length, scene) * pixelsPerCell(scene);
}

/** Whether `unit` can be used on this scene without throwing. */
export function isCompatible(unit: string, scene: Scene): boolean {
  try {
    cellsPerUnit(unit, scene);
    return true;
  } catch {
    return false;
  }
}

/** Rounds a reported figure so that float noise (2.3000000000000003) does not reach the UI. */
export function tidy(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
