// What the board says (src/board/notes.ts) and how it is laid out (src/board/layout.ts): one note per
// unit out for one cause, a figure's own words when it is focused, names given way at small zoom and
// brought back by focus, the key in the corner that hides the fewest figures.
import { describe, expect, it } from 'vitest';
import { layoutBoard, MIN_NAMED_DIAMETER, type LayoutOptions } from '../../../src/board/layout';
import { estimateWidth } from '../../../src/board/measure';
import type { BoardView, BoundToken, Mark, Piece } from '../../../src/board/model';
import { boardNotes } from '../../../src/board/notes';

const groupe: Piece = { id: 'u1', name: 'Groupe 2', kind: 'unit', side: null };
const demoralised = { code: 'leader-cannot-command', params: { leader: 'Caporal', state: 'demoralised' } };
const mark = (id: string, x: number, over: Partial<Mark> = {}): Mark => ({
  id,
  name: `Grenadier ${id}`,
  x,
  y: 100,
  r: 10,
  status: 'out',
  reason: demoralised,
  piece: 'u1',
  unit: 'u1',
  ...over,
});
const token = (m: Mark): BoundToken => ({
  id: m.id,
  name: m.name,
  center: { x: m.x, y: m.y },
  footprint: { width: 2 * m.r, height: 2 * m.r },
  layer: 'objects',
  visible: true,
  side: null,
  unit: m.unit ?? null,
  role: 'figure',
  piece: groupe,
});
const viewOf = (marks: Mark[]): BoardView => ({ marks, rings: [], edges: [], notes: [], error: null });
const boundOf = (marks: Mark[]) => ({ tokens: marks.map(token), lost: [], pieces: new Map([['u1', groupe]]) });

describe('boardNotes', () => {
  const three = [mark('a', 100), mark('b', 130), mark('c', 160)];

  it('gives a unit whose figures are all out for one cause one note, named as the game names it', () => {
    const notes = boardNotes(viewOf(three), boundOf(three), { reasons: true, names: false });
    expect(notes.map((n) => n.id)).toEqual(['unit:u1']);
    expect(notes[0]!.tokens).toEqual(['a', 'b', 'c']);
    expect(notes[0]!.forms[0]).toEqual([{ raw: 'Groupe 2' }, { reason: demoralised, form: 'unit' }]);
  });

  it('words each figure when their causes differ, and a focused figure in its own words too', () => {
    const mixed = [
      ...three.slice(0, 2),
      mark('c', 160, { reason: { code: 'out-of-range', params: { by: 2, unit: 'cm', nearest: 'a' } } }),
    ];
    expect(boardNotes(viewOf(mixed), boundOf(mixed), { reasons: true, names: false }).map((n) => n.id)).toEqual([
      'reason:a',
      'reason:b',
      'reason:c',
    ]);
    expect(
      boardNotes(viewOf(three), boundOf(three), { reasons: true, names: false, focus: new Set(['b']) }).map(
        (n) => n.id,
      ),
    ).toEqual(['unit:u1', 'reason:b']);
  });

  it('is one unit cause whatever distance each figure stands at', () => {
    const far = [100, 130, 160].map((x, i) =>
      mark(`f${i}`, x, { reason: { code: 'out-of-range', params: { by: 2 + i, unit: 'cm', nearest: `n${i}` } } }),
    );
    const notes = boardNotes(viewOf(far), boundOf(far), { reasons: true, names: false });
    expect(notes.map((n) => n.id)).toEqual(['unit:u1']);
  });

  it('names the unit once, and not again the figures called by its name and a letter', () => {
    const named = [
      mark('a', 100, { name: 'Groupe 2 a' }),
      mark('b', 130, { name: 'Groupe 2 b' }),
      mark('c', 160, { name: 'Sergent Fabre' }),
    ];
    const ids = boardNotes(viewOf(named), boundOf(named), { reasons: false, names: true }).map((n) => n.id);
    expect(ids).toEqual(['unit-name:u1', 'name:c']);
  });
});

