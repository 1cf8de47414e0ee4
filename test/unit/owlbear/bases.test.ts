// Where an Owlbear token stands (issue 39, item 6): its base comes from its grid offset and the
// image's footprint there, not from the image's box. A standee (a tall image whose offset is at its
// feet) stands on a round base of one cell at its feet, and its command ring is a circle; `auto`
// reads an oblong base only where the table says so (an item 2 × 1 cells by its own dpi and scale).
// The items are Owlbear's own shape (@owlbear-rodeo/sdk Image: `image {width, height}`,
// `grid {offset, dpi}` in image px, `scale`, `position` = where the offset stands).
import type { Image } from '@owlbear-rodeo/sdk';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID, readToken, sceneOf } from '../../../src/adapters/owlbear/items';
import { TOKEN_KEY } from '../../../src/adapters/owlbear/keys';
import { RingMaker, markOf } from '../../../src/board/draw';
import { baseOf } from '../../../src/geometry/bases';
import type { Token } from '../../../src/table/model';
import { tokenItem } from '../../support/owlbear-items';

/** Owlbear's default scene (150 px a cell), measured as the crow flies, as a gridless wargame table is. */
const scene = sceneOf({ ...DEFAULT_GRID, measurement: 'EUCLIDEAN' });
const DPI = DEFAULT_GRID.dpi;

/** An image item as Owlbear holds it: `image` and `grid` in the image's own px, placed by its offset at (x, y). */
function image(
  width: number,
  height: number,
  offset: { x: number; y: number },
  imageDpi: number,
  scale = { x: 1, y: 1 },
  rotation = 0,
): Image {
  return {
    ...tokenItem({ id: 't', name: 'Figure', x: 600, y: 600, size: DPI }),
    image: { width, height, mime: 'image/png', url: 'https://example.test/figure.png' },
    grid: { offset, dpi: imageDpi },
    scale,
    rotation,
  };
}

function read(item: Image): Token {
  const r = readToken(item, DPI);
  if (!r.ok) throw new Error(r.problem);
  return r.token;
}

const commandRing = (t: Token) => new RingMaker(scene, 'edge').ring(t, 'command', 2).shape;

describe('where an Owlbear token stands', () => {
  it('a standee 1 × 1.5 cells, its offset at its feet, stands on a round base of one cell there, and its command ring is a circle', () => {
    // 300 × 450 image px at 300 dpi: one cell wide, one and a half tall; the offset at the middle of its lowest cell.
    const t = read(image(300, 450, { x: 150, y: 300 }, 300));
    expect(t.center).toEqual({ x: 600, y: 600 });
    expect(t.footprint).toEqual({ width: DPI, height: DPI });
    expect(baseOf(t, scene)).toMatchObject({ round: true, hw: 0.5 });
    const ring = commandRing(t);
    expect(ring.kind).toBe('circle');
    // Two cells from a base of one: 2.5 cells from its centre.
    expect(ring.kind === 'circle' && ring.radius).toBeCloseTo(2.5 * DPI);
    expect(markOf({ ...t, piece: null }, 'leader').box).toBeUndefined();
  });

  it('a standee scaled up stands on a base as wide as it is, at its feet, turned or not', () => {
    const t = read(image(300, 450, { x: 150, y: 300 }, 300, { x: 2, y: 2 }, 30));
    expect(t.center).toEqual({ x: 600, y: 600 });
    expect(t.footprint).toEqual({ width: 2 * DPI, height: 2 * DPI });
    expect(commandRing(t).kind).toBe('circle');
  });

  it('a non-square image centred on its offset, not sized in whole cells, is round: the square of its narrow side at its centre', () => {
    // Art 300 × 280 at 300 dpi: 1 × 0.93 cells.
    const t = read(image(300, 280, { x: 150, y: 140 }, 300));
    expect(t.center).toEqual({ x: 600, y: 600 });
    expect(t.footprint).toEqual({ width: 140, height: 140 });
    expect(commandRing(t).kind).toBe('circle');
    // A portrait 1 × 1.5 cells centred on its offset (Owlbear's default for an upload): one cell.
    expect(read(image(300, 450, { x: 150, y: 225 }, 300)).footprint).toEqual({ width: DPI, height: DPI });
  });

  it('an item 2 × 1 cells by its own dpi, or by its scale, is an oblong base: its command ring hugs the box', () => {
    for (const item of [
      image(600, 300, { x: 300, y: 150 }, 300),
      image(300, 300, { x: 150, y: 150 }, 300, { x: 2, y: 1 }),
      image(280, 140, { x: 140, y: 70 }, 140, { x: 1, y: 1 }, 90),
    ]) {
      const t = read(item);
      expect(t.footprint).toEqual({ width: 2 * DPI, height: DPI });
      expect(baseOf(t, scene).round).toBe(false);
      expect(commandRing(t).kind).toBe('rounded-box');
      expect(markOf({ ...t, piece: null }, 'leader').box).toMatchObject({ hw: DPI, hh: DPI / 2 });
    }
  });

  it('a square token, large or small, is read as before: its image box, round', () => {
    expect(read(image(300, 300, { x: 150, y: 150 }, 150))).toMatchObject({
      center: { x: 600, y: 600 },
      footprint: { width: 2 * DPI, height: 2 * DPI },
    });
    expect(commandRing(read(image(300, 300, { x: 150, y: 150 }, 300, { x: 0.5, y: 0.5 }))).kind).toBe('circle');
  });

  it('a base declared in Command Post’s tag stands at the standee’s feet', () => {
    const item = image(300, 450, { x: 150, y: 300 }, 300);
    const t = read({ ...item, metadata: { [TOKEN_KEY]: { base: { value: 25, unit: 'mm' } } } });
    expect(t).toMatchObject({ center: { x: 600, y: 600 }, baseSize: { value: 25, unit: 'mm' } });
  });
});
