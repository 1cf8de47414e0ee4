// What the board says in words, before where: one note per figure that needs words (why he is out,
// a leader's own state), or one per unit when every figure of it is out for one cause; the tokens'
// names where the tabletop does not write them itself. Each note has a priority (out of command >
// must close up > a leader who cannot command > what is merely so) and, where it has one, a short
// form. Said in the user's words by each painter (./layout.ts), placed by ./labels.ts.
import { hasShortForm, sameCause } from '../i18n/reasons';
import { text, type Text } from '../i18n/text';
import type { BoardView, BoundTable, BoundToken, Mark, MarkStatus, Reason } from './model';
import { unitNames, type UnitName } from './names';
import { shortNames } from './short-names';

/** One part of a note's words: a reason in one of its forms, or text from the tabletop or the game (a name). */
export type NotePart =
  | { readonly reason: Reason; readonly form: 'long' | 'short' | 'unit' }
  | { readonly raw: string }
  | { readonly text: Text };

export interface BoardNote {
  /** `reason:<token>`, `unit:<unit>` (why a whole unit is out), `name:<token>`, `unit-name:<unit>`. */
  readonly id: string;
  readonly kind: 'reason' | 'unit' | 'name' | 'unit-name';
  /** Whose colour the label takes. */
  readonly status: MarkStatus;
  /** The figures it speaks for (a unit's: all its figures). */
  readonly tokens: readonly string[];
  /** Where it speaks from, scene px: the figure, or the centre of the unit's figures and their spread. */
  readonly at: { readonly x: number; readonly y: number; readonly r: number };
  /** The figures it speaks of, scene px, and their tokens (a unit's: each of them): its words must read as theirs. */
  readonly own: readonly { readonly token: string; readonly x: number; readonly y: number; readonly r: number }[];
  /** The radius of its figures, scene px (the smallest): below a zoom they are too small for words beside them. */
  readonly figure: number;
  /** Its words, long first, then shorter; the parts of one form are joined with " — ". */
  readonly forms: readonly (readonly NotePart[])[];
  readonly priority: number;
  /** The count it folds into when there is no room: its unit, else its own. */
  readonly fold: string | null;
}

/** Statuses whose reason is written beside the figure. */
const SAID: ReadonlySet<MarkStatus> = new Set(['out', 'blocked', 'leader', 'none', 'active']);

/** Out of command first, then must close up, then a leader who cannot command, then what is merely so; a unit's note above its figures'. */
const PRIORITY: Readonly<Partial<Record<MarkStatus, number>>> = {
  out: 40,
  blocked: 30,
  leader: 25,
  active: 20,
  none: 10,
};
const CLOSE_UP = 5;
const UNIT = 2;
/** Names come last: they give way to every reason; a unit's name before its figures'. */
export const NAME_PRIORITY = 0;
const UNIT_NAME_PRIORITY = 1;

export interface NoteOptions {
  /** Write why (the user's "words on the board" switch). */
  readonly reasons: boolean;
  /** Write the tokens' names (a tabletop that does not write them itself: the demo table). */
  readonly names: boolean;
  /** Figures hovered, focused or selected: each says its own words, even inside its unit's note, and its name. */
  readonly focus?: ReadonlySet<string>;
  /** Below this radius (scene px) a figure's name gives way to its mark, unless it is focused. */
  readonly minNamed?: number;
}

const said = (m: Mark): m is Mark & { reason: Reason } => m.reason !== null && SAID.has(m.status);

/** A unit as a player reads it (src/board/names.ts): its name, else its leader's unit, else "Unit 3". */
function unitPart(u: UnitName | undefined): NotePart | null {
  if (!u) return null;
  if (u.name) return { raw: u.name };
  return u.leader ? { text: text('board_unit_of', u.leader) } : { text: text('board_unit', u.n) };
}

function reasonForms(reason: Reason): NotePart[][] {
  const forms: NotePart[][] = [[{ reason, form: 'long' }]];
  if (hasShortForm(reason)) forms.push([{ reason, form: 'short' }]);
  return forms;
}

/** The short names of the last board (names rarely change between updates: compared one by one, not joined). */
let lastNames: { readonly names: readonly string[]; readonly shorts: Map<string, string> } | null = null;
function shortNamesOf(tokens: readonly BoundToken[]): Map<string, string> {
  const last = lastNames;
  if (last && last.names.length === tokens.length && tokens.every((t, i) => t.name === last.names[i]))
    return last.shorts;
  const names = tokens.map((t) => t.name);
  lastNames = { names, shorts: shortNames(names) };
  return lastNames.shorts;
}

