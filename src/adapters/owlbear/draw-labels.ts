// The words the layout placed on the player's screen, as Owlbear items in scene units: reasons with
// their leader lines, the "+N" counts, the status badges, and the view's notes in the screen's corner.
import type { Badge, LaidCount, LaidLabel } from '../../board/layout';
import { BADGE_SHAPES, MARK_LOOKS, TEXT_COLOURS } from '../../board/look';
import type { Box } from '../../board/labels';
import { estimateWidth } from '../../board/measure';
import { base, circle, drawnId, r2, rectangle, style, words, type DrawnTag, type Screen } from './drawn-items';

/** Text px on screen, inside the layout's boxes (the corner notes a little larger). */
export const OWLBEAR_TEXT_PX = 12;
const NOTE_PX = 14;

/** Each label's box and words, and its leader line when it stands away from its figure. */
export function drawLabels(labels: readonly LaidLabel[], screen: Screen): void {
  const { player, k, toScene, vk, put, at, px, pad } = screen;
  for (const l of labels) {
    if (l.kind === 'name' || l.kind === 'unit-name') continue; // Owlbear writes its tokens' names itself.
    const key = `${vk}|${r2(l.box.x)},${r2(l.box.y)},${r2(l.box.w)}|${l.status}|${l.text}`;
    const tag: DrawnTag = { kind: 'reason', token: l.tokens[0] ?? null, status: l.status, tokens: l.tokens };
    const box = toScene(l.box);
    const colour = MARK_LOOKS[l.status].colour;
    put(drawnId('reason', l.id, 'box'), key, () =>
      rectangle(
        drawnId('reason', l.id, 'box'),
        'NOTE',
        box,
        { ...style(colour, 1 / k, 0.92), fillColor: '#ffffff' },
        { ...tag, part: 'box' },
        player,
      ),
    );
    put(drawnId('reason', l.id), key, () =>
      words(drawnId('reason', l.id), box, l.text, px, TEXT_COLOURS[l.status], { ...tag, part: 'text' }, player, pad),
    );
    if (l.leader) {
      const line = l.leader;
      put(drawnId('leader', l.id), `${key}|${r2(line.x1)},${r2(line.y1)}`, () => ({
        ...base(
          drawnId('leader', l.id),
          'Command Post',
          'NOTE',
          { x: 0, y: 0 },
          { kind: 'leader', token: l.tokens[0] ?? null },
          player,
        ),
        type: 'LINE',
        startPosition: at(line.x1, line.y1),
        endPosition: at(line.x2, line.y2),
        style: { strokeColor: colour, strokeOpacity: 1, strokeWidth: r2(1.5 / k), strokeDash: [] },
      }));
    }
  }
}

/** Each "+N" (notes folded for lack of room): a dark box and its words. */
export function drawCounts(counts: readonly LaidCount[], screen: Screen): void {
  const { player, toScene, vk, put, px, pad } = screen;
  for (const c of counts) {
    const key = `${vk}|${r2(c.box.x)},${r2(c.box.y)},${r2(c.box.w)}|${c.text}`;
    const tag: DrawnTag = { kind: 'count', token: null, tokens: c.ids };
    const box = toScene(c.box);
    put(drawnId('count', c.group, 'box'), key, () =>
      rectangle(
        drawnId('count', c.group, 'box'),
        'NOTE',
        box,
        { ...style('#111827', 0, 0.85), fillColor: '#111827' },
        { ...tag, part: 'box' },
        player,
      ),
    );
    put(drawnId('count', c.group), key, () =>
      words(drawnId('count', c.group), box, c.text, px, '#ffffff', { ...tag, part: 'text' }, player, pad),
    );
  }
}

/** Each token's status badge beside it: one closed curve, or its circles. */
export function drawBadges(badges: readonly Badge[], screen: Screen): void {
  const { player, k, vk, put, at } = screen;
  for (const b of badges) {
    const look = MARK_LOOKS[b.status];
    if (look.badge === 'none') continue;
    const shape = BADGE_SHAPES[look.badge];
    const centre = at(b.x, b.y);
    const size = b.size / k;
    const key = `${vk}|${r2(b.x)},${r2(b.y)},${r2(b.size)}|${b.status}`;
    const tag: DrawnTag = { kind: 'badge', token: b.token, status: b.status };
    const s = { ...style(look.colour, 1 / k, 1), strokeColor: '#ffffff' };
    if (shape.polygon) {
      const id = drawnId('badge', b.token);
      put(id, key, () => ({
        ...base(id, 'Command Post', 'NOTE', centre, tag, player),
        type: 'CURVE',
        points: shape.polygon!.map(([x, y]) => ({ x: r2(x * size), y: r2(y * size) })),
        style: { ...s, tension: 0, closed: true },
      }));
    } else {
      (shape.circles ?? []).forEach(([x, y, r], i) => {
        const id = drawnId('badge', b.token, String(i));
        put(id, key, () =>
          circle(id, 'Command Post', 'NOTE', centre.x + x * size, centre.y + y * size, r * size, s, tag, player),
        );
      });
    }
  }
}

/** The view's notes in the screen's top-left corner (the layout keeps that corner clear). */
export function drawNotes(notes: readonly string[], screen: Screen): void {
  const { player, k, toScene, vk, put } = screen;
  notes.forEach((note, i) => {
    const id = drawnId('note', String(i));
    put(id, `${vk}|${note}`, () =>
      words(id, toScene(noteBox(i, note)), note, NOTE_PX / k, '#111827', { kind: 'note', token: null }, player, 2 / k),
    );
  });
}

/** Where the view's `i`-th note goes on the screen, px: the layout is told to keep these clear. */
export function noteBox(i: number, note: string): Box {
  return { x: 6, y: 6 + i * 22, w: estimateNote(note), h: 20 };
}

const estimateNote = (note: string) => estimateWidth(note, NOTE_PX) + 8;
