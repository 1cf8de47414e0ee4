// Roll20 page + tokens (validated plain JSON from the bridge) → the tabletop-neutral table model.
// Distances go through the page's own scale, cell size and diagonal rule so that figures agree
// with Roll20's ruler (roll20.md §1.2, §6): 1 cell = 70 × snapping_increment px = scale_number
// scale_units; `snapping_increment = 0` is "grid off" (70 px reference, straight-line distances),
// and so is a grid switched off with `showgrid: false` (the cell keeps its size, the distances are
// straight lines: no squares or hexes are counted where none are shown).
import type { Measurement, Scene, Token, TokenRole, GridType } from '../../table/model';
import { nameStem } from '../../board/roster';
import { pageLattice, type HexLattice } from './lattice';
import type { RawPage, RawToken } from './protocol';
import type { Roll20Settings } from './settings';

/** Roll20's reference cell: 70 px at snapping_increment 1. */
export const BASE_CELL_PX = 70;

const MEASUREMENT: Readonly<Record<RawPage['diagonaltype'], Measurement>> = {
  foure: 'chebyshev',
  threefive: 'alternating',
  manhattan: 'manhattan',
  pythagorean: 'euclidean',
  hex: 'hex',
};

/**
 * The page's measuring rules as a Scene. Dimetric/isometric pages measure like square ones on the
 * page plane [I]. On hex pages, hexes are counted on `lattice` (./lattice.ts: Roll20's own for the
 * page, unless its tokens stand on another one); without it, on Roll20's own.
 */
export function sceneOf(page: RawPage, lattice?: HexLattice): Scene {
  const si = page.snapping_increment;
  const grid: GridType = page.grid_type === 'hex' ? 'hex-pointy' : page.grid_type === 'hexr' ? 'hex-flat' : 'square';
  if (!(si > 0) || !page.showgrid) {
    return {
      pixelsPerCell: si > 0 ? BASE_CELL_PX * si : BASE_CELL_PX,
      unitsPerCell: page.scale_number,
      unitName: page.scale_units,
      grid: 'none',
      measurement: 'euclidean',
    };
  }
  const ppc = BASE_CELL_PX * si;
  const scene: Scene = {
    pixelsPerCell: ppc,
    unitsPerCell: page.scale_number,
    unitName: page.scale_units,
    grid,
    measurement: MEASUREMENT[page.diagonaltype],
  };
  if (grid === 'square') return scene;
  const l = lattice ?? pageLattice(si, grid === 'hex-pointy' ? 'pointy' : 'flat');
  return { ...scene, hexOrigin: l.origin, ...(l.pitch ? { hexPitch: l.pitch } : {}) };
}

export interface Marker {
  readonly name: string;
  readonly badge: number | null;
}

/** `statusmarkers`: comma list of `name` or `name@N`; custom markers are `name::id`. */
export function parseMarkers(raw: string): Marker[] {
  const out: Marker[] = [];
  for (const part of raw.split(',')) {
    const s = part.trim();
    if (!s) continue;
    const at = s.lastIndexOf('@');
    const name = (at >= 0 ? s.slice(0, at) : s).trim();
    const n = at >= 0 ? Number(s.slice(at + 1)) : NaN;
    out.push({ name, badge: Number.isInteger(n) && n >= 0 ? n : null });
  }
  return out;
}

/** A marker matches by full name or, for custom markers (`name::id`), by the name before `::`. */
const isMarker = (m: Marker, wanted: string): boolean =>
  wanted !== '' &&
  (m.name.toLowerCase() === wanted.toLowerCase() || m.name.split('::')[0]!.toLowerCase() === wanted.toLowerCase());

export const hasMarker = (raw: string, wanted: string): boolean => parseMarkers(raw).some((m) => isMarker(m, wanted));

/** Roll20's colour status markers, usable as side marks. */
export const COLOUR_MARKERS = ['red', 'blue', 'green', 'brown', 'purple', 'pink', 'yellow'] as const;

export function sideOf(t: RawToken, from: Roll20Settings['sideFrom']): string | null {
  switch (from) {
    case 'controlledby': {
      const ids = t.controlledby
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .sort();
      // `all` is every player: such a token is everyone's, whoever else is named beside it.
      if (ids.includes('all')) return 'all';
      return ids.length ? ids.join(',') : null;
    }
    case 'tint': {
      const c = t.tint.trim().toLowerCase();
      return c && c !== 'transparent' ? c : null;
    }
    case 'marker':
      return (
        parseMarkers(t.markers)
          .find((m) => (COLOUR_MARKERS as readonly string[]).includes(m.name.toLowerCase()))
          ?.name.toLowerCase() ?? null
      );
    case 'prefix': {
      const i = t.name.search(/[:|]/);
      const p = i > 0 ? t.name.slice(0, i).trim() : '';
      return p || null;
    }
  }
}

export function unitOf(t: RawToken, side: string | null, s: Roll20Settings): string | null {
  const a = s.assignments[t.id];
  if (a && a.unit !== undefined) return a.unit;
  const scope = side ?? '-';
  if (s.unitFrom === 'badge') {
    const badged = parseMarkers(t.markers).find((m) => m.badge !== null && !isMarker(m, s.deadMarker));
    return badged ? `${scope}/${badged.badge}` : null;
  }
  const stem = nameStem(t.name);
  return stem ? `${scope}/${stem}` : null;
}

export function roleOf(t: RawToken, s: Roll20Settings): TokenRole {
  return s.assignments[t.id]?.role ?? (hasMarker(t.markers, s.leaderMarker) ? 'leader' : 'figure');
}

/** Figures (docs/roll20.md "What is a figure"): graphics on the token layer that are neither drawings nor cards. */
export const isFigure = (t: RawToken): boolean => t.layer === 'objects' && t.kind === undefined;

/** Tokens that take part in command: figures, with a size, and not marked dead. */
export function isActive(t: RawToken, s: Roll20Settings): boolean {
  return isFigure(t) && t.width > 0 && t.height > 0 && !hasMarker(t.markers, s.deadMarker);
}

export function toToken(t: RawToken, s: Roll20Settings): Token {
  const side = sideOf(t, s.sideFrom);
  return {
    id: t.id,
    name: t.name,
    center: { x: t.left, y: t.top },
    footprint: { width: t.width, height: t.height },
    ...(t.rotation ? { rotation: t.rotation } : {}),
    layer: t.layer,
    visible: true,
    side,
    unit: unitOf(t, side, s),
    role: roleOf(t, s),
  };
}

/** The active tokens of a page as table tokens, grouped by unit (the chain engine is fastest that way). */
export function toTokens(raws: Iterable<RawToken>, s: Roll20Settings): Token[] {
  const out: Token[] = [];
  for (const t of raws) if (isActive(t, s)) out.push(toToken(t, s));
  // Plain code-unit order (not localeCompare): cheap, and the same in every browser.
  const key = (t: Token) => `${t.unit ?? ''}\u0000${t.id}`;
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
