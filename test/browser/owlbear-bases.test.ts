// Bases on Owlbear (issue 39, item 6), on the test host that answers the real SDK's protocol: a standee
// (a tall image, one cell by one and a half, its grid offset at its feet) is read as the round base it
// stands on, so its command ring is a circle round its feet, not a rounded box 1.5 cells tall; an item
// sized 2 × 1 cells is the oblong base it says it is, and its status ring hugs it.
import type { Curve, Image, Item, Shape } from '@owlbear-rodeo/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenItem } from '../support/owlbear-items';
import { GM, drawn, host, launchPlain, openAction, openRoom, sendFrom, type Launched, type Room } from './owlbear';

let l: Launched;
let room: Room;

beforeAll(async () => {
  l = await launchPlain();
  room = await openRoom(l.context, l.servers, [GM]);
  const gm = await openAction(room.page, GM.connectionId);
  expect((await sendFrom(gm, { type: 'store/select-system', system: 'bdc' })).ok).toBe(true);
  // Measured as the crow flies: a round base's ring is a circle.
  await host(room.page, 'setGrid', { measurement: 'EUCLIDEAN' });
}, 120_000);
afterAll(async () => {
  await l?.close();
});

/** Owlbear's IMAGE item (SDK types): `image` and `grid` in the image's own px, `position` where its grid offset stands. */
const figure = (
  id: string,
  name: string,
  x: number,
  y: number,
  img: { width: number; height: number; offset: { x: number; y: number }; dpi: number },
  tag: object,
): Image => ({
  ...tokenItem({ id, name, x, y, size: 150, tag }),
  scale: { x: 1, y: 1 },
  image: { width: img.width, height: img.height, mime: 'image/png', url: `https://example.test/${id}.png` },
  grid: { offset: img.offset, dpi: img.dpi },
});

describe('bases on Owlbear', () => {
  it('a standee 1 × 1.5 cells with its offset at its feet has a circle for a command ring, round its feet; a 2 × 1 item’s status ring hugs its base', async () => {
    await host(room.page, 'setItems', [
      // 300 × 450 px at 300 dpi on a 150 px grid: 150 × 225 scene px, its offset the middle of its lowest cell.
      figure(
        'cap',
        'Capitaine',
        300,
        300,
        { width: 300, height: 450, offset: { x: 150, y: 300 }, dpi: 300 },
        { side: '1', role: 'leader', unit: 'u1' },
      ),
      figure(
        'f1',
        'Fusilier',
        450,
        300,
        { width: 300, height: 450, offset: { x: 150, y: 300 }, dpi: 300 },
        { side: '1', unit: 'u1' },
      ),
      // A cavalry base: 600 × 300 px at 300 dpi, 2 × 1 cells, centred on its offset.
      figure(
        'cav',
        'Cavalier',
        300,
        600,
        { width: 600, height: 300, offset: { x: 300, y: 150 }, dpi: 300 },
        { side: '1', unit: 'u1' },
      ),
    ]);
    await expect
      .poll(async () => Object.keys((await drawn(room.page, GM.connectionId)).marks).sort(), { timeout: 15_000 })
      .toEqual(['cap', 'cav', 'f1']);
    const ringOf = (items: Item[]) => items.filter((i) => i.id.startsWith('cp-ring-cap'));
    await expect
      .poll(async () => ringOf((await drawn(room.page, GM.connectionId)).items).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const { items } = await drawn(room.page, GM.connectionId);

    // The captain's command ring: one circle, centred on his feet (the offset), not on his image.
    const rings = ringOf(items);
    expect(rings.map((r) => [r.type, (r as Shape).shapeType])).toEqual([['SHAPE', 'CIRCLE']]);
    const ring = rings[0] as Shape;
    expect(ring.width).toBe(ring.height);
    expect(ring.position).toEqual({ x: 300, y: 300 });
    // His own status ring: a circle round his one-cell base at his feet (75 px and the ring's 4).
    const cap = items.find((i) => i.id === 'cp-mark-cap') as Shape;
    expect([cap.type, cap.shapeType, cap.width, cap.position]).toEqual(['SHAPE', 'CIRCLE', 158, { x: 300, y: 300 }]);

    // The cavalier's status ring hugs his 2 × 1 base: every corner of it inside, the ring no taller than the base and its gap.
    const cav = items.find((i) => i.id === 'cp-mark-cav') as Curve;
    expect(cav.type).toBe('CURVE');
    const xs = cav.points.map((p) => cav.position.x + p.x);
    const ys = cav.points.map((p) => cav.position.y + p.y);
    expect(Math.min(...xs)).toBeLessThan(300 - 150);
    expect(Math.max(...xs)).toBeGreaterThan(300 + 150);
    expect(Math.min(...ys)).toBeLessThan(600 - 75);
    expect(Math.max(...ys)).toBeGreaterThan(600 + 75);
    expect(Math.max(...ys) - Math.min(...ys)).toBeLessThan(150 + 12);
    expect(room.errors).toEqual([]);
  });
});
