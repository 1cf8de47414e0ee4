// The view's own shapes as Owlbear items, in scene units: the range rings under the tokens, the links
// between them and the status marks around them (./draw.ts Drawer's first steps, before the words).
import { signedArea } from '../../geometry/union-outline';
import { CLOSE_UP_DASH, EDGE_COLOURS, EDGE_DASH, MARK_LOOKS, RING_COLOURS, RING_DASH } from '../../board/look';
import type { BoardView } from '../../board/model';
import { MARK_GAP, markOutline } from '../../board/draw';
import { base, circle, drawnId, r2, style, type DrawnTag, type Put } from './drawn-items';

/** Every ring: a unit's by the loops of its outline, a leader's in its range's shape. */
export function drawRings(view: BoardView, player: string, put: Put): void {
  for (const r of view.rings) {
    if (r.outline) {
      // Measured from a whole unit: one closed curve per loop of its outline; a hole only stroked.
      r.outline.forEach((loop, i) => {
        const id = drawnId('ring', r.id, r.kind, 'o', String(i));
        const points = loop.map((p) => ({ x: r2(p.x - r.x), y: r2(p.y - r.y) }));
        const hole = signedArea(loop) < 0;
        const key = `${player}|${r.name}|${r2(r.x)},${r2(r.y)}|${hole}|${points.map((p) => `${p.x},${p.y}`).join(' ')}`;
        put(id, key, () => ({
          ...base(
            id,
            `${r.name} (${r.kind})`,
            'DRAWING',
            { x: r.x, y: r.y },
            { kind: 'ring', token: r.id, ring: r.kind },
            player,
          ),
          type: 'CURVE',
          points,
          style: {
            ...style(
              RING_COLOURS[r.kind],
              3,
              hole ? 0 : 0.08,
              RING_DASH[r.kind].map((d) => d * 2),
            ),
            tension: 0,
            closed: true,
          },
        }));
      });
      continue;
    }
    const shape = r.shape.kind === 'circle' ? 'c' : 'p';
    const id = drawnId('ring', r.id, r.kind, shape);
    const key = `${player}|${r.name}|${r2(r.x)},${r2(r.y)}|${r.shape.kind === 'circle' ? r2(r.shape.radius) : r.shape.points.map((p) => `${r2(p.x)},${r2(p.y)}`).join(' ')}`;
    put(id, key, () => {
      const tag: DrawnTag = { kind: 'ring', token: r.id, ring: r.kind };
      const colour = RING_COLOURS[r.kind];
      const s = style(
        colour,
        3,
        0.08,
        RING_DASH[r.kind].map((d) => d * 2),
      );
      if (r.shape.kind === 'circle')
        return circle(id, `${r.name} (${r.kind})`, 'DRAWING', r.x, r.y, r.shape.radius, s, tag, player);
      return {
        ...base(id, `${r.name} (${r.kind})`, 'DRAWING', { x: r.x, y: r.y }, tag, player),
        type: 'CURVE',
        // Relative to the item's position, as Owlbear draws a curve.
        points: r.shape.points.map((p) => ({ x: r2(p.x), y: r2(p.y) })),
        style: { ...s, tension: 0, closed: true },
      };
    });
  }
}

/** Every link as a line from one token to the other. */
export function drawEdges(view: BoardView, player: string, put: Put): void {
  for (const e of view.edges) {
    const id = drawnId('edge', e.to);
    const key = `${player}|${e.from}|${e.kind}|${r2(e.x1)},${r2(e.y1)},${r2(e.x2)},${r2(e.y2)}`;
    put(id, key, () => ({
      ...base(
        id,
        `${e.kind}`,
        'DRAWING',
        { x: 0, y: 0 },
        { kind: 'edge', token: e.to, edge: e.kind, from: e.from },
        player,
      ),
      type: 'LINE',
      startPosition: { x: r2(e.x1), y: r2(e.y1) },
      endPosition: { x: r2(e.x2), y: r2(e.y2) },
      style: {
        strokeColor: EDGE_COLOURS[e.kind],
        strokeOpacity: 1,
        strokeWidth: 3,
        strokeDash: EDGE_DASH[e.kind].map((d) => d * 2),
      },
    }));
  }
}

/** Every token's status mark; `said`: the layout's words by token, which name the mark. */
export function drawMarks(view: BoardView, said: ReadonlyMap<string, string>, player: string, put: Put): void {
  for (const m of view.marks) {
    const reason = said.get(m.id) ?? '';
    const id = drawnId('mark', m.id);
    const look = MARK_LOOKS[m.status];
    const box = m.box ? `${r2(m.box.hw)},${r2(m.box.hh)},${r2(m.box.rotation)}` : '';
    const key = `${player}|${m.name}|${r2(m.x)},${r2(m.y)},${r2(m.r)}|${box}|${m.status}|${m.reason?.code ?? ''}|${m.closeUp === true}|${reason}`;
    put(id, key, () => {
      const name = reason ? `${m.name} — ${reason}` : m.name;
      const s = style(
        look.colour,
        look.width + 2,
        0,
        (m.closeUp ? CLOSE_UP_DASH : look.dash).map((d) => d * 2),
      );
      const tag: DrawnTag = {
        kind: 'mark',
        token: m.id,
        status: m.status,
        ...(m.reason ? { reason: m.reason.code } : {}),
      };
      // A base read as its box (an oblong base): a closed curve that hugs it, relative to the mark's centre.
      const outline = markOutline(m, MARK_GAP);
      if (!outline) return circle(id, name, 'ATTACHMENT', m.x, m.y, m.r + MARK_GAP, s, tag, player);
      return {
        ...base(id, name, 'ATTACHMENT', { x: m.x, y: m.y }, tag, player),
        type: 'CURVE',
        points: outline.map((p) => ({ x: r2(p.x), y: r2(p.y) })),
        style: { ...s, tension: 0, closed: true },
      };
    });
  }
}