interface Made {
  readonly from: readonly unknown[];
  readonly note: BoardNote;
}
/**
 * The notes of the last board by id (reasons, units' names, tokens' names), with what each was made from: made
 * again from the same things (a move leaves all but a few figures as they were), a note is the same
 * object, and keeps its words said and measured (./requests.ts).
 */
let lastMade = new Map<string, Made>();
function kept(id: string, from: readonly unknown[], next: Map<string, Made>, make: () => BoardNote): BoardNote {
  const last = lastMade.get(id);
  let same = last !== undefined && last.from.length === from.length;
  for (let i = 0; same && i < from.length; i++) same = from[i] === last!.from[i];
  const done = same ? last! : { from, note: make() };
  next.set(id, done);
  return done.note;
}

/** Why a figure is out (or what it is), said beside it. */
function reasonNote(m: Mark & { reason: Reason }, next: Map<string, Made>): BoardNote {
  const { code, params } = m.reason;
  const from: unknown[] = [m.status, m.x, m.y, m.r, m.closeUp, m.unit, code];
  if (params) for (const k of Object.keys(params)) from.push(k, params[k]);
  return kept(`reason:${m.id}`, from, next, () => ({
    id: `reason:${m.id}`,
    kind: 'reason',
    status: m.status,
    tokens: [m.id],
    at: { x: m.x, y: m.y, r: m.r },
    own: [{ token: m.id, x: m.x, y: m.y, r: m.r }],
    figure: m.r,
    forms: reasonForms(m.reason),
    priority: (PRIORITY[m.status] ?? 0) + (m.closeUp ? CLOSE_UP : 0),
    fold: m.unit ?? null,
  }));
}

/** A unit's name, by its figures (two or more). */
function unitNameNote(unit: string, u: UnitName, tokens: readonly BoundToken[], next: Map<string, Made>): BoardNote {
  return kept(`unit-name:${unit}`, [u.name, u.leader, u.n, ...tokens], next, () => {
    const figures = tokens.map((t) => {
      const r = Math.min(t.footprint.width, t.footprint.height) / 2;
      return { token: t.id, x: t.center.x, y: t.center.y, r };
    });
    return {
      id: `unit-name:${unit}`,
      kind: 'unit-name',
      status: 'none',
      tokens: [],
      at: spread(figures),
      own: figures,
      figure: Math.min(...figures.map((f) => f.r)),
      forms: [[unitPart(u)!]],
      priority: UNIT_NAME_PRIORITY,
      fold: null,
    };
  });
}

/** A token's name, beside it (its short form where two would read alike). */
function nameNote(t: BoundToken, status: MarkStatus, short: string | undefined, next: Map<string, Made>): BoardNote {
  return kept(`name:${t.id}`, [t, status, short], next, () => {
    const r = Math.min(t.footprint.width, t.footprint.height) / 2;
    return {
      id: `name:${t.id}`,
      kind: 'name',
      status,
      tokens: [t.id],
      at: { x: t.center.x, y: t.center.y, r },
      own: [{ token: t.id, x: t.center.x, y: t.center.y, r }],
      figure: r,
      forms: short ? [[{ raw: t.name }], [{ raw: short }]] : [[{ raw: t.name }]],
      priority: NAME_PRIORITY,
      fold: null,
    };
  });
}

/** The units as the popup names them (the bound tokens carry the game's unit where they stand for one), read once asked. */
type UnitOf = (unit: string) => UnitName | undefined;

/**
 * The notes of a view. A unit gets one note instead of its figures' when it has two or more
 * figures on the board, every one of them out (or blocked) with a reason of the same cause, and the
 * game names it.
 */
export function boardNotes(
  view: BoardView,
  bound: Pick<BoundTable, 'tokens' | 'lost' | 'pieces'>,
  options: NoteOptions,
): BoardNote[] {
  const notes: BoardNote[] = [];
  const made = new Map<string, Made>();
  let units: Map<string, UnitName> | null = null;
  const unitOf: UnitOf = (unit) => (units ??= new Map(unitNames(bound, bound).map((u) => [u.id, u]))).get(unit);
  if (options.reasons) reasonNotes(view, options, unitOf, notes, made);
  if (options.names) nameNotes(view, bound, options, unitOf, notes, made);
  lastMade = made;
  return notes;
}

