// The pieces every rule system's view is drawn with: a mark on a token, a range ring around a
// leader in the shape the scene measures, a link between two tokens. Scene px throughout.
import { hexToPixel, pixelToHex, type HexOrientation } from '../geometry/hex';
import { effectiveMetric, type Metric } from '../geometry/metrics';
import { baseOf, DEFAULT_BASE_SHAPE, type BaseShape } from '../geometry/bases';
import { rangeShape, type RangeShape } from '../geometry/shapes';
import { unionOutline } from '../geometry/union-outline';
import type { MeasureFrom, Scene, Token, Vec2 } from '../table/model';
import type { BoundToken, Edge, EdgeKind, Mark, MarkStatus, Reason, Ring, RingKind } from './model';

export const orientationOf = (scene: Scene): HexOrientation => (scene.grid === 'hex-flat' ? 'flat' : 'pointy');

export function markOf(t: BoundToken, status: MarkStatus, reason: Reason | null = null, closeUp = false): Mark {
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
  if (closeUp) m.closeUp = true;
  return m;
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
    if (!shape) this.shapes.set(key, (shape = rangeShape(metric, radiusCells, scene.pixelsPerCell, { base, orientation: orientationOf(scene), hexPitch: scene.hexPitch })));
    // A hex map counts from the hex the leader stands in.
    const at =
      metric === 'hex'
        ? hexToPixel(pixelToHex(t.center, scene.pixelsPerCell, orientationOf(scene), scene.hexOrigin, scene.hexPitch), scene.pixelsPerCell, orientationOf(scene), scene.hexOrigin, scene.hexPitch)
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
export const lostMarks = (lost: readonly BoundToken[]): Mark[] => lost.map((t) => markOf(t, 'lost', { code: 'piece-gone', params: { name: t.piece?.name ?? t.name } }));
