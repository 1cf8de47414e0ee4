// Désastre Colonial unit choice (desastre-colonial.md, "Choosing units"), on the hex map:
// - hex distance leader → unit ≤ R;
// - hex distance between ANY two chosen units ≤ R;
// - the hex path leader → unit may not cross a hex held by an enemy unit (a hex holding only
//   enemy leaders does not block);
// - at most `maxUnits` units (dice available), at least one.
// Choices made here:
// - A unit stands in the hexes of its tokens; unit distances use its nearest hex (units are
//   usually one counter, so this only matters for odd set-ups).
// - The path is read one of two ways (house rule `path`, DcPathReading):
//   - `straight-line` (default): the straight hex line between hex centres (Red Blob line
//     drawing), ends excluded (the leader's and the unit's own hexes). When the line runs
//     exactly along a hexside it touches two hexes at once: we draw it nudged to each side and
//     the path is blocked only if BOTH versions are (the leader may pass either side, as
//     hexside line-of-sight rules usually allow). The reported hex is the first blocking hex of
//     the first side.
//   - `around-enemies`: any path of at most R hex steps (R = the leader's radius) through hexes
//     not held by an enemy unit, ends excluded again (a breadth-first search, at most 91 hexes
//     for R = 5). Only checked for a unit within range: out of range says so already.
import type { Scene, Token } from '../../table/model';
import { hexDistance, hexKey, hexLine, hexNeighbours, pixelToHex, type Hex } from '../../geometry/hex';
import type { DcPathReading } from './types';

export class NotHexGridError extends Error {
  readonly code = 'not-a-hex-grid';
  constructor(readonly grid: string) {
    super(`not-a-hex-grid: ${grid}`);
    this.name = 'NotHexGridError';
  }
}

export type DcReason =
  | { readonly code: 'out-of-range'; readonly by: number; readonly unit: 'hex'; readonly distance: number }
  /** Straight-line reading: the first hex held by an enemy unit on the line, and the token there (its name is what a player reads). */
  | { readonly code: 'path-blocked'; readonly hex: Hex; readonly by: string }
  /** Around-enemies reading: no path of at most `radius` hexes avoids the enemy units. */
  | { readonly code: 'no-detour'; readonly radius: number }
  | { readonly code: 'spread-too-wide'; readonly other: string; readonly distance: number; readonly max: number }
  | { readonly code: 'unknown-unit' };

export type DcChoiceError =
  { readonly code: 'no-units' } | { readonly code: 'too-many-units'; readonly count: number; readonly max: number };

export interface DcUnitCheck {
  readonly unit: string;
  readonly ok: boolean;
  /** Hex steps from the leader (null for an unknown unit). */
  readonly distance: number | null;
  readonly hex: Hex | null;
  readonly reasons: readonly DcReason[];
}

export interface DcChoiceResult {
  readonly ok: boolean;
  readonly units: readonly DcUnitCheck[];
  readonly errors: readonly DcChoiceError[];
  /** Reroll condition: every chosen unit adjacent to at least one other chosen unit. */
  readonly allAdjacent: boolean;
}

export function tokenHex(t: Token, scene: Scene): Hex {
  if (scene.grid !== 'hex-pointy' && scene.grid !== 'hex-flat') throw new NotHexGridError(scene.grid);
  return pixelToHex(
    t.center,
    scene.pixelsPerCell,
    scene.grid === 'hex-flat' ? 'flat' : 'pointy',
    scene.hexOrigin,
    scene.hexPitch,
  );
}

interface Board {
  readonly leaderHex: Hex;
  readonly unitHexes: ReadonlyMap<string, readonly Hex[]>;
  /** Hexes holding at least one enemy token that is not a leader, each with the name of the first one there. */
  readonly blocking: ReadonlyMap<string, string>;
}

/**
 * A hex table read once: every token's hex, each side's units with their hexes, and what blocks each
 * side's paths. A board view with many leaders asks it once per leader without reading the tokens again.
 */