/** The figures' reasons, a unit's folded into one note where all its figures say the same. */
function reasonNotes(
  view: BoardView,
  options: NoteOptions,
  unitOf: UnitOf,
  notes: BoardNote[],
  made: Map<string, Made>,
): void {
  // Figures of each unit (leaders stand apart: they speak for themselves).
  const byUnit = new Map<string, Mark[]>();
  for (const m of view.marks) {
    if (m.unit == null || m.status === 'leader' || m.status === 'blocked' || m.status === 'lost') continue;
    const list = byUnit.get(m.unit);
    if (list) list.push(m);
    else byUnit.set(m.unit, [m]);
  }
  const folded = new Set<string>();
  for (const [unit, figures] of byUnit) {
    if (figures.length < 2 || !figures.every(said)) continue;
    const name = unitPart(unitOf(unit));
    if (!name) continue;
    const first = figures[0]!.reason!;
    if (!figures.every((f) => sameCause(f.reason!, first))) continue;
    for (const f of figures) folded.add(f.id);
    const status = figures[0]!.status;
    notes.push({
      id: `unit:${unit}`,
      kind: 'unit',
      status,
      tokens: figures.map((f) => f.id),
      at: spread(figures),
      own: figures.map((f) => ({ token: f.id, x: f.x, y: f.y, r: f.r })),
      figure: Math.min(...figures.map((f) => f.r)),
      forms: [
        [name, { reason: first, form: 'unit' }],
        [name, ...(hasShortForm(first) ? [{ reason: first, form: 'short' } as const] : [])],
      ],
      priority: (PRIORITY[status] ?? 0) + (figures.some((f) => f.closeUp) ? CLOSE_UP : 0) + UNIT,
      fold: null,
    });
  }
  for (const m of view.marks)
    if (said(m) && (!folded.has(m.id) || options.focus?.has(m.id))) notes.push(reasonNote(m, made));
}

/** Every token's name, marked or not (a system that reads no positions marks few of them), and each unit's name once. */
function nameNotes(
  view: BoardView,
  bound: Pick<BoundTable, 'tokens' | 'lost'>,
  options: NoteOptions,
  unitOf: UnitOf,
  notes: BoardNote[],
  made: Map<string, Made>,
): void {
  const status = new Map<string, MarkStatus>();
  for (const m of view.marks) status.set(m.id, m.status);
  const members = new Map<string, BoundToken[]>();
  for (const t of bound.tokens) {
    if (t.unit === null || t.role === 'leader') continue;
    const list = members.get(t.unit);
    if (list) list.push(t);
    else members.set(t.unit, [t]);
  }
  // Each unit's name once, by its figures, as the popup names it; a unit of one figure is named by that figure.
  for (const [unit, figures] of members) {
    const u = figures.length < 2 ? undefined : unitOf(unit);
    if (u) notes.push(unitNameNote(unit, u, figures, made));
  }
  // A figure called by its unit's name and a letter or number ("Ladoga a") is named by its unit's note.
  const named = new Map(notes.filter((n) => n.kind === 'unit-name').map((n) => [n.id.slice('unit-name:'.length), n]));
  const saysUnit = (t: { name: string; unit: string | null }) => {
    const unit = t.unit === null ? undefined : (unitOf(t.unit)?.name ?? undefined);
    return unit !== undefined && named.has(t.unit!) && t.name.startsWith(unit) && t.name.length - unit.length <= 3;
  };
  const minNamed = options.minNamed ?? 0;
  const everyone = [...bound.tokens, ...bound.lost];
  // Shortened so that two names never read alike (./short-names.ts).
  const shorts = shortNamesOf(everyone);
  for (const t of everyone) {
    if (!t.name || saysUnit(t)) continue;
    if (Math.min(t.footprint.width, t.footprint.height) / 2 < minNamed && !options.focus?.has(t.id)) continue;
    notes.push(nameNote(t, status.get(t.id) ?? 'none', shorts.get(t.name), made));
  }
}

/** The centre of a unit's figures, and a radius that holds them all. */
function spread(figures: readonly { readonly x: number; readonly y: number; readonly r: number }[]): BoardNote['at'] {
  const x = figures.reduce((s, f) => s + f.x, 0) / figures.length;
  const y = figures.reduce((s, f) => s + f.y, 0) / figures.length;
  let r = 0;
  let figure = 0;
  for (const f of figures) {
    r = Math.max(r, Math.hypot(f.x - x, f.y - y) + f.r);
    figure = Math.max(figure, f.r);
  }
  // A unit spread wide is spoken of from near its centre: its discs keep the words off its figures.
  return { x, y, r: Math.min(r, 3 * figure) };
}
