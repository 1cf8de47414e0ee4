// The board's key: each kind of mark, ring and line that is on the board now, in the order a player
// reads them, with the words the legend and the popup show (`board_key_<entry>`).
import { text, type Text } from '../i18n/text';
import { MARK_STATUSES, type BoardView, type EdgeKind, type MarkStatus, type RingKind } from './model';

export type LegendEntry =
  | { readonly kind: 'mark'; readonly status: MarkStatus }
  | { readonly kind: 'close-up' }
  | { readonly kind: 'ring'; readonly ring: RingKind }
  | { readonly kind: 'edge'; readonly edge: EdgeKind }
  /** A "+N": notes folded for lack of room. */
  | { readonly kind: 'count' }
  /** A reason in its short form on the board ("✕ 7 cm", "✕ 6/3"): what its signs say. */
  | { readonly kind: 'short' };

const RINGS: readonly RingKind[] = ['command', 'control', 'signal'];
const EDGES: readonly EdgeKind[] = ['chain', 'voice', 'radio'];

/** What the view draws, each kind once; `counts`: the board shows folded notes. */
export function legendOf(view: Pick<BoardView, 'marks' | 'rings' | 'edges'>, counts = false): LegendEntry[] {
  const statuses = new Set<MarkStatus>();
  let closeUp = false;
  for (const m of view.marks) {
    if (m.closeUp) closeUp = true;
    else statuses.add(m.status);
  }
  const rings = new Set(view.rings.map((r) => r.kind));
  const edges = new Set(view.edges.map((e) => e.kind));
  return [
    ...MARK_STATUSES.filter((s) => statuses.has(s)).map((status) => ({ kind: 'mark', status }) as const),
    ...(closeUp ? [{ kind: 'close-up' } as const] : []),
    ...RINGS.filter((r) => rings.has(r)).map((ring) => ({ kind: 'ring', ring }) as const),
    ...EDGES.filter((e) => edges.has(e)).map((edge) => ({ kind: 'edge', edge }) as const),
    ...(counts ? [{ kind: 'count' } as const] : []),
  ];
}

/** The words of an entry. */
export function legendText(entry: LegendEntry): Text {
  switch (entry.kind) {
    case 'mark':
      return text(`board_key_mark_${entry.status}`);
    case 'close-up':
      return text('board_key_close_up');
    case 'ring':
      return text(`board_key_ring_${entry.ring}`);
    case 'edge':
      return text(`board_key_edge_${entry.edge}`);
    case 'count':
      return text('board_key_count');
    case 'short':
      return text('board_key_short');
  }
}

/** A stable key of an entry (for the painters' diffing). */
export const legendKey = (e: LegendEntry): string =>
  e.kind === 'mark'
    ? `mark:${e.status}`
    : e.kind === 'ring'
      ? `ring:${e.ring}`
      : e.kind === 'edge'
        ? `edge:${e.edge}`
        : e.kind;

/** Every entry the key can have, by its key (for checking what a tabletop reports). */
export const LEGEND_KEYS: readonly string[] = [
  ...MARK_STATUSES.map((status) => legendKey({ kind: 'mark', status })),
  'close-up',
  ...RINGS.map((ring) => legendKey({ kind: 'ring', ring })),
  ...EDGES.map((edge) => legendKey({ kind: 'edge', edge })),
  'count',
  'short',
];

/** The entry a key names (the inverse of legendKey); null for anything else. */
export function legendEntry(key: string): LegendEntry | null {
  const [kind, what] = key.split(':');
  if (kind === 'mark' && (MARK_STATUSES as readonly string[]).includes(what!))
    return { kind: 'mark', status: what as MarkStatus };
  if (kind === 'ring' && (RINGS as readonly string[]).includes(what!)) return { kind: 'ring', ring: what as RingKind };
  if (kind === 'edge' && (EDGES as readonly string[]).includes(what!)) return { kind: 'edge', edge: what as EdgeKind };
  if (key === 'close-up' || key === 'count' || key === 'short') return { kind: key };
  return null;
}