export interface DcTable {
  hexOf(t: Token): Hex;
  /** The units of a side (tokens with a unit and that side), with the hexes they stand in, in first-seen order. */
  unitsOf(side: string | null): ReadonlyMap<string, readonly Hex[]>;
  /**
   * Hexes holding at least one token of another side that is not a leader (none for a leader without
   * a side), each with the name of the first such token there (what a player reads as the blocker).
   */
  blockingFor(side: string | null): ReadonlyMap<string, string>;
}

/** Hexes of tokens already read, by token object: a tabletop hands unchanged tokens back as the same objects. */
const HEXES = new WeakMap<Token, { readonly lattice: string; readonly hex: Hex }>();

export function dcTable(tokens: readonly Token[], scene: Scene): DcTable {
  const lattice = `${scene.grid}|${scene.pixelsPerCell}|${scene.hexOrigin?.x ?? 0},${scene.hexOrigin?.y ?? 0}|${scene.hexPitch?.x ?? 0},${scene.hexPitch?.y ?? 0}`;
  const hexOf = (t: Token): Hex => {
    const known = HEXES.get(t);
    if (known && known.lattice === lattice) return known.hex;
    const hex = tokenHex(t, scene);
    HEXES.set(t, { lattice, hex });
    return hex;
  };
  const units = new Map<string | null, Map<string, Hex[]>>();
  const nonLeaders = new Map<string, Map<string, string>>();
  for (const t of tokens) {
    const h = hexOf(t);
    if (t.unit !== null) {
      const bySide = units.get(t.side) ?? units.set(t.side, new Map()).get(t.side)!;
      const list = bySide.get(t.unit);
      if (list) list.push(h);
      else bySide.set(t.unit, [h]);
    }
    if (t.side !== null && t.role !== 'leader') {
      const held = nonLeaders.get(t.side) ?? nonLeaders.set(t.side, new Map()).get(t.side)!;
      if (!held.has(hexKey(h))) held.set(hexKey(h), t.name);
    }
  }
  const blocking = new Map<string | null, Map<string, string>>();
  return {
    hexOf,
    unitsOf: (side) => units.get(side) ?? new Map(),
    blockingFor(side) {
      let found = blocking.get(side);
      if (!found) {
        found = new Map();
        if (side !== null)
          for (const [other, held] of nonLeaders)
            if (other !== side) for (const [k, name] of held) if (!found.has(k)) found.set(k, name);
        blocking.set(side, found);
      }
      return found;
    },
  };
}

const board = (leader: Token, table: DcTable): Board => ({
  leaderHex: table.hexOf(leader),
  unitHexes: table.unitsOf(leader.side),
  blocking: table.blockingFor(leader.side),
});

function nearestHex(from: Hex, hexes: readonly Hex[]): { hex: Hex; distance: number } {
  let best = { hex: hexes[0]!, distance: hexDistance(from, hexes[0]!) };
  for (const h of hexes) {
    const d = hexDistance(from, h);
    if (d < best.distance) best = { hex: h, distance: d };
  }
  return best;
}

/** First blocking hex strictly between a and b, or null if the path is clear (see tie rule above). */
export function blockedAt(a: Hex, b: Hex, blocking: { has(key: string): boolean }): Hex | null {
  const firstBlock = (line: Hex[]): Hex | null => {
    for (let k = 1; k < line.length - 1; k++) if (blocking.has(hexKey(line[k]!))) return line[k]!;
    return null;
  };
  const plus = firstBlock(hexLine(a, b, 1));
  if (plus === null) return null;
  return firstBlock(hexLine(a, b, -1)) === null ? null : plus;
}

/**
 * Hex steps of the shortest path from `from` to any of `goals` that enters no blocking hex (the ends
 * excepted, as for the straight line), or null if every such path is longer than `max`.
 */
export function detourLength(
  from: Hex,
  goals: readonly Hex[],
  blocking: { has(key: string): boolean },
  max: number,
): number | null {
  const goal = new Set(goals.map(hexKey));
  if (goal.has(hexKey(from))) return 0;
  const seen = new Set([hexKey(from)]);
  let frontier = [from];
  for (let steps = 1; steps <= max && frontier.length > 0; steps++) {
    const next: Hex[] = [];
    for (const h of frontier) {
      for (const n of hexNeighbours(h)) {
        const key = hexKey(n);
        if (seen.has(key)) continue;
        seen.add(key);
        if (goal.has(key)) return steps;
        if (!blocking.has(key)) next.push(n);
      }
    }
    frontier = next;
  }
  return null;
}

