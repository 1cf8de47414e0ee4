// A note (./notes.ts) as the label placer asks for it (./labels.ts): its words said and measured, its
// figures seen through the camera. A move changes a few notes of a thousand; the rest come back as the
// same objects (./notes.ts keeps them), so their requests are kept too while the camera, the words'
// catalogue and the font stay the same: no saying, measuring nor projecting again.
import { sayReason, type Say } from '../i18n/reasons';
import type { LabelForm, LabelRequest } from './labels';
import type { BoardNote, NotePart } from './notes';

/** What a request's place and size depend on besides its note and its focus. */
export interface Geometry {
  readonly sx: number;
  readonly sy: number;
  readonly ox: number;
  readonly oy: number;
  readonly kx: number;
  readonly ky: number;
  /** Screen px per scene px. */
  readonly k: number;
  /** How far a mark's ring stands outside its figure, screen px. */
  readonly ringOut: number;
  readonly measure: (text: string) => number;
  /** Below this diameter on screen a figure's reason folds into its count. */
  readonly minSaid: number;
}

/** The geometry (the same object while nothing in it changes) and the catalogue the words are said in. */
export interface RequestContext {
  readonly geometry: Geometry;
  readonly say: Say;
  readonly locale: string;
}

const KEYS = ['sx', 'sy', 'ox', 'oy', 'kx', 'ky', 'k', 'ringOut', 'measure', 'minSaid'] as const;

let lastGeometry: Geometry | null = null;

/** The context of a layout: its geometry the same object as last time when nothing in it changed. */
export function requestContext(g: Geometry, say: Say, locale: string): RequestContext {
  const last = lastGeometry;
  const geometry = last && KEYS.every((key) => last[key] === g[key]) ? last : (lastGeometry = g);
  return { geometry, say, locale };
}

interface Kept {
  readonly note: BoardNote;
  readonly geometry: Geometry;
  /** The catalogue its words were said in; null: its words are the tabletop's own (a name), said in none. */
  readonly say: Say | null;
  readonly locale: string;
  readonly focused: boolean;
  readonly request: LabelRequest;
}

/** The last layout's requests by note id (a map made anew per layout: a WeakMap's entries would slow every garbage collection). */
let kept = new Map<string, Kept>();

const isRaw = (parts: readonly NotePart[]) => parts.every((p) => 'raw' in p);

function sayPart(p: NotePart, c: RequestContext): string {
  return 'raw' in p ? p.raw : 'text' in p ? c.say(p.text) : sayReason(p.reason, c.say, c.locale, p.form);
}
const sayForm = (parts: readonly NotePart[], c: RequestContext) =>
  parts
    .map((p) => sayPart(p, c))
    .filter(Boolean)
    .join(' — ');

/** Scene px → screen px, its radius grown by `out` screen px (a mark's ring: `ringOut`). */
export const toScreen = (p: { x: number; y: number; r: number }, g: Geometry, out = 0) => ({
  x: p.x * g.sx + p.y * g.kx + g.ox,
  y: p.x * g.ky + p.y * g.sy + g.oy,
  r: p.r * g.k + out,
});

/** The placer's requests for `notes`, in order (their forms' text: what the layout reports as said). */
export function requestsOf(
  notes: readonly BoardNote[],
  c: RequestContext,
  focused: (n: BoardNote) => boolean,
): LabelRequest[] {
  const next = new Map<string, Kept>();
  const requests = notes.map((n) => {
    const f = focused(n);
    const last = kept.get(n.id);
    const same =
      last &&
      last.note === n &&
      last.geometry === c.geometry &&
      last.focused === f &&
      (last.say === null || (last.say === c.say && last.locale === c.locale));
    const k = same
      ? last
      : { note: n, geometry: c.geometry, say: saidIn(n, c), locale: c.locale, focused: f, request: requestOf(n, c, f) };
    next.set(n.id, k);
    return k.request;
  });
  kept = next;
  return requests;
}

/** The catalogue a note's words are said in: none for words all the tabletop's own (a name). */
const saidIn = (n: BoardNote, c: RequestContext) => (n.forms.every(isRaw) ? null : c.say);

function requestOf(n: BoardNote, c: RequestContext, focused: boolean): LabelRequest {
  const g = c.geometry;
  const name = n.kind === 'name' || n.kind === 'unit-name';
  const forms: LabelForm[] = n.forms.map((parts) => {
    const t = sayForm(parts, c);
    return { text: t, width: g.measure(t) };
  });
  return {
    id: n.id,
    anchor: toScreen(n.at, g, g.ringOut),
    priority: n.priority + (focused ? 100 : 0),
    forms,
    fold: n.fold,
    optional: name && !focused,
    prefer: name ? 'below' : 'right',
    foldOnly: !name && !focused && 2 * n.figure * g.k < g.minSaid,
    open: focused,
    // Its figures as the obstacles ring them, so that its distance to them and to others compare alike.
    own: n.own.map((f) => toScreen(f, g, g.ringOut)),
  };
}
