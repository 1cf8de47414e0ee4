// The board's key as Owlbear items: its box and title where the layout put it, and each row's swatch
// (the mark, ring or line as the board draws it) and words, in scene units through the viewport.
import type { LaidLegend } from '../../board/layout';
import { LABEL_FONT } from '../../board/layout';
import { legendKey, type LegendEntry } from '../../board/legend';
import { CLOSE_UP_DASH, EDGE_COLOURS, EDGE_DASH, MARK_LOOKS, RING_COLOURS, RING_DASH } from '../../board/look';
import {
  base,
  circle,
  drawnId,
  r2,
  rectangle,
  style,
  words,
  type DrawnTag,
  type Put,
  type Screen,
} from './drawn-items';

/** The key's box, its title, and a swatch and words per row. */
export function drawLegend(l: LaidLegend, screen: Screen): void {
  const { player, k, toScene, vk, put, at, px } = screen;
  const key = `${vk}|${r2(l.box.x)},${r2(l.box.y)},${r2(l.box.w)}`;
  const tag: DrawnTag = { kind: 'legend', token: null };
  put(drawnId('legend', 'box'), key, () =>
    rectangle(
      drawnId('legend', 'box'),
      'NOTE',
      toScene(l.box),
      { ...style('#9ca3af', 1 / k, 0.94), fillColor: '#ffffff' },
      tag,
      player,
    ),
  );
  const row = LABEL_FONT.row;
  const x = l.box.x + LABEL_FONT.padding + 2;
  put(drawnId('legend', 'title'), `${key}|${l.title}`, () =>
    words(
      drawnId('legend', 'title'),
      toScene({ x, y: l.box.y + LABEL_FONT.padding, w: l.box.w - 2 * LABEL_FONT.padding, h: row }),
      l.title,
      px,
      '#111827',
      tag,
      player,
      0,
    ),
  );
  for (const r of l.rows) {
    const id = legendKey(r.entry);
    const rk = `${key}|${r2(r.y)}|${r.text}`;
    swatch(r.entry, at(x + 12, r.y + row / 2), k, rk, tag, player, put);
    put(drawnId('legend', id), rk, () =>
      words(
        drawnId('legend', id),
        toScene({ x: x + 32, y: r.y, w: l.box.x + l.box.w - x - 32 - 2, h: row }),
        r.text,
        px,
        '#111827',
        tag,
        player,
        0,
      ),
    );
  }
}

/** A key row's drawing: the mark, ring or line as the board draws it, in scene units around `c`. */
function swatch(
  entry: LegendEntry,
  c: { x: number; y: number },
  k: number,
  key: string,
  tag: DrawnTag,
  player: string,
  put: Put,
): void {
  const id = drawnId('legend', legendKey(entry), 'swatch');
  put(id, key, () => {
    switch (entry.kind) {
      case 'mark':
      case 'close-up': {
        const look = MARK_LOOKS[entry.kind === 'mark' ? entry.status : 'out'];
        const dash = entry.kind === 'close-up' ? CLOSE_UP_DASH : look.dash;
        const s = style(
          look.colour,
          Math.min(3, look.width) / k,
          0,
          dash.map((d) => d / k),
        );
        return circle(id, 'Command Post', 'NOTE', c.x - 4 / k, c.y, 6 / k, s, tag, player);
      }
      case 'ring': {
        const s = style(
          RING_COLOURS[entry.ring],
          2 / k,
          0.15,
          RING_DASH[entry.ring].map((d) => d / k),
        );
        return circle(id, 'Command Post', 'NOTE', c.x, c.y, 7 / k, s, tag, player);
      }
      case 'edge':
        return {
          ...base(id, 'Command Post', 'NOTE', { x: 0, y: 0 }, tag, player),
          type: 'LINE',
          startPosition: { x: r2(c.x - 12 / k), y: r2(c.y) },
          endPosition: { x: r2(c.x + 14 / k), y: r2(c.y) },
          style: {
            strokeColor: EDGE_COLOURS[entry.edge],
            strokeOpacity: 1,
            strokeWidth: r2(2 / k),
            strokeDash: EDGE_DASH[entry.edge].map((d) => d / k),
          },
        };
      case 'count':
        return circle(
          id,
          'Command Post',
          'NOTE',
          c.x,
          c.y,
          7 / k,
          { ...style('#111827', 0, 0.85), fillColor: '#111827' },
          tag,
          player,
        );
      case 'short':
        return words(
          id,
          { x: c.x - 8 / k, y: c.y - 8 / k, w: 16 / k, h: 16 / k },
          '✕',
          12 / k,
          MARK_LOOKS.out.colour,
          tag,
          player,
          0,
        );
    }
  });
}