function unitDistance(a: readonly Hex[], b: readonly Hex[]): number {
  let best = Infinity;
  for (const x of a) for (const y of b) best = Math.min(best, hexDistance(x, y));
  return best;
}

/** Range and path check of one unit alone (to grey out ineligible units while picking). */
function checkOne(bd: Board, unit: string, radius: number, path: DcPathReading): DcUnitCheck {
  const hexes = bd.unitHexes.get(unit);
  if (!hexes || hexes.length === 0)
    return { unit, ok: false, distance: null, hex: null, reasons: [{ code: 'unknown-unit' }] };
  const { hex, distance } = nearestHex(bd.leaderHex, hexes);
  const reasons: DcReason[] = [];
  // Out of range says enough: the path is only traced for a unit the leader could reach.
  if (distance > radius) reasons.push({ code: 'out-of-range', by: distance - radius, unit: 'hex', distance });
  else if (path === 'straight-line') {
    const blocked = blockedAt(bd.leaderHex, hex, bd.blocking);
    if (blocked) reasons.push({ code: 'path-blocked', hex: blocked, by: bd.blocking.get(hexKey(blocked))! });
  } else if (detourLength(bd.leaderHex, hexes, bd.blocking, radius) === null) {
    reasons.push({ code: 'no-detour', radius });
  }
  return { unit, ok: reasons.length === 0, distance, hex, reasons };
}

/** Each friendly unit's eligibility for this leader (range and path), in first-seen order. */
export function dcEligibility(
  leader: Token,
  tokens: readonly Token[] | DcTable,
  scene: Scene,
  radius: number,
  path: DcPathReading = 'straight-line',
): DcUnitCheck[] {
  const bd = board(leader, 'hexOf' in tokens ? tokens : dcTable(tokens, scene));
  const out: DcUnitCheck[] = [];
  for (const unit of bd.unitHexes.keys()) if (unit !== leader.unit) out.push(checkOne(bd, unit, radius, path));
  return out;
}

/** Checks a whole choice of units for a leader of radius `radius` hexes, the path read as `path`. */
export function checkDcChoice(
  leader: Token,
  chosen: readonly string[],
  tokens: readonly Token[] | DcTable,
  scene: Scene,
  radius: number,
  maxUnits = Infinity,
  path: DcPathReading = 'straight-line',
): DcChoiceResult {
  const bd = board(leader, 'hexOf' in tokens ? tokens : dcTable(tokens, scene));
  const errors: DcChoiceError[] = [];
  if (chosen.length === 0) errors.push({ code: 'no-units' });
  if (chosen.length > maxUnits) errors.push({ code: 'too-many-units', count: chosen.length, max: maxUnits });
  const units = chosen.map((u) => {
    const one = checkOne(bd, u, radius, path);
    const mine = bd.unitHexes.get(u);
    if (!mine) return one;
    const spread: DcReason[] = [];
    for (const other of chosen) {
      const theirs = bd.unitHexes.get(other);
      if (other === u || !theirs) continue;
      const d = unitDistance(mine, theirs);
      if (d > radius) spread.push({ code: 'spread-too-wide', other, distance: d, max: radius });
    }
    return spread.length ? { ...one, ok: false, reasons: [...one.reasons, ...spread] } : one;
  });
  const allAdjacent =
    chosen.length >= 2 &&
    chosen.every((u) => {
      const mine = bd.unitHexes.get(u);
      return (
        mine !== undefined &&
        chosen.some((o) => o !== u && bd.unitHexes.has(o) && unitDistance(mine, bd.unitHexes.get(o)!) === 1)
      );
    });
  return { ok: errors.length === 0 && units.every((c) => c.ok), units, errors, allAdjacent };
}
