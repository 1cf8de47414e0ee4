// Public API of the command-range engine (docs/geometry.md).
export {
  CELL,
  IncompatibleUnitsError,
  InvalidScaleError,
  convertLength,
  fromCells,
  isCompatible,
  isLengthUnit,
  normalizeUnit,
  toCells,
  toPixels,
  tidy,
} from './units';
export {
  TIE_EPSILON,
  axisDistance,
  cellDistance,
  effectiveMetric,
  hexStepDistance,
  rangeShapeKind,
  withinRange,
  type Metric,
  type RangeShapeKind,
} from './metrics';
export {
  HEX_DIRECTIONS,
  axialDistance,
  hexCorners,
  hexDistance,
  hexKey,
  hexLine,
  hexNeighbours,
  hexRound,
  hexToPixel,
  hexesWithin,
  pixelToFractionalAxial,
  pixelToHex,
  type Hex,
  type HexOrientation,
} from './hex';
export { axisReach, prepareTable, type PreparedTable } from './prepare';
export { BASE_SHAPES, DEFAULT_BASE_SHAPE, baseGap, baseOf, type Base, type BaseShape } from './bases';
export { GridIndex } from './spatial-index';
export {
  chainEdges,
  type ChainOptions,
  type ChainResult,
  type CommandLink,
  type CommandReason,
  type FigureCommand,
  type LeaderAbility,
} from './chains-common';
export { computeChains } from './chains';
export { computeChainsNaive } from './chains-naive';
export { createRangeQuery, distanceBetween, tokensWithin, type InRange, type RangeQuery } from './within';
export { leaderUnit, unitsWithin, type UnitReach } from './signal';
export { rangeShape, type RangeShape, type ShapeOptions } from './shapes';
