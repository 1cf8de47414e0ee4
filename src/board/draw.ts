// The pieces every rule system's view is drawn with: a mark on a token, a range ring around a
// leader in the shape the scene measures, a link between two tokens. Scene px throughout.
import { hexToPixel, pixelToHex, type HexOrientation } from '../geometry/hex';
import { effectiveMetric, type Metric } from '../geometry/metrics';
import { baseBoxOf, baseOf, DEFAULT_BASE_SHAPE, type BaseShape } from '../geometry/bases';
import { rangeShape, type RangeShape } from '../geometry/shapes';
import { unionOutline } from '../geometry/union-outline';
import type { MeasureFrom, Scene, Token, Vec2 } from '../table/model';
import type { BoundToken, Edge, EdgeKind, Mark, MarkStatus, Reason, Ring, RingKind } from './model';

export const orientationOf = (scene: Scene): HexOrientation => (scene.grid === 'hex-flat' ? 'flat' : 'pointy');

/** A token's mark; `bases` is the system's reading of bases (a box base gets a ring that hugs its box). */
export function markOf(
  t: BoundToken,
  status: MarkStatus,
  reason: Reason | null = null,
  closeUp = false,
  bases: BaseShape = DEFAULT_BASE_SHAPE,
): Mark {
  const m: { -readonly [K in keyof Mark]: Mark[K] } = {
    id: t.id,
    name: t.name,
    x: t.center.x,
    y: t.center.y,
    r: Math.min(t.footprint.width, t.footprint.height) / 2,
    status,
    reason,
    piece: t.piece?.id ?? null,
    unit: t.unit,
  };
  const box = baseBoxOf(t, bases);
  if (box) m.box = box;
  if (closeUp) m.closeUp = true;
  return m;
}

/** Scene px between a figure's base and its status ring, on every tabletop. */
export const MARK_GAP = 4;

/** Points on each rounded corner of a box mark's ring (a quarter turn). */
const CORNER_STEPS = 6;

/**
 * A box mark's status ring, relative to its centre (scene px): the box pushed out by `gap` on every
 * side, its corners rounded with radius `gap` about the box's own corners, turned as the box is; so
 * every point of the base is inside it, `gap` clear. Null for a disc (a circle of `r + gap`).
 */
export function markOutline(m: Pick<Mark, 'box'>, gap: number): Vec2[] | null {
  const b = m.box;
  if (!b) return null;
  const a = (b.rotation * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // A chord sags inside its arc: points a little further out keep the chords `gap` clear.
  const g = gap / Math.cos(Math.PI / 4 / CORNER_STEPS);
  const out: Vec2[] = [];
  // Corners in order round the box (y down: lower right, lower left, upper left, upper right), each arc a quarter turn.
  const corners: readonly (readonly [number, number, number])[] = [
    [1, 1, 0],
    [-1, 1, 90],
    [-1, -1, 180],
    [1, -1, 270],
  ];
  for (const [u, v, from] of corners) {
    for (let i = 0; i <= CORNER_STEPS; i++) {
      const t = ((from + (90 * i) / CORNER_STEPS) * Math.PI) / 180;
      const x = u * b.hw + g * Math.cos(t);
      const y = v * b.hh + g * Math.sin(t);
      out.push({ x: x * cos - y * sin, y: x * sin + y * cos });
    }
  }
  return out;
}

/**
 * Draws rings for one scene: shapes are shared by rings of the same radius and base size (a board
 * of a hundred leaders builds one or two outlines), and a hex map centres each on the leader's hex.
 */
export class RingMaker {
  readonly metric: Metric;
  private readonly shapes = new Map<string, RangeShape>();

  constructor(
    readonly scene: Scene,
    readonly from: MeasureFrom,
    readonly bases: BaseShape = DEFAULT_BASE_SHAPE,
  ) {
    this.metric = effectiveMetric(scene);
  }

  ring(t: Token, kind: RingKind, radiusCells: number): Ring {
    const { scene, metric } = this;
    const base = this.from === 'edge' && metric !== 'hex' ? baseOf(t, scene, this.bases) : undefined;
    const key = `${radiusCells}|${base ? (base.round ? base.hw : `${base.hw},${base.hh},${base.cos},${base.sin}`) : 0}`;
    let shape = this.shapes.get(key);
    if (!shape)
      this.shapes.set(
        key,
        (shape = rangeShape(metric, radiusCells, scene.pixelsPerCell, {
          base,
          orientation: orientationOf(scene),
          hexPitch: scene.hexPitch,
        })),
      );
    // A hex map counts from the hex the leader stands in.
    const at =
      metric === 'hex'
        ? hexToPixel(
            pixelToHex(t.center, scene.pixelsPerCell, orientationOf(scene), scene.hexOrigin, scene.hexPitch),
            scene.pixelsPerCell,
            orientationOf(scene),
            scene.hexOrigin,
            scene.hexPitch,
          )
        : t.center;
    return { id: t.id, name: t.name, kind, x: at.x, y: at.y, radiusCells, shape };
  }

  /**
   * A leader's ring measured from his whole unit (`figures`, himself among them): every figure's
   * ring put together, its outline drawn. A unit of one figure is his own ring.
   */
  unitRing(leader: Token, figures: readonly Token[], kind: RingKind, radiusCells: number): Ring {
    const own = this.ring(leader, kind, radiusCells);
    if (figures.length < 2) return own;
    const parts = figures.map((f) => (f.id === leader.id ? own : this.ring(f, kind, radiusCells)));
    // A move changes one unit's outline at most: the others are the last frame's.
    const key = `${this.metric}|${radiusCells}|${parts.map((p) => `${p.x},${p.y},${p.shape.kind === 'circle' ? p.shape.radius : p.shape.points.length + ':' + p.shape.points[0]!.x + ':' + p.shape.points[0]!.y}`).join(';')}`;
    let outline = OUTLINES.get(key);
    if (!outline) {
      if (OUTLINES.size >= 512) OUTLINES.clear();
      OUTLINES.set(key, (outline = unionOutline(parts)));
    }
    return { ...own, from: figures.map((f) => f.id), outline };
  }
}

/** Units' outlines by their figures' places and rings (src/geometry/union-outline.ts), kept between frames. */
const OUTLINES = new Map<string, Vec2[][]>();

export const edgeOf = (from: Token, to: Token, kind: EdgeKind): Edge => ({
  from: from.id,
  to: to.id,
  kind,
  x1: from.center.x,
  y1: from.center.y,
  x2: to.center.x,
  y2: to.center.y,
});

/** Lost tokens (their piece is out of the game) are drawn, never counted. */
export const lostMarks = (lost: readonly BoundToken[], bases: BaseShape = DEFAULT_BASE_SHAPE): Mark[] =>
  lost.map((t) => markOf(t, 'lost', { code: 'piece-gone', params: { name: t.piece?.name ?? t.name } }, false, bases));