describe('layoutBoard', () => {
  const base = (over: Partial<LayoutOptions> = {}): LayoutOptions => ({
    reasons: true,
    names: true,
    legend: true,
    say: (t) => t.key,
    locale: 'en',
    measure: (t) => estimateWidth(t, 12),
    camera: { sx: 1, sy: 1, ox: 0, oy: 0 },
    width: 800,
    height: 600,
    ...over,
  });
  const one = [mark('a', 400, { status: 'commanded', reason: null, unit: null })];

  it('gives names way below the zoom where they fit, and brings a focused one back', () => {
    const small = MIN_NAMED_DIAMETER / 2 / 10 - 0.05;
    const zoomed = { sx: small, sy: small, ox: 300, oy: 200 };
    expect(layoutBoard(viewOf(one), boundOf(one), base({ camera: zoomed })).labels).toEqual([]);
    expect(
      layoutBoard(viewOf(one), boundOf(one), base({ camera: zoomed, focus: new Set(['a']) })).labels.map((l) => l.id),
    ).toEqual(['name:a']);
    expect(layoutBoard(viewOf(one), boundOf(one), base()).labels.map((l) => l.id)).toEqual(['name:a']);
  });

  it('explains its ✕ in the key exactly when a short reason is on the board', () => {
    const far = [mark('a', 400, { reason: { code: 'out-of-range', params: { by: 2, unit: 'cm', nearest: 'b' } } })];
    const words = (long: string) => (t: { key: string }) =>
      t.key.startsWith('board_reason_') ? long : t.key.startsWith('board_short_') ? '✕ 2 cm' : t.key;
    const keyOf = (long: string) =>
      layoutBoard(viewOf(far), boundOf(far), base({ names: false, say: words(long) })).legend?.rows.map(
        (r) => r.entry.kind,
      );
    // Too long for the board: the short form, and the key says what its sign means.
    expect(keyOf('out by two centimetres from the nearest figure of its unit '.repeat(4))).toEqual(['mark', 'short']);
    // The whole reason fits: no sign to explain.
    expect(keyOf('2 cm too far')).toEqual(['mark']);
  });

  it('puts the key where it hides no figure, keeps it there while that holds, and folds it where nowhere is clear', () => {
    // A crowd in the bottom-left corner: the key goes top right.
    const crowd = Array.from({ length: 20 }, (_, i) =>
      mark(`m${i}`, 20 + (i % 5) * 25, {
        y: 560 - Math.floor(i / 5) * 25,
        status: 'commanded',
        reason: null,
        unit: null,
      }),
    );
    const first = layoutBoard(viewOf(crowd), boundOf(crowd), base());
    expect(first.legend?.spot).toBe('1,0');
    expect(first.legend?.folded).toBe(false);
    // A figure walks to the top left, clear of the key: it stays. One walks under it: it moves, clear of both.
    const aside = [...crowd, mark('w', 20, { y: 20, status: 'commanded', reason: null, unit: null })];
    expect(layoutBoard(viewOf(aside), boundOf(aside), base({ previous: first })).legend?.spot).toBe('1,0');
    const under = [...aside, mark('v', 760, { y: 20, status: 'commanded', reason: null, unit: null })];
    const moved = layoutBoard(viewOf(under), boundOf(under), base({ previous: first })).legend!;
    const hides = (box: { x: number; y: number; w: number; h: number }, m: Mark) =>
      m.x + m.r + 6 > box.x && m.x - m.r - 6 < box.x + box.w && m.y + m.r + 6 > box.y && m.y - m.r - 6 < box.y + box.h;
    expect(moved.folded).toBe(false);
    expect(under.filter((m) => hides(moved.box, m))).toEqual([]);
    // Figures all round the edges: the key folds to its title, which says why.
    const ring = Array.from({ length: 80 }, (_, i) => {
      const t = i / 80;
      const [x, y] =
        t < 0.25
          ? [t * 4 * 800, 12]
          : t < 0.5
            ? [788, (t - 0.25) * 4 * 600]
            : t < 0.75
              ? [(0.75 - t) * 4 * 800, 588]
              : [12, (1 - t) * 4 * 600];
      return mark(`r${i}`, x, { y, status: 'commanded', reason: null, unit: null });
    });
    const full = layoutBoard(viewOf(ring), boundOf(ring), base()).legend!;
    expect(full.folded).toBe(true);
    expect(full.rows).toEqual([]);
    expect(full.title).toBe('board_key_folded');
  });
});
